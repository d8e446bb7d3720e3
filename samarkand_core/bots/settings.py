"""A bot variant's settings read from text (tournament variants such as
`search:iterations=400` or `heuristic:rival=0.8`): each one checked, so that a mistake on
the command line is one clear line naming the setting."""

from __future__ import annotations

import math
from typing import Any


def read_setting(key: str, text: str, kind: type, least: float | None) -> Any:
    """A tournament variant's setting read from text: a finite number of the setting's
    kind (a whole one for a count), at least `least` where given; else a ValueError that
    names the setting (the command line prints it as its one error line)."""
    try:
        number = float(text)
    except ValueError:
        raise ValueError(f"{key} takes a number, not {text!r}") from None
    if not math.isfinite(number):
        raise ValueError(f"{key} takes a finite number, not {text!r}")
    if kind is int and number != int(number):
        raise ValueError(f"{key} takes a whole number, not {text!r}")
    if least is not None and number < least:
        raise ValueError(f"{key} takes a number of at least {least:g}, not {text!r}")
    return kind(number)

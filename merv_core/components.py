"""Merv's component set (ours): components.json, validated by its schema when loaded.

Merv's rules with our own component set, not the published components. The short rules
give the procedure and leave the components' numbers to the printed rulebook, which we do
not have; components.json holds our own numbers (docs/merv/components.md). Its schema is
components_schema.py (pydantic): a file that breaks it fails to load with
`ComponentsError`, whose message names the problems found.

The shipped file loads without pydantic (the site ships none): components_digest.py
records the sha256 of components.json as it last passed the schema, and a file with that
digest is read as plain records (`_Record`, the schema's fields as attributes). An edited
file is validated in full until the digest is renewed
(`python -m merv_core.components_schema --renew`, which validates first).
"""

from __future__ import annotations

import functools
import hashlib
import json
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

if TYPE_CHECKING:
    from .components_schema import Components

COLOURS: tuple[str, ...] = ("red", "blue", "grey", "orange")  # the four colours of cubes
WHITE = 4  # index of the white (joker) cube, after the four colours
ACTIONS: tuple[str, ...] = ("caravanserai", "palace", "library", "market", "mosque", "wall")
SPICES: tuple[str, ...] = ("cinnamon", "ginger", "juniper", "pepper")
SIDES: tuple[str, ...] = ("N", "E", "S", "W")
GRID = 5  # the city is 5 x 5 tiles, the camel market in the middle
MILESTONE_SCROLLS: tuple[int, ...] = (2, 4, 6, 8)

PATH = Path(__file__).with_name("components.json")
DIGEST_PATH = Path(__file__).with_name("components_digest.py")


class ComponentsError(ValueError):
    """components.json (or another component file) is not a valid component set."""


class _Record:
    """A JSON object read as attributes (the trusted shipped file, without pydantic)."""

    def __init__(self, data: dict[str, Any]) -> None:
        for key, value in data.items():
            setattr(self, key, value if key == "cards" else _records(value))


def _records(value: Any) -> Any:
    if isinstance(value, dict):
        return _Record(value)
    if isinstance(value, list):
        return tuple(_records(v) for v in value)
    return value


def parse_components(text: str) -> Components:
    """Components from JSON text, validated; ComponentsError naming the problems."""
    from .components_schema import parse_components as parse

    return parse(text)


def load_components(path: Path | str | None = None) -> Components:
    """The component set in `path` (default: the shipped components.json), validated."""
    if path is None:
        return default_components()
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise ComponentsError(f"cannot read {path}: {exc.strerror}") from None
    return parse_components(text)


def sha256(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


@functools.cache
def default_components() -> Components:
    """The shipped set: read as records when its digest is the recorded one, else
    validated by the schema."""
    from .components_digest import DIGEST

    text = PATH.read_text(encoding="utf-8")
    if sha256(text) == DIGEST:
        return cast("Components", _Record(json.loads(text)))
    return parse_components(text)


def renew_digest() -> str:
    """Validate the shipped file and record its digest."""
    text = PATH.read_text(encoding="utf-8")
    parse_components(text)
    digest = sha256(text)
    DIGEST_PATH.write_text(
        '"""The sha256 of components.json as it last passed the schema '
        '(python -m merv_core.components_schema\n--renew)."""\n\n'
        f'DIGEST = "{digest}"\n', encoding="utf-8")
    return digest

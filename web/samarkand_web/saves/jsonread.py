"""One bounded reader for every JSON text the page reads: its saves, its preferences, the
records of games by link, backup files and what the start screen left in the window.

Python's json parser descends one call per level of nesting. CPython stops that with a
RecursionError, but in the browser Pyodide's stack (WebAssembly's, and the JavaScript
one beneath it) runs out first, at a few thousand levels: "Maximum call stack size
exceeded", a fatal error that no ``except`` catches and that leaves the page dead. One
value nested 20,000 deep in the site's storage (which any page of the same origin can
write) would then stop the page from ever starting.

So every text is measured first, without any recursion: its size, then its nesting,
counted by a scan that steps over strings (a bracket inside a string is text) and
follows the brackets with a running count. Only a text within both limits reaches
``json.loads``. What is refused raises ``JsonRefused`` (a ValueError) saying which limit,
so that the caller can name the entry or the file it set aside.
"""

from __future__ import annotations

import json
import re
from typing import Any

# Deep enough for everything the page writes (a save's analyses are 6 levels inside a
# backup's 2), far below any stack: Pyodide's runs out somewhere above 1,000.
MAX_DEPTH = 32
MAX_CHARS = 20_000_000  # a backup's own bound (a browser's storage holds about 5 MB)

# A JSON string, escapes included (the unrolled form, so that a long string is one run of
# the regex engine's loop, never a step per character in Python); an unterminated string
# is not matched, and its brackets are then counted: a text that json.loads would refuse
# anyway may be refused here as too deep, never let through.
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_BRACKETS = re.compile(r"[\[\]{}]")


class JsonRefused(ValueError):
    """A text not read: `what` is "size", "depth" or "syntax"; the message says why."""

    def __init__(self, what: str, message: str) -> None:
        super().__init__(message)
        self.what = what


def nesting(text: str, limit: int = MAX_DEPTH) -> int:
    """How deep the text's arrays and objects nest (0: a plain value), counted without
    recursion; the count stops at limit + 1 (all that matters is that it is too deep)."""
    depth = deepest = 0
    outside = _STRING.sub("", text) if '"' in text else text
    for m in _BRACKETS.finditer(outside):
        if m.group() in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest > limit:
                    return deepest
        else:
            depth -= 1
    return deepest


def read_json(text: str, max_depth: int = MAX_DEPTH, max_chars: int = MAX_CHARS) -> Any:
    """json.loads(text) for a text within the limits; JsonRefused otherwise (never a
    RecursionError, never a crash of the runtime)."""
    if not isinstance(text, str):
        raise JsonRefused("syntax", "not a text")
    if len(text) > max_chars:
        raise JsonRefused("size", f"longer than {max_chars} characters")
    if nesting(text, max_depth) > max_depth:
        raise JsonRefused("depth", f"nested deeper than {max_depth} levels")
    try:
        return json.loads(text)
    except RecursionError:  # pragma: no cover - the depth is bounded above
        raise JsonRefused("depth", f"nested deeper than {max_depth} levels") from None
    except ValueError as exc:
        raise JsonRefused("syntax", f"not JSON ({type(exc).__name__})") from None


__all__ = ["MAX_CHARS", "MAX_DEPTH", "JsonRefused", "nesting", "read_json"]

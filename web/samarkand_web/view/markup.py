"""Safe markup by construction: a str type for HTML that is already escaped.

The page builds HTML as strings (render.py and the screen modules). Escaping by hand
at each call let a name be escaped twice (a save of "Tom & Jerry" showed "&amp;amp;")
or, worse, not at all. Here text becomes markup in one place only: ``escape(x)`` turns
any value into ``Markup`` (a Markup passes through unchanged, so escaping twice is
harmless), and ``html(template, ...)`` fills a template whose arguments are escaped
unless they are Markup already. Adding or joining Markup with plain text escapes the
text. This follows MarkupSafe's ``Markup``; MarkupSafe itself has no wheel for
Pyodide on PyPI, and these few lines need none.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from typing import Any

from samarkand_core.weblike import escape as _escape_text
from samarkand_web.words import i18n


class Markup(str):
    """Text that is safe to insert into HTML as it is."""

    __slots__ = ()

    def __html__(self) -> Markup:
        return self

    def __add__(self, other: str) -> Markup:
        return Markup(str.__add__(self, escape(other)))

    def __radd__(self, other: str) -> Markup:
        return Markup(str.__add__(escape(other), self))

    def join(self, parts: Iterable[str]) -> Markup:
        return Markup(str.join(self, (escape(p) for p in parts)))

    def format(self, *args: Any, **kwargs: Any) -> Markup:
        # (a list and no empty dict made: the page fills a few hundred templates a click)
        if kwargs:
            return Markup(str.format(self, *[escape(a) for a in args],
                                     **{k: escape(v) for k, v in kwargs.items()}))
        return Markup(str.format(self, *[escape(a) for a in args]))


def escape(value: object) -> Markup:
    """`value` as markup: Markup unchanged, anything else as escaped text (quotes too,
    so the result may stand inside an attribute value)."""
    if isinstance(value, Markup):
        return value
    if type(value) is str:  # the common cases first: text, and numbers (nothing to escape)
        return Markup(_escape_text(value))
    if type(value) is int:
        return Markup(str(value))
    if hasattr(value, "__html__"):
        return Markup(value.__html__())
    return Markup(_escape_text(str(value)))


def html(template: str, *args: Any, **kwargs: Any) -> Markup:
    """Fill a trusted HTML template (written in our code, never from data) with values
    that are escaped unless they are Markup: ``html('<b>{}</b>', name)``."""
    return Markup(template).format(*args, **kwargs)


def join(sep: str, parts: Iterable[object]) -> Markup:
    """Join values (escaping those that are not Markup) with a trusted separator."""
    return Markup(sep).join(escape(p) for p in parts)


EMPTY = Markup("")


def tr(lang: str, key: str, **values: Any) -> Markup:
    """words.i18n's `t` as safe HTML: the template's text is escaped, and so is every value
    that is not Markup already (names of players, say); Markup values (a family's chip)
    stay. Here, not in words/: the words are text, their markup is the view's."""
    found = i18n.template(lang, key, values.get("n"))
    if found is None:
        return escape(key)
    text = escape(found)
    if "{family}" in text or "{other}" in text:
        text = glued(text, values)
    try:
        return text.format(**values)
    except (KeyError, IndexError, ValueError):
        return escape(found)


# A family's name is one piece (its chip, then its name: .fam, an inline-flex box), and
# Chromium lets a line break on either side of such a box, even between it and the
# punctuation it stands with: "(", "House of Merv", ")." came on two lines, or a line
# began with ". Nobody" (360x740, English, German and French). The placeholder and the
# characters that touch it are kept on one line (.glue: white-space nowrap).
_PLACES = ("{family}", "{other}")
_APART = frozenset(" \t\n<>{}")  # what a touching character is not (a no-break space touches)


def glued(text: Markup, values: dict[str, Any]) -> Markup:
    """`text` (an escaped template) with each family placeholder whose value is markup
    (a chip) wrapped, with the characters touching it, in a span that does not break."""
    marked = tuple(place for place in _PLACES if isinstance(values.get(place[1:-1]), Markup))
    return Markup(_glue(str(text), marked)) if marked else text


# once a template and placeholders: the page fills the same few templates at every click
@lru_cache(maxsize=256)
def _glue(text: str, places: tuple[str, ...]) -> str:
    spots = []
    for place in places:
        at = text.find(place)
        while at >= 0:
            spots.append((at, len(place)))
            at = text.find(place, at + 1)
    out: list[str] = []
    done = 0  # text[:done] is in out
    for at, size in sorted(spots):
        if at < done:
            continue
        left, right = at, at + size
        while left > done and text[left - 1] not in _APART:
            left -= 1
        while right < len(text) and text[right] not in _APART:
            right += 1
        if (left, right) != (at, at + size):
            out += [text[done:left], '<span class="glue">', text[left:right], "</span>"]
            done = right
    return "".join(out) + text[done:]

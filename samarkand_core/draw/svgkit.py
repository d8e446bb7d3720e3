"""The small SVG toolkit of board.py and chart.py: numbers written short, elements whose
attribute values and text are escaped by construction, and drawings in pieces that a
page compares as data.

    >>> element("circle", {"cx": 1.25, "cy": 2, "r": 3.0, "fill": "#fff"})
    '<circle cx="1.2" cy="2" r="3" fill="#fff"/>'
    >>> element("text", {"x": 0, "aria-label": 'Ann "A"'}, text("a < b"))
    '<text x="0" aria-label="Ann &quot;A&quot;">a &lt; b</text>'

A ``Piece`` is one element of a drawing kept as data: its key, its attributes (values as
a DOM holds them, not escaped) and its children's markup, one string per child node, so
that a page that drew it once can change it in place by comparing two pieces, without
reading markup back.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import NewType

from ..weblike import escape

# Markup made by this module (or joined from it): text in it is escaped already.
Svg = NewType("Svg", str)

Value = str | float | int
Attrs = Mapping[str, Value | None]


def num(x: float) -> str:
    """A coordinate, short, to a tenth: 12.0 -> "12", 12.345 -> "12.3", -0.04 -> "0".
    (format's rounding is round()'s, both correctly rounded; a test compares them.)"""
    s = f"{x:.1f}"
    if s.endswith(".0"):
        s = s[:-2]
        if s == "-0":
            return "0"
    return s


def attr_pairs(attrs: Attrs) -> tuple[tuple[str, str], ...]:
    """The attributes as (name, text) pairs, in order; None leaves an attribute out."""
    return tuple((k, v if isinstance(v, str) else num(v))
                 for k, v in attrs.items() if v is not None)


def attr_text(pairs: Iterable[tuple[str, str]]) -> str:
    """' name="value"' for each pair, the value escaped."""
    return "".join(f' {k}="{escape(v)}"' for k, v in pairs)


def _attr_text(attrs: Attrs) -> str:
    """attr_text(attr_pairs(attrs)) in one pass (a board has a few thousand)."""
    out = []
    for k, v in attrs.items():
        if v is not None:
            out.append(f' {k}="{escape(v) if isinstance(v, str) else num(v)}"')
    return "".join(out)


def element(tag: str, attrs: Attrs, *children: Svg) -> Svg:
    """An element; without children it closes itself."""
    if not children:
        return Svg(f"<{tag}{_attr_text(attrs)}/>")
    return Svg(f"<{tag}{_attr_text(attrs)}>{''.join(children)}</{tag}>")


def start(tag: str, attrs: Attrs) -> Svg:
    """An element's start tag, for one whose children are written after it (the caller
    writes its end tag, ``f"</{tag}>"``)."""
    return Svg(f"<{tag}{_attr_text(attrs)}>")


def text(words: str) -> Svg:
    """Text content, escaped."""
    return Svg(escape(words))


def join(parts: Iterable[Svg]) -> Svg:
    return Svg("".join(parts))


@dataclass(frozen=True, slots=True)
class Piece:
    """One part of a drawing. `key` names an element a page may change in place
    ("space:12", "family:merv"); "" is fixed markup around the keyed pieces (then
    `attrs` and `children` are empty and `markup` is all there is), or an element
    inside a keyed piece. `attrs` are the element's attributes with their values as a
    DOM holds them (not escaped); `children` the markup of each of its child nodes in
    order; `nested` for each child the Piece it was drawn from, or None for plain
    markup (a child drawn as a Piece can be changed in place in turn); `markup` the
    element whole, as it is written into a page."""

    key: str
    markup: str
    tag: str = ""
    attrs: tuple[tuple[str, str], ...] = ()
    children: tuple[str, ...] = ()
    nested: tuple[Piece | None, ...] = ()


def piece(key: str, tag: str, attrs: Attrs, children: Iterable[Svg | Piece]) -> Piece:
    """A keyed element as a Piece (its markup made from its data); a child given as a
    Piece (key "") stays known as one."""
    pairs = attr_pairs(attrs)
    given = tuple(children)
    kids = tuple(c.markup if isinstance(c, Piece) else c for c in given)
    nested = (tuple(c if isinstance(c, Piece) else None for c in given)
              if any(isinstance(c, Piece) for c in given) else ())
    return Piece(key, f"<{tag}{attr_text(pairs)}>{''.join(kids)}</{tag}>", tag, pairs, kids,
                 nested)


def nested_at(p: Piece, i: int) -> Piece | None:
    """The i-th child of `p` as a Piece, when it was drawn as one."""
    return p.nested[i] if i < len(p.nested) else None


def fixed(markup: str) -> Piece:
    """Markup that never changes in place (the frame around the keyed pieces)."""
    return Piece("", markup)

"""The board drawing's shapes: hexagons, family symbols, camels, chips, badges, labels
and where each family's domain sits."""

from __future__ import annotations

import math
from collections.abc import Iterable
from functools import lru_cache

from ..board import Board
from ..weblike import escape
from .style import CAMEL_R, INK, space_xy
from .svgkit import Svg, element, num, text
from .words import text_width

_f = num  # a coordinate, short: 12.0 -> "12", 12.345 -> "12.3"


def _text(x: float, y: float, words: str, size: float, width: float, *, bold: bool = False,
          anchor: str = "middle", fill: str = INK, cls: str = "label",
          label_of: int | None = None) -> Svg:
    """A label at `size`, squeezed (never shrunk: its height stays) into `width` when
    the label font would draw it wider."""
    squeeze = text_width(words, size, bold) > width
    return element("text", {
        "class": cls, "x": x, "y": y, "text-anchor": None if anchor == "start" else anchor,
        "font-size": size, "font-weight": "bold" if bold else None, "fill": fill,
        "textLength": width if squeeze else None,
        "lengthAdjust": "spacingAndGlyphs" if squeeze else None,
        "data-label-of": label_of, "aria-hidden": "true"}, text(words))


def _points(pts: Iterable[tuple[float, float]]) -> str:
    return " ".join(f"{_f(x)},{_f(y)}" for x, y in pts)


def _polygon_pts(cx: float, cy: float, r: float, n: int, start_deg: float) -> list[
        tuple[float, float]]:
    return [
        (cx + r * math.cos(math.radians(start_deg + 360.0 * k / n)),
         cy + r * math.sin(math.radians(start_deg + 360.0 * k / n)))
        for k in range(n)
    ]


# The corners of a hexagon of radius 1, pointy (True) or flat (False): the same
# numbers _polygon_pts works out, once.
_HEX_UNIT = {pointy: tuple((math.cos(math.radians(start + 60.0 * k)),
                            math.sin(math.radians(start + 60.0 * k))) for k in range(6))
             for pointy, start in ((True, -90.0), (False, 0.0))}


@lru_cache(maxsize=2048)
def hex_points(cx: float, cy: float, r: float, pointy: bool = True) -> str:
    """The corners of a hexagon as an SVG points list."""
    return " ".join(f"{_f(cx + r * c)},{_f(cy + r * s)}" for c, s in _HEX_UNIT[pointy])


@lru_cache(maxsize=4096)
def symbol_shape(symbol: str, cx: float, cy: float, size: float, fill: str,
                 extra: str = "") -> str:
    """One family symbol as an SVG element, centred at (cx, cy), about 2*size across.

    The symbols of board.json: circle, square, triangle, diamond, star, cross,
    hexagon, crescent, ring and bar. An unknown name draws a small circle.
    """
    s = size
    a = f'fill="{fill}"{extra}'
    if symbol == "square":
        k = s * 0.85
        return (f'<rect x="{_f(cx - k)}" y="{_f(cy - k)}" width="{_f(2 * k)}" '
                f'height="{_f(2 * k)}" {a}/>')
    if symbol == "triangle":
        pts = _polygon_pts(cx, cy + s * 0.15, s * 1.1, 3, -90)
        return f'<polygon points="{_points(pts)}" {a}/>'
    if symbol == "diamond":
        return f'<polygon points="{_points(_polygon_pts(cx, cy, s * 1.05, 4, -90))}" {a}/>'
    if symbol == "star":
        pts = []
        for k in range(10):
            r = s * 1.1 if k % 2 == 0 else s * 0.45
            ang = math.radians(-90 + 36 * k)
            pts.append((cx + r * math.cos(ang), cy + r * math.sin(ang)))
        return f'<polygon points="{_points(pts)}" {a}/>'
    if symbol == "cross":
        w, L = s * 0.36, s
        pts = [(cx - w, cy - L), (cx + w, cy - L), (cx + w, cy - w), (cx + L, cy - w),
               (cx + L, cy + w), (cx + w, cy + w), (cx + w, cy + L), (cx - w, cy + L),
               (cx - w, cy + w), (cx - L, cy + w), (cx - L, cy - w), (cx - w, cy - w)]
        return f'<polygon points="{_points(pts)}" {a}/>'
    if symbol == "hexagon":
        return f'<polygon points="{_points(_polygon_pts(cx, cy, s, 6, 0))}" {a}/>'
    if symbol == "crescent":
        r = s
        # An outer circle minus an offset inner one: two arcs meeting at the horns.
        top = (cx + r * 0.35, cy - r * 0.94)
        bot = (cx + r * 0.35, cy + r * 0.94)
        d = (f"M{_f(top[0])},{_f(top[1])} A{_f(r)},{_f(r)} 0 1 0 {_f(bot[0])},{_f(bot[1])} "
             f"A{_f(r * 0.78)},{_f(r * 0.78)} 0 1 1 {_f(top[0])},{_f(top[1])}Z")
        return f'<path d="{d}" {a}/>'
    if symbol == "ring":
        r1, r2 = s, s * 0.5
        d = (f"M{_f(cx - r1)},{_f(cy)} a{_f(r1)},{_f(r1)} 0 1 0 {_f(2 * r1)},0 "
             f"a{_f(r1)},{_f(r1)} 0 1 0 {_f(-2 * r1)},0Z "
             f"M{_f(cx - r2)},{_f(cy)} a{_f(r2)},{_f(r2)} 0 1 0 {_f(2 * r2)},0 "
             f"a{_f(r2)},{_f(r2)} 0 1 0 {_f(-2 * r2)},0Z")
        return f'<path d="{d}" fill-rule="evenodd" {a}/>'
    if symbol == "bar":
        return (f'<rect x="{_f(cx - s)}" y="{_f(cy - s * 0.38)}" width="{_f(2 * s)}" '
                f'height="{_f(s * 0.76)}" {a}/>')
    r = s * 0.9 if symbol == "circle" else s * 0.6
    return f'<circle cx="{_f(cx)}" cy="{_f(cy)}" r="{_f(r)}" {a}/>'


def _family_disc(board: Board, family: int, cx: float, cy: float, r: float,
                 symbol_r: float, stroke: str) -> str:
    """A disc of radius `r` in the family's colour with its symbol, dark-edged for
    contrast: a camel's and a family chip's."""
    fam = board.data.families[family]
    return (
        f'<circle cx="{_f(cx)}" cy="{_f(cy)}" r="{_f(r)}" fill="{fam.colour}" '
        f'stroke="#1b1209" stroke-width="{stroke}"/>'
        + symbol_shape(fam.symbol, cx, cy, symbol_r, fam.text_colour)
    )


@lru_cache(maxsize=4096)
def camel_token(board: Board, family: int, cx: float, cy: float, r: float = CAMEL_R,
                extra_class: str = "") -> str:
    """A camel: a disc in the family's colour with its symbol, dark-edged for contrast."""
    cls = f"camel {extra_class}".strip()
    disc = _family_disc(board, family, cx, cy, r, r * 0.55, "1.3")
    return f'<g class="{cls}" data-camel="{board.data.families[family].id}">{disc}</g>'


@lru_cache(maxsize=512)
def family_chip(board: Board, family: int, size: int = 18, label: str = "") -> str:
    """A small standalone <svg> of a family's colour and symbol, for HTML around the board."""
    h = size / 2
    title = f'role="img" aria-label="{escape(label)}"' if label else 'aria-hidden="true"'
    return (
        f'<svg class="chip" width="{size}" height="{size}" viewBox="0 0 {size} {size}" '
        f'{title}>{_family_disc(board, family, h, h, h - 1, h * 0.55, "1")}</svg>'
    )


# --------------------------------------------------------------------------- layout


def domain_slots(board: Board) -> list[tuple[int, int]]:
    """(band, column) of each family's domain: band 0 above the map, 1 below.

    The half of the families whose home cities lie furthest north go above,
    each band ordered west to east, so a domain sits near its home.
    """
    n = board.n_families
    spaces = board.data.spaces
    order = sorted(range(n), key=lambda f: (spaces[board.home[f]].y, spaces[board.home[f]].x))
    top = set(order[: (n + 1) // 2])
    out: list[tuple[int, int]] = [(0, 0)] * n
    for band, members in ((0, [f for f in range(n) if f in top]),
                          (1, [f for f in range(n) if f not in top])):
        members.sort(key=lambda f: spaces[board.home[f]].x)
        for col, f in enumerate(members):
            out[f] = (band, col)
    return out


def player_badges(names: Iterable[str]) -> tuple[str, ...]:
    """A short mark per player for the board, the same in any colour scheme: the first
    letter of the name; the first two where two names share a letter; the letter and
    the seat number where those are shared too ("Bot 2" and "Bot 3": B2, B3)."""
    names = [n.strip() for n in names]

    def initial(i: int) -> str:
        return names[i][:1].upper() or str(i + 1)

    def two(i: int) -> str:
        n = names[i]
        return initial(i) + n[1:2].lower()

    def numbered(i: int) -> str:
        return initial(i) + str(i + 1)

    marks = [initial(i) for i in range(len(names))]
    for finer in (two, numbered):
        clash = {m for m in marks if marks.count(m) > 1}
        marks = [finer(i) if m in clash else m for i, m in enumerate(marks)]
    if len(set(marks)) < len(marks):  # names like "B2" beside "Bot 2": seat numbers
        marks = [str(i + 1) for i in range(len(names))]
    return tuple(marks)


def highlight_ring(board: Board, space: int, portrait: bool = False) -> str:
    """Markup for the map-highlight layer: a bold double ring around one space (dark
    and light, so that it shows on land, water and every family colour), on the
    landscape or the portrait drawing."""
    x, y = space_xy(board, space, portrait)
    r = board.data.hex_grid.radius
    pointy = (board.data.hex_grid.orientation == "pointy") != portrait
    pts = hex_points(x, y, r - 1.5, pointy)
    return (f'<polygon class="hl-ring" points="{pts}" fill="none" stroke="#fff" '
            f'stroke-width="7" stroke-linejoin="round"/>'
            f'<polygon class="hl-ring" points="{pts}" fill="none" stroke="#1d4ed8" '
            f'stroke-width="3.5" stroke-linejoin="round"/>')


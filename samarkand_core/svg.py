"""The board as SVG: a pure function of what one player may see, like chess.svg.

    >>> from samarkand_core import new_game, view_for
    >>> from samarkand_core.svg import board_svg
    >>> svg = board_svg(view_for(new_game(["Ann", "Bob"], seed=1), 0))

`board_svg` draws the hex map of ``board.json`` (land, seas with their names, home
cities, goods spaces with number and name, up to two camels a space in their
family's colour and symbol) between two bands of family domains (marriage portion,
treasury, family tiles, camels and relationship markers left, and whether the dark
green marker is still on top). It reads a PlayerView, never a GameState, so it
cannot show a hidden card.

Every space is a ``<g data-space="<id>">`` and every domain a ``<g
data-family="<id>">`` with an ``aria-label``; the legal ones also get the class
``legal``, ``role="button"`` and ``tabindex="0"`` so that a page can let them be
clicked or chosen from the keyboard (a legal domain's button is its inner ``<g
class="domain-face">``: box, header and name, so that the figures drawn on the domain
are not words of the button). Legal spaces are marked by a dashed outline and
a hatch pattern as well as by colour. Colours are SVG presentation attributes, so
the drawing looks right without a stylesheet and under a strict
Content-Security-Policy; a page's CSS may add hover and focus styles to the
classes (``space``, ``domain``, ``legal``, ``selected``, ``last``, ``camel``).
All words come from a ``SvgStrings``, so a page can draw the board in any language.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from html import escape

from .board import Board
from .view import PlayerView

MARKERS_PER_FAMILY = 5
TILES_PER_FAMILY = 2

# Layout (SVG user units; the map keeps the coordinates of board.json).
BAND = 96.0  # height of each band of family domains above and below the map
GAP = 6.0  # space between domains
SLOT_DX = 11.0  # camel slots sit left and right of a space's centre
CAMEL_R = 9.5

# Colours of the map (the families' colours come from board.json).
PARCHMENT = "#f3e6c4"
PARCHMENT_EDGE = "#a8824a"
LAND = "#e9d3a1"
LAND_EDGE = "#b0915a"
GOODS_LAND = "#e3c78a"
WATER = "#9cc3d3"
WATER_EDGE = "#5f8fa3"
INK = "#3b2c17"
SEA_INK = "#1f4e63"
MARKER_GOLD = "#e0b948"
GREEN_MARKER = "#1f6b3a"
GREY_MARKER = "#9a9a92"
LEGAL_INK = "#0b6e4f"
LAST_RING = "#ffef3a"
FONT = "Georgia, 'Times New Roman', serif"


@dataclass(frozen=True, slots=True, eq=False)
class SvgStrings:
    """Every word the drawing uses; str.format templates with named fields.

    ``family_names`` (by family id), ``good_names`` (by good number) and
    ``sea_names`` (by the English name in board.json) replace the names of the
    board data when given; missing entries fall back to the board's own names.
    Instances compare (and hash) by identity: drawings are cached per instance, so
    keep one per language.
    """

    title: str = "The map of the Silk Road and the ten family domains"
    portion: str = "portion"
    treasury: str = "treasury"
    tiles: str = "tiles"
    camels: str = "camels"
    markers: str = "markers"
    family_label: str = (
        "{family}: marriage portion {portion}, treasury {treasury}, {tiles} family tiles, "
        "{camels} camels and {markers} relationship markers left"
    )
    green_on_top: str = ", dark green marker on top"
    marry_label: str = "Marry into the {family} for {portion} dirhams"
    goods_space: str = "{good} {number}, {place}"
    unnamed_land: str = "land space {id}"
    sea_space: str = "{sea}, space {id}"
    home_label: str = "{place}, home city of the {family}"
    marker_here: str = ", goods marker on the board"
    camels_here: str = ", camels of: {families}"
    no_camels: str = ", no camels"
    place_label: str = "Place a camel of the {family} on {space}"
    family_names: Mapping[str, str] = field(default_factory=dict)
    good_names: Mapping[int, str] = field(default_factory=dict)
    sea_names: Mapping[str, str] = field(default_factory=dict)


ENGLISH = SvgStrings()


# --------------------------------------------------------------------------- names


def family_name(board: Board, family: int, strings: SvgStrings = ENGLISH) -> str:
    fid = board.family_ids[family]
    return strings.family_names.get(fid, board.family_names[family])


def good_name(board: Board, good: int, strings: SvgStrings = ENGLISH) -> str:
    return strings.good_names.get(good, board.good_names[good])


def space_name(board: Board, space: int, strings: SvgStrings = ENGLISH) -> str:
    """A space in words: "Silk 30, Chang'an", "Merv, home city of ...", "Black Sea, space 2"."""
    name = board.space_names[space]
    good = board.good_at[space]
    if good:
        return strings.goods_space.format(
            good=good_name(board, good, strings), number=good, place=name or "")
    home = board.home_at[space]
    if home >= 0:
        return strings.home_label.format(
            place=name or "", family=family_name(board, home, strings))
    if name:
        return name
    if board.is_water[space]:
        return strings.sea_space.format(sea=_sea_name(board, space, strings), id=space)
    return strings.unnamed_land.format(id=space)


def _sea_name(board: Board, space: int, strings: SvgStrings) -> str:
    for sea in board.data.seas:
        if space in sea.spaces:
            return strings.sea_names.get(sea.name, sea.name)
    return ""


# --------------------------------------------------------------------------- shapes


def _f(x: float) -> str:
    """A coordinate, short: 12.0 -> "12", 12.345 -> "12.3"."""
    r = round(x, 1)
    return str(int(r)) if r == int(r) else str(r)


def _fit(size: float, text: str, width: float) -> float:
    """A font size at most `size` at which `text` fits into `width` (serif, roughly)."""
    return round(min(size, width / (0.53 * max(len(text), 1))), 1)


def _points(pts: Iterable[tuple[float, float]]) -> str:
    return " ".join(f"{_f(x)},{_f(y)}" for x, y in pts)


def _polygon_pts(cx: float, cy: float, r: float, n: int, start_deg: float) -> list[
        tuple[float, float]]:
    return [
        (cx + r * math.cos(math.radians(start_deg + 360.0 * k / n)),
         cy + r * math.sin(math.radians(start_deg + 360.0 * k / n)))
        for k in range(n)
    ]


@lru_cache(maxsize=2048)
def hex_points(cx: float, cy: float, r: float, pointy: bool = True) -> str:
    """The corners of a hexagon as an SVG points list."""
    return _points(_polygon_pts(cx, cy, r, 6, -90.0 if pointy else 0.0))


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


@lru_cache(maxsize=4096)
def camel_token(board: Board, family: int, cx: float, cy: float, r: float = CAMEL_R,
                extra_class: str = "") -> str:
    """A camel: a disc in the family's colour with its symbol, dark-edged for contrast."""
    fam = board.data.families[family]
    cls = f"camel {extra_class}".strip()
    return (
        f'<g class="{cls}" data-camel="{fam.id}">'
        f'<circle cx="{_f(cx)}" cy="{_f(cy)}" r="{_f(r)}" fill="{fam.colour}" '
        f'stroke="#1b1209" stroke-width="1.3"/>'
        + symbol_shape(fam.symbol, cx, cy, r * 0.55, fam.text_colour)
        + "</g>"
    )


@lru_cache(maxsize=512)
def family_chip(board: Board, family: int, size: int = 18, label: str = "") -> str:
    """A small standalone <svg> of a family's colour and symbol, for HTML around the board."""
    fam = board.data.families[family]
    h = size / 2
    title = f'role="img" aria-label="{escape(label)}"' if label else 'aria-hidden="true"'
    return (
        f'<svg class="chip" width="{size}" height="{size}" viewBox="0 0 {size} {size}" '
        f'{title}><circle cx="{_f(h)}" cy="{_f(h)}" r="{_f(h - 1)}" fill="{fam.colour}" '
        f'stroke="#1b1209" stroke-width="1"/>'
        + symbol_shape(fam.symbol, h, h, h * 0.55, fam.text_colour)
        + "</svg>"
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


def svg_size(board: Board) -> tuple[float, float]:
    _, _, w, h = board.data.view_box
    return w, h + 2 * BAND


# --------------------------------------------------------------------------- drawing


def board_svg(
    view: PlayerView,
    *,
    legal_spaces: Iterable[int] = (),
    legal_families: Iterable[str] = (),
    last_spaces: Iterable[int] = (),
    selected_family: str | None = None,
    strings: SvgStrings | None = None,
    latest_spaces: Iterable[int] = (),
    latest_families: Iterable[str] = (),
) -> str:
    """The whole board as one <svg> element (a string).

    legal_spaces: space ids a camel of `selected_family` may be placed on now;
    legal_families: ids of families whose domain may be clicked now (to marry);
    last_spaces: spaces whose newest camel was placed in the last turn (ringed);
    selected_family: the family being expanded (its domain is outlined);
    latest_spaces, latest_families: what the move just made placed or married into
    (class "latest" on the space's or domain's element, for the page to highlight).
    """
    return "".join(html for _, html in board_svg_pieces(
        view, legal_spaces=legal_spaces, legal_families=legal_families,
        last_spaces=last_spaces, selected_family=selected_family, strings=strings,
        latest_spaces=latest_spaces, latest_families=latest_families))


def board_svg_pieces(
    view: PlayerView,
    *,
    legal_spaces: Iterable[int] = (),
    legal_families: Iterable[str] = (),
    last_spaces: Iterable[int] = (),
    selected_family: str | None = None,
    strings: SvgStrings | None = None,
    latest_spaces: Iterable[int] = (),
    latest_families: Iterable[str] = (),
) -> list[tuple[str, str]]:
    """board_svg in pieces, so a page can redraw only what changed: (key, markup) with
    key ``space:<id>`` or ``family:<id>`` for one space's or one domain's <g> element,
    and "" for the fixed parts around them. Joined, they are board_svg's string."""
    st = strings or ENGLISH
    board = view.board
    legal_sp = set(legal_spaces)
    legal_fam = set(legal_families)
    last = set(last_spaces)
    minx, miny, w, h = board.data.view_box
    total_h = h + 2 * BAND
    sel = board.family_index.get(selected_family) if selected_family else None
    head: list[str] = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="board" '
        f'viewBox="{_f(minx)} {_f(miny)} {_f(w)} {_f(total_h)}" font-family="{FONT}" '
        f'role="group" aria-label="{escape(st.title)}">',
        "<defs>"
        '<pattern id="legal-hatch" width="7" height="7" patternUnits="userSpaceOnUse" '
        'patternTransform="rotate(45)"><rect width="7" height="7" fill="#d9f2e2" '
        f'fill-opacity="0.55"/><line x1="0" y1="0" x2="0" y2="7" stroke="{LEGAL_INK}" '
        'stroke-width="2.2" stroke-opacity="0.55"/></pattern>'
        "</defs>",
        f'<rect x="{_f(minx)}" y="{_f(miny)}" width="{_f(w)}" height="{_f(total_h)}" '
        f'rx="10" fill="{PARCHMENT}" stroke="{PARCHMENT_EDGE}" stroke-width="2"/>',
    ]
    head.append(f'<g class="map" transform="translate(0 {_f(BAND)})">')
    pieces: list[tuple[str, str]] = [("", "".join(head))]
    pieces += _map(view, st, legal_sp, last, sel, set(latest_spaces))
    pieces.append(("", "</g>"))
    pieces += _domains(view, st, legal_fam, sel, w, h, set(latest_families))
    pieces.append(("", "</svg>"))
    return pieces


def _map(view: PlayerView, st: SvgStrings, legal: set[int], last: set[int],
         sel: int | None, latest: frozenset[int] | set[int] = frozenset()
         ) -> list[tuple[str, str]]:
    board = view.board
    data = board.data
    r = data.hex_grid.radius
    pointy = data.hex_grid.orientation == "pointy"
    parts: list[tuple[str, str]] = []
    # Sea names over the spaces (but not in the way of clicks), at the centre of each sea.
    labels: list[str] = []
    for sea in data.seas:
        xs = [data.spaces[i].x for i in sea.spaces]
        ys = [data.spaces[i].y for i in sea.spaces]
        cx, cy = sum(xs) / len(xs), sum(ys) / len(ys)
        if len(sea.spaces) == 1:
            cy -= r * 0.55
        name = escape(st.sea_names.get(sea.name, sea.name))
        labels.append(
            f'<text x="{_f(cx)}" y="{_f(cy)}" text-anchor="middle" font-size="10" '
            f'font-style="italic" fill="{SEA_INK}" fill-opacity="0.85" '
            f'class="sea-name" pointer-events="none" aria-hidden="true">{name}</text>')
    place_fam = family_name(board, sel, st) if sel is not None else ""
    for sp in data.spaces:
        good = board.good_at[sp.id]
        parts.append((f"space:{sp.id}", _space(
            board, st, sp.id, r, pointy, sp.id in legal, sp.id in last, place_fam,
            view.occ[sp.id], bool(good) and view.marker_owner[good] < 0, sp.id in latest)))
    parts.append(("", "".join(labels)))
    return parts


@lru_cache(maxsize=8192)
def _space(board: Board, st: SvgStrings, i: int, r: float, pointy: bool, legal: bool,
           last: bool, place_fam: str, occ: tuple[int, ...], marker_on_board: bool,
           latest: bool = False) -> str:
    """One space (cached: most spaces look the same from one move to the next)."""
    sp = board.data.spaces[i]
    x, y = sp.x, sp.y
    water = board.is_water[i]
    good = board.good_at[i]
    home = board.home_at[i]
    fill = WATER if water else (GOODS_LAND if good else LAND)
    edge = WATER_EDGE if water else LAND_EDGE
    kind = "water" if water else ("goods" if good else ("home" if home >= 0 else "land"))
    name = space_name(board, i, st)
    if legal:
        label = st.place_label.format(family=place_fam, space=name)
    else:
        label = name
        if marker_on_board:
            label += st.marker_here
        if occ:
            label += st.camels_here.format(
                families=", ".join(family_name(board, f, st) for f in occ))
        else:
            label += st.no_camels
    cls = (f"space {kind}" + (" legal" if legal else "") + (" last" if last else "")
           + (" latest" if latest else ""))
    role = 'role="button" tabindex="0"' if legal else 'role="img"'
    g = [f'<g class="{cls}" data-space="{i}" {role} aria-label="{escape(label)}">']
    g.append(f'<polygon class="hex" points="{hex_points(x, y, r, pointy)}" fill="{fill}" '
             f'stroke="{edge}" stroke-width="1.2"/>')
    if home >= 0:
        fam = board.data.families[home]
        g.append(f'<polygon points="{hex_points(x, y, r - 3.2, pointy)}" fill="none" '
                 f'stroke="{fam.colour}" stroke-width="3.5" stroke-opacity="0.85"/>')
        g.append(symbol_shape(fam.symbol, x, y + r * 0.66, 4.2, fam.colour,
                              ' stroke="#1b1209" stroke-width="0.6"'))
    if legal:
        g.append(f'<polygon class="legal-mark" points="{hex_points(x, y, r - 2.5, pointy)}" '
                 f'fill="url(#legal-hatch)" stroke="{LEGAL_INK}" stroke-width="3" '
                 f'stroke-dasharray="6 3.5"/>')
    if water:
        # two ship berths, as on the printed board
        for k in (-1, 1):
            if len(occ) <= (0 if k < 0 else 1):
                g.append(f'<ellipse cx="{_f(x + k * SLOT_DX)}" cy="{_f(y + 4)}" rx="7" ry="3.2" '
                         f'fill="none" stroke="{WATER_EDGE}" stroke-width="0.9" '
                         f'stroke-dasharray="2 1.5"/>')
    text_y = y - r * 0.42
    place = board.space_names[i]
    if good:
        gname = escape(good_name(board, good, st))
        size = _fit(7.4, good_name(board, good, st), r * 1.6)
        g.append(f'<text x="{_f(x)}" y="{_f(text_y)}" text-anchor="middle" font-size="{size}" '
                 f'fill="{INK}" font-weight="bold" aria-hidden="true">{gname}</text>')
        on_board = marker_on_board
        my = y + r * 0.55
        g.append(f'<circle class="goods-marker" cx="{_f(x)}" cy="{_f(my)}" r="6.6" '
                 f'fill="{MARKER_GOLD if on_board else "none"}" stroke="{INK}" '
                 f'stroke-width="{0.9 if on_board else 0.6}" '
                 f'stroke-dasharray="{"none" if on_board else "1.5 1.2"}"/>')
        # " 16": the number is a word of its own after the good's name, as in the space's
        # name ("Saffron 16, ..."), for whoever reads the visible text (SVG drops the space)
        g.append(f'<text x="{_f(x)}" y="{_f(my + 2.6)}" text-anchor="middle" font-size="7.4" '
                 f'font-weight="bold" fill="{INK}" aria-hidden="true"> {good}</text>')
    elif place and not water:
        size = _fit(7.6 if home >= 0 else 7, place, r * 1.6)
        g.append(f'<text x="{_f(x)}" y="{_f(text_y)}" text-anchor="middle" '
                 f'font-size="{size}" fill="{INK}" '
                 f'font-weight="{"bold" if home >= 0 else "normal"}" '
                 f'aria-hidden="true">{escape(place)}</text>')
    cy = y + (4 if water else 3)
    for k, f in enumerate(occ):
        cx = x + (-SLOT_DX if k == 0 else SLOT_DX)
        is_last = last and k == len(occ) - 1
        if is_last:
            g.append(f'<circle class="last-ring" cx="{_f(cx)}" cy="{_f(cy)}" '
                     f'r="{_f(CAMEL_R + 3)}" fill="{LAST_RING}" stroke="#b8860b" '
                     f'stroke-width="1.4"/>')
        g.append(camel_token(board, f, cx, cy, extra_class="last" if is_last else ""))
    g.append("</g>")
    return "".join(g)


def _domains(view: PlayerView, st: SvgStrings, legal: set[str], sel: int | None,
             w: float, map_h: float, latest: frozenset[str] | set[str] = frozenset()
             ) -> list[tuple[str, str]]:
    board = view.board
    slots = domain_slots(board)
    cols = max(c for _, c in slots) + 1
    dw = (w - GAP * (cols + 1)) / cols
    dh = BAND - 2 * GAP
    out: list[tuple[str, str]] = []
    for f, (band, col) in enumerate(slots):
        x = GAP + col * (dw + GAP)
        y = GAP if band == 0 else BAND + map_h + GAP
        fid = board.family_ids[f]
        out.append((f"family:{fid}", _domain(
            board, st, f, x, y, dw, dh, fid in legal, f == sel, view.treasury[f],
            view.domain_tiles[f], view.camels_left[f], view.markers_left[f], f in view.bag,
            view.removed.count(f), fid in latest)))
    return out


@lru_cache(maxsize=4096)
def _domain(board: Board, st: SvgStrings, f: int, x: float, y: float, w: float, h: float,
            legal: bool, selected: bool, treasury: int, tiles: int, camels: int, markers: int,
            in_bag: bool, removed: int, latest: bool = False) -> str:
    """One family domain (cached like the spaces)."""
    fam = board.data.families[f]
    name = family_name(board, f, st)
    portion = board.portion[f]
    green = markers == MARKERS_PER_FAMILY
    if legal:
        label = st.marry_label.format(family=name, portion=portion)
    else:
        label = st.family_label.format(family=name, portion=portion, treasury=treasury,
                                       tiles=tiles, camels=camels, markers=markers)
        if green:
            label += st.green_on_top
    cls = ("domain" + (" legal" if legal else "") + (" selected" if selected else "")
           + (" latest" if latest else ""))
    # A legal domain's button is its face (box, header and name): the figures drawn on it
    # stay outside the button, whose only visible words are then the family's name, part
    # of its accessible name ("label in name", WCAG 2.5.3). A click anywhere on the
    # domain still reaches data-family.
    if legal:
        g = [f'<g class="{cls}" data-family="{fam.id}">',
             f'<g class="domain-face" role="button" tabindex="0" aria-label="{escape(label)}">']
    else:
        g = [f'<g class="{cls}" data-family="{fam.id}" role="img" aria-label="{escape(label)}">',
             '<g class="domain-face">']
    g.append(f'<rect class="domain-box" x="{_f(x)}" y="{_f(y)}" width="{_f(w)}" '
             f'height="{_f(h)}" rx="6" fill="#fbf4e2" stroke="{fam.colour}" '
             f'stroke-width="{3.5 if selected else 2}"/>')
    head = 19.0
    g.append(f'<path d="M{_f(x)},{_f(y + head)} v{_f(-head + 6)} a6,6 0 0 1 6,-6 '
             f'h{_f(w - 12)} a6,6 0 0 1 6,6 v{_f(head - 6)}z" fill="{fam.colour}"/>')
    g.append(symbol_shape(fam.symbol, x + 12, y + head / 2, 5.5, fam.text_colour))
    g.append(f'<text x="{_f(x + 23)}" y="{_f(y + 13.5)}" font-size="10.5" font-weight="bold" '
             f'fill="{fam.text_colour}" aria-hidden="true">{escape(name)}</text>')
    if legal:
        g.append(f'<rect class="legal-mark" x="{_f(x + 2)}" y="{_f(y + 2)}" '
                 f'width="{_f(w - 4)}" height="{_f(h - 4)}" rx="5" fill="url(#legal-hatch)" '
                 f'fill-opacity="0.6" stroke="{LEGAL_INK}" stroke-width="3" '
                 f'stroke-dasharray="7 4"/>')
    g.append("</g>")  # the face
    # five columns: portion, treasury, tiles, camels, markers
    cw = w / 5
    iy = y + head + 23  # icon centre line
    ly = y + h - 6  # label line
    # portion and treasury: coins
    for k, (value, colour) in enumerate(((portion, "#c9962b"), (treasury, "#8c8f95"))):
        cx = x + cw * (k + 0.5)
        g.append(f'<circle cx="{_f(cx)}" cy="{_f(iy)}" r="12" fill="{colour}" '
                 f'stroke="{INK}" stroke-width="1"/>'
                 f'<circle cx="{_f(cx)}" cy="{_f(iy)}" r="9" fill="none" stroke="#fff6d8" '
                 f'stroke-width="0.8" stroke-opacity="0.8"/>'
                 f'<text x="{_f(cx)}" y="{_f(iy + 4.5)}" text-anchor="middle" font-size="13" '
                 f'font-weight="bold" fill="#1b1209" aria-hidden="true">{value}</text>')
    # family tiles: on the domain (filled), in the 2-player bag (dotted), out of the
    # game (crossed), taken by a player (empty outline)
    cx = x + cw * 2.5
    states = ["domain"] * tiles + (["bag"] if in_bag else []) + ["removed"] * removed
    states = (states + ["taken"] * TILES_PER_FAMILY)[:TILES_PER_FAMILY]
    for k, kind in enumerate(states):
        tx = cx - 12 + k * 13
        ty = iy - 9
        if kind == "domain":
            g.append(f'<rect class="tile" x="{_f(tx)}" y="{_f(ty)}" width="11" height="18" '
                     f'rx="2" fill="{fam.colour}" stroke="#1b1209" stroke-width="1"/>')
            g.append(symbol_shape(fam.symbol, tx + 5.5, ty + 9, 3.2, fam.text_colour))
        else:
            dash = {"bag": "2 1.5", "removed": "none", "taken": "3 2"}[kind]
            g.append(f'<rect class="tile {kind}" x="{_f(tx)}" y="{_f(ty)}" width="11" '
                     f'height="18" rx="2" fill="none" stroke="{INK}" stroke-width="0.9" '
                     f'stroke-opacity="0.6" '
                     f'stroke-dasharray="{dash}"/>')
            if kind == "removed":
                g.append(f'<path d="M{_f(tx)},{_f(ty)} l11,18 M{_f(tx + 11)},{_f(ty)} l-11,18" '
                         f'stroke="#8b1a1a" stroke-width="1.3"/>')
    # camels left
    cx = x + cw * 3.5
    g.append(camel_token(board, f, cx - 7, iy, 8.5))
    g.append(f'<text x="{_f(cx + 4)}" y="{_f(iy + 4.5)}" font-size="13" font-weight="bold" '
             f'fill="{INK}" aria-hidden="true">{camels}</text>')
    # relationship markers: a stack, top one green while no relationship is made
    cx = x + cw * 4.5
    for k in range(min(markers, MARKERS_PER_FAMILY)):
        top = k == markers - 1
        colour = GREEN_MARKER if (top and green) else GREY_MARKER
        my = iy + 7 - k * 3.2
        g.append(f'<rect x="{_f(cx - 14)}" y="{_f(my - 5)}" width="15" height="9" rx="2" '
                 f'fill="{colour}" stroke="#1b1209" stroke-width="0.8"/>')
    if markers == 0:
        g.append(f'<rect x="{_f(cx - 14)}" y="{_f(iy - 2)}" width="15" height="9" rx="2" '
                 f'fill="none" stroke="{INK}" stroke-width="0.8" stroke-dasharray="2 1.5"/>')
    g.append(f'<text x="{_f(cx + 4)}" y="{_f(iy + 4.5)}" font-size="13" font-weight="bold" '
             f'fill="{INK}" aria-hidden="true">{markers}</text>')
    for k, text in enumerate((st.portion, st.treasury, st.tiles, st.camels, st.markers)):
        g.append(f'<text x="{_f(x + cw * (k + 0.5))}" y="{_f(ly)}" text-anchor="middle" '
                 f'font-size="7.6" fill="{INK}" fill-opacity="0.85" '
                 f'aria-hidden="true">{escape(text)}</text>')
    g.append("</g>")
    return "".join(g)

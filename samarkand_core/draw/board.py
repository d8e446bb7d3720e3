"""The board as SVG: a pure function of what one player may see, like chess.svg.

    >>> from samarkand_core import new_game, view_for
    >>> from samarkand_core.draw.board import board_svg
    >>> svg = board_svg(view_for(new_game(["Ann", "Bob"], seed=1), 0))

`board_svg` draws the hex map of ``board.json`` (land, seas with their names, home
cities, goods spaces with number and name, up to two camels a space in their
family's colour and symbol) between two bands of family domains (marriage portion,
treasury, family tiles with the badge of each player who married in, camels and
relationship markers left, and whether the dark green marker is still on top). It
reads a PlayerView, never a GameState, so it cannot show a hidden card.

Every word and number is drawn at LABEL_SIZE user units or more, in a narrow face,
so that at the size a 1280 px wide screen shows the board (about 900 px wide) none
is under 11 CSS px. In a land space the goods number sits in the top corner, the
name across the middle and the camels below it, so that camels never cover either;
the names are one layer above all spaces (``.space-labels``, each text with
``data-label-of``), since a long name may reach into a neighbour that has room.

Every space is a ``<g data-space="<id>">`` and every domain a ``<g
data-family="<id>">`` with an ``aria-label``; the legal ones also get the class
``legal``, ``role="button"`` and ``tabindex="0"`` so that a page can let them be
clicked or chosen from the keyboard (a legal domain's button is its inner ``<g
class="domain-face">``: box, header and name, so that the figures and badges drawn on
the domain are not words of the button). Legal spaces and domains are marked by a dashed
frame as well as by a tint, never by a wash over their contents (the board stays
readable when all ten domains are legal). ``<g class="map-highlight">`` is an empty
layer over the spaces where a page may draw a highlight (see ``highlight_ring``).
Colours are SVG presentation attributes, so the drawing looks right without a
stylesheet and under a strict Content-Security-Policy; a page's CSS may add hover
and focus styles to the classes (``space``, ``domain``, ``legal``, ``selected``,
``last``, ``camel``). All words come from a ``SvgStrings``, so a page can draw the
board in any language.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from ..board import Board
from ..view import PlayerView
from ..weblike import escape
from .domains import _bands, _domain, _domain_boxes, svg_size
from .marks import COACH_INK, COACH_RING, _coach_mark, _marked
from .moves import MoveMark, moves_layer
from .shapes import (
    _f,
    _text,
    camel_token,
    domain_slots,
    family_chip,
    hex_points,
    highlight_ring,
    player_badges,
    symbol_shape,
)
from .style import (
    BAND,
    CAMEL_DX,
    CAMEL_DY,
    CAMEL_DY_MID,
    CAMEL_R,
    DOMAIN_PAPER,
    FONT,
    GAP,
    GOODS_LAND,
    GREEN_MARKER,
    GREY_MARKER,
    INK,
    LABEL_ATTRS,
    LABEL_FONT,
    LABEL_SIZE,
    LAND,
    LAND_EDGE,
    LAST_RING,
    LEGAL_INK,
    LEGAL_TINT,
    MARKER_DY,
    MARKER_GOLD,
    MARKER_R,
    NAME_DY,
    PARCHMENT,
    PARCHMENT_EDGE,
    PORTRAIT_SEA_DY,
    SEA_INK,
    SEA_SIZE,
    VALUE_SIZE,
    WATER,
    WATER_EDGE,
    map_size,
    space_xy,
)
from .svgkit import Piece, Svg, element, fixed, piece, text
from .words import (
    ENGLISH,
    SvgStrings,
    family_name,
    good_name,
    label_room,
    space_label,
    space_name,
    text_width,
)

# The drawing's public names, its layout, words and shapes included (they live in
# style, words and shapes so that each module stays short).
__all__ = [
    "BAND",
    "CAMEL_DX",
    "CAMEL_DY",
    "CAMEL_DY_MID",
    "CAMEL_R",
    "DOMAIN_PAPER",
    "ENGLISH",
    "FONT",
    "GAP",
    "GOODS_LAND",
    "GREEN_MARKER",
    "GREY_MARKER",
    "INK",
    "LABEL_ATTRS",
    "LABEL_FONT",
    "LABEL_SIZE",
    "LAND",
    "LAND_EDGE",
    "LAST_RING",
    "LEGAL_INK",
    "LEGAL_TINT",
    "MARKER_DY",
    "MARKER_GOLD",
    "MARKER_R",
    "MoveMark",
    "NAME_DY",
    "PARCHMENT",
    "PARCHMENT_EDGE",
    "SEA_INK",
    "SEA_SIZE",
    "SvgStrings",
    "VALUE_SIZE",
    "WATER",
    "WATER_EDGE",
    "board_pieces",
    "board_svg",
    "board_svg_pieces",
    "camel_token",
    "domain_slots",
    "family_chip",
    "family_name",
    "good_name",
    "hex_points",
    "highlight_ring",
    "label_room",
    "player_badges",
    "space_label",
    "space_name",
    "svg_size",
    "symbol_shape",
    "text_width",
]


# --------------------------------------------------------------------------- drawing


def board_svg(view: PlayerView, **marks: Any) -> str:
    """The whole board as one <svg> element (a string); `marks` are board_pieces'
    keyword arguments."""
    return "".join(p.markup for p in board_pieces(view, **marks))


def board_svg_pieces(view: PlayerView, **marks: Any) -> list[tuple[str, str]]:
    """board_pieces as (key, markup) pairs (the same keyword arguments)."""
    return [(p.key, p.markup) for p in board_pieces(view, **marks)]


def board_pieces(
    view: PlayerView,
    *,
    legal_spaces: Iterable[int] = (),
    legal_families: Iterable[str] = (),
    last_spaces: Iterable[int] = (),
    selected_family: str | None = None,
    strings: SvgStrings | None = None,
    latest_spaces: Iterable[int] = (),
    latest_families: Iterable[str] = (),
    suggested_spaces: Iterable[int] = (),
    suggested_families: Iterable[str] = (),
    suggested_label: str = "suggested",
    portrait: bool = False,
    move_marks: Sequence[MoveMark] = (),
) -> tuple[Piece, ...]:
    """The board in pieces, so that a page can redraw only what changed: one Piece per
    space's or domain's <g> element (key ``space:<id>`` or ``family:<id>``, its
    attributes and children as data) and fixed pieces (key "") for the frame around
    them, which never changes during a game. Joined, their markup is board_svg's
    string. A piece that looks as it did is the same object as before (drawings are
    cached), so comparing two boards costs little. The moves' layer (key
    ``layer:moves``) comes after the domains, empty without `move_marks`.

    legal_spaces: space ids a camel of `selected_family` may be placed on now;
    legal_families: ids of families whose domain may be clicked now (to marry);
    last_spaces: spaces whose newest camel was placed in the last turn (ringed);
    selected_family: the family being expanded (its domain is outlined);
    latest_spaces, latest_families: what the move just made placed or married into
    (class "latest" on the space's or domain's element, for the page to highlight);
    suggested_spaces, suggested_families: a move suggested to the player (a coach's):
    a ring of its own and a star on the space or domain, class "suggested", and
    `suggested_label` in brackets after its name;
    portrait: the drawing for a screen held upright (the map turned a quarter
    clockwise, text upright, the domains two abreast above and below it).
    move_marks: moves to show where they happened, each with its caption, in a layer
    over spaces and domains (moves.py).
    """
    st = strings or ENGLISH
    board = view.board
    legal_sp = set(legal_spaces)
    legal_fam = set(legal_families)
    last = set(last_spaces)
    latest = set(latest_spaces)
    latest_fam = set(latest_families)
    coach_sp = set(suggested_spaces)
    coach_fam = set(suggested_families)
    sel = board.family_index.get(selected_family) if selected_family else None
    head, middle, tail = _frame(board, st, portrait)
    place_fam = family_name(board, sel, st) if sel is not None else ""
    marks = _SpaceMarks(frozenset(legal_sp), frozenset(last), frozenset(latest),
                        frozenset(coach_sp), suggested_label if coach_sp else "", place_fam,
                        view.occ, tuple(view.marker_owner[g] < 0 for g in range(
                            len(view.marker_owner))))
    out: list[Piece] = [head, *_spaces(board, st, marks, portrait), middle]
    badges = player_badges(view.names)
    boxes = _domain_boxes(board, portrait)
    for f in range(board.n_families):
        fid = board.family_ids[f]
        married = tuple((badges[p], view.names[p])
                        for p in range(view.n) for _ in range(view.tiles[p][f]))
        out.append(_domain(
            board, st, f, boxes[f], fid in legal_fam, f == sel, view.treasury[f],
            view.domain_tiles[f], view.camels_left[f], view.markers_left[f], f in view.bag,
            view.removed.count(f), married, fid in latest_fam,
            suggested_label if fid in coach_fam else ""))
    out.append(_moves(board, tuple(move_marks), portrait, frozenset(legal_sp),
                      frozenset(board.family_index[f] for f in legal_fam)))
    out.append(tail)
    return tuple(out)


@lru_cache(maxsize=64)
def _moves(board: Board, marks: tuple[MoveMark, ...], portrait: bool,
           legal_spaces: frozenset[int], legal_families: frozenset[int]) -> Piece:
    """The moves' layer (cached: it changes only when a mark is added or goes, or what
    the person may choose, which its captions keep clear of)."""
    return moves_layer(board, marks, _domain_boxes(board, portrait), portrait=portrait,
                       top=_bands(board, portrait)[0], height=svg_size(board, portrait)[1],
                       legal_spaces=legal_spaces, legal_families=legal_families)


@dataclass(frozen=True, slots=True)
class _SpaceMarks:
    """Everything a space's drawing depends on beyond the board and the words."""

    legal: frozenset[int]
    last: frozenset[int]
    latest: frozenset[int]
    suggested: frozenset[int]
    suggested_label: str
    place_fam: str  # the family a legal space would take a camel of
    occ: tuple[tuple[int, ...], ...]
    marker_on_board: tuple[bool, ...]  # by good


# The spaces last drawn for each board and language, with what they were drawn from:
# a move changes a few spaces, and only those are drawn again (each from the cache).
_last_spaces: dict[tuple[Board, SvgStrings, bool], tuple[_SpaceMarks, tuple[Piece, ...]]] = {}


def _changed_spaces(board: Board, old: _SpaceMarks, new: _SpaceMarks) -> set[int]:
    """The spaces whose drawing may differ between two sets of marks."""
    out = set(old.legal ^ new.legal) | (old.last ^ new.last) | (old.latest ^ new.latest)
    out |= old.suggested ^ new.suggested
    if old.suggested_label != new.suggested_label:
        out |= old.suggested | new.suggested
    if old.place_fam != new.place_fam:
        out |= new.legal
    if old.occ is not new.occ:
        out.update(i for i, (a, b) in enumerate(zip(old.occ, new.occ, strict=True))
                   if a is not b and a != b)
    if old.marker_on_board != new.marker_on_board:
        out.update(board.good_space[g] for g, (a, b) in enumerate(
            zip(old.marker_on_board, new.marker_on_board, strict=True)) if a != b and g)
    return out


def _spaces(board: Board, st: SvgStrings, marks: _SpaceMarks,
            portrait: bool = False) -> tuple[Piece, ...]:
    """Every space's piece: those the marks may have changed drawn (from the cache, as
    a rule), the others as they were last drawn on this board in these words."""
    key = (board, st, portrait)
    before = _last_spaces.get(key)
    if before is None:
        todo: Iterable[int] = range(board.n_spaces)
        pieces: list[Piece] = []
    else:
        todo = sorted(_changed_spaces(board, before[0], marks))
        pieces = list(before[1])
    for i in todo:
        good = board.good_at[i]
        p = _space(board, st, i, i in marks.legal, i in marks.last, marks.place_fam,
                   marks.occ[i], bool(good) and marks.marker_on_board[good],
                   i in marks.latest, marks.suggested_label if i in marks.suggested else "",
                   portrait)
        if before is None:
            pieces.append(p)
        else:
            pieces[i] = p
    if len(_last_spaces) >= 8 and key not in _last_spaces:
        _last_spaces.clear()  # boards and languages of long ago
    drawn = tuple(pieces)
    _last_spaces[key] = (marks, drawn)
    return drawn


@lru_cache(maxsize=16)
def _frame(board: Board, st: SvgStrings, portrait: bool = False) -> tuple[Piece, Piece, Piece]:
    """The fixed markup before the spaces, between the spaces and the domains, and
    after the domains: drawn once per board, language and shape (the sea names and
    the space names are in it; they never change during a game)."""
    minx, miny, _, _ = board.data.view_box
    w, total_h = svg_size(board, portrait)
    band = _bands(board, portrait)[0]
    head = (f'<svg xmlns="http://www.w3.org/2000/svg" class="board" '
            f'viewBox="{_f(minx)} {_f(miny)} {_f(w)} {_f(total_h)}" {LABEL_ATTRS} '
            f'role="group" aria-label="{escape(st.title)}">'
            f'<rect x="{_f(minx)}" y="{_f(miny)}" width="{_f(w)}" height="{_f(total_h)}" '
            f'rx="10" fill="{PARCHMENT}" stroke="{PARCHMENT_EDGE}" stroke-width="2"/>'
            f'<g class="map" transform="translate(0 {_f(band)})">')
    # An empty layer for the page to draw a highlight into (a card's space, say), then
    # the sea names and the names on top of every space, since a long one reaches into
    # the next hex.
    middle = ('<g class="map-highlight" pointer-events="none" aria-hidden="true"></g>'
              + _sea_labels(board, st, portrait) + _space_labels(board, st, portrait) + "</g>")
    return fixed(head), fixed(middle), fixed("</svg>")


def _sea_labels(board: Board, st: SvgStrings, portrait: bool = False) -> str:
    """Sea names over the spaces (but not in the way of clicks), at the centre of each
    sea: over the upper half of its longest row, clear of the ships below (in flat-topped
    hexes, lower: the next row's ships are half a hex above)."""
    labels: list[str] = []
    dy = PORTRAIT_SEA_DY if portrait else -10.0
    for sea in board.data.seas:
        rows: dict[float, list[float]] = {}
        for i in sea.spaces:
            x, y = space_xy(board, i, portrait)
            rows.setdefault(round(y, 1), []).append(x)
        row_y, xs = max(rows.items(), key=lambda kv: (len(kv[1]), -kv[0]))
        name = st.sea_names.get(sea.name, sea.name)
        x, y = _inside(board, sum(xs) / len(xs), name, portrait), row_y + dy
        along = _along(board, sea.spaces, name) if portrait else None
        if along is None:
            clear = _clear_x(board, st, portrait, x, y, name)
            if clear is not None:
                x = clear
            elif portrait:
                along = _along(board, sea.spaces, name, over_a_name=True)
        attrs: dict[str, str | float | None]
        if along is None:
            attrs = {"x": x, "y": y}
        else:
            # a sea one hex wide down a portrait map (the Black Sea at its top right): a
            # name wider than the sea lay over the land beside it (moved in from the
            # map's edge, over Constantinople's name and its family's camel, in
            # German); and a sea at the edge whose name, moved in, lay over a land
            # name (_along). It runs down the sea instead, between the ships' berths,
            # its letters' middle (a third of the size above the baseline) on the column.
            cx, cy = along
            attrs = {"x": cx, "y": cy + SEA_SIZE * 0.33,
                     "transform": f"rotate(90 {_f(cx)} {_f(cy)})"}
        labels.append(element("text", attrs | {
            "text-anchor": "middle",
            "font-size": SEA_SIZE, "font-family": FONT, "font-style": "italic",
            "fill": SEA_INK, "class": "sea-name", "pointer-events": "none",
            "aria-hidden": "true"}, text(name)))
    return "".join(labels)


def _along(board: Board, spaces: Sequence[int], name: str,
           over_a_name: bool = False) -> tuple[float, float] | None:
    """Where a sea's name runs down the sea (the middle of its longest column of hexes)
    in a portrait drawing: a sea one column wide whose name is wider than a hex, or one
    whose name laid across would lie `over_a_name` of the land (the Bay of Bengal at the
    map's edge, moved in over "Reis" in German and "Riso" in Italian). Only where the
    name fits along that column; None when it is laid across as usual."""
    r = board.data.hex_grid.radius  # a portrait hex is flat-topped: this wide each side
    step = r * math.sqrt(3)  # and this tall
    columns: dict[float, list[float]] = {}
    for i in spaces:
        x, y = space_xy(board, i, True)
        columns.setdefault(round(x, 1), []).append(y)
    long = _sea_width(name)
    narrow = len(columns) == 1 and len(spaces) >= 2 and long > 2 * r
    if not (narrow or over_a_name):
        return None
    x, ys = max(columns.items(), key=lambda kv: (len(kv[1]), -kv[0]))
    ys.sort()
    whole = all(abs(b - a - step) < 1.0 for a, b in zip(ys, ys[1:], strict=False))  # no gap
    if not whole or long > ys[-1] - ys[0] + step:
        return None
    return x, (ys[-1] + ys[0]) / 2


NUDGE = 12.0  # how far a sea's name may move along its row to clear a land name


def _clear_x(board: Board, st: SvgStrings, portrait: bool, x: float, y: float,
             name: str) -> float | None:
    """Where along its row, nearest `x` and no further than NUDGE, a sea's name with its
    baseline at `y` lies over no land space's name or goods marker and inside the map;
    None if nowhere. ("Persischer Golf" on the wide map reached the pearls' marker.)"""
    half = _sea_width(name) / 2
    boxes = _land_words(board, st, portrait)
    for step in range(int(NUDGE) + 1):
        for at in (x,) if step == 0 else (x - step, x + step):
            inside = step == 0 or _inside(board, at, name, portrait) == at
            if inside and not _covers(
                    boxes, (at - half, at + half, y - SEA_SIZE * 0.75, y + SEA_SIZE * 0.22)):
                return at
    return None


Box = tuple[float, float, float, float]  # left, right, top, bottom


@lru_cache(maxsize=8)
def _land_words(board: Board, st: SvgStrings, portrait: bool) -> tuple[Box, ...]:
    """The boxes of the land spaces' names and goods markers,
    as _space_labels and _space draw them (a glyph from three quarters of its size above
    the baseline to a fifth below)."""
    room = label_room(board, st, portrait)
    boxes: list[Box] = []
    for sp in board.data.spaces:
        words, bold = space_label(board, sp.id, st)
        x, y = space_xy(board, sp.id, portrait)
        if words:
            half = min(room[sp.id], text_width(words, LABEL_SIZE, bold)) / 2
            base = y + NAME_DY
            boxes.append((x - half, x + half, base - LABEL_SIZE * 0.75, base + LABEL_SIZE * 0.22))
        if board.good_at[sp.id]:
            my = y + MARKER_DY
            boxes.append((x - MARKER_R, x + MARKER_R, my - MARKER_R, my + MARKER_R))
    return tuple(boxes)


def _covers(boxes: Iterable[Box], box: Box) -> bool:
    """Whether `box` meets any of `boxes`."""
    left, right, top, bottom = box
    return any(left < other_right and other_left < right and top < other_bottom
               and other_top < bottom
               for other_left, other_right, other_top, other_bottom in boxes)


SEA_WIDER = 1.35  # the sea names' serif italic is about this much wider than the labels'


def _sea_width(name: str) -> float:
    """About how wide a sea's name is drawn (its serif italic at SEA_SIZE)."""
    return text_width(name, SEA_SIZE) * SEA_WIDER


def _inside(board: Board, x: float, name: str, portrait: bool) -> float:
    """A sea name's centre, moved in from the map's edge where the name would cross it
    (a portrait map is narrow, and a sea at its edge has its longest row there)."""
    half = _sea_width(name) / 2 + 3.0
    minx = board.data.view_box[0]
    width = map_size(board, portrait)[0]
    return x if half * 2 >= width else min(max(x, minx + half), minx + width - half)


def _space_labels(board: Board, st: SvgStrings, portrait: bool = False,
                  only: frozenset[int] | None = None) -> str:
    """The names of the land spaces, one layer (they never change during a game); `only`
    some of them (a part of the board drawn on its own: excerpt.py)."""
    room = label_room(board, st, portrait)
    out = ['<g class="space-labels" pointer-events="none">']
    for sp in board.data.spaces:
        words, bold = space_label(board, sp.id, st)
        if words and (only is None or sp.id in only):
            x, y = space_xy(board, sp.id, portrait)
            out.append(_text(x, y + NAME_DY, words, LABEL_SIZE, room[sp.id], bold=bold,
                             label_of=sp.id))
    out.append("</g>")
    return "".join(out)


@dataclass(frozen=True, slots=True)
class _SpaceShape:
    """What never changes about a space's drawing: where it is and its outline, worked
    out once per board (the rings inside it only when a space has them: hex_points)."""

    x: float
    y: float
    r: float
    pointy: bool
    hexagon: str  # the points of its outline

    def ring(self, r: float) -> str:
        return hex_points(self.x, self.y, r, self.pointy)

    @property
    def top(self) -> float:
        """The y of its top corner (or edge)."""
        return self.y - (self.r if self.pointy else self.r * math.sqrt(3) / 2)


@lru_cache(maxsize=8)
def _shapes(board: Board, portrait: bool = False) -> tuple[_SpaceShape, ...]:
    r = board.data.hex_grid.radius
    # a quarter turn makes pointy hexes flat-topped (and flat ones pointy)
    pointy = (board.data.hex_grid.orientation == "pointy") != portrait
    centres = (space_xy(board, i, portrait) for i in range(board.n_spaces))
    return tuple(_SpaceShape(x, y, r, pointy, hex_points(x, y, r, pointy)) for x, y in centres)


def _coach_space(shape: _SpaceShape) -> Svg:
    points = shape.ring(shape.r * COACH_RING)
    ring = [element("polygon", {"points": points, "fill": "none", "stroke": colour,
                                "stroke-width": width, "stroke-linejoin": "round"})
            for colour, width in (("#fff", 6.5), (COACH_INK, 3.4))]
    return _coach_mark(Svg("".join(ring)), shape.x, shape.top + 2.0)


@lru_cache(maxsize=8192)
def _space(board: Board, st: SvgStrings, i: int, legal: bool, last: bool, place_fam: str,
           occ: tuple[int, ...], marker_on_board: bool, latest: bool = False,
           suggested: str = "", portrait: bool = False) -> Piece:
    """One space (cached: most spaces look the same from one move to the next)."""
    shape = _shapes(board, portrait)[i]
    x, y = shape.x, shape.y
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
           + (" latest" if latest else "") + (" suggested" if suggested else ""))
    # the hex as a Piece: when the space becomes legal or not, a page changes its tint
    # in place (render.py's children_patch) rather than drawing it anew
    g: list[Svg | Piece] = [piece("", "polygon", {
        "class": "hex", "points": shape.hexagon,
        "fill": LEGAL_TINT if legal and not water else fill,
        "stroke": edge, "stroke-width": "1.2"}, ())]
    if home >= 0:
        fam = board.data.families[home]
        g.append(Svg(f'<polygon points="{shape.ring(shape.r - 3.2)}" fill="none" '
                     f'stroke="{fam.colour}" stroke-width="3.5" stroke-opacity="0.85"/>'))
        g.append(Svg(symbol_shape(fam.symbol, x, y + MARKER_DY, 5.5, fam.colour,
                                  ' stroke="#1b1209" stroke-width="0.7"')))
    if legal:
        # a dashed ring inside the edge: legal without relying on colour, and leaving
        # the name and number readable
        g.append(Svg(f'<polygon class="legal-mark" points="{shape.ring(shape.r - 3)}" '
                     f'fill="none" stroke="{LEGAL_INK}" stroke-width="3.2" '
                     f'stroke-dasharray="6 3.5"/>'))
    if water:
        # two ship berths, as on the printed board
        for k in (-1, 1):
            if len(occ) <= (0 if k < 0 else 1):
                g.append(Svg(f'<ellipse cx="{_f(x + k * CAMEL_DX)}" cy="{_f(y + CAMEL_DY_MID)}" '
                             f'rx="7" ry="3.2" fill="none" stroke="{WATER_EDGE}" '
                             f'stroke-width="0.9" stroke-dasharray="2 1.5"/>'))
    if good:
        my = y + MARKER_DY
        on = marker_on_board
        g.append(Svg(f'<circle class="goods-marker" cx="{_f(x)}" cy="{_f(my)}" '
                     f'r="{_f(MARKER_R)}" fill="{MARKER_GOLD if on else DOMAIN_PAPER}" '
                     f'stroke="{INK}" stroke-width="{1 if on else 0.8}" '
                     f'stroke-dasharray="{"none" if on else "2 1.4"}"/>'))
        g.append(_text(x, my + LABEL_SIZE * 0.36, str(good), LABEL_SIZE, 2 * MARKER_R,
                       bold=True, cls="label goods-no"))
    cy = y + (CAMEL_DY if space_label(board, i, st)[0] else CAMEL_DY_MID)
    for k, f in enumerate(occ):
        cx = x + (-CAMEL_DX if k == 0 else CAMEL_DX)
        is_last = last and k == len(occ) - 1
        if is_last:
            g.append(Svg(f'<circle class="last-ring" cx="{_f(cx)}" cy="{_f(cy)}" '
                         f'r="{_f(CAMEL_R + 2.6)}" fill="{LAST_RING}" stroke="#b8860b" '
                         f'stroke-width="1.4"/>'))
        g.append(Svg(camel_token(board, f, cx, cy, extra_class="last" if is_last else "")))
    if suggested:
        g.append(_coach_space(shape))
    attrs: dict[str, str | None] = {
        "class": cls, "data-space": str(i), "role": "button" if legal else "img",
        "tabindex": "0" if legal else None, "aria-label": _marked(label, suggested)}
    return piece(f"space:{i}", "g", attrs, g)

"""The board drawing's words: the SvgStrings a page fills in its language, the names
of families, goods and spaces, and how wide a label is drawn."""

from __future__ import annotations

import math
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache

from ..board import Board
from .style import CAMEL_DX, CAMEL_R, LABEL_SIZE, PORTRAIT_LABEL_HALF, map_size, space_xy


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
    family_label: str = (
        "{family}: marriage portion {portion}, treasury {treasury}, {tiles} family tiles, "
        "{camels} camels and {markers} relationship markers left"
    )
    green_on_top: str = ", dark green marker on top"
    marry_label: str = "Marry into the {family} for {portion} dirhams"
    goods_space: str = "{good} {number}"
    unnamed_land: str = "land space {id}"
    # an unnamed land space by a named neighbour: "land east of Kerman" (by direction
    # from the neighbour: e, w, ne, nw, se, sw; unique, since a hex has one neighbour
    # each way)
    land_near: Mapping[str, str] = field(default_factory=lambda: {
        "e": "land east of {place}", "w": "land west of {place}",
        "ne": "land north-east of {place}", "nw": "land north-west of {place}",
        "se": "land south-east of {place}", "sw": "land south-west of {place}"})
    sea_space: str = "{sea}, space {id}"
    home_label: str = "{place}, home city of the {family}"
    marker_here: str = ", goods marker on the board"
    camels_here: str = ", camels of: {families}"
    no_camels: str = ", no camels"
    place_label: str = "Place a camel of the {family} on {space}"
    married_label: str = ", married into by {players}"
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
    near = _named_neighbour(board, space)
    if near is not None and strings.land_near:
        j, way = near
        return strings.land_near[way].format(place=space_name(board, j, strings))
    return strings.unnamed_land.format(id=space)


@lru_cache(maxsize=256)
def _named_neighbour(board: Board, space: int) -> tuple[int, str] | None:
    """A named land neighbour to call an unnamed space by, and the way from it: a town
    or home city before a goods space, one in the same row before the others."""
    here = board.data.spaces[space]
    best: tuple[tuple[int, int, int], int, str] | None = None
    for j in board.neighbours[space]:
        if board.is_water[j] or not board.space_names[j]:
            continue
        there = board.data.spaces[j]
        dx, dy = here.x - there.x, here.y - there.y
        ns = "" if abs(dy) < 1 else ("n" if dy < 0 else "s")
        way = ns + ("e" if dx > 0 else "w")
        rank = (1 if board.good_at[j] else 0, 1 if ns else 0, j)
        if best is None or rank < best[0]:
            best = (rank, j, way)
    return None if best is None else (best[1], best[2])


def _sea_name(board: Board, space: int, strings: SvgStrings) -> str:
    for sea in board.data.seas:
        if space in sea.spaces:
            return strings.sea_names.get(sea.name, sea.name)
    return ""



# Advance widths of Arial Narrow (and Liberation Sans Narrow, its metric twin) in
# hundredths of an em, to estimate how wide a label is drawn; accents count as their
# letter, anything else as half an em.
_WIDTHS: dict[str, int] = {
    ch: w for w, chars in (
        (16, "'’"), (18, "ijl"), (23, " !,./:;I[]ft"), (27, "()-`r"), (29, '"'), (32, "*"),
        (41, "Jcksvxyz"), (46, "#$0123456789?L_abdeghnopqu–"), (48, "+<=>"), (50, "FTZß"),
        (55, "&ABEKPSVXY"), (59, "CDHNRUw"), (64, "GOQ"), (68, "Mm"), (73, "%"), (77, "W"),
    ) for ch in chars
}
BOLD_WIDER = 1.07


def text_width(text: str, size: float, bold: bool = False) -> float:
    """About how wide `text` is drawn in the label font at `size` (user units)."""
    total = 0
    for ch in text:
        base = unicodedata.normalize("NFD", ch)[:1] or ch
        total += _WIDTHS.get(ch, _WIDTHS.get(base, 50))
    return total / 100 * size * (BOLD_WIDER if bold else 1.0)


def space_label(board: Board, space: int, strings: SvgStrings = ENGLISH) -> tuple[str, bool]:
    """The word a land space shows on the map and whether it is bold: a goods space
    its good, a home city and a town their names; ("", False) for the rest."""
    if board.is_water[space]:
        return "", False
    good = board.good_at[space]
    if good:
        return good_name(board, good, strings), True
    return board.space_names[space] or "", board.home_at[space] >= 0


@lru_cache(maxsize=16)
def label_room(board: Board, strings: SvgStrings = ENGLISH,
               portrait: bool = False) -> tuple[float, ...]:
    """How wide each space's label may be drawn (user units).

    A label may reach into the next hex of its row where that hex leaves room: beside
    another label, the two share their centres' distance (less a gap) so that neither
    gets less than its own hex; beside water it stops short of the ships; beside
    unnamed land or no space, short of that hex's centre; never past the map's edge.

    In a portrait drawing the hexes are flat-topped: the next hex at a label's height
    is two columns away, and the label may reach a little past its own hex's corner
    (between the two neighbours on that side, under their camels and over their goods
    markers), never past the map's edge.
    """
    if portrait:
        width = map_size(board, True)[0]
        return tuple(round(2 * min(PORTRAIT_LABEL_HALF, x - 2.0, width - x - 2.0), 1)
                     for x, _ in (space_xy(board, i, True) for i in range(board.n_spaces)))
    data = board.data
    minx, _, width, _ = data.view_box
    step = math.sqrt(3) * data.hex_grid.radius
    own = step / 2 - 2.0
    need = []
    for i in range(board.n_spaces):
        text, bold = space_label(board, i, strings)
        need.append(text_width(text, LABEL_SIZE, bold) if text else 0.0)
    at = {(round(sp.x), round(sp.y)): sp.id for sp in data.spaces}
    room = []
    for sp in data.spaces:
        half = min(sp.x - minx, minx + width - sp.x) - 2.0
        for side in (-1, 1):
            j = at.get((round(sp.x + side * step), round(sp.y)))
            if j is not None and board.is_water[j]:
                limit = step - CAMEL_DX - CAMEL_R - 2.0
            elif j is None or not need[j]:
                limit = step - 14.0
            else:
                limit = max(own, step - 4.0 - need[j] / 2)
            half = min(half, limit)
        room.append(round(2 * half, 1))
    return tuple(room)


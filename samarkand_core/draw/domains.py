"""The bands of family domains above and below the map, and each domain's drawing (the
landscape and the portrait layouts), for board.py."""

from __future__ import annotations

from functools import lru_cache

from ..board import Board
from ..rules import MARKERS_PER_FAMILY, TILES_PER_FAMILY
from .marks import _coach_domain, _marked
from .shapes import _f, _text, camel_token, domain_slots, symbol_shape
from .style import (
    BAND,
    DOMAIN_PAPER,
    GAP,
    GREEN_MARKER,
    GREY_MARKER,
    INK,
    LABEL_SIZE,
    LEGAL_INK,
    LEGAL_TINT,
    PORTRAIT_COLS,
    VALUE_SIZE,
    map_size,
)
from .svgkit import Piece, Svg, piece
from .words import SvgStrings, family_name


def svg_size(board: Board, portrait: bool = False) -> tuple[float, float]:
    """The drawing's width and height (user units)."""
    w, h = map_size(board, portrait)
    top, bottom = _bands(board, portrait)
    return w, h + top + bottom


def _band_rows(board: Board) -> tuple[int, int]:
    """How many rows of domains a portrait drawing has above and below the map."""
    top = (board.n_families + 1) // 2
    return -(-top // PORTRAIT_COLS), -(-(board.n_families - top) // PORTRAIT_COLS)


def _bands(board: Board, portrait: bool) -> tuple[float, float]:
    """The heights of the bands of domains above and below the map."""
    if not portrait:
        return BAND, BAND
    row = BAND - GAP  # a domain and the gap above it
    above, below = _band_rows(board)
    return above * row + GAP, below * row + GAP


@lru_cache(maxsize=8)
def _domain_boxes(board: Board, portrait: bool = False) -> tuple[
        tuple[float, float, float, float], ...]:
    """(x, y, width, height) of each family's domain, in the bands above and below the
    map."""
    if portrait:
        return _portrait_boxes(board)
    _, _, w, map_h = board.data.view_box
    slots = domain_slots(board)
    cols = max(c for _, c in slots) + 1
    dw = (w - GAP * (cols + 1)) / cols
    dh = BAND - 2 * GAP
    return tuple((GAP + col * (dw + GAP), GAP if band == 0 else BAND + map_h + GAP, dw, dh)
                 for band, col in slots)


def _portrait_boxes(board: Board) -> tuple[tuple[float, float, float, float], ...]:
    """The domains of a portrait drawing: two abreast, the western half of the families
    above the map (which has the west at its top), the eastern half below. Each band is
    filled from the east, so that the families nearest an end of the map sit nearest
    it; a row of one keeps the side of its family's home (north is right)."""
    minx, miny, _, map_h = board.data.view_box
    w, h = map_size(board, True)
    n = board.n_families
    dw = (w - GAP * (PORTRAIT_COLS + 1)) / PORTRAIT_COLS
    dh = BAND - 2 * GAP
    top_h, _ = _bands(board, True)
    homes = [board.data.spaces[board.home[f]] for f in range(n)]
    west_first = sorted(range(n), key=lambda f: (homes[f].x, homes[f].y))
    above = west_first[: (n + 1) // 2]
    below = west_first[(n + 1) // 2:]
    boxes: dict[int, tuple[float, float, float, float]] = {}
    for band_y, members in ((0.0, above), (top_h + h, below)):
        members = sorted(members, key=lambda f: -homes[f].x)  # from the east
        for start in range(0, len(members), PORTRAIT_COLS):
            row = sorted(members[start:start + PORTRAIT_COLS], key=lambda f: -homes[f].y)
            y = band_y + GAP + (start // PORTRAIT_COLS) * (dh + GAP)
            for k, f in enumerate(row):
                col = k if len(row) > 1 else int(homes[f].y < miny + map_h / 2)
                boxes[f] = (minx + GAP + col * (dw + GAP), y, dw, dh)
    return tuple(boxes[f] for f in range(n))


def _tile_slots(tiles: int, badges: tuple[str, ...], in_bag: bool,
                removed: int) -> list[tuple[str, str]]:
    """What each of a family's two tile places shows: ("domain", ""), ("player",
    badge) for a player who married in, ("bag", "") in a two-player game's bag,
    ("removed", "") out of the game."""
    slots = ([("domain", "")] * tiles + [("player", b) for b in badges]
             + [("bag", "")] * in_bag + [("removed", "")] * removed)
    return (slots + [("empty", "")] * TILES_PER_FAMILY)[:max(TILES_PER_FAMILY, len(slots))]


# The height of a domain's header (its face's coloured band); the figures sit below it.
HEAD = 21.0
# Where a domain's figures sit, from its left edge (the centres of the coins, the camel
# and the marker stack; the left edge of the first tile): the rules' pictures point at them.
PORTION_X, TREASURY_X, TILES_X, CAMEL_X, MARKERS_X = 19.0, 48.0, 68.0, 125.0, 163.0
TILE_W, TILE_H, TILE_GAP = 20.0, 26.0, 3.0


def figure_y(box: tuple[float, float, float, float]) -> float:
    """The centre line of a domain's figures (below its header)."""
    _, y, _, h = box
    return y + HEAD + (h - HEAD) / 2


@lru_cache(maxsize=4096)
def _domain(board: Board, st: SvgStrings, f: int, box: tuple[float, float, float, float],
            legal: bool, selected: bool, treasury: int, tiles: int, camels: int, markers: int,
            in_bag: bool, removed: int, married: tuple[tuple[str, str], ...],
            latest: bool = False, suggested: str = "") -> Piece:
    """One family domain (cached like the spaces): a header with the family's symbol
    and name, then its marriage portion and treasury (coins), its two family tiles (on
    the domain, or the badge of the player who married in), camels and relationship
    markers left. The words are in the aria-label (and the page's tooltip)."""
    x, y, w, h = box
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
    if married:
        label += st.married_label.format(players=", ".join(n for _, n in married))
    label = _marked(label, suggested)
    cls = ("domain" + (" legal" if legal else "") + (" selected" if selected else "")
           + (" latest" if latest else "") + (" suggested" if suggested else ""))
    g: list[Svg | Piece] = [_face(board, st, f, box, legal, selected, label if legal else "")]
    g.extend(_figures(board, f, box, treasury, tiles, camels, markers, in_bag, removed,
                      tuple(badge for badge, _ in married)))
    if suggested:
        g.append(_coach_domain(x, y, w, h))
    attrs: dict[str, str | None] = {
        "class": cls, "data-family": fam.id, "role": None if legal else "img",
        "aria-label": None if legal else label}
    return piece(f"family:{fam.id}", "g", attrs, g)


@lru_cache(maxsize=1024)
def _face(board: Board, st: SvgStrings, f: int, box: tuple[float, float, float, float],
          legal: bool, selected: bool, label: str) -> Piece:
    """A domain's face: its box, header, symbol and name, and the frame of a legal one
    (cached apart from the figures: a move changes one or the other)."""
    x, y, w, h = box
    fam = board.data.families[f]
    name = family_name(board, f, st)
    # A legal domain's button is its face (box, header and name): the figures and badges
    # drawn on it stay outside the button, whose only visible words are then the
    # family's name, part of its accessible name ("label in name", WCAG 2.5.3). A click
    # anywhere on the domain still reaches data-family.
    # the box as a Piece: a domain that becomes legal or chosen has its box's tint and
    # edge changed in place (render.py's children_patch), not drawn anew
    face: list[Svg | Piece] = [piece("", "rect", {
        "class": "domain-box", "x": _f(x), "y": _f(y), "width": _f(w), "height": _f(h),
        "rx": "6", "fill": LEGAL_TINT if legal else DOMAIN_PAPER, "stroke": fam.colour,
        "stroke-width": "4" if selected else "2"}, ())]
    head = HEAD
    face.append(Svg(f'<path d="M{_f(x)},{_f(y + head)} v{_f(-head + 6)} a6,6 0 0 1 6,-6 '
                    f'h{_f(w - 12)} a6,6 0 0 1 6,6 v{_f(head - 6)}z" fill="{fam.colour}"/>'))
    face.append(Svg(symbol_shape(fam.symbol, x + 12, y + head / 2, 6, fam.text_colour)))
    face.append(_text(x + 23, y + 15, name, LABEL_SIZE, w - 28, bold=True, anchor="start",
                      fill=fam.text_colour, cls="label domain-name"))
    if legal:
        # a dashed frame (not a wash over the domain): with all ten legal at the
        # start of a game, the board stays readable
        face.append(Svg(f'<rect class="legal-mark" x="{_f(x + 2.5)}" y="{_f(y + head + 1.5)}" '
                        f'width="{_f(w - 5)}" height="{_f(h - head - 4)}" rx="4" fill="none" '
                        f'stroke="{LEGAL_INK}" stroke-width="3" stroke-dasharray="7 4"/>'))
    # the face as a Piece of its own: when the domain becomes legal or not, the page
    # changes the face's attributes and the frame in place, and its words stay
    return piece("", "g", {"class": "domain-face", "role": "button" if legal else None,
                           "tabindex": "0" if legal else None,
                           "aria-label": label if legal else None}, face)


@lru_cache(maxsize=4096)
def _figures(board: Board, f: int, box: tuple[float, float, float, float], treasury: int,
             tiles: int, camels: int, markers: int, in_bag: bool, removed: int,
             badges: tuple[str, ...]) -> tuple[Svg, ...]:
    """A domain's figures: portion and treasury, family tiles, camels and relationship
    markers left."""
    x, y, w, h = box
    fam = board.data.families[f]
    portion = board.portion[f]
    green = markers == MARKERS_PER_FAMILY
    g: list[Svg] = []
    iy = figure_y(box)  # icon centre line
    vy = iy + VALUE_SIZE * 0.36  # baseline of the numbers
    # portion and treasury: coins
    for cx, value, colour in ((x + PORTION_X, portion, "#c9962b"),
                               (x + TREASURY_X, treasury, "#a5a8ad")):
        g.append(Svg(f'<circle cx="{_f(cx)}" cy="{_f(iy)}" r="12.5" fill="{colour}" '
                     f'stroke="{INK}" stroke-width="1"/>'))
        g.append(Svg(f'<circle cx="{_f(cx)}" cy="{_f(iy)}" r="9.8" fill="none" '
                     f'stroke="#fff6d8" stroke-width="0.8" stroke-opacity="0.8"/>'))
        g.append(_text(cx, vy, str(value), VALUE_SIZE, 20, bold=True, fill="#1b1209",
                       cls="label value"))
    # family tiles: on the domain (filled), taken by a player (that player's badge),
    # in the 2-player bag (dotted), out of the game (crossed)
    tw, th = TILE_W, TILE_H
    for k, (kind, badge) in enumerate(_tile_slots(tiles, badges, in_bag, removed)):
        tx = x + TILES_X + k * (tw + TILE_GAP)
        ty = iy - th / 2
        if kind == "domain":
            g.append(Svg(f'<rect class="tile" x="{_f(tx)}" y="{_f(ty)}" width="{_f(tw)}" '
                         f'height="{_f(th)}" rx="2.5" fill="{fam.colour}" stroke="#1b1209" '
                         f'stroke-width="1"/>'))
            g.append(Svg(symbol_shape(fam.symbol, tx + tw / 2, iy, 5, fam.text_colour)))
        elif kind == "player":
            g.append(Svg(f'<rect class="tile taken" x="{_f(tx)}" y="{_f(ty)}" '
                         f'width="{_f(tw)}" height="{_f(th)}" rx="2.5" fill="#fff" '
                         f'stroke="{INK}" stroke-width="1.3"/>'))
            g.append(_text(tx + tw / 2, iy + LABEL_SIZE * 0.36, badge, LABEL_SIZE, tw - 3,
                           bold=True, cls="label tile-badge"))
        else:
            dash = {"bag": "2 1.5", "removed": "none", "empty": "3 2"}[kind]
            g.append(Svg(f'<rect class="tile {kind}" x="{_f(tx)}" y="{_f(ty)}" '
                         f'width="{_f(tw)}" height="{_f(th)}" rx="2.5" fill="none" '
                         f'stroke="{INK}" stroke-width="0.9" stroke-opacity="0.6" '
                         f'stroke-dasharray="{dash}"/>'))
            if kind == "removed":
                g.append(Svg(f'<path d="M{_f(tx)},{_f(ty)} l{_f(tw)},{_f(th)} '
                             f'M{_f(tx + tw)},{_f(ty)} l{_f(-tw)},{_f(th)}" stroke="#8b1a1a" '
                             f'stroke-width="1.3"/>'))
    # camels left
    cx = x + CAMEL_X
    g.append(Svg(camel_token(board, f, cx, iy, 9.0)))
    g.append(_text(cx + 11, vy, str(camels), VALUE_SIZE, 18, bold=True, anchor="start",
                   cls="label value"))
    # relationship markers: a stack, top one green while no relationship is made
    cx = x + MARKERS_X
    for k in range(min(markers, MARKERS_PER_FAMILY)):
        top = k == markers - 1
        colour = GREEN_MARKER if (top and green) else GREY_MARKER
        my = iy + 7 - k * 3.4
        g.append(Svg(f'<rect x="{_f(cx - 8)}" y="{_f(my - 5)}" width="16" height="9" rx="2" '
                     f'fill="{colour}" stroke="#1b1209" stroke-width="0.8"/>'))
    if markers == 0:
        g.append(Svg(f'<rect x="{_f(cx - 8)}" y="{_f(iy - 2)}" width="16" height="9" rx="2" '
                     f'fill="none" stroke="{INK}" stroke-width="0.8" '
                     f'stroke-dasharray="2 1.5"/>'))
    g.append(_text(cx + 11, vy, str(markers), VALUE_SIZE, 10, bold=True, anchor="start",
                   cls="label value"))
    return tuple(g)

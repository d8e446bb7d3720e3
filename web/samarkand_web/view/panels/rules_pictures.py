"""Small pictures beside the rules in brief: the pieces as the board draws them.

Each is drawn with the board's own SVG code (samarkand_core.svg: its camel, family
symbols, hexagons and colours), standalone and inert: no data-space or data-family
attribute, so that nothing in the rules dialog acts on the game or shows a tooltip. A
picture is one image for assistive technology (role="img" and a sentence saying what it
shows); what it is drawn of is hidden from it.

The family shown is the board's first, the goods space its lowest-numbered one: the
pictures are examples, never a position of the game on screen."""

from __future__ import annotations

from collections.abc import Callable

from samarkand_core import Board, default_board
from samarkand_core.rules import CAMELS_PER_FAMILY, MARKERS_PER_FAMILY, TILES_PER_FAMILY
from samarkand_core.svg import (
    DOMAIN_PAPER,
    GOODS_LAND,
    GREEN_MARKER,
    GREY_MARKER,
    INK,
    LABEL_ATTRS,
    LAND_EDGE,
    MARKER_GOLD,
    MARKER_R,
    camel_token,
    hex_points,
    symbol_shape,
)
from samarkand_web.view.markup import Markup, html, join
from samarkand_web.view.ui import Screen

EXAMPLE_FAMILY = 0
EXAMPLE_GREEN, EXAMPLE_MOST = 3, 4  # the end gauge's example: as its alternative text says


def _svg(width: float, height: float, body: str) -> Markup:
    """A standalone drawing, hidden from assistive technology (its frame is the image)."""
    return html('<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" '
                'viewBox="0 0 {w} {h}" aria-hidden="true" focusable="false" {attrs}>{body}'
                "</svg>", w=f"{width:g}", h=f"{height:g}", attrs=Markup(LABEL_ATTRS),
                body=Markup(body))


def _frame(label: str, picture: Markup) -> Markup:
    return html('<div class="rules-picture" role="img" aria-label="{}">{}</div>', label,
                picture)


def camel(board: Board, f: int) -> Markup:
    return _svg(44, 44, camel_token(board, f, 22.0, 22.0, 17.0))


def markers(cx: float = 14.0, base: float = 30.0, width: float = 22.0,
            height: float = 12.0) -> str:
    """A family's relationship markers as its domain shows them: a stack of five, the top
    one dark green while the family has no trade relationship."""
    out = []
    for k in range(MARKERS_PER_FAMILY):
        colour = GREEN_MARKER if k == MARKERS_PER_FAMILY - 1 else GREY_MARKER
        y = base - k * height * 0.42
        out.append(f'<rect x="{cx - width / 2:g}" y="{y:g}" width="{width:g}" '
                   f'height="{height:g}" rx="2.5" fill="{colour}" stroke="#1b1209" '
                   f'stroke-width="1"/>')
    return "".join(out)


def domain(board: Board, f: int, name: str) -> Markup:
    """A family's domain as the board draws it: its colour, symbol and name on top; the
    marriage portion and the treasury (coins), its two family tiles, a camel with the
    camels left and the relationship markers."""
    fam = board.data.families[f]
    w, h, head = 214.0, 70.0, 21.0
    iy = head + (h - head) / 2
    parts = [
        f'<rect x="1" y="1" width="{w - 2:g}" height="{h - 2:g}" rx="6" fill="{DOMAIN_PAPER}" '
        f'stroke="{fam.colour}" stroke-width="2"/>',
        f'<path d="M1,{head:g} v-15 a6,6 0 0 1 6,-6 h{w - 14:g} a6,6 0 0 1 6,6 v15z" '
        f'fill="{fam.colour}"/>',
        symbol_shape(fam.symbol, 13.0, head / 2 + 0.5, 6.0, fam.text_colour),
    ]
    parts.append(str(html('<text x="24" y="15.5" font-size="12.5" font-weight="bold" '
                          'fill="{}">{}</text>', fam.text_colour, name)))
    for cx, value, colour in ((20.0, board.portion[f], "#c9962b"), (49.0, 0, "#a5a8ad")):
        parts.append(f'<circle cx="{cx:g}" cy="{iy:g}" r="12.5" fill="{colour}" '
                     f'stroke="{INK}" stroke-width="1"/><text x="{cx:g}" y="{iy + 5:g}" '
                     f'font-size="14" font-weight="bold" text-anchor="middle" '
                     f'fill="#1b1209">{value}</text>')
    for k in range(TILES_PER_FAMILY):
        tx = 69.0 + k * 23.0
        parts.append(f'<rect x="{tx:g}" y="{iy - 13:g}" width="20" height="26" rx="2.5" '
                     f'fill="{fam.colour}" stroke="#1b1209" stroke-width="1"/>'
                     + symbol_shape(fam.symbol, tx + 10.0, iy, 5.0, fam.text_colour))
    parts.append(camel_token(board, f, 126.0, iy, 9.0))
    # a family starts with one camel on its home city: the others wait on its domain
    parts.append(f'<text x="137" y="{iy + 5:g}" font-size="14" font-weight="bold" '
                 f'fill="{INK}">{CAMELS_PER_FAMILY - 1}</text>')
    parts.append(markers(cx=180.0, base=iy + 2.0, width=16.0, height=9.0))
    parts.append(f'<text x="191" y="{iy + 5:g}" font-size="14" font-weight="bold" '
                 f'fill="{INK}">{MARKERS_PER_FAMILY}</text>')
    return _svg(w, h, "".join(parts))


def goods_space(board: Board) -> Markup:
    """The lowest-numbered goods space as the map draws it: a sandy hexagon, its goods
    marker (gold, with the number) still on it."""
    good = min(g for g in board.good_at if g)
    r = board.data.hex_grid.radius
    pointy = board.data.hex_grid.orientation == "pointy"
    size = 2 * r + 4
    c = size / 2
    body = (f'<polygon points="{hex_points(c, c, r, pointy)}" fill="{GOODS_LAND}" '
            f'stroke="{LAND_EDGE}" stroke-width="1.2"/>'
            f'<circle cx="{c:g}" cy="{c:g}" r="{MARKER_R * 1.3:g}" fill="{MARKER_GOLD}" '
            f'stroke="{INK}" stroke-width="1"/>'
            f'<text x="{c:g}" y="{c + 5:g}" font-size="14" font-weight="bold" '
            f'text-anchor="middle" fill="{INK}">{good}</text>')
    return _svg(size, size, body)


def gauge(t: Callable[..., str], total: int, colon: str = ":") -> Markup:
    """The end gauge as the game shows it (panels/end.py's classes), with example numbers."""
    def pips(on: int, n: int) -> Markup:
        return join("", (html('<i class="pip{}"></i>', " on" if k < on else "")
                         for k in range(n)))

    return html('<p class="ending" aria-hidden="true"><span class="ending-label">{}{}</span>'
                '<span class="gauge green"><span class="pips">{}</span>'
                '<span class="gauge-n">{}/{}</span></span>'
                '<span class="gauge most"><span class="pips">{}</span>'
                '<span class="gauge-n">{}/{}</span></span></p>',
                t("ending.label"), colon, pips(EXAMPLE_GREEN, total), EXAMPLE_GREEN, total,
                pips(EXAMPLE_MOST, MARKERS_PER_FAMILY), EXAMPLE_MOST, MARKERS_PER_FAMILY)


class RulesPictures(Screen):
    """The picture beside each section of the rules that has one (by section name)."""

    def board(self) -> Board:
        return self.ctl.state.board if self.ctl is not None else default_board()

    def pictures(self) -> dict[str, Markup]:
        board = self.board()
        f = EXAMPLE_FAMILY
        name = self.svg_strings.family_names.get(board.family_ids[f], board.family_names[f])
        t = self.t
        return {
            "marry": _frame(t("rules.pic.domain", family=name), domain(board, f, name)),
            "expand": _frame(t("rules.pic.camel", family=name), camel(board, f)),
            "goods": _frame(t("rules.pic.goods"), goods_space(board)),
            "meet": _frame(t("rules.pic.markers"), _svg(28, 46, markers(base=32.0))),
            "end": _frame(t("rules.pic.gauge"), gauge(t, board.n_families, self.colon)),
        }

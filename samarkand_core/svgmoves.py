"""Marks of moves as the table follows them: a layer over the whole board (spaces and
domains) that shows where each move of a turn happened, each with its caption.

``moves_layer(board, marks)`` is one keyed piece (``layer:moves``, an element
``<g data-layer="moves">``) that svg.py puts after the domains, so that a caption is
drawn over every space and domain. It is always there (empty without marks), so that a
board keeps the same pieces and a page changes the layer in place: a mark already shown
keeps its element (and does not start its animation again) while the next one is added.

A mark is public by construction: it names a space or a domain and says a caption that
the page made from a public log line (a camel placed, a goods marker taken, a
marriage, a sale). Each mark's element carries ``data-bot-action`` (its kind) and
``data-step`` (its order in the turn) for a page's styles and tests; a page may animate
the classes ``move-mark`` and ``move-<kind>`` (the drawing is complete without).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .board import Board
from .svgkit import Piece, Svg, element, piece, text
from .svgshapes import hex_points
from .svgstyle import BAND, GAP, INK, MARKER_DY, MARKER_GOLD, MARKER_R, map_size, space_xy
from .svgwords import text_width

KINDS = ("camel", "marker", "marry", "sell")
MOVE_INK = "#c2410c"  # a burnt orange of its own: not the legal green, coach purple or gold
CAPTION_SIZE = 14.5  # a little over the space names (LABEL_SIZE): read at a glance
CAPTION_H = 22.0
CAPTION_PAD = 6.0
CAPTION_STEP = CAPTION_H + 3  # a caption that would cover another moves this much away
MAX_STEPS = 6  # (then it may cover one: a turn has few moves)

Box = tuple[float, float, float, float]  # left, top, right, bottom


@dataclass(frozen=True, slots=True)
class MoveMark:
    """One move shown on the board: `kind` one of KINDS; `space` where it happened (a
    camel, a goods marker, a sale) or `family` whose domain (a marriage), the other -1;
    `caption` its words, already in the page's language."""

    kind: str
    caption: str
    space: int = -1
    family: int = -1


def moves_layer(board: Board, marks: Sequence[MoveMark],
                boxes: Sequence[tuple[float, float, float, float]], *,
                portrait: bool = False, top: float = BAND, height: float | None = None) -> Piece:
    """The layer with `marks` in order (`boxes`: the domains' boxes, as svg.py draws
    them; `portrait`, `top` and `height`: the drawing held upright, the height of the band
    above the map and of the whole drawing, as svg.py draws them). A caption that would
    cover one drawn before it moves one step further away from its mark; those before
    never move, so that a mark added changes none of them."""
    children: list[Svg] = []
    placed: list[Box] = []  # the captions so far
    for step, m in enumerate(marks):
        if m.kind not in KINDS:
            raise ValueError(f"unknown move mark {m.kind!r}")
        children.append(_mark(board, m, step, placed, boxes, portrait, top, height))
    return piece("layer:moves", "g", {"class": "move-marks", "data-layer": "moves",
                                      "pointer-events": "none", "aria-hidden": "true"},
                 children)


def _mark(board: Board, m: MoveMark, step: int, placed: list[Box],
          boxes: Sequence[tuple[float, float, float, float]], portrait: bool, top: float,
          height: float | None) -> Svg:
    map_w, map_h = map_size(board, portrait)
    bottom = height if height is not None else map_h + 2 * BAND
    if m.family >= 0:
        x, y, w, h = boxes[m.family]
        shape = _domain_ring(x, y, w, h)
        top_band = y < top
        anchor_x, anchor_y = x + w / 2, (y + h + 4 if top_band else y - 4)
        below = top_band
    else:
        x, y = space_xy(board, m.space, portrait)
        r = board.data.hex_grid.radius
        # a quarter turn makes pointy hexes flat-topped
        pointy = (board.data.hex_grid.orientation == "pointy") != portrait
        cx, cy = x, y + top
        shape = _space_shape(m.kind, cx, cy, r, pointy)
        miny = board.data.view_box[1]
        below = y - miny < map_h * 0.3  # near the top: the caption goes under the space
        anchor_x, anchor_y = cx, (cy + r + 2 if below else cy - r - 2)
    caption = _caption(board, m.caption, anchor_x, anchor_y, below, placed, map_w, bottom)
    return element("g", {"class": f"move-mark move-{m.kind}", "data-bot-action": m.kind,
                         "data-step": step}, shape, caption)


def _space_shape(kind: str, cx: float, cy: float, r: float, pointy: bool) -> Svg:
    """A camel's space: a ring inside its edge (white under orange, to show on land,
    water and every family colour); a goods marker taken: the marker lifted off its
    place, gold with an orange edge; a sale: a coin with the sale's sign."""
    if kind == "camel":
        pts = hex_points(cx, cy, r * 0.9, pointy)
        return Svg("".join(element("polygon", {"class": cls, "points": pts, "fill": "none",
                                               "stroke": colour, "stroke-width": width,
                                               "stroke-linejoin": "round"})
                           for cls, colour, width in (("halo", "#fff", 7.0),
                                                      ("ring", MOVE_INK, 3.6))))
    my = cy + MARKER_DY
    if kind == "marker":
        return element("g", {"class": "lift"},
                       element("circle", {"cx": cx, "cy": my, "r": MARKER_R + 3.5,
                                          "fill": "none", "stroke": "#fff",
                                          "stroke-width": 5.0}),
                       element("circle", {"cx": cx, "cy": my, "r": MARKER_R + 3.5,
                                          "fill": MARKER_GOLD, "fill-opacity": 0.35,
                                          "stroke": MOVE_INK, "stroke-width": 2.6}))
    return element("g", {"class": "coin"},
                   element("circle", {"cx": cx + r * 0.55, "cy": my, "r": 9.5,
                                      "fill": MARKER_GOLD, "stroke": MOVE_INK,
                                      "stroke-width": 2.4}),
                   element("text", {"x": cx + r * 0.55, "y": my + 4.5, "text-anchor": "middle",
                                    "font-size": 13.0, "font-weight": "bold", "fill": INK},
                           text("+")))


def _overlap(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _domain_ring(x: float, y: float, w: float, h: float) -> Svg:
    return Svg("".join(element("rect", {"class": cls, "x": x - 1.5, "y": y - 1.5,
                                        "width": w + 3, "height": h + 3, "rx": 8,
                                        "fill": "none", "stroke": colour,
                                        "stroke-width": width})
                       for cls, colour, width in (("halo", "#fff", 7.0),
                                                  ("ring", MOVE_INK, 3.6))))


def _caption(board: Board, words: str, ax: float, ay: float, below: bool,
             placed: list[Box], w: float, height: float) -> Svg:
    """The caption's box, its edge at (ax, ay) (under it when `below`, else over it),
    kept inside the board, as many steps further away as it takes not to cover a
    caption in `placed` (to which it is added)."""
    minx, miny, _, _ = board.data.view_box
    natural = text_width(words, CAPTION_SIZE) + 2 * CAPTION_PAD
    width = min(natural, w - 2 * GAP)  # a caption wider than the board is squeezed in
    room = width / 2
    x = min(max(ax, minx + GAP + room), minx + w - GAP - room) - width / 2
    y = ay
    for k in range(MAX_STEPS):
        step = CAPTION_STEP * k
        y = ay + step if below else ay - CAPTION_H - step
        y = min(max(y, miny + 2), miny + height - CAPTION_H - 2)
        box = (x - 1, y - 1, x + width + 1, y + CAPTION_H + 1)
        if not any(_overlap(box, other) for other in placed):
            break
    placed.append(box)
    return element("g", {"class": "move-caption " + ("below" if below else "above")},
                   element("rect", {"x": x, "y": y, "width": width, "height": CAPTION_H,
                                    "rx": 4, "fill": "#fffdf6", "fill-opacity": 0.96,
                                    "stroke": MOVE_INK, "stroke-width": 1.4}),
                   element("text", {"x": x + CAPTION_PAD, "y": y + CAPTION_H * 0.7,
                                    "font-size": CAPTION_SIZE, "fill": INK,
                                    "textLength": (width - 2 * CAPTION_PAD
                                                   if width < natural else None),
                                    "lengthAdjust": ("spacingAndGlyphs"
                                                     if width < natural else None)},
                           text(words)))

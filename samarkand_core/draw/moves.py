"""Marks of moves as the table follows them: a layer over the whole board (spaces and
domains) that shows where each move of a turn happened, each with its caption.

``moves_layer(board, marks)`` is one keyed piece (``layer:moves``, an element
``<g data-layer="moves">``) that board.py puts after the domains, so that a caption is
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

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from ..board import Board
from .shapes import hex_points
from .style import BAND, GAP, INK, MARKER_DY, MARKER_GOLD, MARKER_R, map_size, space_xy
from .svgkit import Piece, Svg, element, piece, text
from .words import text_width

KINDS = ("camel", "marker", "marry", "sell")
MOVE_INK = "#c2410c"  # a burnt orange of its own: not the legal green, coach purple or gold
CAPTION_SIZE = 14.5  # a little over the space names (LABEL_SIZE): read at a glance
CAPTION_H = 22.0
CAPTION_PAD = 6.0
CAPTION_STEP = CAPTION_H + 3  # one step further from its mark, clear of the one before
MAX_STEPS = 20  # how far a caption may move from its mark: across a band of domains
# The page's zoom buttons over a lying board (style.css, .zoom-bar: 17.4% from the
# drawing's top, 1.2% from its right, three 36 px buttons): their corner in the
# drawing's units where the board is drawn narrowest lying (a frame 600 px wide), so
# that no caption goes under them at any width. An upright board has them above it.
ZOOM_BAR_TOP = 0.174
ZOOM_BAR_RIGHT = 0.012
ZOOM_BAR_PX = (118.0, 38.0)
NARROWEST_FRAME_PX = 600.0

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
                portrait: bool = False, top: float = BAND, height: float | None = None,
                legal_spaces: Collection[int] = (),
                legal_families: Collection[int] = ()) -> Piece:
    """The layer with `marks` in order (`boxes`: the domains' boxes, as board.py draws
    them; `portrait`, `top` and `height`: the drawing held upright, the height of the band
    above the map and of the whole drawing, as board.py draws them; `legal_spaces` and
    `legal_families`: what the person may choose now, by index).

    A caption covers no other caption, no space or domain a mark names, nothing the
    person may choose now and not the page's zoom buttons: it sits by its mark where
    that is clear, else one step further away, or beside, on either side. Each caption
    is placed after those before it, which it leaves where they are; where nothing is
    clear (a crowded corner), it covers as little as it can, another caption last."""
    geo = _Geometry(board, tuple(boxes), portrait, top, height)
    clear = [geo.space_box(i) for i in sorted(legal_spaces)]
    clear += [geo.domain_box(f) for f in sorted(legal_families)]
    clear += [geo.mark_box(m) for m in marks]  # the spaces and domains the marks name
    if not portrait:
        clear.append(geo.zoom_bar())
    children: list[Svg] = []
    placed: list[Box] = []  # the captions so far
    for step, m in enumerate(marks):
        if m.kind not in KINDS:
            raise ValueError(f"unknown move mark {m.kind!r}")
        children.append(_mark(geo, m, step, placed, clear))
    return piece("layer:moves", "g", {"class": "move-marks", "data-layer": "moves",
                                      "pointer-events": "none", "aria-hidden": "true"},
                 children)


@dataclass(frozen=True, slots=True)
class _Geometry:
    """Where the board draws what a caption must keep clear of, in the drawing's units."""

    board: Board
    boxes: tuple[tuple[float, float, float, float], ...]
    portrait: bool
    top: float
    height: float | None

    @property
    def size(self) -> tuple[float, float]:
        """The drawing's width and height."""
        map_w, map_h = map_size(self.board, self.portrait)
        return map_w, self.height if self.height is not None else map_h + 2 * BAND

    @property
    def pointy(self) -> bool:
        # a quarter turn makes pointy hexes flat-topped
        return (self.board.data.hex_grid.orientation == "pointy") != self.portrait

    def centre(self, space: int) -> tuple[float, float]:
        x, y = space_xy(self.board, space, self.portrait)
        return x, y + self.top

    def space_box(self, space: int) -> Box:
        """A space's hexagon's box, a unit inside (a caption may touch its edge)."""
        cx, cy = self.centre(space)
        r = self.board.data.hex_grid.radius
        half_w, half_h = (r * _COS30, r) if self.pointy else (r, r * _COS30)
        return (cx - half_w + 1, cy - half_h + 1, cx + half_w - 1, cy + half_h - 1)

    def domain_box(self, family: int) -> Box:
        x, y, w, h = self.boxes[family]
        return (x, y, x + w, y + h)

    def mark_box(self, m: MoveMark) -> Box:
        return self.domain_box(m.family) if m.family >= 0 else self.space_box(m.space)

    def zoom_bar(self) -> Box:
        w, h = self.size
        scale = w / NARROWEST_FRAME_PX
        right = w * (1 - ZOOM_BAR_RIGHT)
        top = h * ZOOM_BAR_TOP
        return (right - ZOOM_BAR_PX[0] * scale, top, right, top + ZOOM_BAR_PX[1] * scale)


_COS30 = 0.8660254037844386


def _mark(geo: _Geometry, m: MoveMark, step: int, placed: list[Box],
          clear: Sequence[Box]) -> Svg:
    board = geo.board
    if m.family >= 0:
        x, y, w, h = geo.boxes[m.family]
        shape = _domain_ring(x, y, w, h)
        below = y < geo.top  # a domain above the map: its caption under it
        anchor_x, over, under = x + w / 2, y - 4, y + h + 4
    else:
        cx, cy = geo.centre(m.space)
        r = board.data.hex_grid.radius
        shape = _space_shape(m.kind, cx, cy, r, geo.pointy)
        _, map_h = map_size(board, geo.portrait)
        below = cy - geo.top - board.data.view_box[1] < map_h * 0.3  # near the map's top
        anchor_x, over, under = cx, cy - r - 2, cy + r + 2
    caption = _caption(geo, m.caption, anchor_x, (over, under), below, placed, clear)
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


def _caption(geo: _Geometry, words: str, ax: float, edges: tuple[float, float],
             below: bool, placed: list[Box], clear: Sequence[Box]) -> Svg:
    """The caption's box by its mark (whose top and bottom, less a margin, are `edges`):
    under it first when `below`, else over it; kept inside the board; the first place,
    nearest its mark, that covers no caption in `placed` (to which it is added) and
    nothing in `clear`; where none is, the one that covers least."""
    minx, miny, _, _ = geo.board.data.view_box
    w, height = geo.size
    natural = text_width(words, CAPTION_SIZE) + 2 * CAPTION_PAD
    width = min(natural, w - 2 * GAP)  # a caption wider than the board is squeezed in
    room = width / 2
    over, under = edges
    best: tuple[tuple[int, float], Box] | None = None
    for k, side, shift in _places(below):
        step = CAPTION_STEP * k
        y = under + step if side else over - CAPTION_H - step
        y = min(max(y, miny + 2), miny + height - CAPTION_H - 2)
        cx = ax + shift * width
        x = min(max(cx, minx + GAP + room), minx + w - GAP - room) - width / 2
        box = (x - 1, y - 1, x + width + 1, y + CAPTION_H + 1)
        cost = (sum(_overlap(box, other) for other in placed),
                sum(_area(box, other) for other in clear))
        if best is None or cost < best[0]:
            best = (cost, box)
        if cost == (0, 0.0):
            break
    assert best is not None
    box = best[1]
    placed.append(box)
    x, y = box[0] + 1, box[1] + 1
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


# Where a caption may go, nearest its mark first: (steps away, under its mark, the
# shift sideways in caption widths): on its own side, then the other, then beside.
_SHIFTS = (0.0, -0.5, 0.5, -1.0, 1.0)


def _places(below: bool) -> list[tuple[int, bool, float]]:
    return [(k, side, shift) for k in range(MAX_STEPS) for side in (below, not below)
            for shift in _SHIFTS]


def _area(a: Box, b: Box) -> float:
    """How much of a and b overlap (0 when they do not)."""
    return (max(0.0, min(a[2], b[2]) - max(a[0], b[0]))
            * max(0.0, min(a[3], b[3]) - max(a[1], b[1])))

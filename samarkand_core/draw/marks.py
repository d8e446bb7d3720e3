"""The coach's mark on the board (a ring and a star: never a colour alone), shared by
the spaces (board.py) and the domains (domains.py)."""

from __future__ import annotations

import math

from .shapes import _points
from .svgkit import Svg, element

COACH_RING = 0.84  # the coach's ring inside a space, as a share of the hex's radius
COACH_INK = "#5b1a78"  # a purple of its own: not the legal green, the focus blue or gold
COACH_STAR = "#f5c518"


def _coach_mark(outline: Svg, star_x: float, star_y: float) -> Svg:
    """The coach's mark: a double ring (light under dark, so that it shows on land,
    water and every family colour) and a star (so that it is not a colour alone)."""
    return element("g", {"class": "coach-mark", "pointer-events": "none"},
                   outline, _star(star_x, star_y))


def _star(cx: float, cy: float, r: float = 7.0) -> Svg:
    pts = [(cx + (r if k % 2 == 0 else r * 0.45) * math.cos(-math.pi / 2 + k * math.pi / 5),
            cy + (r if k % 2 == 0 else r * 0.45) * math.sin(-math.pi / 2 + k * math.pi / 5))
           for k in range(10)]
    return element("polygon", {"class": "coach-star", "points": _points(pts),
                               "fill": COACH_STAR, "stroke": COACH_INK, "stroke-width": 1.4,
                               "stroke-linejoin": "round"})


def _coach_domain(x: float, y: float, w: float, h: float) -> Svg:
    ring = [element("rect", {"x": x + 1, "y": y + 1, "width": w - 2, "height": h - 2, "rx": 6,
                             "fill": "none", "stroke": colour, "stroke-width": width})
            for colour, width in (("#fff", 6), (COACH_INK, 3.4))]
    return _coach_mark(Svg("".join(ring)), x + w - 4.0, y + 3.0)


def _marked(label: str, suggested: str) -> str:
    """A name with the coach's words after it, when the coach suggests it."""
    return f"{label} ({suggested})" if suggested else label

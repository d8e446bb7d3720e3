"""Zoom and pan of the board: the arithmetic, so that main.py only reads pointer
positions and sets a width and a scroll position.

The zoom is a factor of the board's "fit" size (the whole board as wide as its frame):
1 shows everything, 4 is the closest. Buttons step by ZOOM_STEP; a pinch scales by
the change of the distance between two fingers, and keeps the point between them where
it is. On a phone the frame grows with the zoom up to a share of the screen's height,
so that the board stays on the first screen; on a wide screen it keeps the fit size and
the board pans inside it.

A narrow screen (a phone held upright) gets the board drawn upright (portrait): at the fit
size its whole width is on the screen, every family domain reachable by scrolling the page
up and down, never sideways; zoomed in, it pans inside a frame of the screen's share.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

MIN_ZOOM = 1.0
MAX_ZOOM = 4.0
ZOOM_STEP = 1.5
SNAP = 0.08  # a zoom this close to 1 is 1 (no half-zoomed board after a pinch back)
PHONE_WIDTH = 900  # CSS px: below this the page uses its phone layout (style.css)
PHONE_START_ZOOM = 2.5  # at most: a phone starts with names nearly full size...
PHONE_FRAME_SHARE = 0.62  # ...and the board's whole height in this share of the screen
FRAME_MARGIN = 8.0  # px left above the board's frame when the page scrolls back to it
FIT_SHARE = 0.85  # the choices' middles this far apart at most, zoomed toward together
PORTRAIT_WIDTH = 600  # CSS px: below this the board is drawn upright (svg.py, portrait)


def portrait(viewport_width: float) -> bool:
    """Whether the board is drawn upright: on a narrow screen, for as long as it is
    narrow (a phone held upright; one turned sideways is wide enough for the map)."""
    return viewport_width < PORTRAIT_WIDTH


def clamp(z: float) -> float:
    z = min(MAX_ZOOM, max(MIN_ZOOM, z))
    return MIN_ZOOM if z - MIN_ZOOM < SNAP else round(z, 3)


def step(z: float, kind: str) -> float:
    """The zoom after a button: "in", "out" or "fit"."""
    if kind == "in":
        return clamp(z * ZOOM_STEP)
    if kind == "out":
        return clamp(z / ZOOM_STEP)
    return MIN_ZOOM


def starts_whole(viewport_width: float) -> bool:
    """A wide screen starts with the whole board: as the page draws it, unzoomed, so
    that nothing needs measuring (main.py reads the board's height only on phones)."""
    return viewport_width >= PHONE_WIDTH


def start_zoom(viewport_width: float, viewport_height: float, fit_height: float) -> float:
    """A wide screen starts with the whole board; a phone with the board as large as
    lets its whole height (both bands of domains) fit the frame, panning sideways."""
    if starts_whole(viewport_width) or fit_height <= 0:
        return MIN_ZOOM
    return clamp(min(PHONE_START_ZOOM, viewport_height * PHONE_FRAME_SHARE / fit_height))


def visible_middle(top: float, bottom: float, viewport_height: float) -> float:
    """The middle of the part of a frame (its top and bottom, px from the screen's top)
    that is on the screen, from the frame's top: where a zoom button zooms to (the
    upright board is taller than a phone's screen)."""
    low, high = max(top, 0.0), min(bottom, viewport_height)
    return ((low + high) / 2 if high > low else (top + bottom) / 2) - top


def page_scroll_to_show(top: float, bottom: float, view_bottom: float,
                        margin: float = FRAME_MARGIN) -> float:
    """How far the page scrolls down (px; up when negative) so that a box (its top and
    bottom, px from the screen's top) is on the screen above a bar whose top is at
    `view_bottom`: 0 when it is; its bottom just above the bar when below; its top at
    the screen's top when above (or taller than the room)."""
    if top >= 0 and bottom <= view_bottom:
        return 0.0
    if bottom > view_bottom and bottom - top + 2 * margin <= view_bottom:
        return bottom - view_bottom + margin
    return top - margin


def span_to_show(chosen: tuple[float, float], targets: list[tuple[float, float]],
                 view_bottom: float, margin: float = FRAME_MARGIN) -> tuple[float, float]:
    """What the page brings on screen (top, bottom; px from the screen's top) for a
    family chosen to expand (its domain's `chosen` top and bottom) whose spaces, the
    next tap, are `targets`: the domain and the spaces where they fit together above a
    bar whose top is at `view_bottom`, else the spaces (the upright board puts a
    family's domain at its top or foot, its spaces anywhere between: left at the
    domain, the spaces lay under the bar)."""
    if not targets:
        return chosen
    top, bottom = min(t for t, _ in targets), max(b for _, b in targets)
    both = min(top, chosen[0]), max(bottom, chosen[1])
    return both if both[1] - both[0] + 2 * margin <= view_bottom else (top, bottom)


def distance(x1: float, y1: float, x2: float, y2: float) -> float:
    return math.hypot(x2 - x1, y2 - y1)


def pinch(z_start: float, d_start: float, d_now: float) -> float:
    """The zoom while two fingers that started d_start apart are d_now apart."""
    if d_start <= 0:
        return clamp(z_start)
    return clamp(z_start * d_now / d_start)


@dataclass(frozen=True, slots=True)
class Frame:
    """What main.py sets: the frame's height (px; None: as the board's) and the scroll
    position inside it."""

    height: float | None
    left: float
    top: float


def frame_height(fit_height: float, z: float, viewport_height: float, phone: bool) -> float:
    """On a phone the frame grows with the board up to a share of the screen (a board
    taller than that share, the upright one, is shown in a frame of the share: the
    page around it still scrolls); on a wide screen it stays as tall as the whole
    board."""
    if not phone:
        return fit_height
    share = viewport_height * PHONE_FRAME_SHARE
    if fit_height > share:
        return min(fit_height * z, share)
    return min(fit_height * z, max(fit_height, share))


def rezoom(z_old: float, z_new: float, scroll_left: float, scroll_top: float,
           focus_x: float, focus_y: float, fit_width: float, fit_height: float,
           viewport_height: float, phone: bool) -> Frame:
    """The frame after a zoom from z_old to z_new that keeps the board's point under
    (focus_x, focus_y) (px from the frame's top left corner) where it is."""
    ratio = z_new / z_old
    height = frame_height(fit_height, z_new, viewport_height, phone)
    left = (scroll_left + focus_x) * ratio - focus_x
    top = (scroll_top + focus_y) * ratio - focus_y
    return _framed(z_new, left, top, height, fit_width, fit_height)


def centred(z_old: float, z_new: float, x: float, y: float, fit_width: float,
            fit_height: float, viewport_height: float, phone: bool,
            seen_height: float | None = None) -> Frame:
    """The frame after a zoom from z_old to z_new with the board's point (x, y) (px of
    the board drawn at z_old, from its top left corner) in the middle of the frame, or
    of its first `seen_height` px (on a phone the decision bar covers the rest): a zoom
    button zooms toward the choices on the board (their middle), so that they stay in
    view. (On a phone the frame's height changes with the zoom: a point kept where it
    was on the screen may fall outside the new frame.)"""
    ratio = z_new / z_old
    height = frame_height(fit_height, z_new, viewport_height, phone)
    seen = min(height, seen_height) if seen_height else height
    return _framed(z_new, x * ratio - fit_width / 2, y * ratio - seen / 2, height, fit_width,
                   fit_height)


Box = tuple[float, float, float, float]  # left, top, right, bottom (px)


def toward(boxes: list[Box], ratio: float, room: tuple[float, float],
           here: tuple[float, float]) -> tuple[float, float]:
    """Where a zoom button zooms to (px of the board as drawn now): the middle of the
    choices' `boxes` when the middles of all of them fit the frame's `room` (width,
    height; less a margin) once zoomed by `ratio` (each choice at least half in view);
    else the middle of the choice nearest to `here` (the middle of what is shown now),
    so that at least that one stays in view."""
    middles = [((b[0] + b[2]) / 2, (b[1] + b[3]) / 2) for b in boxes]
    xs, ys = [m[0] for m in middles], [m[1] for m in middles]
    if ((max(xs) - min(xs)) * ratio <= room[0] * FIT_SHARE
            and (max(ys) - min(ys)) * ratio <= room[1] * FIT_SHARE):
        return (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
    return min(middles, key=lambda m: distance(m[0], m[1], here[0], here[1]))


def _framed(z_new: float, left: float, top: float, height: float, fit_width: float,
            fit_height: float) -> Frame:
    """The frame of `height` scrolled to (left, top), kept inside the board."""
    max_left = max(0.0, fit_width * z_new - fit_width)
    max_top = max(0.0, fit_height * z_new - height)
    return Frame(height if z_new > MIN_ZOOM else None,
                 round(min(max_left, max(0.0, left)), 1), round(min(max_top, max(0.0, top)), 1))


def scroll_to_show(left: float, top: float, right: float, bottom: float,
                   frame_width: float, frame_height: float,
                   scroll_left: float, scroll_top: float) -> tuple[float, float]:
    """The scroll position that brings a box (px, relative to the frame's visible top
    left corner) into view, centred where it was out of view; unchanged if visible."""
    new_left, new_top = scroll_left, scroll_top
    if left < 0 or right > frame_width:
        new_left = scroll_left + (left + right) / 2 - frame_width / 2
    if top < 0 or bottom > frame_height:
        new_top = scroll_top + (top + bottom) / 2 - frame_height / 2
    return max(0.0, new_left), max(0.0, new_top)

// Zoom and pan of the board: the arithmetic, so that zoompan.js only reads pointer
// positions and sets a width and a scroll position. Pure functions, no DOM: the unit
// tests run them in Node (tests/page/test_zoom_js.py).
//
// Why JavaScript: a pinch runs on every pointer move, each frame; when the page's Python
// moves to a worker (docs/phone.md, "Plan: the page's Python in a worker") what answers
// input within a frame stays on the main thread, and the main thread's glue is small
// JavaScript modules (docs/phone.md, "Glue moved to JavaScript").
//
// The zoom is a factor of the board's "fit" size (the whole board as wide as its frame):
// 1 shows everything, 4 is the closest. Buttons step by ZOOM_STEP; a pinch scales by the
// change of the distance between two fingers, and keeps the point between them where it
// is. On a phone the frame grows with the zoom up to a share of the screen's height, so
// that the board stays on the first screen; on a wide screen it keeps the fit size and
// the board pans inside it.
//
// A narrow screen (a phone held upright) gets the board drawn upright (portrait, which
// the page's Python decides: samarkand_web/browser/zoom.py): at the fit size its whole
// width is on the screen; zoomed in, it pans inside a frame of the screen's share.

export const MIN_ZOOM = 1.0;
export const MAX_ZOOM = 4.0;
export const ZOOM_STEP = 1.5;
export const SNAP = 0.08; // a zoom this close to 1 is 1 (no half-zoomed board after a pinch back)
export const PHONE_WIDTH = 900; // CSS px: below this the page uses its phone layout (style.css)
export const PHONE_START_ZOOM = 2.5; // at most: a phone starts with names nearly full size...
export const PHONE_FRAME_SHARE = 0.62; // ...and the board's whole height in this share of the screen
export const FRAME_MARGIN = 8.0; // px left above the board's frame when the page scrolls back to it
export const FIT_SHARE = 0.85; // the choices' middles this far apart at most, zoomed toward together
export const PORTRAIT_WIDTH = 600; // CSS px: below this the board is drawn upright (zoom.py)

// Python's round(x, n) on the values met here (ties to even do not matter for px).
const round = (x, digits) => Math.round(x * 10 ** digits) / 10 ** digits;

export function portrait(viewportWidth) {
  return viewportWidth < PORTRAIT_WIDTH;
}

export function clamp(z) {
  z = Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, z));
  return z - MIN_ZOOM < SNAP ? MIN_ZOOM : round(z, 3);
}

// The zoom after a button: "in", "out" or "fit".
export function step(z, kind) {
  if (kind === "in") return clamp(z * ZOOM_STEP);
  if (kind === "out") return clamp(z / ZOOM_STEP);
  return MIN_ZOOM;
}

// A wide screen starts with the whole board: as the page draws it, unzoomed, so that
// nothing needs measuring (the board's height is read only on phones).
export function startsWhole(viewportWidth) {
  return viewportWidth >= PHONE_WIDTH;
}

// A wide screen starts with the whole board; a phone with the board as large as lets
// its whole height (both bands of domains) fit the frame, panning sideways.
export function startZoom(viewportWidth, viewportHeight, fitHeight) {
  if (startsWhole(viewportWidth) || fitHeight <= 0) return MIN_ZOOM;
  return clamp(Math.min(PHONE_START_ZOOM, viewportHeight * PHONE_FRAME_SHARE / fitHeight));
}

// The middle of the part of a frame (its top and bottom, px from the screen's top) that
// is on the screen, from the frame's top: where a zoom button zooms to (the upright
// board is taller than a phone's screen).
export function visibleMiddle(top, bottom, viewportHeight) {
  const low = Math.max(top, 0), high = Math.min(bottom, viewportHeight);
  return (high > low ? (low + high) / 2 : (top + bottom) / 2) - top;
}

// How far the page scrolls down (px; up when negative) so that a box (its top and
// bottom, px from the screen's top) is on the screen above a bar whose top is at
// viewBottom: 0 when it is; its bottom just above the bar when below; its top at the
// screen's top when above (or taller than the room).
export function pageScrollToShow(top, bottom, viewBottom, margin = FRAME_MARGIN) {
  if (top >= 0 && bottom <= viewBottom) return 0;
  if (bottom > viewBottom && bottom - top + 2 * margin <= viewBottom) {
    return bottom - viewBottom + margin;
  }
  return top - margin;
}

// What the page brings on screen ([top, bottom]; px from the screen's top) for a family
// chosen to expand (its domain's `chosen` [top, bottom]) whose spaces, the next tap, are
// `targets`: the domain and the spaces where they fit together above a bar whose top is
// at viewBottom, else the spaces (the upright board puts a family's domain at its top
// or foot, its spaces anywhere between: left at the domain, the spaces lay under the bar).
export function spanToShow(chosen, targets, viewBottom, margin = FRAME_MARGIN) {
  if (!targets.length) return chosen;
  const top = Math.min(...targets.map((t) => t[0]));
  const bottom = Math.max(...targets.map((t) => t[1]));
  const both = [Math.min(top, chosen[0]), Math.max(bottom, chosen[1])];
  return both[1] - both[0] + 2 * margin <= viewBottom ? both : [top, bottom];
}

export function distance(x1, y1, x2, y2) {
  return Math.hypot(x2 - x1, y2 - y1);
}

// The zoom while two fingers that started dStart apart are dNow apart.
export function pinch(zStart, dStart, dNow) {
  if (dStart <= 0) return clamp(zStart);
  return clamp(zStart * dNow / dStart);
}

// On a phone the frame grows with the board up to a share of the screen (a board taller
// than that share, the upright one, is shown in a frame of the share: the page around it
// still scrolls); on a wide screen it stays as tall as the whole board.
export function frameHeight(fitHeight, z, viewportHeight, phone) {
  if (!phone) return fitHeight;
  const share = viewportHeight * PHONE_FRAME_SHARE;
  if (fitHeight > share) return Math.min(fitHeight * z, share);
  return Math.min(fitHeight * z, Math.max(fitHeight, share));
}

// The frame of `height` scrolled to (left, top), kept inside the board: {height (null:
// as the board's), left, top}, what zoompan.js sets.
function framed(zNew, left, top, height, fitWidth, fitHeight) {
  const maxLeft = Math.max(0, fitWidth * zNew - fitWidth);
  const maxTop = Math.max(0, fitHeight * zNew - height);
  return {
    height: zNew > MIN_ZOOM ? height : null,
    left: round(Math.min(maxLeft, Math.max(0, left)), 1),
    top: round(Math.min(maxTop, Math.max(0, top)), 1),
  };
}

// The frame after a zoom from zOld to zNew that keeps the board's point under
// (focusX, focusY) (px from the frame's top left corner) where it is.
export function rezoom(zOld, zNew, scrollLeft, scrollTop, focusX, focusY, fitWidth,
  fitHeight, viewportHeight, phone) {
  const ratio = zNew / zOld;
  const height = frameHeight(fitHeight, zNew, viewportHeight, phone);
  const left = (scrollLeft + focusX) * ratio - focusX;
  const top = (scrollTop + focusY) * ratio - focusY;
  return framed(zNew, left, top, height, fitWidth, fitHeight);
}

// The frame after a zoom from zOld to zNew with the board's point (x, y) (px of the
// board drawn at zOld, from its top left corner) in the middle of the frame, or of its
// first seenHeight px (on a phone the decision bar covers the rest): a zoom button zooms
// toward the choices on the board (their middle), so that they stay in view.
export function centred(zOld, zNew, x, y, fitWidth, fitHeight, viewportHeight, phone,
  seenHeight = null) {
  const ratio = zNew / zOld;
  const height = frameHeight(fitHeight, zNew, viewportHeight, phone);
  const seen = seenHeight ? Math.min(height, seenHeight) : height;
  return framed(zNew, x * ratio - fitWidth / 2, y * ratio - seen / 2, height, fitWidth,
    fitHeight);
}

// Where a zoom button zooms to (px of the board as drawn now): the middle of the
// choices' `boxes` ([left, top, right, bottom]) when the middles of all of them fit the
// frame's `room` ([width, height]; less a margin) once zoomed by `ratio` (each choice at
// least half in view); else the middle of the choice nearest to `here` (the middle of
// what is shown now), so that at least that one stays in view.
export function toward(boxes, ratio, room, here) {
  const middles = boxes.map((b) => [(b[0] + b[2]) / 2, (b[1] + b[3]) / 2]);
  const xs = middles.map((m) => m[0]), ys = middles.map((m) => m[1]);
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  if ((x1 - x0) * ratio <= room[0] * FIT_SHARE && (y1 - y0) * ratio <= room[1] * FIT_SHARE) {
    return [(x0 + x1) / 2, (y0 + y1) / 2];
  }
  let best = middles[0];
  for (const m of middles) {
    if (distance(m[0], m[1], here[0], here[1]) < distance(best[0], best[1], here[0], here[1])) {
      best = m;
    }
  }
  return best;
}

// The scroll position [left, top] that brings a box (px, relative to the frame's visible
// top left corner) into view, centred where it was out of view; unchanged if visible.
export function scrollToShow(left, top, right, bottom, frameWidth, frameHeight_,
  scrollLeft, scrollTop) {
  let newLeft = scrollLeft, newTop = scrollTop;
  if (left < 0 || right > frameWidth) newLeft = scrollLeft + (left + right) / 2 - frameWidth / 2;
  if (top < 0 || bottom > frameHeight_) newTop = scrollTop + (top + bottom) / 2 - frameHeight_ / 2;
  return [Math.max(0, newLeft), Math.max(0, newTop)];
}

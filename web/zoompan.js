// Zoom and pan of the board in the page: its buttons, a pinch, the first zoom of a
// phone, a zoomed board scrolled to the choices, and on a phone what was chosen kept
// clear of the decision bar. The arithmetic is zoom.js's; here only pointer positions
// are read and a width, a height and a scroll position are set, each time every read
// before any write (a read after a write makes the browser work out the layout at once,
// inside the event's task).
//
// Why JavaScript: a pinch runs on every pointer move, each frame, and a resize or the
// decision bar's growth must be answered within a frame. When the page's Python moves
// to a worker (docs/phone.md, "Plan: the page's Python in a worker"), per-frame DOM work
// stays on the main thread; this module is that part, already off Python's path
// (docs/phone.md, "Glue moved to JavaScript").
//
// What it needs from the page's Python comes as events on window, the messages a
// worker will send through dom.js: "samarkand:painted" (detail: JSON {board: the game's
// board was drawn anew, label: the zoomed frame's name in the page's language}) and
// "samarkand:suggested" (the coach's suggestion is drawn: a zoomed board pans to it).
// What the page's Python needs from here: #board-wrap[data-pinching] while two fingers
// pinch (a tooltip stays open while the board scrolls under a pinch: tips.py).

import * as zoom from "./zoom.js";

const CHOSEN = [".domain.selected", ".suggested.legal", ".latest"];

// What identifies a choice across redraws (browser/focus.py's control_key): its id, or
// its space, family or action, with its data-value.
function keyOf(el) {
  if (!el) return "";
  if (el.id && /^[\w-]+$/.test(el.id)) return `#${el.id}|${el.getAttribute("data-value") || ""}`;
  for (const name of ["data-space", "data-family", "data-action"]) {
    const value = el.getAttribute(name);
    if (value && /^[\w:-]+$/.test(value)) {
      return `[${name}="${value}"]|${el.getAttribute("data-value") || ""}`;
    }
  }
  return "";
}

// The room a phone's page keeps for the decision bar fixed at its bottom, from the
// bar's height: the game's bottom padding and the notes' place (style.css's --bar-h),
// and the board's parts' scroll margin (--bar-room), so that what the browser scrolls
// into view stops above the bar. Both were one custom property on <html>: every
// element inherits one, and each change of the bar's height (most taps on a phone
// change its words) worked out the style of the whole page again, about 1,000
// elements (docs/phone.md, "The decision bar's height"). Now --bar-h is registered as
// not inherited (style.css's @property) and set on the two elements that read it, and
// the board's parts inherit --bar-room from #board: the tallest the bar has been, in
// steps of BAR_STEP px, never less (a margin taller than the bar only stops what is
// scrolled into view a little higher), so that it changes a few times a game.
export const BAR_STEP = 48;

export class BarRoom {
  // `game`, `messages`, `board`: #game, #messages, #board (any of them may be missing)
  constructor(game, messages, board) {
    this.readers = [game, messages].filter(Boolean);
    this.board = board;
    this.px = "";
    this.room = 0;
  }

  // The bar's height (CSS px): each property written only when it changed.
  set(height) {
    const h = Math.max(0, Math.round(height));
    const px = `${h}px`;
    if (px !== this.px) {
      this.px = px;
      for (const el of this.readers) el.style.setProperty("--bar-h", px);
    }
    const room = Math.ceil(h / BAR_STEP) * BAR_STEP;
    if (room > this.room && this.board) {
      this.room = room;
      this.board.style.setProperty("--bar-room", `${room}px`);
    }
  }
}

export class ZoomPan {
  constructor(doc, win) {
    this.doc = doc;
    this.win = win;
    const byId = (id) => doc.getElementById(id);
    this.wrap = byId("board-wrap");
    this.frame = byId("board-frame");
    this.board = byId("board");
    this.bar = byId("decision-bar");
    this.label = "";
    this.zoom = zoom.MIN_ZOOM;
    this.applied = false;
    this.legal = ""; // the first choice on the board when it was last drawn
    this.chosen = ""; // what was chosen on the board (outlined) when it was last drawn
    // Whether the board was drawn since the page opened, and whether what is chosen
    // came after that: a family outlined at the first drawing came with the game opened,
    // not from a tap; the page then starts at the board's top (test_layout) and
    // showChosen brings the domain alone, its spaces waiting for a choice.
    this.drawn = false;
    this.chosenSinceOpen = false;
    this.pinchStart = null; // {zoom, distance} at its start
    this.portrait = zoom.portrait(win.innerWidth); // the board drawn upright (the App's)
    this.barRoom = new BarRoom(byId("game"), byId("messages"), this.board);
  }

  get zoomed() {
    return this.zoom > zoom.MIN_ZOOM;
  }

  boardSvg() {
    return this.board.querySelector("svg");
  }

  phone() {
    return this.win.innerWidth < zoom.PHONE_WIDTH;
  }

  onFrame(fn) {
    this.win.requestAnimationFrame(() => fn());
  }

  // Zoom the board to zNew, keeping the point `focus` ([x, y] px in the frame; default
  // its centre) where it is; `towardChoices`: with the choices on the board (their
  // middle) in the middle of the frame instead, where there are any. Only a width, a
  // height and a scroll position change.
  apply(zNew, focus = null, towardChoices = false) {
    const wrap = this.wrap, svg = this.boardSvg();
    if (!svg) return;
    const zOld = this.applied ? this.zoom : 1.0;
    const board = svg.getBoundingClientRect();
    const fitW = this.frame.clientWidth;
    const fitH = board.height / zOld;
    const shown = wrap.getBoundingClientRect();
    const viewH = this.win.innerHeight;
    const [fx, fy] = focus || [wrap.clientWidth / 2,
      zoom.visibleMiddle(shown.top, shown.bottom, viewH)];
    const boxes = towardChoices ? this.choiceBoxes(board) : [];
    let frame;
    if (boxes.length) {
      const bar = this.barTop();
      const seen = bar !== Infinity ? bar - Math.max(shown.top, zoom.FRAME_MARGIN) : viewH;
      const height = zoom.frameHeight(fitH, zNew, viewH, this.phone());
      const room = [fitW, seen > 0 ? Math.min(height, seen) : height];
      const here = [shown.left + fx - board.left, shown.top + fy - board.top];
      const [mx, my] = zoom.toward(boxes, zNew / zOld, room, here);
      frame = zoom.centred(zOld, zNew, mx, my, fitW, fitH, viewH, this.phone(), room[1]);
    } else {
      frame = zoom.rezoom(zOld, zNew, wrap.scrollLeft, wrap.scrollTop, fx, fy, fitW, fitH,
        viewH, this.phone());
    }
    this.board.style.setProperty("--zoom", String(zNew)); // style.css: #board's width
    const zoomed = zNew > zoom.MIN_ZOOM;
    wrap.classList.toggle("zoomed", zoomed);
    // zoomed in, the frame scrolls: a keyboard can reach it and pan with the arrow keys
    if (zoomed) {
      wrap.setAttribute("tabindex", "0");
      wrap.setAttribute("role", "region");
      wrap.setAttribute("aria-label", this.label);
    } else {
      for (const name of ["tabindex", "role", "aria-label"]) wrap.removeAttribute(name);
    }
    wrap.style.height = frame.height ? `${frame.height}px` : "";
    wrap.scrollLeft = frame.left;
    wrap.scrollTop = frame.top;
    if (frame.height !== null && shown.top < 0) {
      // the frame got shorter than the page had scrolled into it (the upright board,
      // zoomed in): the page scrolls back to it
      this.win.scrollBy(0, shown.top - zoom.FRAME_MARGIN);
    }
    this.zoom = zNew;
    this.applied = true;
  }

  // The board is drawn anew in another shape (the screen got narrow or wide): the next
  // drawing starts at that shape's starting zoom.
  restart() {
    if (this.applied) this.apply(zoom.MIN_ZOOM);
    this.applied = false;
    this.legal = "";
  }

  // The page's Python drew the page: the zoomed frame's name in the page's language, and
  // when the game's board was drawn anew, its zoom and scroll (boardPainted).
  painted(detail) {
    const { board, label } = JSON.parse(detail);
    this.label = label;
    if (this.zoomed) this.wrap.setAttribute("aria-label", label);
    if (board) this.boardPainted();
  }

  // After the board is drawn: the first time, the starting zoom; when the choices on it
  // changed, bring the first of them into view if the board is zoomed.
  boardPainted() {
    if (!this.applied) {
      const width = this.win.innerWidth;
      if (zoom.startsWhole(width)) {
        // The board as drawn, unzoomed: nothing to measure or set. (Reading its height
        // forced a style and layout of the whole page inside this task, and setting the
        // zoom, to what it already was, made the next frame do them again.)
        this.zoom = zoom.MIN_ZOOM;
        this.applied = true;
      } else {
        const svg = this.boardSvg();
        const fitH = svg ? svg.getBoundingClientRect().height : 0;
        this.apply(zoom.startZoom(width, this.win.innerHeight, fitH));
      }
    }
    // Only a zoomed board scrolls to its choices, only a phone's to what was chosen: on a
    // screen that does neither nothing is looked up (each look costs, inside the click).
    const first = this.zoomed ? this.firstTarget() : null;
    const legal = keyOf(first);
    if (legal && legal !== this.legal) this.showSoon(first);
    this.legal = legal;
    if (this.phone()) this.keepChosenInSight();
    else this.chosen = "";
  }

  // On a phone, what was just chosen or pointed at on the board (the family outlined,
  // the move suggested, the space or domain of the move just made) is not left under the
  // decision bar fixed at the screen's bottom, nor above the screen: the page scrolls to
  // it, just before the next frame (it was just drawn).
  keepChosenInSight() {
    const chosen = keyOf(this.chosenElement());
    const changed = chosen !== this.chosen;
    this.chosen = chosen;
    const opened = !this.drawn;
    this.drawn = true;
    if (changed) this.chosenSinceOpen = !opened;
    if (chosen && changed && this.phone()) this.onFrame(() => this.showChosen());
  }

  // The family outlined on the board (chosen to expand, or to marry into), else the move
  // suggested on it (the guided game's next step or the coach's ring: the page is
  // pointing at it), else the space or domain of the move just made.
  chosenElement() {
    for (const selector of CHOSEN) {
      const el = this.board.querySelector(selector);
      if (el) return el;
    }
    return null;
  }

  // Scroll the page so that what was chosen on the board is between the screen's top and
  // the decision bar; a family chosen to expand with its spaces, the next tap (or the
  // spaces alone, where both do not fit). A zoomed board brings its first choice into
  // its frame itself (show).
  showChosen() {
    const el = this.chosenElement();
    if (!el) return;
    const box = el.getBoundingClientRect(), bar = this.bar.getBoundingClientRect();
    let span = [box.top, box.bottom];
    if (this.chosenSinceOpen && !this.zoomed && el.classList.contains("selected")) {
      const spaces = [...this.board.querySelectorAll("[data-space].legal")]
        .map((s) => s.getBoundingClientRect()).map((r) => [r.top, r.bottom]);
      span = zoom.spanToShow(span, spaces, bar.top);
    }
    const dy = zoom.pageScrollToShow(span[0], span[1], bar.top);
    if (dy) this.win.scrollBy(0, dy);
  }

  // The guided first game's marked piece while the guide leads (its panel is on the page),
  // else the first legal choice.
  guided() {
    return this.doc.getElementById("guide")
      ? this.board.querySelector(".suggested.legal") : null;
  }

  // What a zoomed board brings into view: the guide's piece, else the first legal choice.
  firstTarget() {
    return this.guided() || this.board.querySelector(".legal");
  }

  // On a phone the decision bar lies over the board's foot: only what is above its top
  // shows (elsewhere nothing covers the board).
  barTop() {
    return this.phone() ? this.bar.getBoundingClientRect().top : Infinity;
  }

  // Scroll the zoomed board so that `el` is in view, just before the next frame: it was
  // just drawn, and its place read now would force a layout at once.
  showSoon(el) {
    if (el && this.zoomed) this.onFrame(() => this.show(el));
  }

  // Scroll the zoomed board so that `el` (a space or a domain) is in view: on a phone
  // above the decision bar.
  show(el) {
    if (!el || !el.isConnected || !this.zoomed) return;
    const wrap = this.wrap;
    const box = el.getBoundingClientRect(), frame = wrap.getBoundingClientRect();
    const barTop = this.barTop();
    const seen = Math.max(0, Math.min(wrap.clientHeight, barTop - frame.top));
    const scrollTop = wrap.scrollTop;
    const [left, top] = zoom.scrollToShow(box.left - frame.left, box.top - frame.top,
      box.right - frame.left, box.bottom - frame.top, wrap.clientWidth, seen,
      wrap.scrollLeft, scrollTop);
    // where its foot will be once the frame has scrolled as far as it can (worked out,
    // not read after the write below)
    const reach = Math.min(top, Math.max(0, wrap.scrollHeight - wrap.clientHeight));
    const under = box.bottom - (reach - scrollTop) - barTop;
    wrap.scrollLeft = left;
    wrap.scrollTop = top;
    if (under > 0) this.win.scrollBy(0, under + 8); // the last row, still under the bar
  }

  onZoomButton(el) {
    const kind = el.getAttribute("data-zoom");
    this.apply(zoom.step(this.zoom, kind), null, kind === "in");
  }

  // The boxes of the choices on the board (the guided game's marked piece while the guide
  // leads, else the legal spaces, else the legal domains), px from the drawn board's top
  // left corner.
  choiceBoxes(board) {
    const guided = this.guided();
    // a family chosen to expand: its spaces (the domains to marry into stay legal beside
    // them, all over the board)
    let found = guided ? [guided] : [...this.board.querySelectorAll("[data-space].legal")];
    if (!found.length) found = [...this.board.querySelectorAll(".legal")];
    const out = [];
    for (const el of found) {
      const r = el.getBoundingClientRect();
      if (r.right > r.left) {
        out.push([r.left - board.left, r.top - board.top, r.right - board.left,
          r.bottom - board.top]);
      }
    }
    return out;
  }

  // ---------------------------------------------------------------- touch

  touchPoints(event) {
    const wrap = this.wrap.getBoundingClientRect();
    return [...event.touches].map((t) => [t.clientX - wrap.left, t.clientY - wrap.top]);
  }

  onTouchStart(event) {
    const pts = this.touchPoints(event);
    if (pts.length === 2) {
      const [[x1, y1], [x2, y2]] = pts;
      this.pinchStart = { zoom: this.zoom, distance: zoom.distance(x1, y1, x2, y2) };
      this.wrap.setAttribute("data-pinching", "");
    }
  }

  onTouchMove(event) {
    const pts = this.touchPoints(event);
    if (this.pinchStart === null || pts.length !== 2) return;
    event.preventDefault(); // a pinch zooms the board, not the page
    const [[x1, y1], [x2, y2]] = pts;
    const z = zoom.pinch(this.pinchStart.zoom, this.pinchStart.distance,
      zoom.distance(x1, y1, x2, y2));
    if (z !== this.zoom) this.apply(z, [(x1 + x2) / 2, (y1 + y2) / 2]);
  }

  onTouchEnd(event) {
    if (event.touches.length < 2) {
      this.pinchStart = null;
      this.wrap.removeAttribute("data-pinching");
    }
  }

  // A narrow screen gets the upright board, a wide one the map across: drawn anew by the
  // page's Python when the screen crosses the line (a phone turned; this listener runs
  // first, so that the new drawing starts at its starting zoom), else only zoomed to fit.
  onResize() {
    const upright = zoom.portrait(this.win.innerWidth);
    if (upright !== this.portrait) {
      this.portrait = upright;
      this.restart();
    } else if (this.applied) {
      this.apply(this.zoom);
    }
  }

  // The decision bar is fixed at the bottom of a phone's screen: the page keeps room for
  // it (BarRoom).
  onBarResize() {
    const height = this.phone() ? this.bar.getBoundingClientRect().height : 0;
    this.barRoom.set(height);
    if (this.chosen && height) {
      // the bar grew over what was chosen (the next step's words are longer)
      this.onFrame(() => this.showChosen());
    }
  }

  listen() {
    const { doc, win, wrap } = this;
    const notPassive = { passive: false }; // a pinch is not the page's zoom
    wrap.addEventListener("touchstart", (e) => this.onTouchStart(e), notPassive);
    wrap.addEventListener("touchmove", (e) => this.onTouchMove(e), notPassive);
    for (const kind of ["touchend", "touchcancel"]) {
      wrap.addEventListener(kind, (e) => this.onTouchEnd(e), notPassive);
    }
    // The zoom bar's buttons (the page's Python leaves clicks on [data-zoom] alone).
    doc.getElementById("zoom").addEventListener("click", (event) => {
      const button = event.target.closest && event.target.closest("[data-zoom]");
      if (button) this.onZoomButton(button);
    });
    win.addEventListener("resize", () => this.onResize());
    new win.ResizeObserver(() => this.onBarResize()).observe(this.bar);
    win.addEventListener("samarkand:painted", (event) => this.painted(event.detail));
    win.addEventListener("samarkand:suggested",
      () => this.showSoon(this.board.querySelector(".suggested")));
  }
}

// The page: listening from the start (a module runs once the document is parsed, long
// before the page's Python draws the board). Exported for the tests' pages.
if (typeof document !== "undefined" && document.getElementById("board-wrap")) {
  window.samarkandZoomPan = new ZoomPan(document, window);
  window.samarkandZoomPan.listen();
}

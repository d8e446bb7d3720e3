// When a tooltip opens and closes, on the main thread, for the page's Python in a worker
// (issue 33; docs/phone.md): browser/tips.py's timing and intent as JavaScript. What a
// tooltip says, and the ring around the space a card or a log line names on the map,
// come from the worker (a TipAsk, answered by a Tip: worker/tips.py); where the tooltip
// goes is web/tips.js's, told by "samarkand:tip" on the element described, as before.
//
// - A pointer opens one once it rests on a space, a domain or a card for HOVER_MS
//   (dom.js's samarkandPointer watches the pointer and calls rested() / left()); one
//   that has not moved since its press opens none (dom.js: the click redraws the page
//   under it, and what comes there was not pointed at).
// - A focus opens one only when the person's keys moved it (Tab, an arrow), never when
//   the page moved it (focus.js's `moving`) or a press gave it.
// - A finger held LONG_PRESS_MS opens one (a move of MOVE_CANCELS_PX scrolls instead, a
//   second finger pinches); the click that ends that press does nothing. On a touch
//   screen a tap on what is not a choice tells what it is, and a tap closes the one open.
// - It closes when the pointer or the focus leaves, on Escape, when the page scrolls
//   (not while two fingers pinch the board: zoompan.js's), when a region it may describe
//   is drawn anew (REDRAWN), and where tips.js finds no place clear of the decision.
// - An answer that comes after the tooltip was closed, or after another was asked, is
//   dropped: only the last ask, while it still stands, is shown.

export const TARGETS = "#board [data-space], #board [data-family], #hand [data-card], #actions [data-card]";
// The keys that move the focus (the browser's Tab, input.js's arrows among the choices).
export const MOVING_KEYS = ["Tab", "ArrowRight", "ArrowLeft", "ArrowUp", "ArrowDown"];
// What a tooltip may describe is drawn anew when these regions are: it closes.
export const REDRAWN = ["board", "hand", "actions", "status", "overlay"];
export const LONG_PRESS_MS = 450;
export const HOVER_MS = 250; // how long a pointer rests on a space, domain or card first
export const MOVE_CANCELS_PX = 10; // a finger that moves this far scrolls: no long press
const CONTROL = "[data-space],[data-family],[data-action]";

function closest(target, selector) {
  return target && typeof target.closest === "function" ? target.closest(selector) : null;
}

const attr = (el, name) => (el && el.getAttribute ? el.getAttribute(name) || "" : "");

// The tooltip an element asks for: [kind, value] (its data-space, data-family or
// data-card), or ["", ""].
export function tipKind(el) {
  for (const kind of ["space", "family", "card"]) {
    const value = attr(el, `data-${kind}`);
    if (value) return [kind, value];
  }
  return ["", ""];
}

export class TipWatch {
  // `ask(msg)`: the TipAsk sent to the worker, numbered (null while the worker is not
  // ready: nothing is asked); `focus`: focus.js's Focus (whether the page moves the
  // focus).
  constructor(doc, win, focus, ask) {
    this.doc = doc;
    this.win = win;
    this.focus = focus;
    this.ask = ask;
    this.tip = doc.getElementById("tip");
    this.board = doc.getElementById("board");
    this.wrap = doc.getElementById("board-wrap");
    let coarse = false;
    try {
      coarse = !!win.matchMedia("(pointer: coarse)").matches;
    } catch (err) {
      coarse = false;
    }
    this.touch = coarse; // a touch screen: a tap on what is not a choice informs
    this.pointer = { presses: 0, open: false }; // dom.js's, once it listens
    // The person's last input was a key that moves the focus (the presses counted
    // then): the focus that follows is theirs (one focus only).
    this.intentAt = null;
    this.key = null; // what the tooltip shown describes ("space:12")
    this.ring = ""; // the space ringed on the map
    this.pending = null; // the ask waiting for its answer: {seq, el, key, ring}
    this.timer = null; // a long press under way
    this.startAt = null;
    // A long press showed a tooltip (the presses counted then): the click that ends
    // that press does nothing (a browser may send none: a new press forgets it).
    this.pressedAt = null;
  }

  listen() {
    const { doc, win } = this;
    doc.addEventListener("focusin", (e) => this.onFocusin(e));
    doc.addEventListener("contextmenu", (e) => this.onContextmenu(e));
    // Before the page's own keys (input.js moves the focus on an arrow key).
    doc.addEventListener("keydown", (e) => this.onKeydown(e), { capture: true });
    const passive = { passive: true }; // a press never stops the page's scroll
    const touch = [["touchstart", (e) => this.onTouchstart(e)], ["touchmove", (e) => this.move(e)],
      ["touchend", () => this.cancel()]];
    for (const [kind, fn] of [...touch, ["touchcancel", () => this.cancel()]]) {
      if (this.wrap) this.wrap.addEventListener(kind, fn, passive);
    }
    for (const id of ["hand", "actions"]) {
      const region = doc.getElementById(id);
      if (region) for (const [kind, fn] of touch) region.addEventListener(kind, fn, passive);
    }
    doc.addEventListener("scroll", () => this.onScroll(), { capture: true, passive: true });
    win.addEventListener("samarkand:tip-unplaced", () => this.hide(true));
  }

  // ---------------------------------------------------------------- asking, answering

  // The tooltip of `el` (when `tip`) and the ring of the space it names (data-map):
  // asked of the worker, unless already shown.
  want(el, tip) {
    const ring = attr(el, "data-map");
    if (!ring && this.ring) this.setRing("", "");
    const [kind, value] = tip ? tipKind(el) : ["", ""];
    const key = kind ? `${kind}:${value}` : null;
    const askTip = key !== null && key !== this.key;
    const askRing = ring !== "" && ring !== this.ring;
    if (!askTip && !askRing) {
      this.pending = null; // what is shown is what is wanted now
      this.tellOpen();
      return;
    }
    const sent = this.ask({ type: "tip-ask", kind: askTip ? kind : "", value: askTip ? value : "",
      ring: askRing ? ring : "" });
    this.pending = sent ? { seq: sent.seq, el, key: askTip ? key : null, ring: askRing ? ring : null } : null;
    this.tellOpen();
  }

  // The worker's Tip: shown if it answers the ask that still stands.
  answer(msg) {
    const asked = this.pending;
    if (!asked || !msg || msg.asks !== asked.seq) return; // stale: closed or asked anew
    this.pending = null;
    if (asked.ring !== null) this.setRing(asked.ring, typeof msg.ring === "string" ? msg.ring : "");
    if (asked.key !== null) {
      const markup = typeof msg.markup === "string" ? msg.markup : "";
      if (markup && asked.el.isConnected) this.write(asked.el, asked.key, markup);
      else this.hide(true);
    }
    this.tellOpen();
  }

  // The tooltip written, invisible until web/tips.js places it beside `el` just before
  // the next frame (style.css: .tip:not([data-placed])).
  write(el, key, markup) {
    const tip = this.tip;
    tip.innerHTML = markup;
    tip.removeAttribute("data-placed");
    tip.hidden = false;
    this.key = key;
    el.dispatchEvent(new this.win.CustomEvent("samarkand:tip", { bubbles: true }));
  }

  // The ring around `space` on the map (`markup`: the worker's, "" for none).
  setRing(space, markup) {
    this.ring = space;
    const layer = this.board ? this.board.querySelector(".map-highlight") : null;
    if (layer) layer.innerHTML = space ? markup : "";
  }

  // The tooltip closed (and the ring, unless `keepRing`); an answer on its way dropped.
  hide(keepRing = false) {
    if (this.key !== null) {
      this.tip.hidden = true;
      this.key = null;
    }
    if (!keepRing) {
      this.pending = null;
      if (this.ring) this.setRing("", "");
    } else if (this.pending) {
      this.pending.key = null; // its ring may still come, not its tooltip
    }
    this.tellOpen();
  }

  // dom.js calls left() only while something is open (or asked).
  tellOpen() {
    const open = this.key !== null || !!this.ring || this.pending !== null;
    if (this.pointer.open !== open) this.pointer.open = open;
  }

  // The page was drawn anew (the regions a Paint wrote): a tooltip of what was redrawn,
  // or of a decision that changed, closes.
  painted(regions) {
    for (const region of regions) {
      if (REDRAWN.includes(region)) {
        this.hide();
        return;
      }
    }
  }

  // ---------------------------------------------------------------- pointer, focus, keys

  // dom.js: the pointer rests on `el`, a space, domain or card (`tip`), or a log line
  // (its ring only).
  rested(el, tip) {
    this.want(el, tip);
  }

  // dom.js: the pointer or the focus left what the tooltip or ring shows.
  left() {
    this.hide();
  }

  onFocusin(event) {
    const theirs = this.intentAt === this.pointer.presses && !this.focus.moving;
    this.intentAt = null;
    if (!theirs) return;
    const el = closest(event.target, TARGETS);
    const ref = closest(event.target, "[data-map]");
    if (el) this.want(el, true);
    else if (ref) this.want(ref, false);
  }

  onContextmenu(event) {
    // a long press shows the tooltip, not the browser's menu
    if (this.pressed || closest(event.target, TARGETS)) event.preventDefault();
  }

  onKeydown(event) {
    const key = String(event.key);
    this.intentAt = MOVING_KEYS.includes(key) ? this.pointer.presses : null;
    if (key === "Escape" && this.key !== null) this.hide();
  }

  onScroll() {
    const pinching = this.wrap && this.wrap.hasAttribute("data-pinching");
    // it would float away from what it describes
    if ((this.key !== null || (this.pending && this.pending.key)) && !pinching) this.hide();
  }

  // input.js's hook: whether a tooltip took this click (the end of a long press that
  // showed one; on a touch screen, a tap that tells what a space is, or closes the
  // tooltip open when it lands on another thing that is not a choice).
  onClick(event) {
    if (this.pressed) {
      this.pressedAt = null;
      event.preventDefault();
      return true;
    }
    if (closest(event.target, "[data-zoom]")) return false; // the board's zoom: zoompan.js
    const el = closest(event.target, CONTROL);
    const tipEl = closest(event.target, TARGETS);
    // a choice: a legal space (its role is button) or a legal domain (its face is)
    const choice = !!tipEl && (attr(tipEl, "role") === "button" || tipEl.classList.contains("legal"));
    const informs = this.touch && !!tipEl && !choice && (!el || !attr(el, "data-action"));
    if (this.touch && (this.key !== null || this.pending)) {
      this.hide(); // a tap elsewhere closes the tooltip open
      if (informs) return true; // and only that: the map is all spaces
    }
    if (informs) {
      this.want(tipEl, true);
      return true;
    }
    return false;
  }

  // ---------------------------------------------------------------- long press

  // A long press showed a tooltip and no press came since: its click does nothing.
  get pressed() {
    return this.pressedAt !== null && this.pressedAt === this.pointer.presses;
  }

  // A finger down starts a long press; a second one is a pinch (zoompan.js), no press.
  onTouchstart(event) {
    this.pressedAt = null;
    const fingers = event.touches.length;
    if (fingers === 2) this.cancel();
    else if (fingers === 1) this.start(event);
  }

  start(event) {
    this.cancel();
    const el = closest(event.target, TARGETS);
    if (!el) return;
    const touch = event.touches[0];
    this.startAt = [touch.clientX, touch.clientY];
    this.timer = this.win.setTimeout(() => {
      this.timer = null;
      this.pressedAt = this.pointer.presses; // its click does nothing
      this.want(el, true);
    }, LONG_PRESS_MS);
  }

  move(event) {
    const start = this.startAt;
    if (this.timer === null || start === null || event.touches.length !== 1) return;
    const touch = event.touches[0];
    if (Math.hypot(touch.clientX - start[0], touch.clientY - start[1]) > MOVE_CANCELS_PX) this.cancel();
  }

  cancel() {
    if (this.timer !== null) {
      this.win.clearTimeout(this.timer);
      this.timer = null;
    }
  }
}

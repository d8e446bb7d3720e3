// Where the keyboard focus goes, on the main thread (browser/focus.py and keys.py's
// arrow keys as JavaScript, for the page's Python in a worker; docs/phone.md): the
// control a person used keeps it across redraws, a Paint's focus selectors are followed
// at the right moment, and the arrow keys move among the highlighted choices. It only
// reads and moves the focus: nothing here needs the game.

export const FOCUSABLE = "button:not([disabled]), [tabindex='0'], input, select, summary, a[href]";
export const GAME_PARTS = ["#status", "#actions", "#board"];
export const LEGAL = ".legal[data-space], .legal[data-family]";
// the decision's box, where the focus rests while the choices are on the board
export const DECISION = "#actions .decision";
const LEGAL_BUTTONS = {
  "data-space": '.legal[data-space][role="button"]',
  "data-family": '.legal[data-family] [role="button"]', // a domain's face
};
const PLAIN_ID = /^[A-Za-z0-9_-]+$/;
const PLAIN_NAME = /^[A-Za-z0-9_:-]+$/;

// What identifies a control across redraws: {selector, value} (browser/focus.py's
// control_key). The selector holds only our own names; data-value may be any text, so
// it is compared, never put into a selector. Its id first, when it has one.
export function controlKey(el) {
  if (!el || typeof el.getAttribute !== "function") return null;
  const value = el.getAttribute("data-value") || "";
  const id = el.getAttribute("id");
  if (id && PLAIN_ID.test(id)) return { selector: `#${id}`, value };
  for (const name of ["data-space", "data-family", "data-action"]) {
    const v = el.getAttribute(name);
    if (v && PLAIN_NAME.test(v)) return { selector: `[${name}="${v}"]`, value };
  }
  return null;
}

export function findControl(doc, key) {
  for (const el of doc.querySelectorAll(key.selector)) {
    if ((el.getAttribute("data-value") || "") === key.value) return el;
  }
  return null;
}

export class Focus {
  // `afterFrame(fn)`: fn in a task of its own once the next frame is drawn; `pointer`:
  // dom.js's samarkandPointer state ({presses, released}), once it listens.
  constructor(doc, loading, afterFrame) {
    this.doc = doc;
    this.loading = loading; // first.js's indicator: hidden once the page is live
    this.afterFrame = afterFrame;
    this.pointer = { presses: 0, released: null };
    this.keyAt = 0; // presses counted at the last key press (so too before any input)
    this.moving = false; // the page (not the person) moves the focus: no tooltip opens
    // How often the person moved the focus (a click, Tab, a script of theirs: every
    // focusin the page did not make). A Paint's focus answers the Event it was asked by:
    // once the person has moved the focus since that Event, the page leaves it where
    // they put it (a fast person, a slow phone: the full setup's first field took the
    // focus from player 2's choice a person had already moved to).
    this.moves = 0;
    if (typeof doc.addEventListener === "function") {
      doc.addEventListener("focusin", () => { if (!this.moving) this.moves += 1; }, true);
    }
  }

  // The last input was a key press (else a press of a mouse or finger).
  get keyboard() {
    return this.keyAt === this.pointer.presses;
  }

  keyPressed() {
    this.keyAt = this.pointer.presses;
  }

  // The first element found for the first of the comma-separated selectors that finds
  // one: after a key press at once (the next key must land there), else once the frame
  // that shows the change is drawn (focus() makes the browser work out styles and
  // layout at once: inside the click's task that came on top of its frame). `moves`:
  // the person's focus moves counted when they sent the Event this answers (null: no
  // Event of theirs); nothing is moved if they have moved the focus since.
  first(selectors, moves = null) {
    if (this.keyboard && this.loading && this.loading.hidden) this.now(selectors, moves);
    else this.afterFrame(() => this.now(selectors, moves));
  }

  now(selectors, moves = null) {
    if (moves !== null && moves !== this.moves) return;
    for (const sel of selectors.split(", ")) {
      const el = this.doc.querySelector(sel);
      if (!el) continue;
      this.byPage(el);
      if (el === this.doc.activeElement) el.scrollIntoView({ block: "nearest", inline: "nearest" });
      return;
    }
  }

  // The control `key` names, drawn anew, takes the focus (without scrolling).
  giveBack(key) {
    const el = findControl(this.doc, key);
    if (el && el.matches(FOCUSABLE)) this.byPage(el);
  }

  byPage(el) {
    this.moving = true;
    try {
      el.focus({ preventScroll: true });
    } finally {
      this.moving = false;
    }
  }

  // A press on a game control took the focus from the control that had it (dom.js):
  // that control, drawn anew, gets it back once the frame is drawn, unless the Paint
  // moves the focus elsewhere (`giveBack` false).
  afterPress(giveBack) {
    const released = this.pointer.released;
    if (!released) return;
    this.pointer.released = null;
    const key = controlKey(released);
    if (giveBack && key) this.afterFrame(() => { if (this.restsNowhere()) this.giveBack(key); });
  }

  restsNowhere() {
    const el = this.doc.activeElement;
    return !el || el === this.doc.body;
  }

  // The focus rests on nothing the person is using: on the page itself, or on a game
  // control (not a list to choose from) that a move has just drawn anew.
  isIdle() {
    const el = this.doc.activeElement;
    if (!el || el === this.doc.body) return true;
    if (["SELECT", "INPUT", "TEXTAREA"].includes(el.tagName)) return false;
    return GAME_PARTS.some((part) => el.closest(part));
  }

  // keys.py: an arrow key on the decision goes to the first highlighted space (or
  // domain), the last one backwards. Whether it moved.
  intoTheBoard(board, step) {
    for (const selector of Object.values(LEGAL_BUTTONS)) {
      const items = [...board.querySelectorAll(selector)];
      if (items.length) {
        items[step > 0 ? 0 : items.length - 1].focus();
        return true;
      }
    }
    return false;
  }

  // keys.py: an arrow key on a highlighted space (or domain) goes to the next or
  // previous one.
  amongLegal(board, el, step) {
    const kind = el.getAttribute("data-space") ? "data-space" : "data-family";
    const items = [...board.querySelectorAll(LEGAL_BUTTONS[kind])];
    const here = items.indexOf(this.doc.activeElement);
    if (here < 0 || items.length < 2) return;
    items[(here + step + items.length) % items.length].focus();
  }
}

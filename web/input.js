// A person's input on the main thread, as the worker's Event messages (browser/
// clicks.py and keys.py as JavaScript, for the page's Python in a worker; docs/phone.md):
// a click on a space, a domain or a data-action; a changed field; the new-game form
// sent; the keys the page gives a meaning (Escape, Ctrl+Z, the replay's keys, Enter or
// Space on a control that is not a button); a #fragment opened; the screen crossing the
// upright board's line. A click is a data-action and its value, never a DOM node. The
// arrow keys among the highlighted choices only move the focus: they stay here.
//
// What the page's Python decided from the App's state here is read from the page as
// drawn (the same state, as last painted): a dialog, a message or the recap open
// (Escape), the replay screen (#chart shown).

import { DECISION, LEGAL } from "./focus.js";
import { portrait } from "./zoom.js";

const CONTROL = "[data-space],[data-family],[data-action]";
export const FIELDS = ["SELECT", "INPUT", "OPTION"]; // handled on change / input, not on click
export const CHANGE_ACTIONS = ["lang", "speed", "replay-seek", "replay-speed"];
export const ARROWS = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };
export const REPLAY_KEYS = ["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End"];
export const NATIVE = ["BUTTON", "SELECT", "INPUT", "A", "SUMMARY"]; // they handle their own keys

// The Event message's JSON (worker/protocol.py's Event.to_json), its seq set on sending.
export function eventMessage(kind, fields = {}) {
  return {
    type: "event", kind, action: fields.action || "", value: fields.value || "",
    form: fields.form || null, key: fields.key || "", mods: fields.mods || [],
    t0: fields.t0 === undefined ? null : fields.t0, portrait: !!fields.portrait,
  };
}

function closest(target, selector) {
  return target && typeof target.closest === "function" ? target.closest(selector) : null;
}

export const tagOf = (el) => (el && el.tagName ? el.tagName.toUpperCase() : "");

function modsOf(event) {
  return ["ctrl", "alt", "meta", "shift"].filter((m) => event[`${m}Key`]);
}

// The new-game form's fields (name: value); none when it is not on the page.
export function formValues(doc) {
  const form = doc.getElementById("start-form");
  const out = {};
  for (const el of form ? form.elements : []) if (el.name) out[el.name] = String(el.value);
  return out;
}

// The Event a click on control `el` sends (its time `t0`), or null: a space, a domain,
// or a data-action with its value and the new-game form's fields (not the form's submit
// button: onSubmit).
export function clickEvent(el, doc, t0) {
  const space = el.getAttribute("data-space");
  const family = el.getAttribute("data-family");
  const action = el.getAttribute("data-action");
  if (space) return eventMessage("click", { action: "space", value: space, t0 });
  if (family) return eventMessage("click", { action: "family", value: family, t0 });
  if (action && action !== "start") {
    return eventMessage("click", {
      action, value: el.getAttribute("data-value") || "", form: formValues(doc), t0,
    });
  }
  return null;
}

// The clicks a person could make on the game's decision now, each as the Event it would
// send (t0 0: its time is the click's): the board's highlighted choices and the decision
// bar's enabled buttons (client.js asks the worker to prepare their answers).
export function decisionClicks(doc) {
  const out = [];
  for (const el of doc.querySelectorAll(`${LEGAL}, #actions [data-action]`)) {
    if (el.disabled || FIELDS.includes(tagOf(el))) continue;
    const msg = clickEvent(el, doc, 0);
    if (msg) out.push(msg);
  }
  return out;
}

export class Input {
  // `send(event)`: an Event message to the worker; `tips`: an object whose
  // onClick(event) says whether a tooltip took the click (a long press, a tap that
  // tells what a space is), or null while tooltips are not the main thread's.
  constructor(doc, win, focus, send, tips = null) {
    this.doc = doc;
    this.win = win;
    this.focus = focus;
    this.send = send;
    this.tips = tips;
    this.portrait = portrait(win.innerWidth);
  }

  listen() {
    const { doc, win } = this;
    doc.addEventListener("click", (e) => this.onClick(e));
    doc.addEventListener("keydown", (e) => this.onKey(e));
    doc.addEventListener("change", (e) => this.onChange(e));
    doc.addEventListener("input", (e) => this.onInput(e));
    doc.addEventListener("submit", (e) => this.onSubmit(e));
    const messages = doc.getElementById("messages");
    if (messages) messages.addEventListener("animationend", (e) => this.onFaded(e));
    win.addEventListener("hashchange", () => this.onHash());
    win.addEventListener("resize", () => this.onResize());
    win.addEventListener("orientationchange", () => this.onResize());
  }

  onClick(event) {
    if (this.tips && this.tips.onClick(event)) return;
    if (closest(event.target, "[data-zoom]")) return; // the board's zoom: zoompan.js
    const el = closest(event.target, CONTROL);
    if (!el || FIELDS.includes(tagOf(el))) return;
    const msg = clickEvent(el, this.doc, event.timeStamp);
    if (msg) this.send(msg);
  }

  onChange(event) {
    const el = event.target;
    const action = el && el.getAttribute ? el.getAttribute("data-action") : null;
    if (CHANGE_ACTIONS.includes(action)) {
      this.send(eventMessage("change", { action, value: String(el.value) }));
    } else if (action === "form") {
      this.send(eventMessage("change", {
        action, value: el.getAttribute("data-value") || "", form: formValues(this.doc),
      }));
    }
  }

  // A name typed into the new-game form: remembered (the App does not redraw for it).
  onInput(event) {
    const el = event.target;
    if (el && el.getAttribute && el.getAttribute("data-action") === "form" && tagOf(el) === "INPUT") {
      this.send(eventMessage("change", { action: "form", value: "name", form: formValues(this.doc) }));
    }
  }

  onSubmit(event) {
    event.preventDefault();
    this.send(eventMessage("submit", { action: "start", form: formValues(this.doc), t0: event.timeStamp }));
  }

  // A note that has faded away (style.css: .message.fades) is dismissed, so that a
  // later message does not bring it back when the messages are drawn again.
  onFaded(event) {
    if (event.animationName !== "message-out") return;
    const dismiss = event.target.querySelector('[data-action="dismiss"]');
    if (dismiss) {
      this.send(eventMessage("click", { action: "dismiss", value: dismiss.getAttribute("data-value") || "" }));
    }
  }

  onHash() {
    this.send(eventMessage("hash", { action: "hash", value: String(this.win.location.hash) }));
  }

  // Sent only when the screen crosses the upright board's line (zoom.js draws it):
  // then the worker draws the board anew.
  onResize() {
    const upright = portrait(this.win.innerWidth);
    if (upright === this.portrait) return;
    this.portrait = upright;
    this.send(eventMessage("resize", { portrait: upright }));
  }

  // What is open that Escape closes: a dialog, the recap, a message.
  escapable() {
    const doc = this.doc;
    const overlay = doc.getElementById("overlay");
    const messages = doc.getElementById("messages");
    return !!((overlay && !overlay.hidden)
      || doc.querySelector('#recap-toggle[aria-expanded="true"]')
      || (messages && messages.querySelector(".message")));
  }

  onKey(event) {
    this.focus.keyPressed();
    const { key, target } = event;
    const mods = modsOf(event);
    if (key === "Escape") {
      if (this.escapable()) {
        event.preventDefault();
        // with its time, as a click: the worker answers it with a Paint that names it,
        // so the page knows (samarkandBusy) that what it closes is still on screen
        this.send(eventMessage("key", { action: "escape", key, mods, t0: event.timeStamp }));
      }
      return;
    }
    if ((key === "z" || key === "Z") && (event.ctrlKey || event.metaKey) && !event.shiftKey) {
      if (target && !["INPUT", "TEXTAREA"].includes(tagOf(target))) {
        event.preventDefault(); // the page's own take back, not the browser's undo
        this.send(eventMessage("key", { action: "take-back", key, mods, t0: event.timeStamp }));
      }
      return;
    }
    const chart = this.doc.getElementById("chart");
    if (REPLAY_KEYS.includes(key) && chart && !chart.hidden) {
      this.onReplayKey(event, key, mods);
      return;
    }
    if (key in ARROWS) {
      const board = this.doc.getElementById("board");
      const el = closest(target, CONTROL);
      if (el && el.matches(LEGAL)) {
        event.preventDefault();
        this.focus.amongLegal(board, el, ARROWS[key]);
      } else if (target && typeof target.matches === "function" && target.matches(DECISION)) {
        if (this.focus.intoTheBoard(board, ARROWS[key])) event.preventDefault();
      }
      return;
    }
    if (key !== "Enter" && key !== " ") return;
    const control = closest(target, CONTROL);
    if (!control || NATIVE.includes(tagOf(control))) return;
    event.preventDefault();
    this.onClick(event);
  }

  // The replay's keys, unless a dialog is open or a field that uses the arrows itself
  // has the focus.
  onReplayKey(event, key, mods) {
    const overlay = this.doc.getElementById("overlay");
    if ((overlay && !overlay.hidden) || event.ctrlKey || event.altKey || event.metaKey) return;
    if (["INPUT", "SELECT", "TEXTAREA"].includes(tagOf(event.target))) return;
    event.preventDefault();
    this.send(eventMessage("key", {
      action: "replay-key", value: key + (event.shiftKey ? "+shift" : ""), key, mods, t0: event.timeStamp,
    }));
  }
}

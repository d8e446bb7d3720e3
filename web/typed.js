// What the person typed or chose in the new-game form that the worker had not heard of
// when it made a Paint: that Paint's form keeps the person's values (docs/phone.md).
//
// The worker draws the form from what the Events told it. A Paint that answers an
// earlier Event (a new player count, a seat made a bot) can arrive after a later
// keystroke or choice, and it replaces the whole form: without this, it wrote the older
// value back into the field (a name typed on a slow phone lost its letters, "Ann"
// became "Player 1" again), and the next Event carried the older value to the worker.
//
// A field is the person's from their input on it until a Paint made after the worker
// handled the Event that carried its value (Paint.seen, the last message the worker had
// handled, at least that Event's seq); from then on the worker's drawing of it holds
// (a bot's default name that follows its level). A field no Event carries yet (the
// one-click game's name, read at the click) stays the person's until one does.

import { tagOf } from "./input.js";

const FORM = "start-form";
const NOT_SENT = Infinity;

// The form's fields by name (one each: the form has no radio buttons).
function fieldsOf(doc) {
  const form = doc.getElementById(FORM);
  const out = new Map();
  for (const el of form && form.elements ? form.elements : []) if (el.name) out.set(el.name, el);
  return out;
}

// Whether a select offers `value` (setting one it does not offer would empty it).
function offers(el, value) {
  if (tagOf(el) !== "SELECT") return true;
  return Array.from(el.options || []).some((option) => option.value === value);
}

export class Typed {
  constructor(doc) {
    this.doc = doc;
    this.fields = new Map(); // name -> the seq of the Event that carried its value
  }

  // The person changed the field `el` (an input or change event on it).
  changed(el) {
    if (!el || !el.name || typeof el.closest !== "function" || !el.closest(`#${FORM}`)) return;
    this.fields.set(el.name, NOT_SENT);
  }

  // An Event went to the worker (its `seq`) with the form's values `form`.
  sent(seq, form) {
    if (!form) return;
    for (const [name, at] of this.fields) if (at === NOT_SENT && name in form) this.fields.set(name, seq);
  }

  // draw() (a Paint's patch), the fields the worker had not heard of when it made the
  // Paint (`seen`) keeping the person's value. The focused text field, drawn anew and
  // focused again (paint.js), keeps its caret and selection when its value stays: the
  // browser would put the caret at its start, and the next letters typed there.
  keep(seen, draw) {
    for (const [name, at] of this.fields) if (at <= seen) this.fields.delete(name);
    const active = this.doc.activeElement;
    const typing = !!active && typeof active.selectionStart === "number"; // a text field
    if (!this.fields.size && !typing) return draw(); // a Paint of the game: nothing to look up
    const before = fieldsOf(this.doc);
    const focused = typing ? [...before].find(([, el]) => el === active) : null;
    const kept = [];
    for (const name of this.fields.keys()) {
      if (before.has(name)) kept.push({ name, value: String(before.get(name).value) });
    }
    const caret = focused ? { name: focused[0], value: String(active.value),
      range: [active.selectionStart, active.selectionEnd, active.selectionDirection] } : null;
    const done = draw();
    const after = fieldsOf(this.doc);
    for (const { name, value } of kept) {
      const el = after.get(name);
      if (!el || el === before.get(name) || String(el.value) === value || !offers(el, value)) continue;
      el.value = value;
    }
    const el = caret && after.get(caret.name);
    if (el && el !== active && el === this.doc.activeElement && String(el.value) === caret.value
        && typeof el.setSelectionRange === "function") {
      el.setSelectionRange(...caret.range);
    }
    return done;
  }
}

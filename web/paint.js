// A Paint from the worker applied on the main thread (docs/phone.md, "The main thread's
// side"): what browser/paint.py's Painter and wiring.py's apply did in the page's
// Python, in this order:
//
// 1. the writes (store.js): all of them before anything is shown, so the screen never
//    shows a move whose save was not written first; a refused write undoes this
//    Paint's writes done so far, and the answer (Stored ok / full / unavailable) goes
//    back at once. The Paint itself is still drawn: the worker left every word that
//    says "saved" out of it while its writes wait for their answer, and its next
//    Paint says "Not saved" (as the page's Python did when setItem threw);
// 2. the address (history.replaceState), as wiring.py's apply did before drawing;
// 3. the patch (view/patches.py's PagePatch JSON) through dom.js, the focused control
//    kept where its control stays;
// 4. "samarkand:painted" for zoompan.js, the focus, the browser's effects.
//
// Nothing is shown that the Paint did not say.

import { writeAll } from "./store.js";
import { controlKey } from "./focus.js";

// Regions whose content is replaced (not patched in place) when it changes.
export const REPLACED = ["header", "messages", "home", "status", "actions", "hand", "players",
  "overlay", "zoom", "chart", "chart-table", "recap"];

export class Painter {
  // `ids`: {region: element}; `focus`: focus.js's Focus.
  constructor(doc, win, ids, focus) {
    this.doc = doc;
    this.win = win;
    this.ids = ids;
    this.focus = focus;
  }

  // A PagePatch's writes, then what is shown, inert, the language and the title. The
  // names of the regions written. A region whose patch dom.js could not apply (it is
  // not as the patch expects) is left as it is and named in `redraw`: the worker draws
  // it whole (a Paint carries a region's patch, never its whole beside it).
  apply(patch, redraw = []) {
    const writes = patch.writes || [];
    const todo = new Set(writes.map((w) => w.region));
    const focused = todo.size ? this.focusedIn(writes.map((w) => w.region)) : null;
    let refocus = null;
    for (const write of writes) {
      const { region } = write;
      let lost = focused !== null && focused.region === region;
      if (write.kind === "board") {
        if (!this.board(write)) redraw.push(region);
      } else if (write.kind === "log") {
        if (!this.log(write)) redraw.push(region);
      } else if (write.kind === "parts") {
        const done = this.parts(write, lost);
        if (done === null) redraw.push(region);
        lost = !!done;
      } else {
        if (lost) this.blur();
        setMarkup(this.ids[region], write);
      }
      if (lost && focused.key && REPLACED.includes(region)) refocus = focused.key;
    }
    if (refocus) this.focus.giveBack(refocus);
    for (const [region, flag] of Object.entries(patch.hidden || {})) this.ids[region].hidden = flag;
    for (const [region, modal] of Object.entries(patch.inert || {})) {
      if (modal) this.ids[region].setAttribute("inert", "");
      else this.ids[region].removeAttribute("inert");
    }
    if (patch.lang != null) this.doc.documentElement.setAttribute("lang", patch.lang);
    if (patch.title != null) this.doc.title = patch.title;
    return todo;
  }

  // Only the spaces and domains that changed, in one call to dom.js (the ops go as
  // they came: no JSON text made here for dom.js to parse again); the whole SVG when
  // its frame changed (ops null). False when dom.js could not patch them.
  board(write) {
    const el = this.ids[write.region];
    if (hasOps(write.ops)) return !write.ops.length || !!this.win.samarkandPatchPieces(el, write.ops);
    setMarkup(el, write);
    return true;
  }

  // The new lines at the top of the log's list; all anew when the language or game
  // changed (new null). False when the list is not there to add to.
  log(write) {
    const el = this.ids[write.region];
    if (hasOps(write.new)) {
      if (!write.new.length) return true;
      const ol = el.querySelector("ol");
      const made = write.parsedNew;
      if (ol && made && made.list === ol) ol.prepend(made.nodes);
      else if (ol) ol.insertAdjacentHTML("afterbegin", write.new.join(""));
      return !!ol;
    }
    el.innerHTML = write.markup;
    return true;
  }

  // Only the parts that changed, in one call to dom.js (drawn whole when it was not
  // drawn from parts: ops null). Whether the focused element (`focused`: inside the
  // region) left the page with its part; null when the ops do not fit.
  parts(write, focused) {
    const el = this.ids[write.region];
    if (hasOps(write.ops)) {
      if (!write.ops.length) return false;
      const result = this.win.samarkandPatchParts(el, write.ops);
      return result ? result === 2 : null;
    }
    if (focused) this.blur();
    this.win.samarkandSetParts(el, write.whole, write.built || null);
    return focused;
  }

  // Whether the Paints `msgs` (a prepared answer) leave `active` in the page, focusable:
  // no region that holds it is drawn anew, hidden or made inert, and no part or piece
  // that holds it is removed (a board's piece is changed in place, only its children
  // may be replaced: the focus may rest on a piece itself, not inside one). The ops are
  // read against the page as it is: a region that holds it written by two of the
  // Paints (the second's ops are for the page the first leaves) is not known to keep it.
  keeps(msgs, active) {
    const partsKeep = this.win.samarkandPartsKeep;
    let written = false;
    for (const msg of msgs) {
      const patch = msg && msg.patch;
      if (!patch) continue;
      for (const write of patch.writes || []) {
        const el = this.ids[write.region];
        if (!el || !el.contains(active)) continue;
        if (written) return false;
        written = true;
        if (write.kind === "board") {
          if (!hasOps(write.ops) || active === el) return false;
          if (!active.matches("[data-space], [data-family]")) return false;
        } else if (write.kind === "parts") {
          if (!hasOps(write.ops) || typeof partsKeep !== "function") return false;
          if (!partsKeep(el, write.ops, active)) return false;
        } else if (!(write.kind === "log" && hasOps(write.new))) {
          return false;
        }
      }
      for (const flags of [patch.hidden, patch.inert]) { // hidden or inert from now on
        for (const [region, flag] of Object.entries(flags || {})) {
          const el = this.ids[region];
          if (flag === true && el && el.contains(active)) return false;
        }
      }
    }
    return true;
  }

  // A prepared answer's Paints (client.js): their new nodes made now, ahead of the click
  // that may show them (dom.js's samarkandPrebuild; nothing in the page changes).
  prebuild(msgs) {
    const make = this.win.samarkandPrebuild;
    if (typeof make !== "function") return;
    for (const msg of msgs) {
      for (const write of (msg && msg.patch && msg.patch.writes) || []) {
        const el = this.ids[write.region];
        if (el) make(el, write);
      }
    }
  }

  // The region about to change that holds the focused element, and the key to focus
  // its successor with should it leave the page. A region itself (#status, where the
  // focus rests while bots move) stays: only its content changes.
  focusedIn(regions) {
    const active = this.doc.activeElement;
    if (!active || active === this.doc.body) return null;
    for (const region of regions) {
      const el = this.ids[region];
      if (REPLACED.includes(region) && el && active !== el && el.contains(active)) {
        return { region, key: controlKey(active) };
      }
    }
    return null;
  }

  // The focus taken from an element about to be replaced (cheap), rather than by the
  // browser while it is removed (a forced style and layout update).
  blur() {
    const active = this.doc.activeElement;
    if (active && typeof active.blur === "function") active.blur();
  }
}

// A region's markup written: its nodes made ahead when they were (prebuild), else parsed
// now.
function setMarkup(el, write) {
  if (write.parsed) el.replaceChildren(write.parsed);
  else el.innerHTML = write.markup;
}

// A write's patch (ops, new lines) rather than its whole.
const hasOps = (ops) => ops !== null && ops !== undefined;

// One Paint applied. `page`: {doc, win, stores, sessionKept, painter, focus, effects,
// send(message), redraw(regions), label, typed (typed.js: the form's fields the worker
// had not heard of when it made the Paint keep the person's values)}; `answering`: the
// person's Event this Paint answers ({t0}) or null. Returns the regions written.
export function applyPaint(page, msg, answering = null) {
  const writes = msg.writes || [];
  if (writes.length) {
    const { result, text, key, value } = writeAll(writes, page.stores, page.sessionKept);
    page.send(result === "changed" ? { type: "stored", paint: msg.seq, result, text, key, value }
      : { type: "stored", paint: msg.seq, result, text });
  }
  const { win, focus } = page;
  if (msg.url != null) {
    // path-absolute: opened as http://host//index.html, the page's path is
    // "//index.html", and "//index.html?game=…" would name the host "index.html":
    // replaceState refuses it, and its exception left the page blank
    const url = msg.url.replace(/^\/{2,}/, "/");
    const loc = win.location;
    if (url !== loc.pathname + loc.search + loc.hash) {
      try {
        win.history.replaceState(null, "", url);
      } catch (err) { // an address the browser will not take: the page is drawn anyway
        console.warn("samarkand: the address was not changed:", err);
      }
    }
  }
  const redraw = [];
  const draw = () => page.painter.apply(msg.patch, redraw);
  const todo = !msg.patch ? new Set() : page.typed ? page.typed.keep(msg.seen || 0, draw) : draw();
  if (redraw.length) page.redraw(redraw); // the worker draws them whole
  if (typeof msg.label === "string") page.label = msg.label;
  if (msg.patch) {
    win.dispatchEvent(new win.CustomEvent("samarkand:painted", {
      detail: JSON.stringify({ board: !!msg.board, label: page.label || "" }),
    }));
  }
  if (msg.focus && (!msg.focus_if_idle || focus.isIdle())) {
    focus.first(msg.focus, answering ? answering.moves : null);
  }
  if (answering) focus.afterPress(!msg.focus); // the focus a press took comes back
  if (msg.suggested) {
    win.dispatchEvent(new win.CustomEvent("samarkand:suggested"));
    const el = page.doc.activeElement;
    if (!el || el === page.doc.body) focus.first("#coach-advice");
  }
  page.effects.apply(msg);
  return todo;
}

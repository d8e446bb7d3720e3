// The page's main thread when its Python runs in a worker (issue 33; docs/phone.md,
// "The main thread's side"): starts the module worker (web/worker.js), tells it the
// page it runs for (Start: the address, language, screen, every samarkand.* key of
// localStorage and sessionStorage, how the store is, first.js's early click), forwards
// a person's input as Events (input.js) and another tab's changes as StorageEvents,
// and applies each Paint that comes back (paint.js). The messages are
// worker/protocol.py's JSON forms; each carries its sequence number.
//
// Loaded as <script type="module" src="./client.js"> after dom.js's deferred script
// (deferred and module scripts run in the document's order): it calls dom.js's
// samarkandPointer at once, and its patches go through dom.js.
//
// Input made while the worker starts is kept, in order, and sent once it is Ready (as
// first.js keeps the start screen's early click, which Start carries, or, when it came
// after Start was sent, the first Event after Ready).
//
// The test hooks the e2e tests and the benchmark read keep their names and meaning:
// body[data-ready], data-ready-ms, data-py-start-ms, data-imported-ms, data-class-code,
// window.samarkandTimings (ms from a click to the frame that shows its answer) and the
// records browser/timings.py kept (the worker sends their entries).

import { Effects, ANSWERS } from "./effects.js";
import { Focus } from "./focus.js";
import { Input, clickEvent, decisionClicks, eventMessage } from "./input.js";
import { Painter, applyPaint } from "./paint.js";
import { health, keysOf, storageOf } from "./store.js";
import { TipWatch } from "./tipwatch.js";
import { Typed } from "./typed.js";
import { portrait } from "./zoom.js";

// The regions a Paint writes (browser/wiring.py's REGIONS).
export const REGIONS = ["header", "messages", "home", "game", "status", "actions", "hand",
  "board", "players", "log", "zoom", "chart", "chart-table", "overlay", "main", "board-wrap",
  "board-frame", "tip", "decision-bar", "recap"];
// The start screen's actions first.js keeps (state/early.py's EARLY_ACTIONS).
export const EARLY_ACTIONS = ["quick", "setup", "start", "quick-name", "guide"];
// browser/tips.py's TARGETS and HOVER_MS: what dom.js's pointer watch reports a rest on.
export const TIP_TARGETS = "#board [data-space], #board [data-family], #hand [data-card], #actions [data-card]";
export const HOVER_MS = 250;

// Whether this tab's sessionStorage can be used (browser/localstore.py's open_session).
function sessionUsable(storage) {
  if (!storage) return false;
  try {
    void storage.length;
    return true;
  } catch (err) {
    return false;
  }
}

// The Start message (without its seq): what the worker's App is made from.
export function startMessage(win, stores) {
  const loc = win.location;
  const state = health(stores.local);
  let touch = false;
  try {
    touch = !!win.matchMedia("(pointer: coarse)").matches;
  } catch (err) {
    touch = false;
  }
  const early = win.samarkandEarly;
  return {
    type: "start", path: String(loc.pathname), search: String(loc.search),
    hash: String(loc.hash), origin: String(loc.origin),
    lang: String(win.navigator.language || "en"), touch, portrait: portrait(win.innerWidth),
    store: state === "off" ? {} : keysOf(stores.local),
    session: sessionUsable(stores.session) ? keysOf(stores.session) : {},
    storage: state, early: typeof early === "string" ? early : "",
    can_share: typeof win.navigator.share === "function",
    can_sign: typeof win.samarkandSign === "function",
    // the page's timeline, on which the worker places its records' moments
    time_origin: Number(win.performance && win.performance.timeOrigin) || 0,
  };
}

// first.js's early click (window.samarkandEarly) as an Event, or null: only the start
// screen's own actions, text values only (anything in the page may write it).
export function earlyEvent(raw) {
  if (typeof raw !== "string" || !raw || raw.length > 100_000) return null;
  let data;
  try {
    data = JSON.parse(raw);
  } catch (err) {
    return null;
  }
  if (!data || typeof data !== "object") return null;
  const { action, value = "", form = {} } = data;
  if (!EARLY_ACTIONS.includes(action) || typeof value !== "string" || !form || typeof form !== "object") {
    return null;
  }
  const fields = {};
  for (const [k, v] of Object.entries(form).slice(0, 40)) {
    if (typeof v === "string") fields[k] = v.slice(0, 200);
  }
  return eventMessage("click", { action, value: value.slice(0, 200), form: fields });
}

// A click's Event as the key of its prepared answer: what the worker's answer depends on.
export const preparedKey = (e) => JSON.stringify([e.kind, e.action, e.value, e.form || null]);

export class Client {
  // `worker`: {postMessage, onmessage, onerror}; the rest as in the browser (the tests
  // pass fakes).
  constructor(doc, win, worker) {
    this.doc = doc;
    this.win = win;
    this.worker = worker;
    this.seq = 0;
    this.ready = false;
    this.kept = []; // Events made before Ready, in order
    this.waiting = []; // a person's Events sent, not yet answered: {seq, t0, moves}
    // Drawn, Redraw and StorageEvent messages sent, not yet answered by a Paint (their seq)
    this.drawing = new Set();
    this.restsDue = 0; // a move's first paints whose Drawn waits for their frame
    // Prepared answers (docs/phone.md, "Prepared answers"): the worker's answers to the
    // clicks the person could make, by preparedKey, asked for by the Prepare numbered
    // `prepareSeq`; null when there are none or they are stale (anything sent or
    // received since). A click whose answer is here is shown in the click's own task.
    this.prepared = null;
    this.prepareSeq = 0;
    this.preparedShown = 0; // clicks answered so (the e2e tests and the bench read it)
    this.startEarly = "";
    const byId = (id) => doc.getElementById(id);
    this.ids = Object.fromEntries(REGIONS.map((id) => [id, byId(id)]));
    this.loading = byId("loading");
    this.stores = { local: storageOf(win, "localStorage"), session: storageOf(win, "sessionStorage") };
    this.focus = new Focus(doc, this.loading, (fn) => this.afterFrame(fn));
    this.typed = new Typed(doc); // the form's fields the worker has not drawn yet
    this.page = {
      doc, win, stores: this.stores, sessionKept: sessionUsable(this.stores.session),
      painter: new Painter(doc, win, this.ids, this.focus), focus: this.focus,
      effects: new Effects(doc, win, (action, value, form) => this.send(
        eventMessage("change", { action, value, form }))),
      send: (msg) => this.post(msg), label: "", typed: this.typed,
      // regions whose patch could not be applied: drawn whole by the worker's answer
      redraw: (regions) => this.drawing.add(this.post({ type: "redraw", regions }).seq),
    };
    // tooltips: asked of the worker once it is Ready (a TipAsk), answered by a Tip
    this.tips = new TipWatch(doc, win, this.focus, (msg) => (this.ready ? this.post(msg) : null));
    this.input = new Input(doc, win, this.focus, (msg) => this.send(msg), this.tips);
    worker.onmessage = (event) => this.receive(event.data);
    worker.onerror = () => this.failed("the worker stopped");
  }

  // A message to the worker, numbered. Anything but a Prepare or an Adopt makes the
  // prepared answers stale: the worker drops its copies as it receives it.
  post(msg) {
    if (msg.type !== "prepare" && msg.type !== "adopt") this.prepared = null;
    this.seq += 1;
    const numbered = { ...msg, seq: this.seq };
    this.worker.postMessage(numbered);
    return numbered;
  }

  // A person's Event: kept until the worker is Ready, else sent.
  send(msg) {
    if (!this.ready) {
      this.kept.push(msg);
      return;
    }
    if (this.showPrepared(msg)) return;
    const sent = this.post(msg);
    this.typed.sent(sent.seq, sent.form);
    if (typeof sent.t0 === "number") {
      this.waiting.push({ seq: sent.seq, t0: sent.t0, moves: this.focus.moves });
    }
  }

  // A click whose answer the worker prepared, with nothing sent or received since: its
  // answer shown now, as if the worker had just sent it, and the worker told to keep
  // the copy that made it (Adopt, carrying the click: answered by the worker as a click
  // should that copy be gone). True when shown.
  showPrepared(msg) {
    if (!this.prepared || msg.type !== "event" || msg.kind !== "click") return false;
    if (this.seq !== this.prepareSeq || typeof msg.t0 !== "number") return false;
    const key = preparedKey(msg);
    const answer = this.prepared.get(key);
    if (!answer) return false;
    const seq = this.seq + 1;
    this.post({ type: "adopt", key, event: { ...msg, seq } });
    this.prepared = null;
    this.preparedShown += 1;
    this.typed.sent(seq, msg.form);
    this.waiting.push({ seq, t0: msg.t0, moves: this.focus.moves });
    for (const m of answer) this.receive(m);
    return true;
  }

  // Whether a click on `control` leaves `active` (the focused element) in the page: its
  // answer is prepared and nothing that holds `active` is removed by it (paint.js's
  // keeps). dom.js's press then leaves the focus where it is; else it takes it first.
  keepsFocus(control, active) {
    if (!this.prepared || this.seq !== this.prepareSeq) return false;
    const msg = clickEvent(control, this.doc, 0);
    const answer = msg && this.prepared.get(preparedKey(msg));
    return !!answer && this.page.painter.keeps(answer, active);
  }

  // Once the page waits for nothing and its frame is drawn: the worker asked to prepare
  // the answers of the clicks the person could make (none: nothing asked).
  prepareSoon() {
    this.afterFrame(() => {
      if (this.busy() || this.prepared) return;
      const clicks = new Map();
      for (const event of decisionClicks(this.doc)) clicks.set(preparedKey(event), event);
      if (!clicks.size) return;
      const sent = this.post({ type: "prepare", clicks: [...clicks].map(([key, event]) => ({ key, event })) });
      this.prepareSeq = sent.seq;
      this.prepared = new Map();
    });
  }

  start() {
    this.handCode();
    const msg = startMessage(this.win, this.stores);
    this.startEarly = msg.early;
    this.post(msg);
  }

  // The code bundle first.js downloads with the page (checked against its sha256, asked
  // for once more when it fails) goes to the worker, its bytes moved, not copied; a
  // download that failed twice is told (first.js says the game could not start). Without
  // first.js's download the worker fetches the bundle itself (worker.js).
  handCode() {
    const code = this.win.samarkandCode;
    if (!code || !code.bytes) {
      this.worker.postMessage({ type: "code", url: null });
      return;
    }
    code.bytes.then(
      (bytes) => this.worker.postMessage({ type: "code", url: code.url, bytes }, [bytes]),
      (err) => this.worker.postMessage({ type: "code", url: code.url, error: String(err) }));
  }

  listen() {
    const { doc, win } = this;
    // The skip link's target, when no space or domain is there to take the focus.
    if (this.ids.board) this.ids.board.setAttribute("tabindex", "-1");
    // a field the person changed (before input.js sends its Event: capture)
    for (const kind of ["input", "change"]) doc.addEventListener(kind, (e) => this.typed.changed(e.target), true);
    this.input.listen();
    this.tips.listen();
    if (typeof win.samarkandPointer === "function") {
      // presses counted, the focus a press took, a pointer at rest (dom.js)
      this.tips.pointer = this.focus.pointer = win.samarkandPointer(
        (el, tip) => this.tips.rested(el, tip), () => this.tips.left(), TIP_TARGETS, HOVER_MS);
      this.focus.pointer.keepsFocus = (control, active) => this.keepsFocus(control, active);
    }
    win.addEventListener("storage", (event) => this.onStorage(event));
    win.addEventListener("samarkand:update-ready", () => this.send(
      eventMessage("change", { action: ANSWERS.updateReady })));
  }

  // Another tab changed localStorage: its samarkand.* keys (or all cleared).
  onStorage(event) {
    if (event.storageArea && event.storageArea !== this.stores.local) return;
    const key = event.key;
    if (key !== null && !String(key).startsWith("samarkand.")) return;
    const msg = { type: "storage", key, value: key === null ? null : event.newValue };
    if (this.ready) this.drawing.add(this.post(msg).seq); // answered by a Paint too
    else this.kept.push(msg);
  }

  receive(msg) {
    if (!msg || typeof msg !== "object") return;
    if (msg.type === "prepared") {
      if (this.prepared && msg.base === this.prepareSeq && this.seq === this.prepareSeq
        && Array.isArray(msg.msgs)) {
        this.prepared.set(msg.key, msg.msgs);
        this.page.painter.prebuild(msg.msgs);
      }
      return;
    }
    this.prepared = null; // the worker moved on (a step, an answer): prepared anew after it
    if (msg.type === "paint") this.onPaint(msg);
    else if (msg.type === "ready") this.onReady(msg);
    else if (msg.type === "failed") this.failed(msg.text);
    else if (msg.type === "stage") {
      // how far the worker's start is (first.js's loading indicator shows it)
      this.win.dispatchEvent(new this.win.CustomEvent("samarkand:stage", { detail: msg.stage }));
    }
    else if (msg.type === "tip") {
      this.tips.answer(msg);
      this.prepareSoon(); // asking for the tooltip dropped them
    }
  }

  onPaint(msg) {
    const answering = this.answered(msg);
    const perf = this.win.performance;
    const t0 = perf.now();
    this.tips.painted(applyPaint(this.page, msg, answering)); // a redrawn region closes it
    // "paint": writing the Paint into the page (the click's split in page_bench.py)
    perf.measure("paint", { start: t0, end: perf.now() });
    if (msg.timings) this.record(msg.timings);
    if (answering) {
      const { t0 } = answering;
      this.win.requestAnimationFrame(() => this.clickShown(t0));
    }
    // a move's first paint (only what shows it and the next decision): once its frame
    // is drawn, the worker sends the rest of the page
    this.prepareSoon();
    if (msg.rest) {
      this.restsDue += 1;
      this.afterFrame(() => {
        this.restsDue -= 1;
        this.drawing.add(this.post({ type: "drawn", paint: msg.seq }).seq);
      });
    }
  }

  // The person's Event a Paint answers (`answers`: the worker answers each Event that
  // carries its time, and each Drawn), or null.
  answered(msg) {
    if (typeof msg.answers !== "number") return null;
    if (this.drawing.delete(msg.answers)) return null; // a move's rest, another tab's change
    const at = this.waiting.findIndex((w) => w.seq === msg.answers);
    if (at < 0) return null;
    return this.waiting.splice(0, at + 1).pop();
  }

  // Whether the page still waits for the worker's answer to a person's input, to the
  // rest of a move's page or to another tab's change: the e2e tests wait until it does
  // not (samarkandBusy).
  busy() {
    return !this.ready || this.kept.length > 0 || this.waiting.length > 0
      || this.restsDue > 0 || this.drawing.size > 0;
  }

  clickShown(t0) {
    const perf = this.win.performance;
    const now = perf.now();
    this.win.samarkandTimings.push(now - t0);
    perf.measure("click-to-frame", { start: t0, end: now });
  }

  // The worker's figures (browser/timings.py's records) added to the page's; its
  // user timings ("dispatch", "render", "bot-<phase>", ...: {name, start_at, ms}, the
  // start in ms since the epoch) placed on this page's timeline.
  record(timings) {
    const win = this.win;
    const perf = win.performance;
    for (const { name, start_at: at, ms } of Array.isArray(timings.measures) ? timings.measures : []) {
      if (typeof name !== "string" || typeof at !== "number" || typeof ms !== "number") continue;
      const start = at - (perf.timeOrigin || 0);
      perf.measure(name, { start, end: start + ms });
    }
    for (const [name, list] of [["samarkandBotDecisions", timings.bot_decisions],
      ["samarkandCoach", timings.coach]]) {
      if (Array.isArray(list)) win[name].push(...list);
    }
    for (const [name, values] of [["samarkandSlices", timings.slices],
      ["samarkandImport", timings.import], ["samarkandAnalysis", timings.analysis]]) {
      if (values && typeof values === "object") Object.assign(win[name], values);
    }
  }

  onReady(msg) {
    if (this.ready) return;
    this.ready = true;
    const body = this.doc.body.dataset;
    const origin = this.win.performance.timeOrigin || 0;
    // the worker's moments (ms since the epoch) as ms since this page's navigation
    if (typeof msg.py_start_at === "number") body.pyStartMs = String(Math.round(msg.py_start_at - origin));
    if (typeof msg.imported_at === "number") body.importedMs = String(Math.round(msg.imported_at - origin));
    if (typeof msg.class_code === "string") body.classCode = msg.class_code;
    body.pythonStart = msg.snapshot === true ? "snapshot" : "boot"; // web/snapshot.js
    if (this.loading) this.loading.hidden = true;
    body.readyMs = String(Math.round(this.win.performance.now()));
    body.ready = "1";
    const kept = this.kept;
    this.kept = [];
    const early = this.win.samarkandEarly;
    if (typeof early === "string" && early !== this.startEarly) {
      const event = earlyEvent(early); // kept by first.js after Start was sent
      if (event) this.send(event);
    }
    for (const m of kept) {
      if (m.type === "event") this.send(m);
      else this.drawing.add(this.post(m).seq);
    }
    // the service worker may install once the first board is on screen (sw-register.js)
    this.afterFrame(() => this.win.dispatchEvent(new this.win.CustomEvent("samarkand:idle")));
  }

  failed(text) {
    console.error(`samarkand: ${text}`);
    if (!this.ready) this.win.dispatchEvent(new this.win.CustomEvent("samarkand:failed"));
  }

  // fn in a task of its own once the next frame is drawn.
  afterFrame(fn) {
    this.win.requestAnimationFrame(() => this.win.setTimeout(fn, 0));
  }
}

// In the page (not in the unit tests, which import the module in Node): start.
if (typeof window !== "undefined" && typeof document !== "undefined" && window.Worker) {
  window.samarkandTimings = [];
  window.samarkandBotDecisions = [];
  window.samarkandCoach = [];
  window.samarkandSlices = { run: 0, deferred: 0 };
  window.samarkandImport = { slices: 0, longest_ms: 0, ms: 0, start: 0 };
  window.samarkandAnalysis = { slices: 0, longest_ms: 0, longest_think_ms: 0, ms: 0, start: 0 };
  const client = new Client(document, window, new Worker("./worker.js", { type: "module" }));
  client.listen();
  client.start();
  window.samarkandBusy = () => client.busy();
  window.samarkandPreparedShown = () => client.preparedShown;
}

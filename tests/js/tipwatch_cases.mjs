// The cases of tests/page/test_tipwatch_js.py: web/tipwatch.js, wired by web/client.js,
// on a page of fakes (fake_page.mjs) with a worker that records what it is sent; dom.js's
// pointer watch is a stand-in that hands the test its rested() / left(). Each case
// returns what the Python test asserts on, as plain data.

import { FakePage, FakeWorker } from "./fake_page.mjs";
import { Client } from "../../web/client.js";
import { LONG_PRESS_MS } from "../../web/tipwatch.js";

// A started page; `touch`: a touch screen; `ready`: the worker said Ready.
function started({ touch = false, ready = true } = {}) {
  const page = new FakePage();
  const worker = new FakeWorker();
  const pointer = { presses: 0, open: false, released: null };
  const watch = {};
  page.win.samarkandPointer = (rested, left, targets, ms) => {
    Object.assign(watch, { rested, left, targets, ms });
    return pointer;
  };
  page.win.matchMedia = () => ({ matches: touch });
  // timers by id, run when the test says (a long press is held, or cut short)
  const timers = new Map();
  let next = 0;
  page.win.setTimeout = (fn, ms) => { next += 1; timers.set(next, { fn, ms }); return next; };
  page.win.clearTimeout = (id) => timers.delete(id);
  const runTimers = () => {
    for (const [id, { fn }] of [...timers]) { timers.delete(id); fn(); }
  };
  const client = new Client(page.doc, page.win, worker);
  client.listen();
  client.start();
  if (ready) worker.reply({ type: "ready", seq: 1 });
  const layer = page.add("board", "g", { class: "map-highlight" });
  const tip = page.byId.tip;
  tip.hidden = true;
  const asks = () => worker.sent.filter((m) => m.type === "tip-ask");
  const lastAsk = () => asks().at(-1);
  // the worker's answer to the last ask (or to `ask`)
  const answer = (markup, ring = "", ask = lastAsk()) => worker.reply(
    { type: "tip", seq: 100 + ask.seq, asks: ask.seq, markup, ring });
  const state = () => ({ shown: !tip.hidden && !!tip.innerHTML, markup: tip.hidden ? "" : tip.innerHTML,
    ring: layer.innerHTML, open: pointer.open });
  return { page, worker, client, pointer, watch, timers, runTimers, layer, tip, asks, lastAsk, answer, state };
}

const space = (page, n, attrs = {}) => page.add("board", "g", { "data-space": n, ...attrs });
const strip = ({ seq, ...rest }) => rest; // an ask without its number

export const cases = {
  // dom.js is started with the tooltips' targets and rest; a rest asks, the answer shows
  hover_asks_and_the_answer_shows() {
    const t = started();
    const seven = space(t.page, "7");
    const seen = { targets: t.watch.targets, ms: t.watch.ms };
    t.watch.rested(seven, true);
    seen.asked = strip(t.lastAsk());
    seen.whileAsking = t.state();
    t.answer('<p class="tip-title">Seven</p>');
    seen.answered = t.state();
    seen.placedCleared = !("data-placed" in t.tip.attrs);
    seen.told = seven.events || [];
    t.watch.rested(seven, true); // already shown: nothing asked again
    seen.asksAfterSecondRest = t.asks().length;
    t.watch.left();
    seen.left = t.state();
    return seen;
  },

  // nothing is asked before the worker is Ready
  nothing_asked_before_ready() {
    const t = started({ ready: false });
    t.watch.rested(space(t.page, "7"), true);
    return { sent: t.worker.sent.map((m) => m.type), state: t.state() };
  },

  // answers that come too late are dropped
  stale_answers_are_dropped() {
    const t = started();
    const a = space(t.page, "7");
    const b = space(t.page, "8");
    const seen = {};
    t.watch.rested(a, true);
    t.watch.left(); // the pointer left before the answer came
    t.answer("<p>Seven</p>");
    seen.afterLeft = t.state();
    t.watch.rested(a, true);
    const first = t.lastAsk();
    t.watch.rested(b, true); // asked anew before the first answer
    t.answer("<p>Seven</p>", "", first);
    seen.oldAnswer = t.state();
    t.answer("<p>Eight</p>");
    seen.newAnswer = t.state();
    t.watch.left();
    t.watch.rested(a, true);
    // a move's Paint redraws the decision before the answer comes
    t.worker.reply({ type: "paint", seq: 50, patch: { writes: [{ kind: "html", region: "actions", markup: "x" }],
      hidden: {}, inert: {}, lang: null, title: null } });
    t.answer("<p>Seven</p>");
    seen.afterRedraw = t.state();
    t.watch.rested(b, true);
    const gone = t.lastAsk();
    Object.defineProperty(b, "isConnected", { value: false }); // drawn away meanwhile
    t.answer("<p>Eight</p>", "", gone);
    seen.elementGone = t.state();
    return seen;
  },

  // a Paint that redraws what a tooltip may describe closes it; the log does not
  redrawn_regions_close_it() {
    const t = started();
    t.watch.rested(space(t.page, "7"), true);
    t.answer("<p>Seven</p>");
    const paint = (region) => t.worker.reply({ type: "paint", seq: 60, patch: {
      writes: [{ kind: "html", region, markup: "y" }], hidden: {}, inert: {}, lang: null, title: null } });
    paint("log");
    const afterLog = t.state();
    paint("status");
    return { afterLog, afterStatus: t.state() };
  },

  // a card asks its tooltip and its space's ring; a log line its ring only
  rings() {
    const t = started();
    const card = t.page.add("hand", "li", { "data-card": "5", "data-map": "31" });
    const line = t.page.add("log", "li", { "data-map": "12" });
    const seen = {};
    t.watch.rested(card, true);
    seen.cardAsk = strip(t.lastAsk());
    t.answer("<p>Wine 5</p>", '<polygon class="hl-ring"/>');
    seen.card = t.state();
    t.watch.left();
    seen.left = t.state();
    t.watch.rested(line, false);
    seen.lineAsk = strip(t.lastAsk());
    t.answer("", '<polygon class="hl-ring" id="12"/>');
    seen.line = t.state();
    return seen;
  },

  // only a focus the person's keys moved asks
  focus_by_the_persons_keys_only() {
    const t = started();
    const seven = space(t.page, "7");
    const focusin = () => t.page.fire("focusin", { target: seven });
    const seen = [];
    const asked = () => t.asks().length;
    focusin();
    seen.push(["a focus with no key", asked()]);
    t.page.fire("keydown", { key: "Enter", target: t.page.doc.body });
    focusin();
    seen.push(["after Enter", asked()]);
    t.page.fire("keydown", { key: "Tab", target: t.page.doc.body });
    t.client.focus.moving = true; // the page moves the focus (focus.js's byPage)
    focusin();
    t.client.focus.moving = false;
    seen.push(["Tab, then the page's focus", asked()]);
    t.page.fire("keydown", { key: "Tab", target: t.page.doc.body });
    t.pointer.presses += 1; // then a press: its focus is no keyboard's
    focusin();
    seen.push(["Tab, then a press", asked()]);
    t.page.fire("keydown", { key: "ArrowRight", target: t.page.doc.body });
    focusin();
    seen.push(["an arrow key", asked()]);
    focusin();
    seen.push(["a second focus", asked()]);
    t.answer("<p>Seven</p>");
    const open = t.state().shown;
    t.page.fire("keydown", { key: "Escape", target: t.page.doc.body });
    return { seen, open, afterEscape: t.state() };
  },

  // on a touch screen a tap on what is not a choice tells what it is, and only that
  taps() {
    const t = started({ touch: true });
    const plain = space(t.page, "7");
    const other = space(t.page, "8");
    const choice = space(t.page, "9", { role: "button", class: "legal" });
    const clicks = () => t.worker.sent.filter((m) => m.type === "event").map((m) => m.value);
    const seen = [];
    const note = (what) => seen.push([what, t.asks().length, clicks(), t.state().shown]);
    t.page.fire("click", { target: plain });
    t.answer("<p>Seven</p>");
    note("a tap on a plain space");
    t.page.fire("click", { target: other });
    note("a tap on another space closes");
    t.page.fire("click", { target: other });
    t.answer("<p>Eight</p>");
    note("a tap there again");
    t.page.fire("click", { target: choice, timeStamp: 3 });
    note("a tap on a choice acts and closes");
    return seen;
  },

  // no tap informs on a screen with a mouse: the click goes to the worker only
  mouse_clicks_only_act() {
    const t = started();
    t.page.fire("click", { target: space(t.page, "7"), timeStamp: 2 });
    return { asks: t.asks().length, events: t.worker.sent.filter((m) => m.type === "event").length };
  },

  // a finger held long enough asks; its click does nothing; moving or a second finger
  // cancels; the browser's menu is not shown over it
  long_press() {
    const t = started({ touch: true });
    const seven = space(t.page, "7");
    const wrap = t.page.byId["board-wrap"];
    const finger = (x, y) => ({ clientX: x, clientY: y });
    const touch = (kind, touches) => t.page.fire(kind, { target: seven, touches }, wrap);
    const seen = {};
    t.pointer.presses += 1;
    touch("touchstart", [finger(100, 100)]);
    seen.delay = [...t.timers.values()].map((x) => x.ms);
    seen.beforeHeld = t.asks().length;
    t.runTimers(); // held long enough
    seen.held = strip(t.lastAsk());
    t.answer("<p>Seven</p>");
    touch("touchend", []);
    const click = t.page.fire("click", { target: seven, timeStamp: 4 });
    seen.click = { prevented: !!click.prevented, events: t.worker.sent.filter((m) => m.type === "event").length,
      shown: t.state().shown };
    const menu = t.page.fire("contextmenu", { target: seven });
    seen.menuPrevented = !!menu.prevented;
    t.pointer.presses += 1; // a new press: the next tap closes the tooltip
    t.page.fire("click", { target: t.page.byId.hand });
    seen.nextTap = t.state().shown;
    const asked = t.asks().length;
    touch("touchstart", [finger(100, 100)]);
    touch("touchmove", [finger(100, 115)]); // 15 px: a scroll
    t.runTimers();
    seen.movedAsks = t.asks().length - asked;
    touch("touchstart", [finger(100, 100)]);
    touch("touchstart", [finger(100, 100), finger(160, 100)]); // a second finger: a pinch
    t.runTimers();
    seen.pinchAsks = t.asks().length - asked;
    touch("touchstart", [finger(100, 100)]);
    touch("touchmove", [finger(104, 106)]); // a finger's shake
    t.runTimers();
    seen.shakeAsks = t.asks().length - asked;
    return { ...seen, longPress: LONG_PRESS_MS };
  },

  // the page scrolls: it closes, unless two fingers pinch the board; tips.js finds no
  // place: the tooltip closes, the ring stays
  scroll_and_unplaced() {
    const t = started();
    const card = t.page.add("hand", "li", { "data-card": "5", "data-map": "31" });
    t.watch.rested(card, true);
    t.answer("<p>Wine 5</p>", "<ring/>");
    t.page.byId["board-wrap"].setAttribute("data-pinching", "");
    t.page.fire("scroll", {});
    const pinching = t.state();
    t.page.byId["board-wrap"].removeAttribute("data-pinching");
    t.page.fire("scroll", {});
    const scrolled = t.state();
    t.watch.rested(card, true);
    t.answer("<p>Wine 5</p>", "<ring/>");
    t.page.fire("samarkand:tip-unplaced", {}, t.page.win);
    return { pinching, scrolled, unplaced: t.state() };
  },
};

const name = process.argv[2];
console.log(JSON.stringify(cases[name]()));

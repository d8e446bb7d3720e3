// The cases of tests/page/test_client_js.py: each runs web/client.js (with paint.js,
// store.js, input.js) on a page of fakes (fake_page.mjs) and returns what the Python
// test asserts on, as plain data.

import { FakePage, FakeWorker } from "./fake_page.mjs";
import { Client } from "../../web/client.js";
import { controlKey, findControl } from "../../web/focus.js";
import { health, refusal, storageOf } from "../../web/store.js";

function started(options = {}) {
  const page = new FakePage(options);
  const worker = new FakeWorker();
  const client = new Client(page.doc, page.win, worker);
  client.listen();
  client.start();
  return { page, worker, client };
}

function ready(worker, extra = {}) {
  worker.reply({ type: "ready", seq: 1, ...extra });
}

const statusPatch = (markup) => ({
  writes: [{ kind: "html", region: "status", markup }], hidden: {}, inert: {}, lang: null, title: null,
});

export const cases = {
  // browser/localstore.py's open_store and LocalStore, as store.js does them now
  store_health_and_refusals() {
    const refusing = (reads, err) => ({
      length: 0,
      getItem() { if (!reads) throw new Error("The operation is insecure."); return null; },
      setItem() { throw err; },
      removeItem() {},
    });
    const quota = Object.assign(new Error("The quota has been exceeded."), { name: "QuotaExceededError" });
    const insecure = Object.assign(new Error("The operation is insecure."), { name: "SecurityError" });
    const blocked = {};
    Object.defineProperty(blocked, "localStorage", { get() { throw insecure; } });
    const fine = { data: {}, length: 0, getItem(k) { return this.data[k] ?? null; },
      setItem(k, v) { this.data[k] = v; }, removeItem(k) { delete this.data[k]; } };
    return {
      unreadable: health(refusing(false, quota)),
      blocked_window: [storageOf(blocked, "localStorage"), health(storageOf(blocked, "localStorage"))],
      full: health(refusing(true, quota)),
      ok: [health(fine), fine.data],
      quota: refusal(quota),
      insecure: refusal(insecure),
    };
  },

  // browser/focus.py's control_key/find_control: stored text is compared, never a selector
  control_found_by_value() {
    const page = new FakePage();
    const key = 'g"] , body [x="';
    const other = page.add("home", "button", { "data-action": "delete", "data-value": "other" });
    const del = page.add("home", "button", { "data-action": "delete", "data-value": key });
    const found = controlKey(del);
    return { found, same: findControl(page.doc, found) === del, other_first: findControl(page.doc, controlKey(other)) === other };
  },
  start_message() {
    const { worker } = started({
      local: { "samarkand.prefs": '{"lang":"de"}', "other.site": "x" },
      session: { "samarkand.tab": "1" },
    });
    return worker.sent;
  },

  writes_before_patch() {
    const { page, worker } = started({ local: { "samarkand.save.a": "old" } });
    ready(worker);
    page.log.length = 0;
    worker.reply({
      type: "paint", seq: 2, patch: statusPatch("Your move was made"),
      writes: [{ key: "samarkand.save.a", value: "new", session: false },
        { key: "samarkand.index", value: null, session: false },
        { key: "samarkand.tab", value: "7", session: true }],
    });
    return { log: page.log, sent: worker.sent.slice(1), local: page.win.localStorage.data,
      session: page.win.sessionStorage.data };
  },

  refused_write_undoes_the_paints_writes() {
    const { page, worker } = started({ local: { "samarkand.save.a": "old", "samarkand.index": "i" } });
    ready(worker);
    // room for the first write (36 characters held then), not for the third (40)
    page.win.localStorage.quota = 36;
    page.log.length = 0;
    worker.reply({
      type: "paint", seq: 2, patch: statusPatch("Jade 25"),
      writes: [{ key: "samarkand.save.a", value: "new", session: false },
        { key: "samarkand.index", value: null, session: false },
        { key: "samarkand.save.b", value: "more", session: false }],
    });
    return { log: page.log, sent: worker.sent.slice(1), local: page.win.localStorage.data };
  },

  missing_storage_is_unavailable() {
    const { page, worker, client } = started();
    ready(worker);
    client.stores.local = null;
    worker.reply({ type: "paint", seq: 2, patch: null,
      writes: [{ key: "samarkand.save.a", value: "x", session: false }] });
    return { sent: worker.sent.slice(1), log: page.log };
  },

  events_as_json() {
    const { page, worker } = started();
    ready(worker);
    const space = page.add("board", "g", { "data-space": "12", role: "button", class: "legal" });
    const inner = page.add(space, "path", {});
    const family = page.add("board", "g", { "data-family": "3" });
    const form = page.add("home", "form", { id: "start-form" });
    form.elements = [{ name: "players", value: "3" }, { name: "", value: "ignored" },
      { name: "name", value: "Ana" }];
    const quick = page.add("home", "button", { "data-action": "quick", "data-value": "hard" });
    const lang = page.add("header", "select", { "data-action": "lang" });
    lang.value = "fr";
    page.fire("click", { target: inner, timeStamp: 5 });
    page.fire("click", { target: family, timeStamp: 6 });
    page.fire("click", { target: quick, timeStamp: 7 });
    page.fire("change", { target: lang });
    const submit = page.fire("submit", { target: form, timeStamp: 8 });
    page.byId.overlay.hidden = false;
    const escape = page.fire("keydown", { key: "Escape", target: page.doc.body });
    const undo = page.fire("keydown", { key: "z", ctrlKey: true, target: page.doc.body });
    page.win.location.hash = "#g=abc";
    page.fire("hashchange", {}, page.win);
    page.win.innerWidth = 400;
    page.fire("resize", {}, page.win);
    page.fire("resize", {}, page.win); // still narrow: nothing to draw anew
    page.fire("storage", { key: "samarkand.save.z", newValue: "v",
      storageArea: page.win.localStorage }, page.win);
    page.fire("storage", { key: "another.site", newValue: "v",
      storageArea: page.win.localStorage }, page.win);
    return { sent: worker.sent.slice(1), prevented: [submit.prevented, escape.prevented, undo.prevented] };
  },

  clicks_before_ready_are_kept() {
    const { page, worker } = started();
    const a = page.add("home", "button", { "data-action": "guide", "data-value": "" });
    const b = page.add("home", "button", { "data-action": "setup", "data-value": "" });
    page.fire("click", { target: a, timeStamp: 1 });
    page.fire("click", { target: b, timeStamp: 2 });
    const beforeReady = worker.sent.map((m) => m.type);
    // first.js kept a click on "Play" after Start was sent
    page.win.samarkandEarly = JSON.stringify({ action: "quick", value: "", form: { name: "Bo" } });
    ready(worker, { py_start_at: 1_700_000_000_900, imported_at: 1_700_000_001_500 });
    const body = page.doc.body.dataset;
    const restored = started();
    ready(restored.worker, { snapshot: true });
    return { beforeReady, after: worker.sent.slice(1), body: { ...body },
      loadingHidden: page.byId.loading.hidden,
      restored: restored.page.doc.body.dataset.pythonStart };
  },

  // Prepared answers: once a Paint is drawn and nothing is awaited, the clicks the person
  // could make are asked of the worker; a click whose answer came is shown in the click's
  // own task (and the worker told to keep its copy); anything sent since makes them stale.
  prepared_answers() {
    const { page, worker, client } = started();
    ready(worker);
    const four = page.add("board", "g", { "data-space": "4", role: "button", class: "legal" });
    const five = page.add("board", "g", { "data-space": "5", role: "button", class: "legal" });
    page.add("board", "g", { "data-space": "6", role: "button" }); // no choice: not asked
    worker.reply({ type: "paint", seq: 2, patch: statusPatch("Bob moved") });
    const askedBeforeFrame = worker.sent.filter((m) => m.type === "prepare").length;
    page.runFrames();
    const prepare = worker.sent.at(-1);
    const keyOf = (asked, value) => asked.clicks.find((c) => c.event.value === value).key;
    worker.reply({ type: "prepared", base: prepare.seq, key: keyOf(prepare, "4"),
      msgs: [{ type: "paint", seq: 3, answers: prepare.seq + 1, patch: statusPatch("Camel on 4") }] });
    page.log.length = 0;
    page.now = 2000;
    page.fire("click", { target: four, timeStamp: 1990 });
    const inTheClick = page.log.filter((e) => e[0] === "html" && e[1] === "status").map((e) => e[2]);
    const adopt = worker.sent.at(-1);
    page.now = 2004;
    page.runFrames();
    const again = worker.sent.at(-1);
    worker.reply({ type: "prepared", base: again.seq, key: keyOf(again, "5"),
      msgs: [{ type: "paint", seq: 4, answers: again.seq + 1, patch: statusPatch("Camel on 5") }] });
    page.fire("storage", { key: "samarkand.prefs", newValue: "{}", storageArea: page.win.localStorage }, page.win);
    page.log.length = 0;
    page.fire("click", { target: five, timeStamp: 2100 });
    const stale = worker.sent.at(-1);
    return {
      askedBeforeFrame, asked: prepare.type, values: prepare.clicks.map((c) => c.event.value).sort(),
      t0s: prepare.clicks.map((c) => c.event.t0), inTheClick,
      adopt: { type: adopt.type, key: adopt.key === keyOf(prepare, "4"), value: adopt.event.value,
        same_seq: adopt.event.seq === adopt.seq, after_prepare: adopt.seq === prepare.seq + 1 },
      timings: page.win.samarkandTimings, shown: client.preparedShown, askedAgain: again.type,
      stale: [stale.type, stale.action, stale.value],
      staleShown: page.log.filter((e) => e[0] === "html" && e[1] === "status").length,
    };
  },

  paint_answers_a_click() {
    const { page, worker } = started();
    ready(worker);
    const space = page.add("board", "g", { "data-space": "4", role: "button", class: "legal" });
    page.now = 2000;
    page.fire("click", { target: space, timeStamp: 1990 });
    page.log.length = 0;
    worker.reply({
      type: "paint", seq: 2, answers: worker.sent.at(-1).seq, board: true, label: "Das Brett",
      url: "/sub/?lang=de#g=1",
      patch: { writes: [{ kind: "board", region: "board", ops: [['[data-space="4"]', [], { class: "x" }, null, null]],
        markup: "<svg/>" }], hidden: { game: false }, inert: {}, lang: "de", title: "Samarkand" },
      timings: { measures: [{ name: "render", start_at: 1_700_000_001_991, ms: 3 }],
        bot_decisions: [{ level: "hard", phase: "move", ms: 12 }] },
    });
    page.now = 2016;
    page.runFrames();
    return { log: page.log, timings: page.win.samarkandTimings, measures: page.win.performance.measures,
      bots: page.win.samarkandBotDecisions,
      painted: page.win.events.filter((e) => e.type === "samarkand:painted").map((e) => JSON.parse(e.detail)),
      shown: !page.byId.game.hidden, lang: page.doc.documentElement.attrs.lang, title: page.doc.title };
  },

  // A click whose Paint moves the focus (the full setup's first field) answered late:
  // when the person has moved the focus meanwhile (to player 2's choice), it stays
  // there; when they have not, the Paint's focus is taken.
  a_late_paints_focus_leaves_the_persons_own() {
    const out = {};
    for (const moved of [true, false]) {
      const { page, worker } = started();
      ready(worker);
      const toggle = page.add("home", "button", { id: "setup-toggle", "data-action": "setup" });
      page.add("home", "select", { id: "count" });
      const kind1 = page.add("home", "select", { id: "kind1" });
      // the person's focus: as the browser does, "focusin" on the document after it
      const byPerson = (el) => {
        el.focus();
        for (const fn of page.doc.listeners.focusin || []) fn({ type: "focusin", target: el });
      };
      byPerson(toggle); // the press on it
      page.fire("click", { target: toggle, timeStamp: 10 });
      if (moved) byPerson(kind1);
      worker.reply({ type: "paint", seq: 2, answers: worker.sent.at(-1).seq, focus: "#count",
        patch: { writes: [], hidden: {}, inert: {}, lang: null, title: null } });
      page.runFrames();
      out[moved ? "moved" : "stayed"] = page.doc.activeElement.id;
    }
    return out;
  },

  // the address of a page opened at http://host//index.html (its path "//index.html"),
  // then an address the browser refuses: the patch is drawn each time
  paint_with_an_address_the_browser_would_misread() {
    const { page, worker } = started();
    ready(worker);
    page.log.length = 0;
    const patch = statusPatch("<p>1</p>");
    worker.reply({ type: "paint", seq: 2, url: "//index.html?game=g1", patch });
    const history = page.win.history;
    page.win.history = { replaceState: () => { throw new Error("SecurityError"); } };
    worker.reply({ type: "paint", seq: 3, url: "/index.html?game=g2", patch: statusPatch("<p>2</p>") });
    page.win.history = history;
    return { log: page.log, status: page.byId.status.innerHTML };
  },

  // Escape on the final scores, Ctrl+Z: the page is busy (samarkandBusy) until the
  // worker's Paint that answers the key is drawn, as for a click
  keys_are_answered_before_the_page_is_idle() {
    const { page, worker, client } = started();
    ready(worker);
    const busy = [["ready", client.busy()]];
    page.byId.overlay.hidden = false; // the final scores
    page.fire("keydown", { key: "Escape", target: page.doc.body, timeStamp: 30 });
    busy.push(["Escape sent", client.busy()]);
    worker.reply({ type: "paint", seq: 2, answers: worker.sent.at(-1).seq,
      patch: { writes: [], hidden: { overlay: true }, inert: {}, lang: null, title: null } });
    page.runFrames();
    busy.push(["its Paint drawn", client.busy()]);
    page.fire("keydown", { key: "z", ctrlKey: true, target: page.doc.body, timeStamp: 40 });
    busy.push(["Ctrl+Z sent", client.busy()]);
    worker.reply({ type: "paint", seq: 3, answers: worker.sent.at(-1).seq, patch: null });
    page.runFrames();
    busy.push(["its Paint drawn", client.busy()]);
    return { busy, sent: worker.sent.slice(1), overlayHidden: page.byId.overlay.hidden };
  },

  // a Paint's patches that do not fit the page: those regions are asked for whole
  // (Redraw), left as they are meanwhile; the page is busy until the answer is drawn
  patch_that_does_not_fit_asks_for_the_region_whole() {
    const { page, worker, client } = started();
    ready(worker);
    page.win.patchesFit = false;
    page.log.length = 0;
    worker.reply({ type: "paint", seq: 2, patch: {
      writes: [
        { kind: "board", region: "board", ops: [['[data-space="4"]', [], { class: "x" }, null, null]], markup: null },
        { kind: "parts", region: "status", ops: [[[], 0, 1, ["<p>Ann</p>"]]], whole: null },
        { kind: "log", region: "log", new: ["<li>a move</li>"], markup: null },
        { kind: "html", region: "messages", markup: "<p>hi</p>" }],
      hidden: {}, inert: {}, lang: null, title: null } });
    const asked = worker.sent.at(-1);
    const drawn = (log) => log.filter((e) => e[0] !== "event").map((e) => e.slice(0, 2));
    const logBefore = drawn(page.log);
    page.log.length = 0;
    const busyBefore = client.busy();
    worker.reply({ type: "paint", seq: 3, answers: asked.seq, patch: {
      writes: [{ kind: "board", region: "board", ops: null, markup: "<svg/>" },
        { kind: "parts", region: "status", ops: null, whole: ["<p>Ann</p>"] },
        { kind: "log", region: "log", new: null, markup: "<ol></ol>" }],
      hidden: {}, inert: {}, lang: null, title: null } });
    return { asked, logBefore, busyBefore, busyAfter: client.busy(), sent: worker.sent.length,
      logAfter: drawn(page.log) };
  },

  // the focused "Pass" button's region is drawn anew: the new "Pass" button gets the focus
  focus_kept_across_a_redrawn_region() {
    const { page, worker } = started();
    ready(worker);
    page.doc.activeElement = page.add("actions", "button", { "data-action": "pass", "data-value": "" });
    page.doc.parse = (el, markup) => {
      for (const [, action] of markup.matchAll(/data-action="([\w-]+)"/g)) {
        page.add(el, "button", { "data-action": action, "data-value": "" });
      }
    };
    page.log.length = 0;
    worker.reply({ type: "paint", seq: 2, patch: {
      writes: [{ kind: "html", region: "actions", markup: '<button data-action="take-back"></button><button data-action="pass"></button>' }],
      hidden: {}, inert: {}, lang: null, title: null } });
    const active = page.doc.activeElement;
    return { log: page.log.map((e) => e.slice(0, 2)), focused: active.attrs["data-action"],
      inActions: page.byId.actions.contains(active) };
  },

  // The worker's Paints answer the form's Events late (a slow phone): each redraws the
  // whole form (the home region) from what the worker had heard when it made it
  // (`seen`). Fields in markup here: <input|select name value [options]>, each its id.
  late_paints_keep_what_the_person_changed() {
    const { page, worker } = started();
    ready(worker);
    page.doc.parse = (el, markup) => {
      const form = page.add(el, "form", { id: "start-form" });
      form.elements = [];
      const FIELD = /<(input|select) name="([\w-]+)" value="([^"]*)"(?: options="([^"]*)")?>/g;
      for (const [, tag, name, value, options] of markup.matchAll(FIELD)) {
        const sent = name === "me" ? {} : { "data-action": "form", "data-value": name.replace(/\d/, "") };
        const field = page.add(form, tag, { id: name, ...sent });
        Object.assign(field, { name, value, options: (options || "").split(",").map((v) => ({ value: v })) });
        if (tag === "input") {
          Object.assign(field, { selectionStart: value.length, selectionEnd: value.length,
            selectionDirection: "none",
            setSelectionRange(start, end, direction) {
              Object.assign(this, { selectionStart: start, selectionEnd: end, selectionDirection: direction });
            } });
        }
        form.elements.push(field);
      }
    };
    const KINDS = "human,random,heuristic,search";
    let paints = 10;
    const paint = (seen, name0, name1, kind1, me = "") => worker.reply({ type: "paint", seq: (paints += 1), seen,
      patch: { writes: [{ kind: "html", region: "home", markup: `<input name="me" value="${me}">`
        + `<input name="name0" value="${name0}"><input name="name1" value="${name1}">`
        + `<select name="kind1" value="${kind1}" options="${KINDS}">` }],
      hidden: {}, inert: {}, lang: null, title: null } });
    const field = (id) => page.doc.getElementById(id);
    const shown = () => ["me", "name0", "name1", "kind1"].map((id) => field(id).value);
    const person = (id, value, kind) => {
      field(id).value = value;
      page.fire(kind, { target: field(id) });
    };
    const out = {};
    paint(1, "Player 1", "Player 2", "human");
    person("kind1", "random", "change"); // Event 2
    person("name0", "Ann", "input"); // Event 3
    field("name0").focus(); // the caret after "A": "Ann" selected from there
    field("name0").setSelectionRange(1, 3, "backward");
    person("kind1", "heuristic", "change"); // Event 4
    // the answer to Event 2 (made before the worker heard of Ann and of "Medium")
    paint(2, "Player 1", "Bot 2 (Easy)", "random");
    out.after_a_late_paint = shown();
    const focused = page.doc.activeElement;
    out.caret = [focused.id, focused.selectionStart, focused.selectionEnd, focused.selectionDirection];
    person("name1", "Bot 2 (Easy)", "change"); // the field left: the form as shown goes out
    out.sent = worker.sent.slice(1).map((m) => [m.seq, m.form.name0, m.form.kind1]);
    // the answer to Event 4: the worker heard of everything sent
    paint(5, "Ann", "Bot 2 (Medium)", "heuristic");
    out.after_its_answer = shown();
    // the one-click game's name goes out with a click only: the person's until then
    person("me", "Mo", "input");
    paint(5, "Ann", "Bot 2 (Medium)", "search");
    out.typed_not_sent = shown();
    return out;
  },

  // the worker fails before the page is live, and a storage change waits for Ready
  failed_before_ready() {
    const { page, worker } = started();
    page.fire("storage", { key: "samarkand.save.q", newValue: null,
      storageArea: page.win.localStorage }, page.win);
    const sentBefore = worker.sent.map((m) => m.type);
    worker.reply({ type: "failed", seq: 1, text: "the code bundle did not load" });
    return { sentBefore, events: page.win.events.map((e) => e.type),
      ready: page.doc.body.dataset.ready || "" };
  },

  // keys.py's keys: what is sent, what only moves the focus, what is left to the browser
  keys() {
    const { page, worker } = started();
    ready(worker);
    const spaces = ["3", "9", "14"].map((n) => page.add("board", "g",
      { "data-space": n, role: "button", class: "space legal" }));
    const decision = page.add("actions", "div", { class: "decision", tabindex: "-1" });
    const pass = page.add("actions", "button", { "data-action": "pass" });
    const name = page.add("home", "input", { "data-action": "form" });
    const key = (k, target, extra = {}) => page.fire("keydown", { key: k, target, ...extra }).prevented || false;
    const seen = [];
    const note = (what, prevented) => seen.push([what, prevented, page.doc.activeElement.attrs["data-space"] || null]);
    note("Escape, nothing open", key("Escape", page.doc.body));
    note("Enter on a space", key("Enter", spaces[1]));
    note("Enter on a button", key("Enter", pass));
    page.doc.activeElement = decision;
    note("ArrowLeft on the decision", key("ArrowLeft", decision));
    note("ArrowRight on the last space", key("ArrowRight", spaces[2]));
    note("Ctrl+Z in a field", key("z", name, { ctrlKey: true }));
    page.byId.chart.hidden = false; // the replay screen
    note("Shift+ArrowRight in the replay", key("ArrowRight", page.doc.body, { shiftKey: true, timeStamp: 9 }));
    page.byId.overlay.hidden = false;
    note("End in the replay under a dialog", key("End", page.doc.body));
    return { seen, sent: worker.sent.slice(1) };
  },
};

const name = process.argv[2];
console.log(JSON.stringify(cases[name]()));

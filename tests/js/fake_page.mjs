// A page of fakes for web/client.js, paint.js, store.js and input.js run in Node
// (tests/js/client_cases.mjs): the page's regions, storage that can refuse a write as a
// full or missing store does, a worker that records what it is sent, and one log of
// every write to storage and to the page, in order, so that a case can say what came
// first.

import { FakeElement, matches } from "./fake_dom.mjs";
import { REGIONS } from "../../web/client.js";

export class PageElement extends FakeElement {
  constructor(tag, attrs, log) {
    super(tag, attrs);
    this.log = log;
    this._html = "";
    this.dataset = {};
    this.listeners = {};
  }

  get innerHTML() { return this._html; }
  set innerHTML(markup) {
    this._html = markup;
    this.children = [];
    this.log.push(["html", this.id, markup]);
    if (this.doc && this.doc.parse) this.doc.parse(this, markup); // a case's own parser
  }

  closest(selector) {
    for (let el = this; el; el = el.parent) if (el.matches && el.matches(selector)) return el;
    return null;
  }

  // fake_dom's matching, and :not(...) of a compound (focus.js's FOCUSABLE)
  matches(selector) {
    return selector.split(",").some((alt) => {
      const nots = [...alt.matchAll(/:not\(([^)]*)\)/g)].map((m) => m[1]);
      return matches(this, alt.replace(/:not\([^)]*\)/g, "")) && nots.every((n) => !matches(this, n));
    });
  }
  contains(other) { for (let el = other; el; el = el.parent) if (el === this) return true; return false; }
  focus() { this.doc.activeElement = this; this.log.push(["focus", this.id]); }
  blur() { if (this.doc.activeElement === this) this.doc.activeElement = this.doc.body; }
  scrollIntoView() { this.log.push(["scrolled", this.id]); }
  addEventListener(kind, fn) { (this.listeners[kind] ||= []).push(fn); }
  dispatchEvent(event) { (this.events ||= []).push(event.type); this.log.push(["event", event.type]); }
}

export class FakeStorage {
  // `quota`: the characters of keys and values it holds at most, as a browser's store
  // (Infinity: no limit); `error`: what a write past it throws.
  constructor(log, name, data = {}) {
    this.log = log;
    this.name = name;
    this.data = { ...data };
    this.quota = Infinity;
    this.error = Object.assign(new Error("The quota has been exceeded."), { name: "QuotaExceededError" });
  }

  get length() { return Object.keys(this.data).length; }
  key(i) { return Object.keys(this.data)[i] ?? null; }
  getItem(key) { return key in this.data ? this.data[key] : null; }
  setItem(key, value) {
    const after = { ...this.data, [key]: String(value) };
    const size = Object.entries(after).reduce((n, [k, v]) => n + k.length + v.length, 0);
    if (size > this.quota) throw this.error;
    this.data = after;
    this.log.push(["setItem", this.name, key, value]);
  }

  removeItem(key) { delete this.data[key]; this.log.push(["removeItem", this.name, key]); }
}

export class FakeWorker {
  constructor() { this.sent = []; this.code = []; }
  // structured clone; the code bundle handed to worker.js's start (client.js's
  // handCode) is kept apart from the protocol's messages
  postMessage(msg) { (msg.type === "code" ? this.code : this.sent).push(JSON.parse(JSON.stringify(msg))); }
  reply(msg) { this.onmessage({ data: msg }); }
}


export class FakePage {
  constructor({ width = 1280, local = {}, session = {} } = {}) {
    const log = (this.log = []);
    this.doc = {
      title: "",
      listeners: {},
      addEventListener: (kind, fn) => { (this.doc.listeners[kind] ||= []).push(fn); },
      getElementById: (id) => this.byId[id] || this.all().find((el) => el.id === id) || null,
      querySelector: (sel) => this.all().find((el) => el.matches(sel)) || null,
      querySelectorAll: (sel) => this.all().filter((el) => el.matches(sel)),
      documentElement: new PageElement("html", {}, log),
    };
    this.doc.body = new PageElement("body", {}, log);
    this.doc.body.doc = this.doc;
    this.doc.activeElement = this.doc.body;
    this.byId = {};
    for (const id of [...REGIONS, "loading"]) this.byId[id] = this.doc.body.append(new PageElement("div", { id }, log));
    this.byId.chart.hidden = true;
    this.byId.overlay.hidden = true;
    this.frames = [];
    this.timers = [];
    this.now = 1000;
    const win = (this.win = {
      innerWidth: width,
      location: { pathname: "/sub/", search: "?lang=de", hash: "", origin: "http://localhost:8000" },
      navigator: { language: "de-DE" },
      matchMedia: () => ({ matches: false }),
      localStorage: new FakeStorage(log, "local", local),
      sessionStorage: new FakeStorage(log, "session", session),
      listeners: {},
      events: [],
      addEventListener: (kind, fn) => { (win.listeners[kind] ||= []).push(fn); },
      dispatchEvent: (event) => { win.events.push(event); log.push(["event", event.type]); },
      CustomEvent: class { constructor(type, init = {}) { this.type = type; this.detail = init.detail; } },
      requestAnimationFrame: (fn) => { this.frames.push(fn); },
      setTimeout: (fn) => { this.timers.push(fn); },
      performance: { now: () => this.now, timeOrigin: 1_700_000_000_000, measures: [],
        measure(name, span) { this.measures.push([name, span]); } },
      history: { replaceState: (_s, _t, url) => log.push(["url", url]) },
      // dom.js's patches take the Paint's objects; `patchesFit` false: the regions are
      // not as the patches expect (dom.js answers false, 0)
      patchesFit: true,
      samarkandPatchPieces: (el, ops) => { log.push(["pieces", el.id, ops]); return win.patchesFit; },
      samarkandPatchParts: (el, ops) => { log.push(["parts", el.id, ops]); return win.patchesFit ? 1 : 0; },
      samarkandSetParts: (el, parts) => { log.push(["setParts", el.id, parts]); },
      samarkandTimings: [], samarkandBotDecisions: [], samarkandCoach: [],
      samarkandSlices: {}, samarkandImport: {}, samarkandAnalysis: {},
    });
  }

  all() { return [...this.doc.body.descendants()]; }

  // An element put inside a region (or another element).
  add(parentId, tag, attrs) {
    const parent = typeof parentId === "string" ? this.byId[parentId] : parentId;
    return parent.append(new PageElement(tag, attrs, this.log));
  }

  // The listeners of the document (or the window) for `kind` called with `event`.
  fire(kind, event, on = this.doc) {
    const full = { preventDefault() { this.prevented = true; }, timeStamp: 0, ...event };
    for (const fn of on.listeners[kind] || []) fn(full);
    return full;
  }

  runFrames() {
    while (this.frames.length || this.timers.length) {
      const frames = this.frames.splice(0);
      for (const fn of frames) fn(this.now);
      const timers = this.timers.splice(0);
      for (const fn of timers) fn();
    }
  }
}

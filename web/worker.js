// The page's Python in a module worker (issue 33; docs/phone.md, "The page's Python in
// a worker"): Pyodide from the site's own vendor/pyodide, the game's code from the same
// code bundle the page loaded before (web/boot.py installs it; the download is checked
// against the sha256 the build recorded, vendor/code.json), then the worker's entry
// (web/main.py, the code bundle's samarkand_page), whose WorkerHost answers the main thread's messages
// (web/client.js) with Paints. Messages are worker/protocol.py's JSON forms, sent with
// postMessage: no SharedArrayBuffer, no COOP/COEP, no blob: worker (the site's CSP
// stays `worker-src 'self'`).
//
// Messages that arrive while Python starts are kept, in order, and handled once it is
// up. A start that fails (a download refused, a hash that does not match, a Python
// error) is posted as a Failed with its reason: the main thread shows that loading
// failed, as the page did.
//
// The steps of a bot, the coach or an analysis are the host's (`tick()` at
// `next_due()`): a timer here runs them, between the messages.
//
// The second start in a browser keeps a snapshot of Python's memory (web/snapshot.js; the
// first keeps only a mark that it started), and every start after it restores Python
// from it instead of booting Python and importing the game; one that cannot boots as
// the first did.

import { loadPyodide } from "./vendor/pyodide/pyodide.mjs";
import { findSnapshot, forget, markStarted, startedBefore, storeSnapshot, withRoomFor }
  from "./snapshot.js";

// How long after a start the snapshot it made is compressed and stored (work
// of the worker's, in small steps): past the first screen's answers.
const STORE_AFTER_MS = 1500;
const PYODIDE = new URL("./vendor/pyodide/", import.meta.url).href;

const kept = [];
let page = null; // web/main.py, once it is imported
let timer = null;
// The code bundle from the main thread (client.js hands over first.js's download):
// {url, bytes} or {url, error}; {url: null} when the page downloaded none.
let handCode;
const handed = new Promise((resolve) => { handCode = resolve; });

// The worker's clock as the page's Python reads it (ms since the epoch).
const clock = () => performance.timeOrigin + performance.now();

function post(text) {
  for (const msg of JSON.parse(text)) postMessage(msg);
}

function failed(err) {
  const text = err && err.message ? err.message : String(err);
  console.error(`samarkand worker: ${text}`);
  postMessage({ type: "failed", seq: 0, text: `the game could not start: ${text}` });
}

// The next step of a bot, the coach or an analysis, when the host has one due.
function schedule() {
  if (timer !== null) clearTimeout(timer);
  timer = null;
  const due = page.next_due();
  if (due === undefined || due === null) return;
  timer = setTimeout(() => {
    timer = null;
    preparing += 1;
    post(page.tick());
    schedule();
  }, Math.max(0, due - clock()));
}

// A message from the main thread, and the steps it leaves due. The host answers every
// error of the App itself (its internal-error message); one that escapes it is said as
// a Failed, with its reason, rather than leave the page waiting. `answer()`: the host's
// answer to it (main.py's handle, or adopt for a prepared click).
function handle(answer) {
  try {
    post(answer());
  } catch (err) {
    console.error(err);
    postMessage({ type: "failed", seq: 0, text: `the page's Python stopped: ${err && err.message ? err.message : err}` });
  }
  schedule();
  collectSoon();
}

// Python's garbage collections, held off while a message is answered (main.py's
// handle), in a task of their own once the answer is posted.
let collecting = false;
function collectSoon() {
  if (collecting) return;
  collecting = true;
  setTimeout(() => {
    collecting = false;
    page.idle();
  }, 0);
}

// Prepared answers (web/main.py's prepare and adopt; worker/prepared.py): the clicks
// the person could make now, from the main thread's Prepare, answered one a task, each
// posted as it is made (Prepared). A task is queued through a MessageChannel (nested
// timeouts are held back 4 ms each), and any message from the main thread is handled
// between two: it stops the rest (`preparing` moves on), and the copies are dropped.
let preparing = 0;
const turn = new MessageChannel();
let next = null;
turn.port1.onmessage = () => {
  const fn = next;
  next = null;
  if (fn) fn();
};
function later(fn) {
  next = fn;
  turn.port2.postMessage(null);
}

function prepare(data) {
  const run = ++preparing;
  const todo = Array.isArray(data.clicks) ? data.clicks.slice() : [];
  const step = () => {
    if (run !== preparing) return;
    if (!todo.length) {
      collectSoon();
      return;
    }
    const { key, event } = todo.shift();
    try {
      const text = page.prepare(String(key), JSON.stringify({ ...event, seq: data.seq + 1 }));
      if (text) postMessage({ type: "prepared", base: data.seq, key, msgs: JSON.parse(text) });
    } catch (err) {
      console.error(err); // not prepared: that click takes the round trip
    }
    later(step);
  };
  later(step);
}

self.onmessage = (event) => {
  const data = event.data;
  if (data && data.type === "code") handCode(data);
  else if (page === null) kept.push(data);
  else dispatch(data);
};

// A message for the host (once Python is up).
function dispatch(data) {
  if (data && data.type === "prepare") prepare(data);
  else {
    preparing += 1; // anything else stops the preparing
    if (data && data.type === "adopt") {
      handle(() => page.adopt(String(data.key), JSON.stringify(data.event)));
    } else {
      handle(() => page.handle(JSON.stringify(data)));
    }
  }
}

// How far the start is, for the page's loading indicator (first.js): "python" once the
// runtime (pyodide.asm.wasm) is in and Python boots, "game" once Python is up and the
// game's code loads.
function stage(name) {
  postMessage({ type: "stage", stage: name });
}

function watchRuntime() {
  try {
    const watch = new PerformanceObserver((list) => {
      if (list.getEntries().some((e) => e.name.includes("/pyodide.asm.wasm"))) {
        stage("python");
        watch.disconnect();
      }
    });
    watch.observe({ type: "resource", buffered: true });
  } catch (err) {
    // no resource timing here: the indicator goes from "runtime" to "game"
  }
}

// What the build wrote for the worker (vendor/code.json): the code bundle's URL and
// sha256, and web/boot.py, which installs it (compiled by Pyodide's Python, or its source).
async function where() {
  const response = await fetch("./vendor/code.json", { cache: "no-cache" });
  if (!response.ok) throw new Error(`vendor/code.json: HTTP ${response.status}`);
  return response.json();
}

// The code bundle: the bytes the main thread handed over (checked there against its
// sha256), else fetched here with the same check; a failed or damaged download is asked
// for once more past every cache, as first.js does.
async function codeBundle(code) {
  const given = await handed;
  if (given.error) throw new Error(given.error);
  if (given.bytes) return given.bytes;
  const { url, integrity } = await code;
  const get = async (cache) => {
    const response = await fetch(url, { integrity, cache });
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
    return response.arrayBuffer();
  };
  try {
    return await get("default");
  } catch (err) {
    console.warn(`${url}: ${err}; asking the server again`);
    return get("reload");
  }
}

// boot.py's functions (install) in a namespace of their own.
function runBoot(pyodide, boot) {
  const space = pyodide.globals.get("dict")();
  if (typeof boot.compiled === "string") {
    space.set("_boot", boot.compiled);
    pyodide.runPython("import binascii as _b, marshal as _m\n"
      + "exec(_m.loads(_b.a2b_base64(_boot)), globals())", { globals: space });
  } else {
    pyodide.runPython(String(boot.source), { globals: space });
  }
  return space;
}

// Python with the game imported, restored from `snapshot` when there is one: the page's
// module (samarkand_page), and when booted with `keep`, a snapshot of it to keep (or
// null). `snapshot`, `bundle` and `code` are promises: they are read and downloaded while
// Pyodide loads.
async function python(snapshot, bundle, code, keep = false) {
  const options = { indexURL: PYODIDE };
  if (snapshot) {
    const create = (await import("./vendor/pyodide/pyodide.asm.mjs")).default;
    Object.assign(options, { _loadSnapshot: snapshot, createPyodideModule: withRoomFor(create, snapshot) });
  } else if (keep) {
    options._makeSnapshot = true;
  }
  const loaded = loadPyodide(options).then((pyodide) => {
    stage("game");
    return pyodide;
  });
  const [pyodide, bytes, { boot }] = await Promise.all([loaded, bundle, code]);
  const space = runBoot(pyodide, boot);
  space.set("_blob", new Uint8Array(bytes));
  pyodide.runPython(`${snapshot ? "restore_files" : "install"}(_blob.to_bytes())\ndel _blob`,
    { globals: space });
  space.destroy();
  const module = pyodide.pyimport("samarkand_page");
  if (snapshot) {
    module.resumed();
    return { module, made: null };
  }
  if (!keep) return { module, made: null };
  // taken now: Python holds nothing of the page yet (no clock, no message, no storage)
  let made = null;
  try {
    made = pyodide.makeMemorySnapshot();
  } catch (err) {
    console.warn(`samarkand worker: no snapshot of the start: ${err}`);
  }
  return { module, made };
}

async function start() {
  watchRuntime();
  const code = where();
  const stores = self.caches;
  const build = code.then(({ url }) => url);
  const bundle = codeBundle(code);
  bundle.catch(() => {}); // its failure is said by python()'s await, not as unhandled
  const [restorable, before] = await Promise.all([findSnapshot(stores, build), startedBefore(stores)]);
  // marked while Pyodide loads, long before the page is ready: a visit left at once
  // still counts
  if (!before) markStarted(stores);
  let started = null;
  if (restorable) {
    try {
      started = await python(restorable.bytes, bundle, code);
    } catch (err) {
      // the code's download failed: booting would fail alike, and the snapshot is whole
      if (await Promise.all([bundle, code]).then(() => false, () => true)) throw err;
      console.warn(`samarkand worker: the start's snapshot did not restore: ${err}`);
      await forget(stores);
    }
  }
  // a snapshot from the second start on (a first visit may be the only one); a damaged
  // one is made again
  if (!started) started = await python(null, bundle, code, before || Boolean(restorable));
  page = started.module;
  page.start_clock(clock);
  for (const data of kept.splice(0)) dispatch(data);
  const made = started.made;
  if (made) setTimeout(async () => storeSnapshot(stores, await build, made), STORE_AFTER_MS);
}

start().catch(failed);

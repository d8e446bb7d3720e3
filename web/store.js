// localStorage and sessionStorage on the main thread, for the page's Python in a worker
// (docs/phone.md, "The main thread's side"): the worker keeps a mirror of every
// samarkand.* key, filled from the Start message (keysOf, health), and each of its
// Paints carries the writes of the same call, done here before the Paint is shown
// (writeAll). A write the browser refuses undoes this Paint's writes already done, so
// that the store holds what it held before the Paint, and the answer says why
// (full: the quota; unavailable: storage off or gone). What browser/localstore.py did
// in the page's Python.

export const PREFIX = "samarkand.";
export const PROBE_KEY = "samarkand.probe"; // saves/storage.py's PROBE_KEY

// The storage object, or null where reading it throws (storage turned off: Firefox
// with cookies off, Safari's private windows of old, a sandboxed frame).
export function storageOf(win, name) {
  try {
    return win[name] || null;
  } catch (err) {
    return null;
  }
}

// Every samarkand.* key and its value (another site's keys on the same host stay out).
export function keysOf(storage) {
  const out = {};
  if (!storage) return out;
  try {
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i);
      if (typeof key !== "string" || !key.startsWith(PREFIX)) continue;
      const value = storage.getItem(key);
      if (typeof value === "string") out[key] = value;
    }
  } catch (err) {
    return {};
  }
  return out;
}

// saves/storage.py's probe: "off" when it cannot be read, "full" when it reads but
// refuses a write, else "ok".
export function health(storage) {
  if (!storage) return "off";
  try {
    void storage.length;
    storage.getItem(PROBE_KEY);
  } catch (err) {
    return "off";
  }
  try {
    storage.setItem(PROBE_KEY, "1");
    storage.removeItem(PROBE_KEY);
  } catch (err) {
    return "full";
  }
  return "ok";
}

// The browser's own words for a refusal ("QuotaExceededError: ..."), and which answer
// it is: a full store (the quota), else storage unavailable (browser/localstore.py).
export function refusal(err) {
  const name = (err && err.name) || "";
  const message = (err && err.message) || String(err);
  const text = name && !message.startsWith(name) ? `${name}: ${message}` : message;
  const full = name === "QuotaExceededError" || name === "NS_ERROR_DOM_QUOTA_REACHED"
    || /quota|full/i.test(text);
  return { result: full ? "full" : "unavailable", text };
}

// A Paint's writes ([{key, value, session}], value null: removed), in order. Returns
// {result: "ok"} or, at the first refusal, the refusal after this Paint's writes done
// so far were undone (newest first, each key back to the value it had). `stores`:
// {local, session}, each a Storage or null (missing: every write to it is refused as
// unavailable, except this tab's session store when `sessionKept` is false: then the
// worker's mirror is its only copy, as open_session's MemoryStore was).
//
// A write that names the value it replaces (`check`, `old`: a saved game, which another
// tab may have written meanwhile without this tab hearing of it) is done only over that
// value: else this Paint's writes are undone and the answer is "changed", with the key
// and the value it holds (the worker's App then keeps its moves as it did when the
// page's Python read the store itself: a copy beside the other tab's game).
export function writeAll(writes, stores, sessionKept = true) {
  const done = [];
  for (const { key, value, session, check, old: expected } of writes) {
    const storage = session ? stores.session : stores.local;
    if (!storage) {
      if (session && !sessionKept) continue;
      undo(done);
      return { result: "unavailable", text: "storage is not available" };
    }
    try {
      const old = storage.getItem(key);
      if (check && old !== (expected === undefined ? null : expected)) {
        undo(done);
        return { result: "changed", text: "", key, value: old };
      }
      if (value === null) storage.removeItem(key);
      else storage.setItem(key, value);
      done.push({ storage, key, old });
    } catch (err) {
      undo(done);
      return refusal(err);
    }
  }
  return { result: "ok", text: "" };
}

function undo(done) {
  for (const { storage, key, old } of done.reverse()) {
    try {
      if (old === null) storage.removeItem(key);
      else storage.setItem(key, old);
    } catch (err) {
      // a value that was there fits again once the newer one is gone; if not, the
      // worker's mirror is put back all the same and the page says "Not saved"
    }
  }
}

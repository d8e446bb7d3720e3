// The cases of tests/page/test_snapshot_js.py: web/snapshot.js in Node (its Response,
// Blob, CompressionStream and DecompressionStream are Node's own) on a Cache Storage of
// fakes that holds what it is given, as the browser's does.

import { BUILD_HEADER, CACHE, KEY, SEEN_KEY, findSnapshot, markStarted, startedBefore,
  storeSnapshot, withRoomFor } from "../../web/snapshot.js";

// The stored snapshot's bytes when it is `build`'s and whole, else null.
async function readSnapshot(caches, build, key = KEY) {
  const found = await findSnapshot(caches, build, key);
  return found && found.bytes.catch(() => null);
}

// caches: named caches of Responses; `refuse` makes put() throw as a full store does
class FakeCache {
  constructor(store) { this.store = store; this.entries = new Map(); }
  async match(key) {
    const r = this.entries.get(key);
    return r ? r.clone() : undefined;
  }
  async put(key, response) {
    if (this.store.refuse) throw new DOMException("the quota is exceeded", "QuotaExceededError");
    this.entries.set(key, response);
  }
  async delete(key) { return this.entries.delete(key); }
  async keys() { return [...this.entries.keys()].map((url) => ({ url })); }
}

class FakeCaches {
  constructor() { this.named = new Map(); this.refuse = false; }
  async open(name) {
    if (!this.named.has(name)) this.named.set(name, new FakeCache(this));
    return this.named.get(name);
  }
  entry() {
    const cache = this.named.get(CACHE);
    return cache ? cache.entries.get(KEY) : undefined;
  }
}

// Python's memory as a snapshot holds it: mostly zeros, some data
function memory(size) {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i += 4099) bytes[i] = (i * 31) & 0xff;
  return bytes;
}

const same = (a, b) => a !== null && a.length === b.length && a.every((v, i) => v === b[i]);

export const cases = {
  async stored_and_read_back() {
    const caches = new FakeCaches();
    const made = memory(1 << 20);
    const stored = await storeSnapshot(caches, "./vendor/app/samarkand-1.bin", made);
    const raw = await caches.entry().clone().arrayBuffer();
    const back = await readSnapshot(caches, Promise.resolve("./vendor/app/samarkand-1.bin"));
    const other = await readSnapshot(caches, Promise.resolve("./vendor/app/samarkand-2.bin"));
    const unknownBuild = await readSnapshot(caches, Promise.reject(new Error("offline")));
    // a second copy of the site in another folder of the origin keeps its own
    const elsewhere = memory(1 << 16);
    await storeSnapshot(caches, "./vendor/app/samarkand-9.bin", elsewhere, "/beta/python-start.snapshot");
    const both = [await readSnapshot(caches, "./vendor/app/samarkand-1.bin"),
      await readSnapshot(caches, "./vendor/app/samarkand-9.bin", "/beta/python-start.snapshot")];
    return { stored, same: same(back, made), storedBytes: raw.byteLength, size: made.length,
      header: caches.entry().headers.get(BUILD_HEADER), other, unknownBuild,
      keptAfterOther: caches.entry() !== undefined,
      bothKept: same(both[0], made) && same(both[1], elsewhere) };
  },

  async damaged_entry_is_deleted() {
    const out = {};
    for (const damage of ["flipped", "cut"]) {
      const caches = new FakeCaches();
      await storeSnapshot(caches, "b", memory(1 << 18));
      const body = new Uint8Array(await caches.entry().clone().arrayBuffer());
      const bad = damage === "flipped" ? body.slice() : body.slice(0, body.length - 9);
      if (damage === "flipped") bad[Math.floor(bad.length / 2)] ^= 0xff;
      (await caches.open(CACHE)).entries.set(KEY, new Response(bad, { headers: { [BUILD_HEADER]: "b" } }));
      const found = await findSnapshot(caches, "b");
      let rejected = false;
      try {
        await found.bytes;
      } catch (err) {
        rejected = true;
      }
      await new Promise((resolve) => setTimeout(resolve, 0));
      out[damage] = { found: found !== null, rejected, left: caches.entry() !== undefined };
    }
    return out;
  },

  async no_store_or_a_full_one() {
    const full = new FakeCaches();
    full.refuse = true;
    const warned = [];
    const warn = console.warn;
    console.warn = (text) => warned.push(String(text));
    const stored = await storeSnapshot(full, "b", memory(4096));
    console.warn = warn;
    return { stored, warned: warned.length, entry: full.entry() !== undefined,
      noCachesRead: await readSnapshot(undefined, "b"),
      noCachesStored: await storeSnapshot(undefined, "b", memory(16)),
      nothingStored: await readSnapshot(new FakeCaches(), "b") };
  },

  async a_start_is_marked() {
    const caches = new FakeCaches();
    const before = await startedBefore(caches);
    const marked = await markStarted(caches);
    const after = await startedBefore(caches);
    const elsewhere = await startedBefore(caches, "/beta/python-start.seen");
    const full = new FakeCaches();
    full.refuse = true;
    return { before, marked, after, elsewhere, snapshotLeft: caches.entry() !== undefined,
      markIsNotTheSnapshot: SEEN_KEY !== KEY,
      fullMarked: await markStarted(full), fullBefore: await startedBefore(full),
      noCaches: [await markStarted(undefined), await startedBefore(undefined)] };
  },

  async memory_grown_to_hold_it() {
    const grown = [];
    const module = (size) => ({ HEAP8: new Int8Array(size), growMemory(n) { grown.push(n); } });
    const small = await withRoomFor(async () => module(64), Promise.resolve(memory(100)))({});
    const big = await withRoomFor(async () => module(4096), memory(100))({});
    return { grown, small: small.HEAP8.length, big: big.HEAP8.length };
  },
};

const name = process.argv[2];
if (name) console.log(JSON.stringify(await cases[name]()));

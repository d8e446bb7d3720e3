// The worker's Python started from a memory snapshot (docs/speed.md, "The page's start
// from a snapshot"): the first start in a browser boots Python and imports the game as
// always, then keeps a copy of Python's memory as it is at that moment (Pyodide's
// makeMemorySnapshot: no game, no saved data, nothing of the page's address in it yet)
// in the browser's Cache Storage; every later start of the same build restores it
// instead of booting Python and importing the game again.
//
// Only a speed-up: a browser without Cache Storage (an insecure address), a store that
// is full or refuses, an entry of another build or a damaged one (gzip's CRC-32 and
// length are checked as it is read; Pyodide checks its own magic number and build id)
// give the ordinary start, and a damaged entry is deleted so that the next start makes
// a new one. The entry is gzip-compressed: ~38 MB of memory is ~7 MB on disk.
//
// A first visit keeps no snapshot, only a mark that the site was started here (SEEN_KEY):
// a page opened once from a link in a chat would spend work (1.2 to 2.1 s of Chromium's CPU
// on a 2-core desktop: docs/speed.md) and ~7 MB of the phone's storage on a snapshot it
// never uses. The second start boots and keeps one; every start after it restores.
//
// The cache is not one of sw.js's ("samarkand-*", which its activation prunes). It
// holds one entry for each folder the site is served from (KEY beside worker.js: two
// copies of the site on one origin keep one each), marked with the build it was made by
// (BUILD_HEADER: the code bundle's URL, whose file name holds its hash): another build's
// is not restored, and is replaced. The key does not name the build, so that the entry
// is read while vendor/code.json is still on its way.

export const CACHE = "samarkand.python-start";
export const KEY = "./python-start.snapshot";
export const BUILD_HEADER = "X-Samarkand-Build";
export const SEEN_KEY = "./python-start.seen";

// The stored snapshot when it is `build`'s (a promise of vendor/code.json's "url"):
// {bytes}, a promise of them, read on while Pyodide loads (it rejects when the entry is
// damaged, which is then deleted); else null (none, no Cache Storage, another build's).
export async function findSnapshot(caches, build, key = KEY) {
  if (!caches) return null;
  let cache;
  try {
    cache = await caches.open(CACHE);
  } catch (err) {
    return null;
  }
  try {
    // (vendor/code.json not read: no snapshot, and the entry kept)
    const [hit, wanted] = await Promise.all([cache.match(key), Promise.resolve(build).catch(() => null)]);
    if (wanted === null) return null;
    if (!hit || !hit.body || hit.headers.get(BUILD_HEADER) !== wanted) return null;
    const plain = hit.body.pipeThrough(new DecompressionStream("gzip"));
    const bytes = new Response(plain).arrayBuffer().then((b) => new Uint8Array(b));
    bytes.catch(() => forget(caches, key));
    return { bytes };
  } catch (err) {
    await forget(caches, key);
    return null;
  }
}

// Store `bytes` as `build`'s snapshot, replacing any other. True once stored; a failure
// (full, refused) stores nothing and is not an error: the next start boots.
export async function storeSnapshot(caches, build, bytes, key = KEY) {
  if (!caches) return false;
  try {
    const cache = await caches.open(CACHE);
    const packed = new Blob([bytes]).stream().pipeThrough(new CompressionStream("gzip"));
    const body = await new Response(packed).arrayBuffer();
    await cache.put(key, new Response(body, {
      headers: { "Content-Type": "application/gzip", [BUILD_HEADER]: build } }));
    return true;
  } catch (err) {
    console.warn(`samarkand worker: the start's snapshot was not kept: ${err}`);
    return false;
  }
}

// Whether Python was started here before (the mark of markStarted); false without Cache
// Storage or when it cannot be read.
export async function startedBefore(caches, key = SEEN_KEY) {
  if (!caches) return false;
  try {
    return Boolean(await (await caches.open(CACHE)).match(key));
  } catch (err) {
    return false;
  }
}

// The mark of a start here (a few bytes); not kept when the store refuses it, and then
// the next start makes no snapshot either.
export async function markStarted(caches, key = SEEN_KEY) {
  if (!caches) return false;
  try {
    await (await caches.open(CACHE)).put(key, new Response("1"));
    return true;
  } catch (err) {
    return false;
  }
}

// The entry deleted (damaged, or it did not restore).
export async function forget(caches, key = KEY) {
  try {
    await (await caches.open(CACHE)).delete(key);
  } catch (err) {
    // nothing stored, or no store: the next start boots anyway
  }
}

// Pyodide's createPyodideModule, its memory grown to hold `snapshot` (the bytes, or a
// promise of them) before it is written in: Pyodide sets INITIAL_MEMORY to the
// snapshot's size, which a module whose memory its wasm declares does not take.
export function withRoomFor(create, snapshot) {
  return async (settings) => {
    const [module, bytes] = await Promise.all([create(settings), snapshot]);
    if (module.HEAP8.length < bytes.length) module.growMemory(bytes.length);
    return module;
  };
}

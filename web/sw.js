/* Service worker: the whole app and its Python runtime, offline.
 *
 * web/tools/build.py writes vendor/precache.json: {"version": <hash of the build>,
 * "files": [every URL the app needs, relative to this file], "sha256": {URL: hash}}.
 * sw-register.js registers "./sw.js?v=<version>" (scope "./": the folder the site is
 * in, whatever its path on the host) with the version it reads from precache.json
 * (from the network when online), so a new build means a new script URL, which makes
 * the browser install this worker again.
 *
 * install:  fill the cache "samarkand-<version>" with every listed file: copied from
 *           an older build's cache when its sha256 is unchanged, else taken from the
 *           HTTP cache when the copy there has the listed sha256 (what the page has
 *           just downloaded is not downloaded a second time), else fetched
 *           (revalidated with the server) and checked against its sha256; all or
 *           nothing. No skipWaiting: a new build's worker waits while a page of the
 *           old one is open (its game goes on with the files it started with), until
 *           every tab of the site is closed or the player chooses "Reload" on the
 *           page's notice (sw-register.js asks the waiting worker to take over, which
 *           it does only when that page is the site's only tab).
 * activate: delete every other "samarkand-*" cache. No clients.claim: a page that
 *           started without a worker finishes without one.
 * fetch:    listed files from the cache (cache first), each checked against its
 *           sha256 beside serving it, the first time this worker serves it: a damaged
 *           entry is dropped and fetched again (checked) from the network, for the next
 *           load. A request that bypasses the
 *           HTTP cache (cache: "reload", first.js's retry) refreshes the entry from the
 *           network. vendor/precache.json from the network first, everything else from
 *           the network.
 */
"use strict";

const PREFIX = "samarkand-";
const MANIFEST = "vendor/precache.json";
const scope = self.registration.scope;
const abs = (path) => new URL(path, scope).href;
const VERSION = new URL(self.location.href).searchParams.get("v");

async function fetchManifest() {
  // revalidated: a 304 when sw-register.js has just fetched it
  const response = await fetch(abs(MANIFEST), { cache: "no-cache" });
  if (!response.ok) throw new Error(`${MANIFEST}: HTTP ${response.status}`);
  return response.json();
}

// This worker's cache. Registered without ?v=, it uses the newest samarkand-* cache.
async function cacheName() {
  if (VERSION) return PREFIX + VERSION;
  const names = (await caches.keys()).filter((n) => n.startsWith(PREFIX));
  return names.length ? names[names.length - 1] : null;
}

// Files of an older build whose sha256 is unchanged: copied, not downloaded again.
async function reuseOldEntries(cache, manifest) {
  const reused = new Set();
  const hashes = manifest.sha256 || {};
  for (const name of await caches.keys()) {
    if (!name.startsWith(PREFIX) || name === PREFIX + (VERSION || manifest.version)) continue;
    const old = await caches.open(name);
    const oldManifestResponse = await old.match(abs(MANIFEST));
    if (!oldManifestResponse) continue;
    const oldHashes = (await oldManifestResponse.json()).sha256 || {};
    for (const file of manifest.files) {
      if (reused.has(file) || !hashes[file] || oldHashes[file] !== hashes[file]) continue;
      const response = await old.match(abs(file));
      if (response) {
        await cache.put(abs(file), response);
        reused.add(file);
      }
    }
  }
  return reused;
}

async function sha256(response) {
  const digest = await crypto.subtle.digest("SHA-256", await response.arrayBuffer());
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

// One listed file, as this build has it. The HTTP cache first ("only-if-cached": no
// request at all; on a first visit the worker is installed after the game has
// started, so the page has fetched most files already), under its own address or one
// of `alternates`: trusted only when its sha256 is the listed one, since Pyodide's and
// PyScript's files keep their names across versions. Else from the server
// (revalidated: a 304 when the cached copy is current).
async function fetchChecked(url, hash, alternates = []) {
  if (hash) {
    for (const candidate of [url, ...alternates]) {
      try {
        const cached = await fetch(new Request(candidate,
          { cache: "only-if-cached", mode: "same-origin" }));
        if (cached.ok && await sha256(cached.clone()) === hash) return cached;
      } catch (err) {
        // not in the HTTP cache and offline, say: try the next, then the server
      }
    }
  }
  const response = await fetch(new Request(url, { cache: "no-cache" }));
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  if (hash && await sha256(response.clone()) !== hash) {
    throw new Error(`${url}: not the file of this build (sha256)`); // a build mid-deploy: next time
  }
  return response;
}

// The start page was fetched by its address, which may be "./" or carry a query
// (?players=..., ?game=...): the HTTP cache keeps it under that address.
async function startPageAddresses() {
  const pages = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  const start = abs("index.html");
  return [abs("./"), ...pages.map((c) => c.url.split("#")[0])
    .filter((u) => new URL(u).origin + new URL(u).pathname === start
      || new URL(u).origin + new URL(u).pathname === abs("./"))];
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const manifest = await fetchManifest();
    const cache = await caches.open(PREFIX + (VERSION || manifest.version));
    const reused = await reuseOldEntries(cache, manifest);
    const have = new Set((await cache.keys()).map((r) => r.url));
    const missing = manifest.files.filter((f) => !reused.has(f))
      .filter((f) => !have.has(abs(f)));
    const hashes = manifest.sha256 || {};
    // All or nothing, as cache.addAll: every file fetched and checked, then stored.
    const startPages = missing.includes("index.html") ? await startPageAddresses() : [];
    const responses = await Promise.all(missing.map((f) =>
      fetchChecked(abs(f), hashes[f], f === "index.html" ? startPages : [])));
    await Promise.all(responses.map((response, i) => cache.put(abs(missing[i]), response)));
    await cache.put(abs(MANIFEST), new Response(JSON.stringify(manifest), {
      headers: { "Content-Type": "application/json" },
    }));
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    const keep = await cacheName();
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== keep) await caches.delete(name);
    }
  })());
});

// "activate" from the page's Reload button (sw-register.js): this waiting worker takes
// over at once only when that page is the site's only tab, so that no other tab's game
// has its files changed under it; the answer says whether it did.
self.addEventListener("message", (event) => {
  if (!event.data || event.data.type !== "activate" || !event.ports[0]) return;
  event.waitUntil((async () => {
    const tabs = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
    const alone = tabs.length <= 1;
    if (alone) await self.skipWaiting();
    event.ports[0].postMessage({ activated: alone });
  })());
});

// The hashes of the build this worker's cache holds (the list it stored at install).
let listed = null;
async function listedHashes(cache) {
  if (!listed) {
    listed = (async () => {
      const stored = await cache.match(abs(MANIFEST));
      return stored ? ((await stored.json()).sha256 || {}) : {};
    })();
  }
  return listed;
}

// URLs whose cached copy this worker has checked (once per worker: it is started anew
// for a later visit, and checks again then).
const sound = new Set();

// A listed file from the cache, served at once; its copy is checked against its sha256
// beside that, once per worker (checking before serving held a repeat visit up by half
// a second: 16 MB through SHA-256). A damaged copy is dropped and the file fetched again
// from the network (checked) and stored, so the next load has it whole; the code bundle
// is checked by the page itself (fetch's integrity), whose one retry asks past every
// cache (`fresh`): the network first (checked), the cache only when that fails.
async function cachedChecked(cache, key, hit, request, fresh, background) {
  const hash = (await listedHashes(cache))[key.slice(abs("./").length)];
  if (!hash) return hit;
  if (!fresh) {
    if (!sound.has(key)) {
      sound.add(key);  // one check per worker, even for a file asked for twice at once
      background(checkCopy(cache, key, hit.clone(), hash));
    }
    return hit;
  }
  try {
    return await refetch(cache, key, hash);
  } catch (err) {
    // offline, or the server has another build's file: the cache's copy, if it is
    // still there, else what the network gives
    return (await cache.match(key)) || fetch(request);
  }
}

async function refetch(cache, key, hash) {
  const response = await fetchChecked(key, hash);
  await cache.put(key, response.clone());
  return response;
}

async function checkCopy(cache, key, copy, hash) {
  if (await sha256(copy) === hash) return;
  console.warn(`service worker: ${key} in the cache is damaged; fetching it again`);
  await cache.delete(key);
  try {
    await refetch(cache, key, hash);
  } catch (err) {
    sound.delete(key);  // offline: checked again when next served
  }
}

async function respond(request, background) {
  const url = new URL(request.url);
  let key = url.origin + url.pathname; // precached URLs carry no query
  if (request.mode === "navigate" && key.endsWith("/")) key += "index.html";
  const name = await cacheName();
  const cache = name && await caches.open(name);

  if (key === abs(MANIFEST)) {
    // network first: this is how pages learn about a new build
    try {
      return await fetch(request, { cache: "no-store" });
    } catch (err) {
      const hit = cache && await cache.match(key);
      if (hit) return hit;
      throw err;
    }
  }
  const hit = cache && await cache.match(key);
  if (!hit) return fetch(request);
  const fresh = request.cache === "reload" || request.cache === "no-store";
  return cachedChecked(cache, key, hit, request, fresh, background);
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET" || !request.url.startsWith(self.location.origin)) return;
  if (request.headers.has("range")) return;
  event.respondWith(respond(request, (work) => event.waitUntil(work)));
});

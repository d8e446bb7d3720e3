// Registers the service worker (sw.js) for the current build. Include it in a page
// beside sw.js as  <script type="module" src="./sw-register.js"></script>
// (an inline script would break the Content-Security-Policy). Every URL here is
// relative to the page, and the worker's scope is the page's folder ("./"), so the site
// works the same at a host's root and under a sub-path (/<repo>/ on GitHub Pages).
//
// When: after the event named by the script tag's data-after (the game page says
// "samarkand:idle": its main.py sends it once the board is clickable and the wheels
// loaded after it are in), else on a PyScript page after "py:all-done", else after
// "load"; at the latest 30 s after "load". So the worker's precache does not compete
// with the start of the game, and it finds what the page downloaded in the HTTP cache
// (sw.js takes it from there: nothing is downloaded twice).
//
// The build version comes from vendor/precache.json, which sw.js always fetches from
// the network when online: a new build registers "sw.js?v=<new version>" and so
// installs a new worker with a new cache. Offline, the cached precache.json gives the
// same version and nothing changes.
//
// A new build's worker, once installed, waits (sw.js: no skipWaiting) while this page
// runs on the old one. The page is told by the event "samarkand:update-ready" (also
// recorded as window.samarkandUpdateReady, for a listener that comes later); main.py
// then shows its notice, whose Reload button calls window.samarkandActivateUpdate().
async function register() {
  if (!("serviceWorker" in navigator)) return null;
  try {
    // revalidated, and kept in the HTTP cache: sw.js asks for it again at once (a 304)
    const response = await fetch("./vendor/precache.json", { cache: "no-cache" });
    const { version } = await response.json();
    const reg = await navigator.serviceWorker.register(
      `./sw.js?v=${encodeURIComponent(version)}`, { scope: "./" });
    watchForUpdate(reg);
    return reg;
  } catch (err) {
    console.warn("service worker not registered:", err);
    return null;
  }
}

// Says "samarkand:update-ready" when a worker of another build waits behind the one that
// serves this page (installed now, or before this page was opened).
function watchForUpdate(reg) {
  const ready = () => {
    if (!navigator.serviceWorker.controller || !reg.waiting || window.samarkandUpdateReady) {
      return;
    }
    window.samarkandUpdateReady = true;
    dispatchEvent(new CustomEvent("samarkand:update-ready"));
  };
  const follow = (worker) => {
    if (worker) worker.addEventListener("statechange", () => worker.state === "installed" && ready());
  };
  follow(reg.installing);
  reg.addEventListener("updatefound", () => follow(reg.installing));
  ready();
}

// The Reload button of the page's notice: the waiting worker takes over when this is
// the site's only tab, and the page reloads on it (true); with other tabs open it does
// not (false: their games keep their files; it takes over once they are closed).
window.samarkandActivateUpdate = async () => {
  const reg = await registration;
  const waiting = reg && reg.waiting;
  if (!waiting) {
    location.reload();
    return true;
  }
  const answer = await new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = (event) => resolve(event.data || {});
    waiting.postMessage({ type: "activate" }, [channel.port2]);
  });
  if (!answer.activated) return false;
  if (navigator.serviceWorker.controller === waiting) {
    location.reload();
  } else {
    navigator.serviceWorker.addEventListener("controllerchange", () => location.reload(),
                                             { once: true });
  }
  return true;
};

const python = document.querySelector('script[type="py"], py-script, script[type="mpy"]');
const after = document.querySelector('script[src$="sw-register.js"]')?.dataset.after
  || (python ? "py:all-done" : null);

export const registration = new Promise((resolve) => {
  let done = false;
  const go = () => {
    if (!done) {
      done = true;
      resolve(register());
    }
  };
  const afterLoad = (fn) =>
    document.readyState === "complete" ? fn() : addEventListener("load", fn, { once: true });
  if (after) {
    addEventListener(after, go, { once: true });
    afterLoad(() => setTimeout(go, 30000));
  } else {
    afterLoad(go);
  }
});

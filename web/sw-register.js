// Registers the service worker (sw.js) for the current build. Include it in a page
// at the site root as  <script type="module" src="./sw-register.js"></script>
// (an inline script would break the Content-Security-Policy).
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
async function register() {
  if (!("serviceWorker" in navigator)) return null;
  try {
    // revalidated, and kept in the HTTP cache: sw.js asks for it again at once (a 304)
    const response = await fetch("./vendor/precache.json", { cache: "no-cache" });
    const { version } = await response.json();
    return await navigator.serviceWorker.register(`./sw.js?v=${encodeURIComponent(version)}`);
  } catch (err) {
    console.warn("service worker not registered:", err);
    return null;
  }
}

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

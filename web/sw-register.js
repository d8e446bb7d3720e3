// Registers the service worker (sw.js) for the current build. Include it in a page
// at the site root as  <script type="module" src="./sw-register.js"></script>
// (an inline script would break the Content-Security-Policy).
//
// When: on a PyScript page after "py:all-done" (so that the worker's precache
// download does not compete with the first start of Python), else after "load";
// at the latest 30 s after "load".
//
// The build version comes from vendor/precache.json, which sw.js always fetches from
// the network when online: a new build registers "sw.js?v=<new version>" and so
// installs a new worker with a new cache. Offline, the cached precache.json gives the
// same version and nothing changes.
async function register() {
  if (!("serviceWorker" in navigator)) return null;
  try {
    const response = await fetch("./vendor/precache.json", { cache: "no-store" });
    const { version } = await response.json();
    return await navigator.serviceWorker.register(`./sw.js?v=${encodeURIComponent(version)}`);
  } catch (err) {
    console.warn("service worker not registered:", err);
    return null;
  }
}

const python = document.querySelector('script[type="py"], py-script, script[type="mpy"]');

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
  if (python) {
    addEventListener("py:all-done", go, { once: true });
    afterLoad(() => setTimeout(go, 30000));
  } else {
    afterLoad(go);
  }
});

// The first screen, before Python runs (a classic script at the end of index.html's
// body, so that it runs before the first paint; a file, not inline, because of the CSP).
//
// web/tools/build.py writes one <template id="first-screen-<lang>"> per language into the
// built index.html: the header and the start screen drawn by the page's own Python
// code (samarkand_web.first_screen), and the loading indicator's stages. This script
// picks the language as the game does (the address's ?lang=, the saved preferences,
// the browser's language) and shows them: the start screen when the address opens
// the start page, only the loading indicator when it opens a game (a game's hand is
// never drawn ahead). Everything stays inert (takes no input that would be lost)
// until the page's first paint (from its Python, in the worker) draws the same regions
// live.
//
// The indicator's stage (#loading[data-stage]): "runtime" while Pyodide's runtime
// downloads, "python" once it is in (Python compiles and boots), "game" once Python is
// ready (the worker imports the game's code and web/main.py's host draws the page),
// "failed" on an error before the game is ready.
//
// The game's code (the code bundle, web/boot.py) downloads from here on, beside the
// runtime: web/tools/build.py writes its URL and sha256 on this script's tag, and the fetch
// checks the download against that hash (once more past every cache if it fails).
// client.js hands the bytes (window.samarkandCode) to the worker that runs the page's
// Python.
//
(() => {
  "use strict";
  const tag = document.currentScript;
  const url = tag && tag.dataset.code;
  if (!url) return;
  const integrity = tag.dataset.codeIntegrity || "";
  const get = (cache) => fetch(url, { integrity, cache }).then((response) => {
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
    return response.arrayBuffer();
  });
  // A download that fails its check (or fails at all) is asked for once more, past every
  // cache: a damaged copy in the HTTP cache, or in the service worker's (which then
  // fetches it again from the server), does not keep the game from starting while the
  // server has the right file. Only the second failure says that the game could not start.
  const bytes = get("default").catch((err) => {
    console.warn(`${url}: ${err}; asking the server again`);
    return get("reload");
  });
  // said whether or not Python already waits for the bytes (then no rejection is
  // unhandled, and the loading indicator would not hear of it)
  bytes.catch(() => dispatchEvent(new CustomEvent("samarkand:failed")));
  window.samarkandCode = { url, bytes };
})();

// The start screen before the page is live: nothing a player does is lost.
//
// Python is ready seconds after the start screen shows (on a busy machine, ten). The
// buttons that start something (data-early="run": play against the computer, play with
// friends) keep a click made meanwhile: the button says it will start as soon as the game
// is ready, and main.py carries it out then (window.samarkandEarly, read by
// samarkand_web/state/early.py). The name field (data-early="keep") takes typing, which
// the page keeps too. Every other control says that it is not live yet: aria-disabled,
// dimmed, and the loading bar's note; its clicks and keys do nothing until then. main.py's
// first paint draws these regions anew, live (body[data-ready] from then on).
window.samarkandEarlyClicks = (stored) => {
  "use strict";
  const header = document.getElementById("header");
  const main = document.getElementById("main");
  const note = document.getElementById("early-note");
  const loading = document.getElementById("loading");
  if (!header || !main) return;
  const live = () => document.body.dataset.ready === "1";
  // what takes a click or a key (a heading the page focuses, tabindex="-1", is no control)
  const CONTROLS = 'button, input, select, textarea, summary, [tabindex]:not([tabindex="-1"])';
  const name = document.getElementById("my-name");
  if (name && stored && typeof stored.name === "string") name.value = stored.name;
  for (const root of [header, main]) {
    for (const el of root.querySelectorAll(CONTROLS)) {
      if (el.dataset.early) continue;
      el.setAttribute("aria-disabled", "true");
      if (note) el.setAttribute("aria-describedby", "early-note");
    }
  }
  const values = () => {
    const form = document.getElementById("start-form");
    const out = {};
    for (const el of form ? form.elements : []) if (el.name) out[el.name] = String(el.value);
    return out;
  };
  let kept = null; // the action a click asked for: one is carried out
  const remember = (action, value) => {
    window.samarkandEarly = JSON.stringify({ action, value: value || "", form: values() });
  };
  const keep = (action, value, button) => {
    if (kept) return;
    kept = action;
    remember(action, value);
    for (const other of main.querySelectorAll('[data-early="run"]')) {
      if (other !== button) other.setAttribute("aria-disabled", "true");
    }
    if (button) {
      button.classList.add("early-pending");
      button.setAttribute("aria-busy", "true");
      if (note && note.dataset.pending) button.textContent = note.dataset.pending;
    }
    loading?.classList.add("early-kept");
  };
  const inside = (el) => el instanceof Element && (header.contains(el) || main.contains(el));
  const blocked = (el) => inside(el) && !!el.closest('[aria-disabled="true"]');
  const stop = (event) => {
    event.preventDefault();
    event.stopImmediatePropagation();
  };
  const onClick = (event) => {
    if (live()) return;
    const el = event.target instanceof Element ? event.target : null;
    const early = el && el.closest('[data-early="run"]');
    if (early && inside(early) && !blocked(early)) {
      stop(event);
      keep(early.dataset.action, early.dataset.value, early);
    } else if (el && blocked(el)) {
      stop(event);
    }
  };
  const onPress = (event) => {
    if (!live() && blocked(event.target)) stop(event);
  };
  const onKey = (event) => {
    if (live() || event.key === "Tab") return; // moving the focus is fine
    if (blocked(event.target)) stop(event);
  };
  const onSubmit = (event) => {
    if (live()) return;
    stop(event); // never the browser's own submit: Enter in the name field plays
    keep("quick", "", document.getElementById("quick-play"));
  };
  const onInput = (event) => {
    if (live() || kept) return;
    const el = event.target;
    if (el instanceof Element && el.getAttribute("data-early") === "keep") {
      remember("quick-name", "");
    }
  };
  document.addEventListener("click", onClick, true);
  for (const kind of ["pointerdown", "mousedown", "beforeinput", "change"]) {
    document.addEventListener(kind, onPress, true);
  }
  document.addEventListener("keydown", onKey, true);
  document.addEventListener("submit", onSubmit, true);
  document.addEventListener("input", onInput, true);
};

(() => {
  "use strict";
  const LANGS = ["en", "de", "fr", "it"];
  const loading = document.getElementById("loading");
  if (!loading) return;

  const primary = (c) => (typeof c === "string" ? c.trim().toLowerCase().replace("_", "-").split("-")[0] : "");
  const pick = (candidates) => candidates.map(primary).find((c) => LANGS.includes(c)) || "en";
  const params = new URLSearchParams(location.search);
  let stored = null;
  try {
    stored = JSON.parse(localStorage.getItem("samarkand.prefs") || "null");
  } catch (err) {
    stored = null; // damaged or unreadable preferences: the game ignores them too
  }
  const lang = pick([params.get("lang"), stored && stored.lang, navigator.language]);
  const opensGame = params.has("players") || !!params.get("game") || location.hash.length > 1;

  const template = document.getElementById(`first-screen-${lang}`);
  if (template) {
    document.documentElement.lang = lang;
    const part = (name) => template.content.querySelector(`[data-region="${name}"]`);
    const words = loading.querySelector(".loading-words");
    if (words && part("loading")) words.replaceChildren(...part("loading").cloneNode(true).childNodes);
    if (!opensGame) {
      for (const name of ["header", "home"]) {
        const target = document.getElementById(name);
        if (target && part(name)) target.replaceChildren(...part(name).cloneNode(true).childNodes);
      }
      document.getElementById("home").hidden = false;
      loading.classList.add("banner"); // the start screen shows; the indicator steps aside
    }
  }
  // placed: shown from here on (style.css keeps it unseen until then)
  loading.dataset.placed = "";
  if (opensGame || !template) {
    // Nothing takes input until Python draws the page live (main.py removes this).
    for (const id of ["header", "main"]) document.getElementById(id)?.setAttribute("inert", "");
  } else {
    window.samarkandEarlyClicks?.(stored);
  }

  // A start that stalls: a download that neither ends nor fails (a phone's connection
  // gone quiet) would leave the indicator turning with nothing said. When no stage has
  // come for STALL_MS, it says so, with a button that reloads; the start goes on, and
  // the next stage takes the note away. (The runtime is the longest stage: on a slow
  // connection its first download takes a while, so the words say "perhaps".)
  const STALL_MS = 20000;
  const slow = loading.querySelector(".loading-slow");
  let stalled = 0;
  const watch = (on) => {
    clearTimeout(stalled);
    slow?.setAttribute("hidden", "");
    delete loading.dataset.slow;
    if (on) stalled = setTimeout(() => {
      if (document.body.dataset.ready || loading.hidden || loading.dataset.stage === "failed") return;
      loading.dataset.slow = "";
      slow?.removeAttribute("hidden");
    }, STALL_MS);
  };
  loading.addEventListener("click", (event) => {
    if (event.target instanceof Element && event.target.closest(".loading-reload")) location.reload();
  });
  watch(true);
  const stage = (name) => {
    if (!loading.hidden && loading.dataset.stage !== "failed") {
      loading.dataset.stage = name;
      watch(true);
    }
  };
  // The page's Python starts in its worker (worker.js): "python" once the runtime is
  // downloaded (Python compiles and boots), "game" once Python is ready and the game's
  // code loads (client.js tells each as the worker does).
  addEventListener("samarkand:stage", (event) => {
    if (event.detail === "python" && loading.dataset.stage !== "runtime") return;
    stage(event.detail);
  });
  const failed = () => {
    if (!document.body.dataset.ready && !loading.hidden) {
      watch(false); // the failure's own words say what to do
      loading.dataset.stage = "failed";
      loading.querySelector(".loading-failed")?.removeAttribute("hidden");
    }
  };
  addEventListener("error", failed);
  addEventListener("unhandledrejection", failed);
  addEventListener("samarkand:failed", failed);
  // The frame that shows the first screen (for the benchmark: load.first_screen_*).
  requestAnimationFrame(() => performance.mark("first-screen"));
})();


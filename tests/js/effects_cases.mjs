// The cases of tests/page/test_client_js.py for web/effects.js: what a Paint asks of the
// browser beyond the DOM, on fakes; the browser's later answers are recorded as the
// Events they become.

import { Effects } from "../../web/effects.js";

function fakes({ clipboard = "ok", share = "ok" } = {}) {
  const answers = [];
  const done = [];
  const made = [];
  const doc = {
    getElementById: (id) => made.find((el) => el.id === id) || (id === "share-link"
      ? { select: () => done.push("selected") } : null),
    createElement: (tag) => {
      const el = { tag, listeners: {}, click: () => done.push(`click ${tag}`),
        remove: () => done.push(`remove ${tag}`),
        addEventListener(kind, fn) { this.listeners[kind] = fn; } };
      made.push(el);
      return el;
    },
    body: { appendChild: (el) => done.push(`append ${el.tag}`) },
  };
  const refuse = (name) => Promise.reject(Object.assign(new Error(name), { name }));
  const win = {
    navigator: {
      clipboard: { writeText: (text) => (clipboard === "ok" ? Promise.resolve(done.push(`copied ${text}`))
        : refuse("NotAllowedError")) },
      share: (data) => (share === "ok" ? Promise.resolve(done.push(`shared ${data.url}`)) : refuse(share)),
    },
    Blob: class { constructor(parts, opts) { this.parts = parts; this.type = opts.type; } },
    URL: { createObjectURL: (blob) => `blob:${blob.type}:${blob.parts[0].length}`,
      revokeObjectURL: (url) => done.push(`revoked ${url}`) },
    setTimeout: (fn) => done.push(["timer", fn]),
    samarkandSound: (kinds) => done.push(`sound ${kinds}`),
  };
  const effects = new Effects(doc, win, (action, value = "", form = null) => answers.push([action, value, form]));
  return { effects, answers, done, made };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

export const cases = {
  async copy_refused() {
    const { effects, answers, done } = fakes({ clipboard: "refused" });
    effects.apply({ copy: "https://x/#g=1" });
    await settle();
    return { answers, done };
  },

  async share_cancelled_or_failed() {
    const cancelled = fakes({ share: "AbortError" });
    cancelled.effects.apply({ share: { title: "t", text: "x", url: "https://x/#g=2" } });
    const failed = fakes({ share: "DataError" });
    failed.effects.apply({ share: { title: "t", text: "x", url: "https://x/#g=2" } });
    await settle();
    return { cancelled: [cancelled.answers, cancelled.done], failed: [failed.answers, failed.done] };
  },

  download_and_sounds() {
    const { effects, done } = fakes();
    effects.apply({ download: { name: "samarkand-backup.json", text: "{}" }, sounds: ["move", "score"] });
    const [, revoke] = done.find((d) => Array.isArray(d) && d[0] === "timer");
    revoke();
    return done.filter((d) => !Array.isArray(d));
  },

  // The sounds wait for the frame that shows the move, then a task of their own.
  sounds_after_the_frame() {
    const { effects, done } = fakes();
    effects.win.requestAnimationFrame = (fn) => done.push(["frame", fn]);
    effects.apply({ sounds: ["camel", "turn"] });
    const before = done.filter((d) => typeof d === "string").length;
    done.find((d) => Array.isArray(d) && d[0] === "frame")[1]();
    const afterFrame = done.filter((d) => typeof d === "string").length;
    done.find((d) => Array.isArray(d) && d[0] === "timer")[1]();
    return { before, afterFrame, played: done.filter((d) => typeof d === "string") };
  },

  async picked_files() {
    const { effects, answers, made } = fakes();
    effects.apply({ pick_file: true });
    const field = made[0];
    const change = (files) => field.listeners.change({ target: { files } });
    change([{ size: 30_000_000, text: () => Promise.resolve("never read") }]);
    change([{ size: 12, text: () => Promise.resolve('{"saves":[]}') }]);
    change([{ size: 12, text: () => Promise.reject(new Error("gone")) }]);
    change([]);
    await settle();
    return { answers, field: { type: field.type, id: field.id, accept: field.accept, hidden: field.hidden } };
  },
};

console.log(JSON.stringify(await cases[process.argv[2]]()));

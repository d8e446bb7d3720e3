// DOM helpers that main.py calls once per paint instead of many times: a call across
// Pyodide's bridge from Python to JavaScript costs about as much as a small DOM change
// itself, and a click changes tens of board pieces, each in several attributes.
// (A file, not an inline script, because of the Content-Security-Policy.)
"use strict";

// Change the children of `el` in place (render.children_patch says how): children
// drawn as pieces get their attributes and children changed in turn, runs of children
// are replaced, the last run first so that the indices stay the old ones. A run's new
// nodes are its fourth item when parsed already (piecesParsed), else parsed here. False
// when `el` (or a child changed in place) does not have the children the patch is for.
function patchChildren(el, [length, nested, runs]) {
  const nodes = el.childNodes;
  if (nodes.length !== length) return false;
  for (const [index, remove, set, children] of nested) {
    const child = nodes[index];
    if (child.nodeType !== Node.ELEMENT_NODE || !patchElement(child, remove, set, children)) {
      return false;
    }
  }
  for (let r = runs.length - 1; r >= 0; r--) {
    const [first, count, markup, parsed] = runs[r];
    for (let i = 0; i < count; i++) el.removeChild(nodes[first]);
    if (markup) el.insertBefore(parsed || parseIn(el, markup), nodes[first] || null);
  }
  return true;
}

function patchElement(el, remove, set, children) {
  for (const name of remove) el.removeAttribute(name);
  for (const [name, value] of Object.entries(set)) el.setAttribute(name, value);
  return children === null || patchChildren(el, children);
}

// The runs with new markup in a children patch, nested ones too.
function runsOf([, nested, runs], out) {
  for (const [, , , children] of nested) if (children) runsOf(children, out);
  for (const run of runs) if (run[2]) out.push(run);
  return out;
}

// Every run's new nodes parsed in one go (in `context`, the board's SVG: they are SVG),
// each after a marker (as parts are, below): the parser's setting up costs more than a
// run's markup. A run whose markup does not stand on its own is parsed alone. Runs
// parsed already (ahead of the click: samarkandPrebuild) are left as they are; `least`:
// fewer runs than this are left to patchChildren, which parses each where it goes.
function piecesParsed(context, ops, least = 2) {
  const runs = [];
  for (const [, , , children] of ops) if (children) runsOf(children, runs);
  for (let i = runs.length - 1; i >= 0; i--) if (runs[i][3]) runs.splice(i, 1);
  if (!runs.length || runs.length < least) return;
  const found = byPart(parseIn(context, runs.map((run) => MARKED + run[2]).join("")), runs.length);
  if (!found) return;
  runs.forEach((run, i) => {
    const fragment = document.createDocumentFragment();
    fragment.append(...found[i]);
    run[3] = fragment;
  });
}

// The board's pieces by their selector (paint.piece_selector), for each board: looked
// up by querySelector, each op walked the board's few hundred elements. A piece changed
// in place stays the same element; a board drawn anew makes the index anew.
const PIECES = ["space", "family", "layer"];
const pieceIndex = new WeakMap();

function pieceAt(root, selector) {
  let index = pieceIndex.get(root);
  const el = index && index.get(selector);
  if (el && el.isConnected && root.contains(el)) return el;
  if (!index || el) { // none made yet, or this one is stale: the board was drawn anew
    index = new Map();
    for (const node of root.querySelectorAll(PIECES.map((kind) => `[data-${kind}]`).join(","))) {
      for (const kind of PIECES) {
        const value = node.getAttribute(`data-${kind}`);
        const key = `[data-${kind}="${value}"]`;
        if (value !== null && !index.has(key)) index.set(key, node);
      }
    }
    pieceIndex.set(root, index);
  }
  return index.get(selector) || root.querySelector(selector);
}

// Change board pieces in place (paint.js): `ops` is a list of [selector, attributes to
// remove, {attribute: value}, children patch or null, whole inner markup or null (only
// without a children patch)], as the worker's Paint brings it (objects already: no
// JSON text to parse again). False when a piece is missing or its children are not
// those the patch is for: the caller then has the whole board drawn anew.
window.samarkandPatchPieces = (root, ops) => {
  piecesParsed(root.querySelector("svg") || root, ops);
  for (const [selector, remove, set, children, inner] of ops) {
    const el = pieceAt(root, selector);
    if (!el || !patchElement(el, remove, set, children)) return false;
    if (!children && inner !== null) el.innerHTML = inner;
  }
  return true;
};

// A region drawn as parts (view/parts.py): how many nodes each part of an element made,
// by element, so that a part can be found and replaced without reading markup back.
const partCounts = new WeakMap();

// The nodes of `markup` parsed where they go (inside `parent`: SVG stays SVG). One Range
// for every parse: a Range lives in its document until it is collected, and the browser
// updates each live one at every node removed from the page (a click's removals took
// half again as long with a prepared answer's ranges alive, in a CPU profile at 4x).
let parsing = null;

function parseIn(parent, markup) {
  if (!parsing) parsing = document.createRange();
  parsing.selectNodeContents(parent);
  const nodes = parsing.createContextualFragment(markup);
  parsing.collapse(true);
  return nodes;
}

// A part (markup, or [start tag, [children], end tag]) as nodes for `parent`, and how
// many nodes it is: one at a time (see buildParts).
function buildPart(parent, part) {
  if (typeof part === "string") {
    const nodes = parseIn(parent, part);
    return [nodes, nodes.childNodes.length];
  }
  const [open, children, close] = part;
  const nodes = parseIn(parent, open + close);
  const el = nodes.firstElementChild;
  if (!el || nodes.childNodes.length !== 1) throw new Error("a part's tags are not one element");
  fillParts(el, children);
  return [nodes, 1];
}

function fillParts(el, parts) {
  const counts = [];
  for (const part of parts) {
    const [nodes, n] = buildPart(el, part);
    el.appendChild(nodes);
    counts.push(n);
  }
  partCounts.set(el, counts);
}

// Parts are parsed in one go, each after a marker comment that tells where it starts:
// the parser's setting up costs more than most parts' own markup.
const MARK = "samarkand-part";
const MARKED = `<!--${MARK}-->`;

function marked(part) {
  if (typeof part === "string") return MARKED + part;
  const [open, children, close] = part;
  return MARKED + open + children.map(marked).join("") + close;
}

// The nodes of `container` part by part (the markers taken out), or null when they are
// not `n` parts each behind its marker.
function byPart(container, n) {
  const out = [];
  for (const node of Array.from(container.childNodes)) {
    if (node.nodeType === Node.COMMENT_NODE && node.data === MARK) {
      node.remove();
      out.push([]);
    } else if (out.length) {
      out[out.length - 1].push(node);
    } else {
      return null;
    }
  }
  return out.length === n ? out : null;
}

// How many nodes each of `parts` made in `container` (a nested part's element gets its
// own counts), or null when the parsed nodes are not as the parts say.
function settle(container, parts) {
  const found = byPart(container, parts.length);
  if (!found) return null;
  for (let i = 0; i < parts.length; i++) {
    if (typeof parts[i] === "string") continue;
    const [el] = found[i];
    if (found[i].length !== 1 || el.nodeType !== Node.ELEMENT_NODE) return null;
    const counts = settle(el, parts[i][1]);
    if (!counts) return null;
    partCounts.set(el, counts);
  }
  return found.map((nodes) => nodes.length);
}

// `parts` as nodes for `parent` ([fragment, count of each part]): parsed in one go, or
// one at a time when a part's markup does not stand on its own.
function buildParts(parent, parts) {
  const fragment = parseIn(parent, parts.map(marked).join(""));
  const counts = settle(fragment, parts);
  if (counts) return [fragment, counts];
  const one = document.createDocumentFragment();
  const each = [];
  for (const part of parts) {
    const [nodes, n] = buildPart(parent, part);
    one.appendChild(nodes);
    each.push(n);
  }
  return [one, each];
}

const sum = (counts, from, to) => counts.slice(from, to).reduce((a, b) => a + b, 0);

// The region `el` drawn anew from its parts (a list, as the Paint brings it).
window.samarkandSetParts = (el, parts, built = null) => {
  el.textContent = "";
  const [nodes, counts] = built || buildParts(el, parts);
  el.appendChild(nodes);
  partCounts.set(el, counts);
};

// Change a region's parts in place (paint.js): `ops` is a list of [path, first, count,
// parts]: in the element reached by `path` (part indices, each a Tree's element), the
// `count` parts from `first` on are replaced by `parts`. 0 when the region is not as the
// patch expects (the caller draws it anew), 2 when the focused element was in a part
// replaced (it is blurred first: cheaper than letting the browser move the focus when
// the element leaves), else 1.
window.samarkandPatchParts = (root, ops) => {
  let result = 1;
  for (const op of ops) {
    const range = removedBy(root, op);
    if (!range) return 0;
    const { el, counts, at, gone } = range;
    const [, first, count, parts, built] = op;
    const active = document.activeElement;
    for (let i = 0; i < gone; i++) {
      const node = el.childNodes[at];
      if (active && active !== document.body && node.contains(active)) {
        active.blur();
        result = 2;
      }
      el.removeChild(node);
    }
    const [nodes, added] = built && built.el === el ? [built.nodes, built.counts]
      : buildParts(el, parts);
    el.insertBefore(nodes, el.childNodes[at] || null);
    counts.splice(first, count, ...added);
  }
  return result;
};

// What a parts op [path, first, count, ...] removes: in the element `el` its path
// reaches (whose part counts are `counts`), `gone` nodes from node `at` on; null when
// the region is not drawn as the op expects.
function removedBy(root, [path, first, count]) {
  const el = partAt(root, path);
  const counts = el && partCounts.get(el);
  if (!counts || sum(counts, 0) !== el.childNodes.length || first + count > counts.length) {
    return null;
  }
  return { el, counts, at: sum(counts, 0, first), gone: sum(counts, first, first + count) };
}

// The element a parts op's `path` reaches from `root` (part indices, each a Tree's
// element), or null when the region is not drawn as that path says.
function partAt(root, path) {
  let el = root;
  for (const index of path) {
    const counts = partCounts.get(el);
    if (!counts || counts[index] !== 1) return null;
    el = el.childNodes[sum(counts, 0, index)];
    if (!el || el.nodeType !== Node.ELEMENT_NODE) return null;
  }
  return el;
}

// Whether the parts ops `ops` of region `root` leave `active` in the page: none of the
// parts they remove holds it (each op's path and indices are the page's as it is now:
// parts.py writes the ops from the last part to the first). False when an op does not
// fit the region as it is.
window.samarkandPartsKeep = (root, ops, active) => {
  for (const op of ops) {
    const range = removedBy(root, op);
    if (!range) return false;
    for (let i = range.at; i < range.at + range.gone; i++) {
      if (range.el.childNodes[i].contains(active)) return false;
    }
  }
  return true;
};

// A prepared answer's new nodes made ahead (client.js, as the answer arrives, while the
// person still reads the board): the click that shows it then only moves nodes into the
// page, its parsing done (a CPU profile of a click run at 4x: parsing was about a quarter
// of a prepared click's script; docs/phone.md). `write` is one of a Paint's writes and
// `el` its region. Only new nodes are made here: nothing in the page changes. They are
// used only where they were made for (a parts op's element, checked again at the
// click); a region changed since is patched as before, its nodes parsed there.
window.samarkandPrebuild = (el, write) => {
  if (write.kind === "board" && Array.isArray(write.ops)) {
    piecesParsed(el.querySelector("svg") || el, write.ops, 1);
    // the board's index of pieces made now, not in the click (a board drawn anew, the
    // game's first one too, has none yet: a walk of its few hundred elements)
    if (write.ops.length && typeof write.ops[0][0] === "string") pieceAt(el, write.ops[0][0]);
  } else if (write.kind === "parts" && Array.isArray(write.ops)) {
    for (const op of write.ops) {
      const at = partAt(el, op[0]);
      if (!at) return;
      const [nodes, counts] = buildParts(at, op[3]);
      op[4] = { el: at, nodes, counts };
    }
  } else if (write.kind === "parts" && Array.isArray(write.whole)) {
    write.built = buildParts(el, write.whole);
  } else if (write.kind === "log" && Array.isArray(write.new)) {
    const list = el.querySelector("ol");
    if (list && write.new.length) write.parsedNew = { list, nodes: parseIn(list, write.new.join("")) };
  } else if (typeof write.markup === "string") {
    write.parsed = parseIn(el, write.markup);
  }
};

// Pointer input handled here rather than in the page's Python: a call from JavaScript
// into Python costs more than these handlers' own work, and a pointer on its way to a
// click crosses several spaces. Python hears `rested(el, tip)` once the pointer has
// rested `hoverMs` on a space, domain or card (`tip` true: its tooltip) or on a log
// line that names a space (its ring), and `left()` when the pointer or the focus leaves
// while Python shows one (it keeps `state.open` up to date). A press on a game control
// does not focus it, and takes the focus from the control that has it now, while the
// page is as its last frame drew it: the click usually redraws both, and taking the
// focus once the click has changed the page makes the browser work out styles and
// layout at once, inside the click; `state.released` is that control, whose focus
// Python gives back once the frame is drawn. `state.presses` counts presses: Python
// tells from it whether a key it saw came after the last press.
window.samarkandPointer = (rested, left, targets, hoverMs) => {
  // keepsFocus(control, active): set by client.js (whether a click on `control` leaves
  // `active` in the page)
  const state = {presses: 0, open: false, released: null, keepsFocus: null};
  const FIELDS = ["SELECT", "INPUT", "OPTION", "TEXTAREA"];
  const STILL_PX = 4; // a hand on a mouse shakes this much without meaning to move
  let over = null;
  let timer = 0;
  const under = (target) => {
    if (!(target instanceof Element)) return [null, false];
    const tip = target.closest(targets);
    return tip ? [tip, true] : [target.closest("[data-map]"), false];
  };
  const stop = () => {
    clearTimeout(timer);
    timer = 0;
    over = null;
  };
  // Where the last press was, until the pointer moves away from it: a click redraws
  // the page under a pointer at rest, and the browser tells of what is now under it as
  // if the pointer had come over it. Nobody asked for that tooltip (it would cover what
  // the click brought: the zoom buttons, the guide's next words): only a pointer that
  // has moved since the press opens one.
  let pressedAt = null;
  const hover = (event) => {
    const [el, tip] = under(event.target);
    if (!el || el === over) return; // from one of its parts to another
    stop();
    over = el;
    timer = setTimeout(() => {
      const rest = over;
      stop();
      if (rest && rest.isConnected) rested(rest, tip);
    }, hoverMs);
  };
  document.addEventListener("pointerover", (event) => {
    if (event.pointerType === "touch") return; // touch: a long press, or a tap
    if (!pressedAt) hover(event);
  });
  document.addEventListener("pointermove", (event) => {
    if (!pressedAt || event.pointerType === "touch") return;
    if (Math.hypot(event.clientX - pressedAt.x, event.clientY - pressedAt.y) < STILL_PX) return;
    pressedAt = null;
    hover(event); // what it is over now, as if it had just come there
  });
  document.addEventListener("pointerout", (event) => {
    if (event.pointerType === "touch") return;
    const [el] = under(event.target);
    const to = event.relatedTarget;
    if (!el || (to instanceof Node && el.contains(to))) return;
    stop();
    if (state.open) left();
  });
  let releasing = false; // the focus leaves at a press (below): no tooltip closes for it
  document.addEventListener("focusout", () => {
    if (state.open && !releasing) left();
  });
  document.addEventListener("pointerdown", (event) => {
    state.presses += 1;
    stop(); // a press is no rest: the tooltip waits for the pointer to rest anew
    if (event.pointerType !== "touch") pressedAt = {x: event.clientX, y: event.clientY};
  }, true);
  document.addEventListener("mousedown", (event) => {
    const control = event.target instanceof Element
      && event.target.closest("[data-space],[data-family],[data-action]");
    if (!control || FIELDS.includes(control.tagName)) return;
    event.preventDefault();
    const active = document.activeElement;
    if (active && active !== document.body && !FIELDS.includes(active.tagName)) {
      // the click's answer is prepared and leaves that control in the page (client.js's
      // keepsFocus): it keeps the focus, and nothing is worked out for its blur (a
      // blur makes the browser work out styles and layout at once: 5 ms of a press at
      // 4x CPU throttling, in a trace of a click run)
      if (state.keepsFocus && state.keepsFocus(control, active)) return;
      state.released = active; // the page gives it back, drawn anew, after the frame
      releasing = true;
      try {
        active.blur();
      } finally {
        releasing = false;
      }
    }
  });
  return state;
};

// Play by link's signatures (saves/remote.py, browser/services.py): each device makes an
// ECDSA P-256 key pair for a game at its first link of it, the private key not
// extractable, kept in IndexedDB (a CryptoKey is stored there as it is; localStorage
// holds only text, which would need an extractable key). A link is signed over its
// #fragment and the key: "<fragment>.<key>" -> "<key>.<signature>", base64url (the raw
// public point, 87 characters; the signature r|s, 86). Defined only where WebCrypto and
// IndexedDB are (a secure context): elsewhere the page's links go unsigned.
const ECDSA_KEY = {name: "ECDSA", namedCurve: "P-256"};
const ECDSA_SIGN = {name: "ECDSA", hash: "SHA-256"};
const b64url = (buffer) => btoa(String.fromCharCode(...new Uint8Array(buffer)))
  .replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
const unb64url = (text) => Uint8Array.from(
  atob(text.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));

function keyStore(mode, use) {
  return new Promise((resolve, reject) => {
    const opening = indexedDB.open("samarkand-keys", 1);
    opening.onupgradeneeded = () => opening.result.createObjectStore("keys");
    opening.onerror = () => reject(opening.error);
    opening.onsuccess = () => {
      const db = opening.result;
      const tx = db.transaction("keys", mode);
      const request = use(tx.objectStore("keys"));
      tx.oncomplete = () => { db.close(); resolve(request.result); };
      tx.onerror = tx.onabort = () => { db.close(); reject(tx.error); };
    };
  });
}

async function gameKey(game) {
  const held = await keyStore("readonly", (store) => store.get(game));
  if (held) return held;
  const pair = await crypto.subtle.generateKey(ECDSA_KEY, false, ["sign", "verify"]);
  const made = {privateKey: pair.privateKey,
    key: b64url(await crypto.subtle.exportKey("raw", pair.publicKey))};
  try {
    await keyStore("readwrite", (store) => store.add(made, game));
    return made;
  } catch (error) { // another tab made one at the same moment: that one holds
    const other = await keyStore("readonly", (store) => store.get(game));
    if (other) return other;
    throw error;
  }
}

if (window.isSecureContext && window.crypto && crypto.subtle && window.indexedDB) {
  window.samarkandSign = async (game, fragment) => {
    const {privateKey, key} = await gameKey(game);
    const signature = await crypto.subtle.sign(
      ECDSA_SIGN, privateKey, new TextEncoder().encode(`${fragment}.${key}`));
    return `${key}.${b64url(signature)}`;
  };
}

// True only for a signature of `signed` by `key`; a damaged key or signature is false.
window.samarkandVerify = async (key, signed, signature) => {
  try {
    const publicKey = await crypto.subtle.importKey(
      "raw", unb64url(key), ECDSA_KEY, false, ["verify"]);
    return await crypto.subtle.verify(
      ECDSA_SIGN, publicKey, unb64url(signature), new TextEncoder().encode(signed));
  } catch (error) {
    return false;
  }
};

// The game's sounds (state/sounds.py, browser/sound.py): short tones made here with
// WebAudio, no file and nothing from another host. `kinds` is "camel,turn": each kind
// a few notes (frequency Hz, start s, length s, wave), the kinds one after another.
// Nothing sounds before the person has used the page (the browser would refuse, and a
// sound then would be the page's, not a move's): the AudioContext is made at the first
// sound after that, and kept.
const TONES = {
  turn: [[587, 0, 0.12, "sine"], [880, 0.09, 0.2, "sine"]],
  camel: [[196, 0, 0.09, "triangle"], [147, 0.05, 0.12, "triangle"]],
  sale: [[1319, 0, 0.07, "square"], [1760, 0.06, 0.16, "square"]],
  end: [[523, 0, 0.18, "sine"], [659, 0.14, 0.18, "sine"], [784, 0.28, 0.4, "sine"]],
};
const VOLUME = {sine: 0.18, triangle: 0.25, square: 0.05};
let audio = null;

function note(ctx, at, [freq, start, length, wave]) {
  const osc = ctx.createOscillator();
  const gain = ctx.createGain();
  osc.type = wave;
  osc.frequency.value = freq;
  const t0 = at + start;
  // a short attack and an exponential fall: no click at either end
  gain.gain.setValueAtTime(0.0001, t0);
  gain.gain.exponentialRampToValueAtTime(VOLUME[wave], t0 + 0.012);
  gain.gain.exponentialRampToValueAtTime(0.0001, t0 + length);
  osc.connect(gain).connect(ctx.destination);
  osc.start(t0);
  osc.stop(t0 + length + 0.02);
}

window.samarkandSound = (kinds) => {
  const Context = window.AudioContext || window.webkitAudioContext;
  const used = navigator.userActivation ? navigator.userActivation.hasBeenActive : true;
  if (!Context || !used) return;
  try {
    if (!audio) audio = new Context();
    if (audio.state === "suspended") audio.resume();
    let at = audio.currentTime + 0.01;
    for (const kind of kinds.split(",")) {
      const tones = TONES[kind];
      if (!tones) continue;
      for (const tone of tones) note(audio, at, tone);
      at += Math.max(...tones.map(([, start, length]) => start + length)) + 0.05;
    }
    document.body.dataset.sounds = String(Number(document.body.dataset.sounds || 0) + 1);
  } catch (error) {
    // no sound is no harm: the game goes on
  }
};

// DOM helpers that main.py calls once per paint instead of many times: a call across
// Pyodide's bridge from Python to JavaScript costs about as much as a small DOM change
// itself, and a click changes tens of board pieces, each in several attributes.
// (A file, not an inline script, because of the Content-Security-Policy.)
"use strict";

// Replace `count` children of `el` from `first` on by `markup` (render.children_patch
// says which); false when `el` does not have the `length` children the patch is for.
function patchChildren(el, [first, count, length, markup]) {
  const nodes = el.childNodes;
  if (nodes.length !== length) return false;
  if (markup && first < length && nodes[first].nodeType !== Node.ELEMENT_NODE) return false;
  for (let i = 0; i < count; i++) el.removeChild(nodes[first]);
  if (!markup) return true;
  if (first < nodes.length) nodes[first].insertAdjacentHTML("beforebegin", markup);
  else el.insertAdjacentHTML("beforeend", markup);
  return true;
}

// Change board pieces in place (main.py's paint_board): `json` is a list of
// [selector, attributes to remove, {attribute: value}, children patch or null,
// whole inner markup or null]. False when a piece is missing: the caller then draws
// the whole board anew.
window.samarkandPatchPieces = (root, json) => {
  for (const [selector, remove, set, children, inner] of JSON.parse(json)) {
    const el = root.querySelector(selector);
    if (!el) return false;
    for (const name of remove) el.removeAttribute(name);
    for (const [name, value] of Object.entries(set)) el.setAttribute(name, value);
    if (inner !== null && !(children && patchChildren(el, children))) el.innerHTML = inner;
  }
  return true;
};

// A region drawn as parts (view/parts.py): how many nodes each part of an element made,
// by element, so that a part can be found and replaced without reading markup back.
const partCounts = new WeakMap();

// The nodes of `markup` parsed where they go (inside `parent`: SVG stays SVG).
function parseIn(parent, markup) {
  const range = document.createRange();
  range.selectNodeContents(parent);
  return range.createContextualFragment(markup);
}

// A part (markup, or [start tag, [children], end tag]) as nodes for `parent`, and how
// many nodes it is.
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

const sum = (counts, from, to) => counts.slice(from, to).reduce((a, b) => a + b, 0);

// The region `el` drawn anew from its parts (JSON).
window.samarkandSetParts = (el, json) => {
  el.textContent = "";
  fillParts(el, JSON.parse(json));
};

// Change a region's parts in place (paint.py): `json` is a list of [path, first, count,
// parts]: in the element reached by `path` (part indices, each a Tree's element), the
// `count` parts from `first` on are replaced by `parts`. 0 when the region is not as the
// patch expects (the caller draws it anew), 2 when the focused element was in a part
// replaced (it is blurred first: cheaper than letting the browser move the focus when
// the element leaves), else 1.
window.samarkandPatchParts = (root, json) => {
  let result = 1;
  for (const [path, first, count, parts] of JSON.parse(json)) {
    let el = root;
    for (const index of path) {
      const counts = partCounts.get(el);
      if (!counts || counts[index] !== 1) return 0;
      el = el.childNodes[sum(counts, 0, index)];
      if (!el || el.nodeType !== Node.ELEMENT_NODE) return 0;
    }
    const counts = partCounts.get(el);
    if (!counts || sum(counts, 0) !== el.childNodes.length || first + count > counts.length) {
      return 0;
    }
    const at = sum(counts, 0, first);
    const gone = sum(counts, first, first + count);
    const active = document.activeElement;
    for (let i = 0; i < gone; i++) {
      const node = el.childNodes[at];
      if (active && active !== document.body && node.contains(active)) {
        active.blur();
        result = 2;
      }
      el.removeChild(node);
    }
    const before = el.childNodes[at] || null;
    const added = [];
    for (const part of parts) {
      const [nodes, n] = buildPart(el, part);
      el.insertBefore(nodes, before);
      added.push(n);
    }
    counts.splice(first, count, ...added);
  }
  return result;
};

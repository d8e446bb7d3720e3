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

// The cases of the tooltip placement's tests (tests/page/test_tips_js.py): a page of
// fakes (fake_dom.mjs) on which web/tips.js places
// the tooltip the page's Python wrote; each returns, as plain data, what is asserted.

import { FakeDocument, FakeElement, FakeWindow } from "./fake_dom.mjs";
import { TipPlacer } from "../../web/tips.js";

// A 1280x800 page with the tooltip written (not hidden), the decision bar and a closed
// dialog; `space` at (600, 400)-(640, 420).
function page() {
  const tip = new FakeElement("div", { id: "tip" });
  const bar = new FakeElement("div", { id: "decision-bar" });
  const overlay = new FakeElement("div", { id: "overlay" });
  overlay.hidden = true;
  const board = new FakeElement("div", { id: "board" });
  const doc = new FakeDocument(tip, bar, overlay, board);
  const win = new FakeWindow(1280, 800);
  const space = board.append(new FakeElement("g", { "data-space": "7" }));
  space.box = { left: 600, top: 400, right: 640, bottom: 420 };
  return { placer: new TipPlacer(doc, win), tip, bar, overlay, board, win, space };
}

function button(parent, [left, top, right, bottom]) {
  const el = parent.append(new FakeElement("button"));
  el.box = { left, top, right, bottom };
  return el;
}

export const cases = {
  // written at once by the page's Python; placed before the frame: nothing read before
  placed_before_the_next_frame() {
    const { placer, tip, win, space } = page();
    placer.wrote(space);
    const before = { space: space.layoutReads, tip: tip.layoutReads,
      transform: tip.style.transform };
    win.runFrames();
    return { before, space: space.layoutReads, tip: tip.layoutReads,
      transform: tip.style.transform, placed: tip.hasAttribute("data-placed") };
  },

  // two tooltips written before a frame: one placement, beside the last; none for a
  // tooltip closed before its frame
  one_placement_per_frame() {
    const { placer, tip, win, board } = page();
    const a = board.append(new FakeElement("g", { "data-space": "8" }));
    const b = board.append(new FakeElement("g", { "data-space": "9" }));
    placer.wrote(a);
    placer.wrote(b);
    const frames = win.frames.length;
    win.runFrames();
    const reads = [a.layoutReads, b.layoutReads];
    placer.wrote(a);
    tip.hidden = true; // the page's Python closed it (the pointer left)
    win.runFrames();
    return { frames, reads, aAfterClosed: a.layoutReads };
  },

  // a decision button on every side: no place (the page's Python is told); one gone:
  // that side
  avoids_the_decision() {
    const { placer, tip, bar, win, space } = page();
    const walls = { above: [0, 0, 1280, 390], below: [0, 428, 1280, 800],
      right: [645, 0, 1280, 800], left: [0, 0, 596, 800] };
    const buttons = Object.fromEntries(Object.entries(walls)
      .map(([side, box]) => [side, button(bar, box)]));
    placer.wrote(space);
    win.runFrames();
    const boxed = { placed: tip.hasAttribute("data-placed"), told: win.events || [] };
    buttons.right.box.right = buttons.right.box.left; // gone (no box)
    placer.wrote(space);
    win.runFrames();
    return { boxed, placed: tip.hasAttribute("data-placed"), transform: tip.style.transform,
      walls };
  },

  // a dialog's buttons count only while it is open
  dialog_buttons_only_while_open() {
    const { placer, tip, overlay, win, space } = page();
    button(overlay, [500, 300, 800, 395]);
    placer.wrote(space);
    win.runFrames();
    const closed = tip.style.transform;
    overlay.hidden = false;
    placer.wrote(space);
    win.runFrames();
    return { closed, open: tip.style.transform };
  },

  // the frame reads each box once: the element, the tooltip's size, each decision button
  each_box_read_once() {
    const { placer, tip, bar, win, space } = page();
    const buttons = [0, 1, 2].map((i) => button(bar, [900, 100 + 40 * i, 1000, 130 + 40 * i]));
    placer.wrote(space);
    const before = [space, tip, ...buttons].map((el) => el.layoutReads);
    win.runFrames();
    return { before, space: space.layoutReads, tip: tip.layoutReads,
      buttons: buttons.map((b) => b.layoutReads), placed: tip.hasAttribute("data-placed"),
      frames: win.frames.length };
  },
};

const name = process.argv[2];
if (name) console.log(JSON.stringify(cases[name]()));

// The cases of tests/page/test_zoom_js.py: each builds a page of fakes (fake_dom.mjs), runs
// web/zoompan.js on it and returns what the Python test asserts on, as plain data.

import { FakeDocument, FakeElement, FakeWindow } from "./fake_dom.mjs";
import { BarRoom, ZoomPan } from "../../web/zoompan.js";

// A zoomed board (2.5x), its frame 300 px square at the page's top, and the decision bar
// from y=600 down.
function zoomedBoard(width) {
  const board = new FakeElement("div", { id: "board" });
  const wrap = new FakeElement("div", { id: "board-wrap" });
  const bar = new FakeElement("div", { id: "decision-bar" });
  const doc = new FakeDocument(board, wrap, new FakeElement("div", { id: "board-frame" }), bar);
  const win = new FakeWindow(width, 740);
  wrap.clientWidth = wrap.clientHeight = 300;
  wrap.box = { left: 0, top: 0, right: 300, bottom: 300 };
  bar.box.top = 600;
  const zoompan = new ZoomPan(doc, win);
  zoompan.zoom = 2.5;
  zoompan.applied = true;
  return { zoompan, win, board, wrap, bar };
}

function piece(board, space, cls, [left, top, right, bottom]) {
  const el = board.append(new FakeElement("g", { "data-space": space, class: cls }));
  el.box = { left, top, right, bottom };
  return el;
}

export const cases = {
  // the board's choice changed: nothing read in the paint's task, once before the frame
  new_choice_before_the_frame() {
    const { zoompan, win, board, wrap } = zoomedBoard(1280);
    const legal = piece(board, "9", "legal", [900, 700, 940, 730]);
    wrap.box = { left: 10, top: 20, right: 50, bottom: 40 };
    zoompan.boardPainted();
    const inTask = { legal: legal.layoutReads, wrap: wrap.layoutReads };
    win.runFrames();
    const atFrame = { legal: legal.layoutReads, left: wrap.scrollLeft, top: wrap.scrollTop };
    zoompan.boardPainted(); // the same first choice: the board stays where it is
    return { inTask, atFrame, framesAfterSame: win.frames.length };
  },

  guide_target_first() {
    const { zoompan, win, board, wrap } = zoomedBoard(1280);
    piece(board, "3", "space legal", [10, 10, 40, 40]);
    piece(board, "9", "space legal suggested", [900, 700, 940, 730]);
    wrap.append(new FakeElement("section", { id: "guide" }));
    zoompan.boardPainted();
    win.runFrames();
    return { left: wrap.scrollLeft, top: wrap.scrollTop, legal: zoompan.legal };
  },

  phone_target_above_the_bar() {
    const { zoompan, win, board, wrap, bar } = zoomedBoard(360);
    // in the 300 px frame (x 100..140, y 250..290), but the bar covers y >= 200 here
    bar.box.top = 200;
    zoompan.show(piece(board, "9", "space legal suggested", [100, 250, 140, 290]));
    return { top: wrap.scrollTop, scrolled: win.scrolled };
  },

  phone_board_under_the_bar() {
    const { zoompan, win, board, wrap, bar } = zoomedBoard(360);
    wrap.box = { left: 0, top: 250, right: 300, bottom: 550 };
    bar.box.top = 200;
    zoompan.show(piece(board, "9", "space legal suggested", [100, 260, 140, 290]));
    return { top: wrap.scrollTop, scrolled: win.scrolled };
  },

  phone_frame_that_cannot_scroll_down() {
    const { zoompan, win, board, wrap, bar } = zoomedBoard(360);
    wrap.scrollHeight = 300; // nothing to scroll down to
    bar.box.top = 200;
    zoompan.show(piece(board, "9", "space legal suggested", [100, 250, 140, 290]));
    return { scrolled: win.scrolled };
  },

  // the upright board on a phone, not zoomed: the page scrolls to the guide's target
  phone_upright_board_scrolls_the_page() {
    const { zoompan, win, board, wrap, bar } = zoomedBoard(360);
    zoompan.zoom = 1.0; // not zoomed: the page scrolls, not the frame
    bar.box.top = 555;
    const target = board.append(new FakeElement("g",
      { "data-family": "changan", class: "domain legal suggested" }));
    target.box = { left: 180, top: 900, right: 350, bottom: 970 };
    zoompan.boardPainted();
    win.runFrames();
    return { scrolled: win.scrolled, top: wrap.scrollTop };
  },

  // the page's Python tells what it drew (wiring.py's tell_painted)
  painted_message() {
    const { zoompan, win, board, wrap } = zoomedBoard(1280);
    piece(board, "9", "legal", [900, 700, 940, 730]);
    zoompan.painted(JSON.stringify({ board: false, label: "Das Brett, vergrößert" }));
    const framesWithoutBoard = win.frames.length;
    zoompan.painted(JSON.stringify({ board: true, label: "Das Brett, vergrößert" }));
    return { label: wrap.getAttribute("aria-label"), framesWithoutBoard,
      framesWithBoard: win.frames.length };
  },

  // the decision bar's height, where the page reads it: each write counted
  bar_room() {
    const writes = [];
    const counted = (id) => {
      const el = new FakeElement("div", { id });
      const set = el.style.setProperty;
      el.style.setProperty = (k, v) => { writes.push([id, k, v]); set(k, v); };
      return el;
    };
    const [game, messages, board] = [counted("game"), counted("messages"), counted("board")];
    const room = new BarRoom(game, messages, board);
    const steps = [];
    for (const height of [0, 120.4, 120, 60, 200, 0]) {
      const before = writes.length;
      room.set(height);
      steps.push({ height, writes: writes.slice(before),
        game: game.style.props["--bar-h"], messages: messages.style.props["--bar-h"],
        board: board.style.props["--bar-room"] });
    }
    return steps;
  },

  // two fingers: the frame is marked while they pinch (tips.py keeps its tooltip)
  pinch_marks_the_frame() {
    const { zoompan, wrap } = zoomedBoard(360);
    const touches = (...pts) => ({ touches: pts.map(([x, y]) => ({ clientX: x, clientY: y })),
      preventDefault() { this.prevented = true; } });
    zoompan.onTouchStart(touches([0, 0], [100, 0]));
    const during = wrap.hasAttribute("data-pinching");
    zoompan.onTouchEnd(touches([0, 0]));
    return { during, after: wrap.hasAttribute("data-pinching") };
  },
};

const name = process.argv[2];
if (name) console.log(JSON.stringify(cases[name]()));

// Where a tooltip goes: beside what it describes, on screen, and clear of the decision's
// controls (a tooltip that covers the button a person is about to press hides the
// decision), or nowhere. The page's Python (browser/tips.py) decides what a tooltip says
// and when it opens or closes; it writes the tooltip, invisible until placed (style.css,
// .tip:not([data-placed])), and dispatches "samarkand:tip" on the element it describes.
// Just before the next frame this module reads every box once (the frame's own layout:
// no layout forced inside an event's task), then writes the one transform; where there
// is no place it tells the page's Python ("samarkand:tip-unplaced" on window), which
// closes the tooltip: better none than one over the decision.
//
// Why JavaScript: measuring the layout and placing the tooltip is per-frame DOM work;
// when the page's Python moves to a worker (docs/phone.md, "Plan: the page's Python in a
// worker") it stays on the main thread (docs/phone.md, "Glue moved to JavaScript").

export const GAP = 8.0; // px between a tooltip and what it describes, and from the screen's edge
export const CLEAR = 1.0; // px kept free around a control (the place is rounded to a tenth of a px)

// The decision's controls, which a tooltip never covers: the decision (beside the board,
// or the bar at a phone's bottom) and a dialog's buttons.
export const DECISION_CONTROLS = "#decision-bar button, #decision-bar select, "
  + "#decision-bar [role='button'], #decision-bar [role='switch']";
export const DIALOG_CONTROLS = "button, select, a[href]";

const round1 = (x) => Math.round(x * 10) / 10;

// The start nearest `ideal` in [low, high] of a stretch `size` long that meets none of
// the `blocked` stretches ([start, end]); null when there is none.
function slide(ideal, low, high, size, blocked) {
  if (low > high) return null;
  const starts = [ideal, ...blocked.map((b) => b[1]), ...blocked.map((b) => b[0] - size)];
  let best = null;
  for (const c of starts) {
    const x = Math.max(low, Math.min(high, c));
    if (!blocked.every(([start, end]) => x + size <= start || x >= end)) continue;
    if (best === null || Math.abs(x - ideal) < Math.abs(best - ideal)) best = x;
  }
  return best;
}

// Where a tooltip goes ([left, top], px in the viewport), or null when it fits nowhere:
// above the box it describes ([left, top, right, bottom]), else below, right or left of
// it; on screen; beside the box (it slides along that side, never further than the
// box's own extent); and clear of the box and of every box in `avoid`. When a control
// is in the way on every side, it moves out past the controls on the side where that is
// the shortest way (a card among the cards to discard: beside them all).
export function place(anchor, w, h, viewWidth, viewHeight, avoid = []) {
  const [left, top, right, bottom] = anchor;
  const walls = [anchor, ...avoid].filter((b) => b[2] > b[0] && b[3] > b[1])
    .map((b) => [b[0] - CLEAR, b[1] - CLEAR, b[2] + CLEAR, b[3] + CLEAR]);
  const xLow = Math.max(GAP, left - w), xHigh = Math.min(viewWidth - w - GAP, right);
  const yLow = Math.max(GAP, top - h), yHigh = Math.min(viewHeight - h - GAP, bottom);
  const centreX = (left + right) / 2 - w / 2, centreY = (top + bottom) / 2 - h / 2;
  // {out: how far out, order: the side's, x or y: the side's own line (the other slides
  // along it)}
  const tries = [];
  const rows = [
    [top - GAP - h, walls.map((b) => b[1] - GAP - h), -1], // above
    [bottom + GAP, walls.map((b) => b[3] + GAP), 1], // below
  ];
  rows.forEach(([base, edges, sign], order) => {
    for (const y of [base, ...edges]) {
      if ((y - base) * sign >= 0 && GAP <= y && y <= viewHeight - h - GAP) {
        tries.push({ out: Math.abs(y - base), order, x: null, y });
      }
    }
  });
  const columns = [
    [right + GAP, walls.map((b) => b[2] + GAP), 1], // right
    [left - GAP - w, walls.map((b) => b[0] - GAP - w), -1], // left
  ];
  columns.forEach(([base, edges, sign], i) => {
    for (const x of [base, ...edges]) {
      if ((x - base) * sign >= 0 && GAP <= x && x <= viewWidth - w - GAP) {
        tries.push({ out: Math.abs(x - base), order: i + 2, x, y: null });
      }
    }
  });
  tries.sort((a, b) => a.out - b.out || a.order - b.order || (a.x ?? 0) - (b.x ?? 0)
    || (a.y ?? 0) - (b.y ?? 0));
  for (const { x, y } of tries) {
    if (y !== null) {
      const row = walls.filter((b) => b[1] < y + h && y < b[3]).map((b) => [b[0], b[2]]);
      const slid = slide(centreX, xLow, xHigh, w, row);
      if (slid !== null) return [round1(slid), round1(y)];
    } else {
      const column = walls.filter((b) => b[0] < x + w && x < b[2]).map((b) => [b[1], b[3]]);
      const slid = slide(centreY, yLow, yHigh, h, column);
      if (slid !== null) return [round1(x), round1(slid)];
    }
  }
  return null;
}

// The boxes of elements on screen (a hidden one has none).
function boxes(elements) {
  const out = [];
  for (const el of elements) {
    const r = el.getBoundingClientRect();
    if (r.right > r.left && r.bottom > r.top) out.push([r.left, r.top, r.right, r.bottom]);
  }
  return out;
}

export class TipPlacer {
  constructor(doc, win) {
    this.doc = doc;
    this.win = win;
    this.tip = doc.getElementById("tip");
    this.bar = doc.getElementById("decision-bar");
    this.dialog = doc.getElementById("overlay");
    this.anchor = null; // the element the tooltip describes
    this.placing = false; // a placement waits for the next frame
  }

  // The page's Python wrote a tooltip of `anchor`: placed just before the next frame,
  // once however many were written meanwhile.
  wrote(anchor) {
    this.anchor = anchor;
    if (this.placing) return;
    this.placing = true;
    this.win.requestAnimationFrame(() => this.place());
  }

  // Every read of the layout first, then the writes.
  place() {
    this.placing = false;
    const { tip, anchor } = this;
    if (tip.hidden || !anchor) return; // hidden before the frame
    const r = anchor.getBoundingClientRect();
    const width = tip.offsetWidth, height = tip.offsetHeight;
    const found = [...this.bar.querySelectorAll(DECISION_CONTROLS)];
    if (!this.dialog.hidden) found.push(...this.dialog.querySelectorAll(DIALOG_CONTROLS));
    const spot = place([r.left, r.top, r.right, r.bottom], width, height,
      this.win.innerWidth, this.win.innerHeight, boxes(found));
    if (spot === null) {
      this.win.dispatchEvent(new this.win.CustomEvent("samarkand:tip-unplaced"));
      return;
    }
    tip.style.transform = `translate(${spot[0]}px, ${spot[1]}px)`;
    tip.setAttribute("data-placed", "");
  }

  listen() {
    this.doc.addEventListener("samarkand:tip", (event) => this.wrote(event.target));
  }
}

// The page: listening from the start (a module runs once the document is parsed, long
// before the page's Python writes a tooltip).
if (typeof document !== "undefined" && document.getElementById("tip")) {
  new TipPlacer(document, window).listen();
}

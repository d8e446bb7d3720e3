// A stand-in for web/worker.js in tests/e2e/test_client.py: it answers
// worker/protocol.py's messages as the worker's host would in shape (a Paint, then
// Ready; a Paint for each Event, its writes first), and shows what it was sent, so that
// the main thread's modules (web/client.js and what it imports) are tried in Chromium,
// under the site's CSP, without Pyodide. A test tool: never in the site.

let seq = 0;
const answers = []; // the Stored messages received
const asks = []; // the TipAsks received
const esc = (text) => String(text).replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
const html = (region, markup) => ({ kind: "html", region, markup });
const patch = (writes, extra = {}) => ({ writes, hidden: {}, inert: {}, lang: null, title: null, ...extra });

function start(msg) {
  const home = `<pre id="start">${esc(JSON.stringify(msg))}</pre>`
    + '<button id="play" data-action="quick" data-value="1">Play</button>'
    + '<button id="big" data-action="big">Too big to keep</button>'
    + '<button id="board-on" data-action="board">A board</button>';
  postMessage({ type: "paint", seq: ++seq, writes: [],
    patch: patch([html("home", home)], { hidden: { home: false }, inert: { main: false, header: false } }) });
  postMessage({ type: "ready", seq: ++seq });
}

onmessage = ({ data }) => {
  if (data.type === "start") {
    // ?slow: the worker's start takes a while, as Pyodide's does on a slow phone
    setTimeout(() => start(data), data.search.includes("slow") ? 1500 : 0);
  } else if (data.type === "stored") {
    answers.push(data);
  } else if (data.type === "tip-ask") {
    // a tooltip's words for the one target asked, and a ring when one was asked
    asks.push(data);
    const markup = data.kind ? `<p class="tip-title">${esc(data.kind)} ${esc(data.value)}</p>` : "";
    const ring = data.ring ? '<polygon class="hl-ring" points="10,10 60,10 60,60 10,60"/>' : "";
    postMessage({ type: "tip", seq: ++seq, asks: data.seq, markup, ring });
  } else if (data.type === "event" && data.action === "board") {
    // a board of two spaces (a plain one, one that is a choice) and a card naming one
    const board = '<svg viewBox="0 0 400 200" width="400" height="200">'
      + '<g data-space="7"><rect x="20" y="60" width="80" height="80" fill="#cb9"/></g>'
      + '<g data-space="8" role="button" class="legal"><rect x="200" y="60" width="80" height="80" fill="#9bc"/></g>'
      + '<g class="map-highlight" pointer-events="none" aria-hidden="true"></g></svg>';
    const hand = '<ul><li class="card" data-card="3" data-map="7" tabindex="0">Wine 3</li></ul>';
    postMessage({ type: "paint", seq: ++seq, answers: data.seq, writes: [],
      patch: patch([html("board", board), html("hand", hand)], { hidden: { home: true, game: false } }) });
  } else if (data.type === "event") {
    const writes = [{ key: "samarkand.last", value: String(data.seq), session: false }];
    // more than a browser's localStorage holds (about 5 MB): refused
    if (data.action === "big") writes.push({ key: "samarkand.big", value: "x".repeat(6_000_000), session: false });
    const said = `<pre id="said">${esc(JSON.stringify({ event: data, stored: answers, asks }))}</pre>`;
    postMessage({ type: "paint", seq: ++seq, answers: data.seq, writes, patch: patch([html("messages", said)]) });
  }
};

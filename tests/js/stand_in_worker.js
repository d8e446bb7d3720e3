// A stand-in for web/worker.js in tests/e2e/test_client.py: it answers
// worker/protocol.py's messages as the worker's host would in shape (a Paint, then
// Ready; a Paint for each Event, its writes first), and shows what it was sent, so that
// the main thread's modules (web/client.js and what it imports) are tried in Chromium,
// under the site's CSP, without Pyodide. A test tool: never in the site.

let seq = 0;
const answers = []; // the Stored messages received
const esc = (text) => String(text).replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
const html = (region, markup) => ({ kind: "html", region, markup });
const patch = (writes, extra = {}) => ({ writes, hidden: {}, inert: {}, lang: null, title: null, ...extra });

function start(msg) {
  const home = `<pre id="start">${esc(JSON.stringify(msg))}</pre>`
    + '<button id="play" data-action="quick" data-value="1">Play</button>'
    + '<button id="big" data-action="big">Too big to keep</button>';
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
  } else if (data.type === "event") {
    const writes = [{ key: "samarkand.last", value: String(data.seq), session: false }];
    // more than a browser's localStorage holds (about 5 MB): refused
    if (data.action === "big") writes.push({ key: "samarkand.big", value: "x".repeat(6_000_000), session: false });
    const said = `<pre id="said">${esc(JSON.stringify({ event: data, stored: answers }))}</pre>`;
    postMessage({ type: "paint", seq: ++seq, answers: data.seq, writes, patch: patch([html("messages", said)]) });
  }
};

// web/pages/bare.html: start Pyodide from web/vendor, run one line of Python, show it.
// (A file, not an inline script, because of the Content-Security-Policy.)
import { loadPyodide } from "./vendor/pyodide/pyodide.mjs";

const status = document.getElementById("status");
try {
  const pyodide = await loadPyodide();
  const result = pyodide.runPython("import sys; f'{sys.version.split()[0]}: {6 * 7}'");
  document.getElementById("result").textContent = result;
  document.body.dataset.readyMs = String(Math.round(performance.now()));
  status.textContent = "ready";
} catch (err) {
  status.textContent = `error: ${err}`;
  throw err;
}

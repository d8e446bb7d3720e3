"""The site's build, one module per step (web/tools/build.py is the command that runs them).

- layout: where things are, and the one place that names the page's packages and modules;
- files: hashing and writing only what changed;
- fetch: the test tools' pinned downloads, each checked against
  tests/e2e/test-tools.lock.json before anything uses it;
- runtime: Pyodide and PyScript, pinned in package.json and package-lock.json, installed
  with `npm ci --ignore-scripts` (integrity-checked) and copied into web/vendor/;
- imports: which of our modules the page can import (the rest stays out of its download),
  and that its readers import without pydantic (import_without_pydantic.py);
- bytecode: compiling with the served Pyodide's own Python in Node (run_in_pyodide.mjs,
  compile_modules.py), the stdlib zip made sourceless;
- bundle: our code bundle, compiled straight from the source tree, with the
  dataclasses' compiled methods (record_classcode.py);
- start_page: the PyScript config and vendor/index.html, with the start screen drawn by
  the page's own code (draw_first_screen.py);
- test_tools: the test-only tools (axe-core) into build/test-tools/;
- pipeline: the steps in order, then the site folder (web/tools/publish.py, which also writes
  the service worker's precache list).

The *.py files that no module imports are programs the build runs in a Python of its own
(CPython, or Pyodide under Node through run_in_pyodide.mjs): what they import never
mixes with the build's own modules.
"""

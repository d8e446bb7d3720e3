"""The site's build, one module per step (web/build.py is the command that runs them).

- layout: where things are, and the one place that names the page's packages and modules;
- files: hashing and writing only what changed;
- fetch: the pinned downloads (npm tarballs, the micropip wheel), each checked against
  web/vendor.lock.json before anything uses it;
- runtime: Pyodide and PyScript unpacked into web/vendor/, micropip beside them and the
  pyodide-lock.json that points at it;
- imports: which of our modules the page can import (the rest stays out of its download);
- bytecode: compiling with the served Pyodide's own Python in Node (run_in_pyodide.mjs,
  compile_modules.py), the stdlib zip made sourceless;
- bundle: our code bundle, compiled straight from the source tree, with the
  dataclasses' compiled methods (record_classcode.py);
- start_page: the PyScript config and vendor/index.html;
- test_tools: the test-only tools (axe-core) into build/test-tools/;
- pipeline: the steps in order, then the site folder (web/publish.py, which also writes
  the service worker's precache list).
"""

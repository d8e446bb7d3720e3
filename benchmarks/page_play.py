"""What benchmarks/page_bench.py measures in a loaded page: clicks (click to updated
board, and its split into the page's dispatch, render and paint), long tasks while bots
think, the Hard level's decisions, and the analysis of a finished game; with the
figures each gives for results.json."""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from benchmarks.page_load import LONGTASKS, Bench, wait_ready

# --------------------------------------------------------------------------- clicks

# Chromium's CPU throttling for the second click run: a slower phone's main thread.
THROTTLE = 4.0

# The page's own user-timing measures (main.py): where a click's time goes.
MEASURES = """() => performance.getEntriesByType('measure')
  .map((e) => [e.name, e.startTime, e.duration])"""


@dataclass
class Clicks:
    """A click run: click to updated board (ms) per click, and inside each click the
    page's Python work, from its user timings: dispatch (the App's handler), render
    (the regions' HTML and the board's pieces) and paint (writing what changed into
    the DOM); the rest of a click is the browser's (event, style, layout, paint of
    the frame)."""

    ms: list[float] = field(default_factory=list)
    split: dict[str, list[float]] = field(default_factory=dict)

    def __iadd__(self, other: Clicks) -> Clicks:
        self.ms += other.ms
        for name, values in other.split.items():
            self.split.setdefault(name, []).extend(values)
        return self


def click_split(measures: list[list[Any]]) -> dict[str, list[float]]:
    """Per click (each "click-to-frame" measure): the time of the page's dispatch,
    render and paint measures inside it, and the rest ("browser")."""
    frames = [(start, start + span) for name, start, span in measures
              if name == "click-to-frame"]
    out: dict[str, list[float]] = {k: [] for k in ("dispatch", "render", "paint", "browser")}
    for a, b in frames:
        inside = {k: 0.0 for k in ("dispatch", "render", "paint")}
        for name, start, span in measures:
            if name in inside and a <= start and start + span <= b:
                inside[name] += span
        for name, ms in inside.items():
            out[name].append(ms)
        out["browser"].append(max(0.0, (b - a) - sum(inside.values())))
    return out


# How long a person holds a quick click (ms): 50 to 150 is usual.
HOLD_MS = 80
# Whether a press at (x, y) lands on the element.
HITS = "(el, [x, y]) => el.contains(document.elementFromPoint(x, y))"


@contextmanager
def mouse_clicks(hold_ms: float = 0) -> Iterator[None]:
    """Locator.click() as mouse input: the pointer moves to the element's centre
    (scrolled into view first), presses, and lets go `hold_ms` later.

    Playwright's own click checks, inside the click, that the press lands on the
    element, with listeners of its own on mousemove and pointerdown that read the layout
    (up to 6 ms of forced style and layout per press in a trace at 4x), which no
    person's click does. Like it, `hold_ms` 0 lets go at once: the move, the press and
    the release reach the page together, the release is handled after the other two
    (their time is counted in the click's: the click's time stamp is the release's),
    and all three come at the start of a frame (Chromium holds the move for the frame,
    and the rest wait behind it). A person holds a click HOLD_MS: the release comes
    alone, at any moment of a frame."""
    from playwright.sync_api import Locator

    playwrights = Locator.click

    def click(self: Locator, **_options: Any) -> None:
        self.scroll_into_view_if_needed()
        box = self.bounding_box()
        if box is None:
            raise RuntimeError(f"nothing to click: {self}")
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        if not self.evaluate(HITS, [x, y]):  # its centre is not on it (a bent domain)
            playwrights(self)
            return
        self.page.mouse.click(x, y, delay=hold_ms)

    Locator.click = click  # type: ignore[method-assign]
    try:
        yield
    finally:
        Locator.click = playwrights  # type: ignore[method-assign]


def click_run(bench: Bench, clicks: int = 40, trace: Path | None = None,
              kind: str = "app", throttle: float = 1.0, hold_ms: float = 0) -> Clicks:
    """Click to updated board (ms) over `clicks` clicks of a game against a random bot
    (instant speed), in a warm profile, with Chromium's CPU `throttle` (4: four times
    slower) from the loaded page on, each click held `hold_ms` (mouse_clicks). With
    `trace`, a Chrome trace of the run is written there."""
    from tests.e2e.pages import play_one_step, timings

    with bench.profile(f"warm_sw_{kind}", "allow") as ctx:
        page = ctx.pages[0] if ctx.pages else ctx.new_page()
        page.goto(bench.page_url(kind) + "&speed=instant")
        wait_ready(page)
        page.wait_for_timeout(1500)  # start-up work after "ready" (service worker, idle loads)
        if throttle != 1.0:
            cdp = ctx.new_cdp_session(page)
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": throttle})
        browser = ctx.browser
        if trace is not None and browser is not None:
            trace.parent.mkdir(parents=True, exist_ok=True)
            browser.start_tracing(page=page, path=str(trace), categories=[
                "devtools.timeline", "disabled-by-default-devtools.timeline", "toplevel",
                "blink.user_timing", "v8.execute", "blink", "cc", "gpu",
                "disabled-by-default-devtools.timeline.frame", "latencyInfo", "input"])
        rng = random.Random(1)
        with mouse_clicks(hold_ms):
            for _ in range(600):
                if len(timings(page)) >= clicks or not play_one_step(page, rng):
                    break
        if trace is not None and browser is not None:
            browser.stop_tracing()
        # the clicks' times and their measures read at once: a click's frame may still be
        # drawn after the loop has seen enough of them, and each adds to both
        timed, measures = page.evaluate(
            f"() => [Array.from(window.samarkandTimings || []), ({MEASURES})()]")
        timed = [float(x) for x in timed]
        if len(timed) < clicks:  # a count, whatever each click took
            raise RuntimeError(f"the click run recorded {len(timed)} clicks of {clicks}: the "
                               "game ended first, or the page stopped recording them")
        return Clicks(timed, click_split(measures))


# A page whose click does nothing but note the time from the click to the next frame.
FLOOR_PAGE = """<!doctype html><title>floor</title><button id="floor">nothing</button>
<script>
window.samarkandTimings = [];
document.addEventListener("click", (event) => {
  const t0 = event.timeStamp;
  requestAnimationFrame(() => window.samarkandTimings.push(performance.now() - t0));
});
</script>"""


def floor_run(bench: Bench, clicks: int = 40, throttle: float = 1.0,
              hold_ms: float = 0) -> Clicks:
    """The same clicks on a page whose click does nothing: the least time any page
    shows from a click to the next frame, under the same input and throttling (the wait
    for the display's next frame)."""
    with bench.profile("floor_clicks") as ctx:
        page = ctx.pages[0] if ctx.pages else ctx.new_page()
        page.set_content(FLOOR_PAGE)
        if throttle != 1.0:
            ctx.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": throttle})
        button = page.locator("#floor")
        with mouse_clicks(hold_ms):
            for _ in range(clicks):
                button.click()
                page.wait_for_timeout(60)
        return Clicks([float(ms) for ms in page.evaluate("window.samarkandTimings")])


def click_runs(bench: Bench, rounds: int, compare: bool, trace: Path | None = None,
               clicks: int = 40) -> dict[str, Clicks]:
    """Click runs of `clicks` clicks, unthrottled and at THROTTLE, `rounds` of each,
    interleaved with the floor's (floor_run) and with the compared build's, so that a
    busy moment of the machine hits the page and the floor it is compared with alike;
    then one of each with clicks held as a person holds them (HOLD_MS), the page's and
    the floor's. Issue 33's targets compare p95s: with one round of 40 clicks a p95 is
    the second slowest click, and the floor's moved from 11 to 17 ms at 4x from run to
    run (docs/phone.md, "Prepared answers made ahead")."""
    runs: dict[str, Clicks] = {}
    kinds = ("app", "app_base") if compare else ("app",)
    for r in range(rounds):
        for throttle in (1.0, THROTTLE):
            tag = "" if throttle == 1.0 else "_throttled"
            for kind in kinds:
                first = trace if (r == 0 and throttle == 1.0 and kind == "app") else None
                runs.setdefault(kind + tag, Clicks())
                runs[kind + tag] += click_run(bench, clicks, trace=first, kind=kind,
                                              throttle=throttle)
            runs.setdefault("floor" + tag, Clicks())
            runs["floor" + tag] += floor_run(bench, clicks, throttle=throttle)
    for throttle in (1.0, THROTTLE):
        tag = "" if throttle == 1.0 else "_throttled"
        runs["app_held" + tag] = click_run(bench, clicks, throttle=throttle, hold_ms=HOLD_MS)
        runs["floor_held" + tag] = floor_run(bench, clicks, throttle=throttle,
                                             hold_ms=HOLD_MS)
    return runs


def percentile(values: list[float], q: float) -> float:
    return statistics.quantiles(values, n=100, method="inclusive")[int(q) - 1]


# --------------------------------------------------------------------------- bots

WATCHED = {
    "random": ("bot:random,bot:random,bot:random", 12),
    "heuristic": ("bot:heuristic,bot:heuristic,bot:heuristic", 12),
    "search": ("bot:search,bot:heuristic,bot:heuristic", 7),
}


@dataclass
class LongTasks:
    """Main-thread tasks over 50 ms (longtask entries) in a stretch of time."""

    count: int
    longest_ms: float


def longest_task_while_bots_think(bench: Bench, level: str) -> LongTasks:
    """The long main-thread tasks (their count and the longest, ms) once the page has
    started (a second after the board) to the given turn of a game of bots at the fast
    speed."""
    players, turn = WATCHED[level]
    with bench.profile("warm_sw", "allow") as ctx:
        ctx.add_init_script(LONGTASKS)
        page = ctx.new_page()
        page.goto(bench.url + f"index.html?players={players}&speed=fast&seed=5")
        ready = wait_ready(page)
        page.locator("#status-line").filter(has_text=f"Turn {turn}").wait_for(
            timeout=240_000)
        tasks = page.evaluate("window.__longtasks || []")
        page.close()
    # from the end of start-up on
    late = [t["duration"] for t in tasks if t["start"] > ready + 1000]
    return LongTasks(len(late), max(late, default=0.0))


# A game gives the Hard level only six to twelve turns' first decisions with a real
# choice: the medians pool several games.
SEARCH_SEEDS = (11, 12, 13)


def search_decisions(bench: Bench, players: int = 3,
                     seeds: Sequence[int] = SEARCH_SEEDS) -> list[tuple[float, str]]:
    """The default search bot's decisions in the page (ms from its first look to its
    move drawn, and the phase: "main" is a turn's first decision, the one the Hard
    level rolls out), over games (one per seed) against `players` - 1 heuristic bots
    at the instant speed."""
    seats = ",".join(["bot:search"] + ["bot:heuristic"] * (players - 1))
    out: list[tuple[float, str]] = []
    with bench.profile("warm_sw", "allow") as ctx:
        for seed in seeds:
            page = ctx.new_page()
            page.goto(bench.url + f"index.html?players={seats}&speed=instant&seed={seed}")
            wait_ready(page)
            deadline = time.monotonic() + 240
            while time.monotonic() < deadline and not page.locator(
                    "#overlay .scores-dialog").is_visible():
                page.wait_for_timeout(1000)
            found = page.evaluate("Array.from(window.samarkandBotDecisions || [])")
            page.close()
            out += [(float(d["ms"]), str(d.get("phase", ""))) for d in found
                    if d["level"] == "search"]
    return out


# The analysis of a whole three-player game (three heuristic bots, seed 11: 31 decisions
# of the first player) with the Hard level's budget, as a person runs it from the end
# screen of a game opened from its link.
ANALYSIS_GAME = (("heuristic",) * 3, 11)


def analysis_code() -> str:
    from samarkand_core import apply_action, encode_save, new_game, view_for
    from samarkand_core.bots import make_bot

    levels, seed = ANALYSIS_GAME
    s = new_game([f"P{i + 1}" for i in range(len(levels))], seed)
    bots = [make_bot(lv, seed + i) for i, lv in enumerate(levels)]
    while not s.is_over:
        s = apply_action(s, bots[s.current_player].choose(view_for(s, s.current_player)))
    return encode_save(s)


def analysis_run(bench: Bench) -> dict[str, float]:
    """The longest main-thread task (ms) from the analysis's first slice to its result
    drawn (and apart, the longest from the click on "Analyse" to that slice: the replay
    opening), and how many over 50 ms;
    the analysis's wall time in the page (its first slice to its result drawn, ms), its
    slices, its longest slice with the page drawn after it, and its longest thinking alone
    (main.py's record, window.samarkandAnalysis)."""
    with bench.profile("warm_sw", "allow") as ctx:
        ctx.add_init_script(LONGTASKS)
        page = ctx.new_page()
        page.goto(bench.url + "index.html?lang=en#" + analysis_code())
        wait_ready(page)
        page.locator('#overlay [data-action="analyse"]').wait_for(timeout=60_000)
        page.wait_for_timeout(1500)  # the start-up's own tasks are over
        start = float(page.evaluate("performance.now()"))
        page.locator('#overlay [data-action="analyse"]').click()
        page.locator("#analysis .analysis-summary").wait_for(timeout=900_000)
        tasks = page.evaluate("window.__longtasks || []")
        record = page.evaluate("JSON.parse(JSON.stringify(window.samarkandAnalysis))")
        page.close()
    # From the analysis's first slice on (the click's own task opens the replay: that is
    # the replay's cost, counted apart).
    first = float(record["start"])
    during = [t["duration"] for t in tasks if t["start"] >= first - 1]
    click = [t["duration"] for t in tasks if start <= t["start"] < first - 1]
    return {"analysis.longest_task_ms": round(max(during, default=0.0), 1),
            "analysis.long_tasks": float(len(during)),
            "analysis.longest_task_before_ms": round(max(click, default=0.0), 1),
            "analysis.total_s": round(float(record["ms"]) / 1000, 2),
            "analysis.slices": float(record["slices"]),
            "analysis.longest_slice_ms": round(float(record["longest_ms"]), 1),
            "analysis.longest_think_ms": round(float(record["longest_think_ms"]), 1)}


# --------------------------------------------------------------------------- figures

def decision_figures(decisions: Sequence[tuple[float, str]], tag: str = "") -> dict[str, float]:
    """Medians and longest of the Hard level's decisions in the page, seconds: every
    decision, and a turn's first ("main": the one the rollouts decide)."""
    out: dict[str, float] = {}
    for key, ms in (("decision", [ms for ms, _phase in decisions]),
                    ("first_decision", [ms for ms, phase in decisions if phase == "main"])):
        if ms:
            out[f"bot.search_{key}_s_pyodide{tag}"] = round(statistics.median(ms) / 1000, 3)
            out[f"bot.search_{key}_s_pyodide{tag}_max"] = round(max(ms) / 1000, 3)
            out[f"bot.search_{key}_s_pyodide{tag}_n"] = len(ms)
    return out


def click_figures(clicks: dict[str, Clicks]) -> dict[str, float]:
    """p50, p95 and the longest click of each run, and the medians of its split."""
    out: dict[str, float] = {}
    x = f"cpu{THROTTLE:g}x_"
    names = {"app": "", "app_throttled": x, "app_base": "compared_",
             "app_base_throttled": "compared_" + x, "app_held": "held_",
             "app_held_throttled": "held_" + x, "floor": "floor_", "floor_throttled": "floor_" + x,
             "floor_held": "floor_held_", "floor_held_throttled": "floor_held_" + x}
    for label, run in clicks.items():
        if not run.ms:
            continue
        tag = names[label]
        out[f"click_to_board_ms.{tag}p50"] = round(statistics.median(run.ms), 1)
        out[f"click_to_board_ms.{tag}p95"] = round(percentile(run.ms, 95), 1)
        out[f"click_to_board_ms.{tag}max"] = round(max(run.ms), 1)
        out[f"click_to_board_ms.{tag}n"] = len(run.ms)
        for part, values in run.split.items():
            if values:
                out[f"click_split_ms.{tag}{part}_p50"] = round(statistics.median(values), 1)
    return out

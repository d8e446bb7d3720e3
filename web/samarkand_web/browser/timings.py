"""What the page measures, for DevTools, the e2e tests and `make bench`
(benchmarks/page_bench.py): user-timing entries ("dispatch", "render", "paint",
"click-to-frame", "bot-<phase>", "coach-<phase>") and records on the window:

- samarkandTimings: ms from each click to the next animation frame;
- samarkandBotDecisions: each bot turn's wall time as the page plays it;
- samarkandCoach: each suggestion: when the coach first looked (performance.now() ms),
  ms until it was drawn, in how many tasks, and the longest of them;
- samarkandSlices: bot tasks run and put off because input waited;
- samarkandImport: a backup import's slices, the longest (ms), and its time (ms);
- samarkandAnalysis: the same for a game's analysis, and its longest thinking alone.
"""

from __future__ import annotations

from samarkand_web.browser.dom import JsBridge, JsRecord, Performance, Window


class Timings:
    def __init__(self, win: Window, js: JsBridge) -> None:
        self.perf: Performance = win.performance
        self._span = js.record({"start": 0.0, "end": 0.0})  # reused: none made per measure
        self.win = win
        self.js = js
        win.samarkandTimings = js.array()
        win.samarkandBotDecisions = js.array()
        win.samarkandCoach = js.array()
        win.samarkandSlices = js.record({"run": 0, "deferred": 0})
        win.samarkandImport = js.record({"slices": 0, "longest_ms": 0.0, "ms": 0.0,
                                         "start": 0.0})
        # the analysis as the page ran it (the benchmark): slices, the longest one and its
        # thinking alone (ms), and the time from its first slice to its result drawn (ms)
        win.samarkandAnalysis = js.record({"slices": 0, "longest_ms": 0.0,
                                           "longest_think_ms": 0.0, "ms": 0.0, "start": 0.0})

    def now(self) -> float:
        return float(self.perf.now())

    def measure(self, name: str, start: float) -> None:
        """A user-timing entry from start (performance.now() ms) to now: DevTools and the
        e2e tests see where a click's or a bot's time goes."""
        self._span.start = start
        self._span.end = self.now()
        self.perf.measure(name, self._span)

    def click_shown(self, t0: float) -> None:
        """The frame after a click is drawn: its time from the click."""
        self.win.samarkandTimings.push(self.now() - t0)
        self.measure("click-to-frame", t0)

    def bot_decided(self, level: str, phase: str, ms: float) -> None:
        """A bot's turn as the page played it (slices, the move drawn), without the pause
        the speed setting adds before it."""
        self.win.samarkandBotDecisions.push(
            self.js.record({"level": level, "phase": phase, "ms": ms}))

    def coach_done(self, at: float, ms: float, slices: int, longest: float) -> None:
        self.win.samarkandCoach.push(self.js.record(
            {"at": at, "ms": ms, "slices": slices, "longest_tick_ms": longest}))

    @property
    def slices(self) -> JsRecord:
        return self.win.samarkandSlices

    @property
    def backup_import(self) -> JsRecord:
        return self.win.samarkandImport

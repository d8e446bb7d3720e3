"""What the worker measures for the page's records (what browser/timings.py kept on the
window when the page's Python ran on the main thread): the user timings of a click
("dispatch", "render", "diff") and of the bots' and the coach's steps ("bot-<phase>",
"coach-<phase>"), each bot's turn as the page played it, each coach's run, and an
analysis's and a backup import's slices. They travel in the next Paint (`timings`);
the main thread adds them to window.samarkandBotDecisions, samarkandCoach,
samarkandSlices, samarkandImport, samarkandAnalysis and its performance timeline, whose
names the e2e tests and the benchmark read.

Times: `clock()` is ms since the epoch (the worker's performance.timeOrigin plus its
performance.now()); the records that name a moment ("start", "at") give it on the page's
own timeline (ms since its navigation: Start.time_origin), as the page's did.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, dataclass, field

# Thinking slices are many (thousands a game): only the long ones are measured.
SLOW_SLICE_MS = 50


@dataclass(frozen=True, slots=True)
class Measure:
    """A user-timing entry: its name, its start (ms since the epoch) and length (ms)."""

    name: str
    start_at: float
    ms: float


@dataclass(frozen=True, slots=True)
class BotDecision:
    """A bot's turn as the page played it (its steps and the move drawn), without the
    pause the speed setting adds before it."""

    level: str
    phase: str
    ms: float


@dataclass(frozen=True, slots=True)
class CoachRun:
    """A suggestion: when the coach first looked (the page's timeline), ms until it was
    drawn, in how many steps, and the longest of them."""

    at: float
    ms: float
    slices: int
    longest_tick_ms: float


@dataclass(slots=True)
class Slices:
    """An import's or an analysis's steps, the longest (ms), its time from the first step
    to its result (ms), and when it started (the page's timeline); an analysis's longest
    thinking alone."""

    slices: int = 0
    longest_ms: float = 0.0
    ms: float = 0.0
    start: float = 0.0
    longest_think_ms: float = 0.0


@dataclass(slots=True)
class Records:
    """The figures measured since the last Paint (`take()` hands them over; the slices'
    records are whole records, sent again whenever they changed)."""

    clock: Callable[[], float]
    time_origin: float = 0.0  # the page's performance.timeOrigin (ms since the epoch)
    measures: list[Measure] = field(default_factory=list)
    bot_decisions: list[BotDecision] = field(default_factory=list)
    coach: list[CoachRun] = field(default_factory=list)
    steps_run: int = 0  # the bots' steps (samarkandSlices.run: none waits for input now)
    backup_import: Slices = field(default_factory=Slices)
    analysis: Slices = field(default_factory=Slices)
    changed: set[str] = field(default_factory=set)  # of slices, import, analysis

    def page_time(self, at: float) -> float:
        """A moment (ms since the epoch) on the page's timeline."""
        return at - self.time_origin

    def measure(self, name: str, start_at: float) -> float:
        """A user-timing entry from start_at to now; its length (ms)."""
        ms = self.clock() - start_at
        self.measures.append(Measure(name, start_at, ms))
        return ms

    def take(self) -> dict[str, object] | None:
        """The figures for the next Paint (None when there are none), forgotten here."""
        out: dict[str, object] = {}
        if self.measures:
            out["measures"] = [asdict(m) for m in self.measures]
        if self.bot_decisions:
            out["bot_decisions"] = [asdict(b) for b in self.bot_decisions]
        if self.coach:
            out["coach"] = [asdict(c) for c in self.coach]
        if "slices" in self.changed:
            out["slices"] = {"run": self.steps_run, "deferred": 0}
        if "import" in self.changed:
            imp = asdict(self.backup_import)
            del imp["longest_think_ms"]
            out["import"] = imp
        if "analysis" in self.changed:
            out["analysis"] = asdict(self.analysis)
        self.measures, self.bot_decisions, self.coach = [], [], []
        self.changed.clear()
        return out or None

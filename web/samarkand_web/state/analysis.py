"""The analysis of a finished game in the page: which game and player, the thinking in
slices, and the results kept with the save.

``samarkand_core.analysis.Analysis`` judges every decision of one player (the Hard level's
search on that player's view at that moment). The page runs it like the coach and the
bots: "Analyse" only marks the work to do (so that its click draws the progress bar at
once), and the worker's host (worker/host.py) then calls handlers/analysis.py's
``analysis_tick(app, token)`` as a step of its own, again and again, each doing about
ANALYSIS_SLICE_MS of work. "Stop" or leaving the replay drops the work; a tick with
another token than the desk's is stale and does nothing.

A result is turned into the save's data (``StoredAnalysis``: whole numbers, the best
move as its place among the legal moves) at once, so that what the page shows is the
same whether it was just computed or read back from the save.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from samarkand_core import legal_actions
from samarkand_core.actions import Action
from samarkand_core.board import Board
from samarkand_core.replay import Replay
from samarkand_web.saves.links import HUMAN
from samarkand_web.saves.storage_models import StoredAnalysis, StoredDecision, StoredReason

if TYPE_CHECKING:  # the analysis (and the search it runs) loads on the first "Analyse"
    from samarkand_core.analysis import Analysis, AnalysisResult

ANALYSIS_SLICE_MS = 12.0  # as the bots' and the coach's slices: tasks stay short
MARKED = ("inaccuracy", "mistake", "blunder")  # samarkand_core.analysis.MARKED
SIGNS = {"inaccuracy": "?!", "mistake": "?", "blunder": "??"}  # chess's, as the chart's
NOISE_Z = 2.0  # samarkand_core.analysis.NOISE_Z (not imported: it loads the search)
# Half a range wider than this many points of winning chance is "rough": two analyses
# of one decision may then disagree by more than the 5 points.
ROUGH = 5.0


def default_player(seats: tuple[str, ...] | list[str]) -> int:
    """Whose decisions are analysed unless someone chooses: the first person at the
    table (the one at this device when one person plays bots), else the first seat."""
    return next((i for i, s in enumerate(seats) if s == HUMAN), 0)


def to_stored(result: AnalysisResult, rp: Replay) -> StoredAnalysis:
    """The core's result as the save keeps it."""
    decisions = []
    for d in result.decisions:
        legal = legal_actions(rp.state_at(d.index))
        decisions.append(StoredDecision(
            index=d.index, move=d.move, turn=d.turn, kind=d.kind, best=legal.index(d.best),
            points=round(10 * d.points_played), points_best=round(10 * d.points_best),
            win=round(1000 * d.win_played), win_best=round(1000 * d.win_best),
            reasons=tuple(StoredReason(r.key, tuple(r.params.items())) for r in d.reasons),
            win_err=round(1000 * d.win_err)))
    chances = tuple(tuple(round(1000 * c) for c in row) for row in result.win_chances)
    return StoredAnalysis(result.player, chances, tuple(decisions))


def played(rp: Replay, d: StoredDecision) -> Action:
    return rp.actions[d.index]


def best(rp: Replay, d: StoredDecision) -> Action:
    return legal_actions(rp.state_at(d.index))[d.best]


def loss(d: StoredDecision) -> float:
    """Points lost against the best move found (never negative)."""
    return max(0, d.points_best - d.points) / 10


def win_range(d: StoredDecision) -> float:
    """Half the range of the winning chance lost, in points (percent): NOISE_Z
    standard errors; 0 where there is none (the best move played, an older analysis)."""
    return NOISE_Z * d.win_err / 10


def rough(d: StoredDecision) -> bool:
    """The estimate is too wide to promise ROUGH points: the page says "rough"."""
    return win_range(d) > ROUGH


def fits(a: StoredAnalysis, rp: Replay) -> bool:
    """A stored analysis belongs to this game: its rows and decisions are the game's, and
    every reason's parameters name a player, a family, a space or a good of this game (a
    result that does not fit, e.g. a damaged one or one from a hand-made backup with
    `good: 99999`, is not shown and is made again; the page says so)."""
    rows = rp.n_turns + 1
    n = len(rp.names)
    board = rp.state_at(0).board
    return (a.player < n and len(a.chances) == rows and all(len(r) == n for r in a.chances)
            and all(d.index < rp.n_actions and d.best < len(legal_actions(rp.state_at(d.index)))
                    and all(_reason_fits(r, n, board) for r in d.reasons)
                    for d in a.decisions))


def _reason_fits(reason: StoredReason, n: int, board: Board) -> bool:
    """The reason's numbers are within what the view looks them up in (view/ui.py fmt)."""
    for key, value in reason.params:
        if key in ("player", "holder") and not 0 <= value < n:
            return False
        if key in ("family", "other") and not 0 <= value < len(board.family_ids):
            return False
        if key == "space" and not 0 <= value < board.n_spaces:
            return False
        if key == "good" and not (0 < value < len(board.good_space)
                                  and board.good_space[value] >= 0):
            return False
    return True


@dataclass(slots=True)
class Job:
    player: int
    thinking: Analysis | None = None  # made by the first tick, not by the click
    done: int = 0
    total: int = 0
    slices: int = 0
    drawn: int = 0  # the decisions judged when the page was last drawn


@dataclass(slots=True)
class AnalysisDesk:
    """The analyses of the game on the replay screen: the player chosen, the results
    (stored or just made, by player), the one being made, and how it ended."""

    code: str = ""  # the game's save code: a desk belongs to one game
    save_id: str | None = None  # the save that keeps the results (None: none, a link)
    player: int = 0
    results: dict[int, StoredAnalysis] = field(default_factory=dict)
    job: Job | None = None
    token: int = 0
    status: str = ""  # "", "running", "stopped", "done", "failed", "unsaved"
    iterations: int | None = None  # tests: a smaller search than the Hard level's
    # drawn once (the chart with the marks, the list): by (what, language, all hands, player)
    drawn: dict[tuple[str, str, bool, int], str] = field(default_factory=dict)

    @property
    def running(self) -> bool:
        return self.job is not None

    def shown(self) -> StoredAnalysis | None:
        """The result of the player chosen, if there is one."""
        return self.results.get(self.player)

    def choose(self, player: int, players: int) -> bool:
        if not 0 <= player < players or self.running:
            return False
        self.player = player
        self.status = ""
        return True

    def start(self) -> int | None:
        """Start analysing the player chosen; the token for the ticks, or None when their
        result is already here or the work is already on its way."""
        if self.running or self.player in self.results:
            return None
        self.token += 1
        self.job = Job(self.player)
        self.status = "running"
        return self.token

    def stop(self) -> bool:
        if self.job is None:
            return False
        self.job = None
        self.token += 1  # the tick on its way does nothing
        self.status = "stopped"
        return True

    def tick(self, rp: Replay, token: int, max_ms: float = ANALYSIS_SLICE_MS) -> str:
        """One short step: "start" (the game is read, the decisions counted), "step"
        (about max_ms of judging), "done" (the result is ready: the caller keeps it), or
        "" (nothing: a stale tick)."""
        job = self.job
        if job is None or token != self.token:
            return ""
        if job.thinking is None:
            from samarkand_core.analysis import Analysis  # not before the page's start

            job.thinking = (Analysis(rp.final, job.player) if self.iterations is None
                            else Analysis(rp.final, job.player, iterations=self.iterations))
            job.total = job.thinking.total
            return "start"
        job.slices += 1
        finished = job.thinking.step(max_ms)
        job.done = job.thinking.done
        if not finished:
            return "step"
        self.results[job.player] = to_stored(job.thinking.result(), rp)
        self.job = None
        self.status = "done"
        return "done"

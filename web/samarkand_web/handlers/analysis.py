"""Handlers of the analysis and the statistics (mixed into App).

"Analyse" (the end screen, or the replay of a finished game) analyses one player's
decisions in slices (state/analysis.py), on the replay screen: its chart marks the weak
moves and draws everyone's winning chance, its move list marks them too, and a mark or
a decision of the list jumps the replay there. The result is written into the game's
save (the field ``analyses``), so that it is never computed twice; a game opened from a
position link has no save, and keeps its result only while the replay is open.
The statistics are a dialog over the saves list, computed from the saves (stats.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from samarkand_core.gcpause import gc_paused
from samarkand_core.replay import Replay
from samarkand_web.saves.storage import SaveProblem, StorageFull, StorageUnavailable
from samarkand_web.saves.storage_models import StoredAnalysis
from samarkand_web.state.analysis import ANALYSIS_SLICE_MS, AnalysisDesk, default_player, fits
from samarkand_web.state.effects import Effects

if TYPE_CHECKING:
    from samarkand_web.state.app import App
    from samarkand_web.state.replay import ReplayState

FOCUS_PANEL = "#analysis-title"


class AnalysisActions:
    # ------------------------------------------------------------------ the desk

    def analysis_desk(self: App) -> AnalysisDesk | None:
        """The analysis of the finished game on the replay screen (made on first use,
        with the results its save keeps); None elsewhere."""
        r = self.replay
        if self.screen != "replay" or r is None or not r.rp.is_over:
            return None
        desk = self.analysis
        if desk is None or desk.code != r.code():
            desk = AnalysisDesk(code=r.code(), save_id=r.save_id,
                                player=default_player(r.seats), iterations=desk.iterations
                                if desk is not None else None)
            desk.results = self._stored_analyses(r)
            self.analysis = desk
        return desk

    def _stored_analyses(self: App, r: ReplayState) -> dict[int, StoredAnalysis]:
        if r.save_id is None:
            return {}
        try:
            entry = self.saves.get(r.save_id)
        except (SaveProblem, StorageUnavailable):
            return {}
        if entry.code != r.code():  # the save went on meanwhile (not a finished game's)
            return {}
        return {a.player: a for a in entry.analyses if fits(a, r.rp)}

    # ------------------------------------------------------------------ actions

    def _do_analyse(self: App, value: str, form: dict[str, str]) -> Effects:
        """"Analyse": on the end screen, the replay of the game opens with the analysis
        of the person at this device; on the replay, the player chosen is analysed."""
        if self.screen == "game" and self.ctl is not None and self.ctl.is_over:
            fx = self._show_replay(Replay.from_state(self.ctl.state), self.ctl.seats, "game")
            if self.replay is not None and self.entry is not None:
                self.replay.save_id = self.entry.id
        else:
            fx = Effects()
        desk = self.analysis_desk()
        if desk is None:
            return Effects(render=False)
        if value.strip().isdigit():
            desk.choose(int(value), len(desk_names(self)))
        token = desk.start()
        fx.focus = FOCUS_PANEL
        if token is not None:
            fx.analysis_token = token
        return fx

    def _do_analysis_stop(self: App, value: str, form: dict[str, str]) -> Effects:
        desk = self.analysis_desk()
        if desk is None or not desk.stop():
            return Effects(render=False)
        return Effects(focus="#analysis-start")

    def _do_analysis_jump(self: App, value: str, form: dict[str, str]) -> Effects:
        """A mark on the chart or a decision of the list: the replay at that move (the
        decision is its last move, on the board and in the status line)."""
        r = self.replay
        if r is None or self.screen != "replay" or not value.strip().isdigit():
            return Effects(render=False)
        self._stop()
        r.go(int(value))
        return Effects(focus="#status")

    def _do_stats(self: App, value: str, form: dict[str, str]) -> Effects:
        """The statistics of the games saved here (a dialog over the saves list)."""
        self.overlay = "stats"
        return Effects(focus="#overlay h2")

    def _do_stats_close(self: App, value: str, form: dict[str, str]) -> Effects:
        if self.overlay != "stats":
            return Effects(render=False)
        self.overlay = None
        return Effects(focus="#stats-open")

    # ------------------------------------------------------------------ thinking

    def analysis_tick(self: App, token: int, max_ms: float = ANALYSIS_SLICE_MS) -> Effects:
        """One short step of the analysis (``analysis_phase`` says which); the next one
        is asked for until the result is ready, then it is kept and drawn."""
        self.analysis_phase = ""
        desk = self.analysis_desk()
        r = self.replay
        if desk is None or r is None:
            if self.analysis is not None:
                self.analysis.stop()  # the replay was left: its work goes with it
            return Effects(render=False)
        try:
            # as the bots' slices: no cyclic collection inside one (App.bot_tick)
            with gc_paused():
                phase = desk.tick(r.rp, token, max_ms)
        except Exception as exc:  # a bug in the analysis must not stop the page
            desk.stop()
            desk.status = "failed"
            self.message("error", "analysis.failed", {}, f"{type(exc).__name__}: {exc}")
            return Effects()
        self.analysis_phase = phase
        if phase in ("start", "step"):
            # The page is drawn when the progress bar moves (a decision judged), not at
            # every slice: a drawing of the replay costs about as much as a slice.
            job = desk.job
            moved = job is not None and job.done != job.drawn
            if job is not None:
                job.drawn = job.done
            return Effects(render=phase == "start" or moved, analysis_token=token)
        if phase == "done":
            self._keep_analysis(desk)
            return Effects()
        return Effects(render=False)

    def _keep_analysis(self: App, desk: AnalysisDesk) -> None:
        """Write the results into the game's save (only a finished game's own save: one
        that went on in another tab is not this game any more)."""
        if desk.save_id is None:
            desk.status = "unsaved"
            return
        try:
            written = self.saves.save_analyses(desk.save_id, desk.code,
                                               tuple(desk.results.values()))
        except (StorageFull, StorageUnavailable) as exc:
            desk.status = "unsaved"
            self._storage_failed(exc)
            return
        if written is None:
            desk.status = "unsaved"
        elif self.entry is not None and self.entry.id == written.id:
            self.entry = written


def desk_names(app: App) -> tuple[str, ...]:
    assert app.replay is not None
    return app.replay.rp.names

"""Handlers of the analysis and the statistics .

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
from samarkand_web.handlers.base import Form
from samarkand_web.handlers.replay import show_replay, stop_playing
from samarkand_web.saves.storage import SaveProblem, StorageFull, StorageUnavailable
from samarkand_web.saves.storage_models import StoredAnalysis
from samarkand_web.state.analysis import (
    ANALYSIS_SLICE_MS,
    MARKED,
    AnalysisDesk,
    default_player,
    fits,
)
from samarkand_web.state.effects import Effects
from samarkand_web.state.screen import Stats

if TYPE_CHECKING:
    from samarkand_web.state.app import App
    from samarkand_web.state.replay import ReplayState

FOCUS_PANEL = "#analysis-title"


# ------------------------------------------------------------------ the desk


def analysis_desk(app: App) -> AnalysisDesk | None:
    """The analysis of the finished game on the replay screen (made on first use,
    with the results its save keeps); None elsewhere."""
    r = app.replay
    if app.screen != "replay" or r is None or not r.rp.is_over:
        return None
    desk = app.analysis
    if desk is None or desk.code != r.code():
        desk = AnalysisDesk(code=r.code(), save_id=r.save_id,
                            player=default_player(r.seats), iterations=desk.iterations
                            if desk is not None else None)
        desk.results = stored_analyses(app, r)
        app.analysis = desk
    return desk


def stored_analyses(app: App, r: ReplayState) -> dict[int, StoredAnalysis]:
    if r.save_id is None:
        return {}
    try:
        entry = app.saves.get(r.save_id)
    except (SaveProblem, StorageUnavailable):
        return {}
    if entry.code != r.code():  # the save went on meanwhile (not a finished game's)
        return {}
    kept = {a.player: a for a in entry.analyses if fits(a, r.rp)}
    if len(kept) < len(entry.analyses):  # the game is shown without it, and says so
        app.message("warning", "analysis.stored_damaged")
    return kept

# ------------------------------------------------------------------ actions


def analyse(app: App, value: str, form: Form) -> Effects:
    """"Analyse": on the end screen, the replay of the game opens with the analysis
    of the person at this device; on the replay, the player chosen is analysed."""
    if app.screen == "game" and app.ctl is not None and app.ctl.is_over:
        fx = show_replay(app, Replay.from_state(app.ctl.state), app.ctl.seats, "game")
        if app.replay is not None and app.entry is not None:
            app.replay.save_id = app.entry.id
    else:
        fx = Effects()
    desk = analysis_desk(app)
    if desk is None:
        return Effects(render=False)
    if value.strip().isdigit():
        desk.choose(int(value), len(desk_names(app)))
    token = desk.start()
    fx.focus = FOCUS_PANEL
    if token is not None:
        fx.analysis_token = token
    else:
        open_at_first_mistake(app)  # the result is here already
    return fx


def first_mistake(result: StoredAnalysis) -> int | None:
    """The move of the first decision the analysis marks (a mistake or a blunder first,
    else an inaccuracy): where a player reading the analysis wants to look first."""
    for kinds in (("mistake", "blunder"), MARKED):
        move = next((d.move for d in result.decisions if d.kind in kinds), None)
        if move is not None:
            return move
    return None


def open_at_first_mistake(app: App) -> None:
    """The replay, still at its start (nobody has moved it), goes to the first mistake
    of the analysis shown."""
    desk, r = analysis_desk(app), app.replay
    if desk is None or r is None or r.move != 0:
        return
    shown = desk.shown()
    move = first_mistake(shown) if shown is not None else None
    if move is not None:
        stop_playing(app)
        r.go(move)


def analysis_stop(app: App, value: str, form: Form) -> Effects:
    desk = analysis_desk(app)
    if desk is None or not desk.stop():
        return Effects(render=False)
    return Effects(focus="#analysis-start")


def analysis_jump(app: App, value: str, form: Form) -> Effects:
    """A mark on the chart ("<move>") or "Show" in the list ("<move>:<action index>"):
    the replay at that move (the decision is its last move, on the board and in the
    status line); from the list, the better move drawn on the board with the coach's
    mark as well (view/screens/replay.py)."""
    r = app.replay
    move, _, index = value.strip().partition(":")
    if r is None or app.screen != "replay" or not move.isdigit():
        return Effects(render=False)
    stop_playing(app)
    r.go(int(move))
    desk = analysis_desk(app)
    shown = desk.shown() if desk is not None else None
    if index.isdigit() and shown is not None and any(
            d.index == int(index) and d.move == r.move for d in shown.decisions):
        r.better = int(index)
    return Effects(focus="#status")


def stats(app: App, value: str, form: Form) -> Effects:
    """The statistics of the games saved here (a dialog over the saves list)."""
    app.overlay = Stats()
    return Effects(focus="#overlay h2")


def stats_close(app: App, value: str, form: Form) -> Effects:
    if not isinstance(app.overlay, Stats):
        return Effects(render=False)
    app.overlay = None
    return Effects(focus="#stats-open")

# ------------------------------------------------------------------ thinking


def analysis_tick(app: App, token: int, max_ms: float = ANALYSIS_SLICE_MS) -> Effects:
    """One short step of the analysis (``analysis_phase`` says which); the next one
    is asked for until the result is ready, then it is kept and drawn."""
    app.analysis_phase = ""
    desk = analysis_desk(app)
    r = app.replay
    if desk is None or r is None:
        if app.analysis is not None:
            app.analysis.stop()  # the replay was left: its work goes with it
        return Effects(render=False)
    try:
        # as the bots' slices: no cyclic collection inside one (GameSession.bot_tick)
        with gc_paused():
            phase = desk.tick(r.rp, token, max_ms)
    except Exception as exc:  # a bug in the analysis must not stop the page
        desk.stop()
        desk.status = "failed"
        app.message("error", "analysis.failed", {}, f"{type(exc).__name__}: {exc}")
        return Effects()
    app.analysis_phase = phase
    if phase in ("start", "step"):
        # The page is drawn when the progress bar moves (a decision judged), not at
        # every slice: a drawing of the replay costs about as much as a slice.
        job = desk.job
        moved = job is not None and job.done != job.drawn
        if job is not None:
            job.drawn = job.done
        return Effects(render=phase == "start" or moved, analysis_token=token)
    if phase == "done":
        keep_analysis(app, desk)
        open_at_first_mistake(app)
        return Effects()
    return Effects(render=False)


def keep_analysis(app: App, desk: AnalysisDesk) -> None:
    """Write the results into the game's save (only a finished game's own save: one
    that went on in another tab is not this game any more)."""
    if desk.save_id is None:
        desk.status = "unsaved"
        return
    try:
        written = app.saves.save_analyses(desk.save_id, desk.code,
                                           tuple(desk.results.values()))
    except (StorageFull, StorageUnavailable) as exc:
        desk.status = "unsaved"
        app.storage_failed(exc)
        return
    if written is None:
        desk.status = "unsaved"
    elif app.entry is not None and app.entry.id == written.id:
        app.game.entry = written



def desk_names(app: App) -> tuple[str, ...]:
    assert app.replay is not None
    return app.replay.rp.names

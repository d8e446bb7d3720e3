"""Handlers of the coach: ask for a suggestion, hide it, switch the coach off or on for
this game; the ticks in which it thinks; its setting and counts in the saved game.

Thinking runs like a bot's turn: "Suggest a move" only marks the position to think about
(so that its click draws "thinking" at once), and the worker's host then calls
``coach_tick(token)`` as a step of its own, again and again, each doing about
COACH_SLICE_MS of work, until the suggestion is ready. A move made meanwhile changes the
position: the next tick finds the suggestion stale and stops (coaching.CoachDesk).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from samarkand_core.gcpause import gc_paused
from samarkand_web.handlers.base import Form
from samarkand_web.handlers.game import current_game
from samarkand_web.saves.storage import StorageFull, StorageUnavailable
from samarkand_web.state.coaching import COACH_SLICE_MS, CoachDesk
from samarkand_web.state.controller import Controller
from samarkand_web.state.effects import Effects

if TYPE_CHECKING:
    from samarkand_web.saves.storage_models import SaveEntry
    from samarkand_web.state.app import App


def coach_open(app: App, entry: SaveEntry | None, ctl: Controller) -> None:
    """A game is opened: its coach's setting and counts come from its save."""
    if entry is not None:
        app.coach = CoachDesk.of(entry.coach, entry.coach_used, ctl.state.n)
    else:
        app.coach = CoachDesk.of(True, (), ctl.state.n)


def coach(app: App, value: str, form: Form) -> Effects:
    """"Suggest a move": think about the position on the screen."""
    ctl = current_game(app)
    if ctl is None:
        return Effects(render=False)
    token = app.coach.ask(ctl)
    if token is None:
        return Effects(render=False)
    app.coach_phase = "asked"
    return Effects(coach_token=token)


def coach_hide(app: App, value: str, form: Form) -> Effects:
    app.coach.hide()
    return Effects(focus="#coach-suggest")


def coach_switch(app: App, value: str, form: Form) -> Effects:
    """The coach on or off for this game (saved with it)."""
    if current_game(app) is None:
        return Effects(render=False)
    app.coach.switch(not app.coach.on)
    coach_save(app)
    return Effects(focus="#coach-switch")


def coach_tick(app: App, token: int, max_ms: float = COACH_SLICE_MS) -> Effects:
    """One short step of the coach's thinking (``coach_phase`` says which); the next
    one is asked for until the suggestion is ready, then it is drawn."""
    app.coach_phase = ""
    ctl = current_game(app)
    if ctl is None:
        return Effects(render=False)
    try:
        # as the bots' slices: no cyclic collection inside one (GameSession.bot_tick)
        with gc_paused():
            phase = app.coach.tick(ctl, token, max_ms)
    except Exception as exc:  # a bug in the coach must not stop the game
        app.coach.hide()
        app.message("error", "coach.failed", {}, f"{type(exc).__name__}: {exc}")
        return Effects()
    app.coach_phase = phase
    if phase in ("start", "step"):
        return Effects(render=False, coach_token=token)
    if phase == "done":
        coach_save(app)
        # main.py moves the focus to the suggestion only from where "Suggest a move"
        # was (a person busy elsewhere keeps their focus)
        return Effects()
    return Effects(render=False)


def coach_save(app: App) -> None:
    """Write the coach's setting and counts into the game's save, when this tab holds
    the stored revision (otherwise the next saved move brings them: _autosave)."""
    entry, ctl = app.entry, app.ctl
    if entry is None or ctl is None:
        return
    used = tuple(app.coach.used)
    stored_used = entry.coach_used or (0,) * len(used)
    if entry.coach == app.coach.on and stored_used == used:
        return
    try:
        written = app.saves.save_coach(entry, app.coach.on, used)
    except (StorageFull, StorageUnavailable):
        return  # a move's save says so, with the ways out (actions_saves)
    if written is not None:
        app.game.entry = written
        app.coach.used = list(written.coach_used) or app.coach.used

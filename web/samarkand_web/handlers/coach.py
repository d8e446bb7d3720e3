"""Handlers of the coach (mixed into App, issue 11): ask for a suggestion, hide it, switch
the coach off or on for this game; the ticks in which it thinks; its setting and counts
in the saved game.

Thinking runs like a bot's turn: "Suggest a move" only marks the position to think about
(so that its click draws "thinking" at once), and main.py then calls ``coach_tick(token)``
in a task of its own, again and again, each doing about COACH_SLICE_MS of work, until the
suggestion is ready. A move made meanwhile changes the position: the next tick finds the
suggestion stale and stops (coaching.CoachDesk).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from samarkand_core.gcpause import gc_paused
from samarkand_web.saves.storage import StorageFull, StorageUnavailable
from samarkand_web.state.coaching import COACH_SLICE_MS, CoachDesk
from samarkand_web.state.controller import Controller
from samarkand_web.state.effects import Effects

if TYPE_CHECKING:
    from samarkand_web.saves.storage_models import SaveEntry
    from samarkand_web.state.app import App


class CoachActions:
    def _coach_open(self: App, entry: SaveEntry | None, ctl: Controller) -> None:
        """A game is opened: its coach's setting and counts come from its save."""
        if entry is not None:
            self.coach = CoachDesk.of(entry.coach, entry.coach_used, ctl.state.n)
        else:
            self.coach = CoachDesk.of(True, (), ctl.state.n)

    def _do_coach(self: App, value: str, form: dict[str, str]) -> Effects:
        """"Suggest a move": think about the position on the screen."""
        ctl = self._game()
        if ctl is None:
            return Effects(render=False)
        token = self.coach.ask(ctl)
        if token is None:
            return Effects(render=False)
        self.coach_phase = "asked"
        return Effects(coach_token=token)

    def _do_coach_hide(self: App, value: str, form: dict[str, str]) -> Effects:
        self.coach.hide()
        return Effects(focus="#coach-suggest")

    def _do_coach_switch(self: App, value: str, form: dict[str, str]) -> Effects:
        """The coach on or off for this game (saved with it)."""
        if self._game() is None:
            return Effects(render=False)
        self.coach.switch(not self.coach.on)
        self._coach_save()
        return Effects(focus="#coach-switch")

    def coach_tick(self: App, token: int, max_ms: float = COACH_SLICE_MS) -> Effects:
        """One short step of the coach's thinking (``coach_phase`` says which); the next
        one is asked for until the suggestion is ready, then it is drawn."""
        self.coach_phase = ""
        ctl = self._game()
        if ctl is None:
            return Effects(render=False)
        try:
            # as the bots' slices: no cyclic collection inside one (App.bot_tick)
            with gc_paused():
                phase = self.coach.tick(ctl, token, max_ms)
        except Exception as exc:  # a bug in the coach must not stop the game
            self.coach.hide()
            self.message("error", "coach.failed", {}, f"{type(exc).__name__}: {exc}")
            return Effects()
        self.coach_phase = phase
        if phase in ("start", "step"):
            return Effects(render=False, coach_token=token)
        if phase == "done":
            self._coach_save()
            # main.py moves the focus to the suggestion only from where "Suggest a move"
            # was (a person busy elsewhere keeps their focus)
            return Effects()
        return Effects(render=False)

    def _coach_save(self: App) -> None:
        """Write the coach's setting and counts into the game's save, when this tab holds
        the stored revision (otherwise the next saved move brings them: _autosave)."""
        entry, ctl = self.entry, self.ctl
        if entry is None or ctl is None:
            return
        used = tuple(self.coach.used)
        stored_used = entry.coach_used or (0,) * len(used)
        if entry.coach == self.coach.on and stored_used == used:
            return
        try:
            written = self.saves.save_coach(entry, self.coach.on, used)
        except (StorageFull, StorageUnavailable):
            return  # a move's save says so, with the ways out (actions_saves)
        if written is not None:
            self.entry = written
            self.coach.used = list(written.coach_used) or self.coach.used

"""Handlers of the replay screen (mixed into App).

Opening a replay (from the end screen, the saved games or a position link) reads a
game and never writes one; "Play on from here" is the one handler that saves, and it
creates exactly one new save through ``Saves.create``. Automatic playback is a chain
of timers, like the bots': each ``replay_tick(token)`` makes one move and asks for the
next (Effects.replay_delay); a token that is not the current one is a stale timer.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from samarkand_core import GameState, SaveCodeError
from samarkand_core.replay import Replay
from samarkand_web.saves.links import PageRequest, game_url
from samarkand_web.saves.storage import SaveProblem, StorageFull, StorageUnavailable
from samarkand_web.state.effects import Effects
from samarkand_web.state.replay import PLAY_SPEEDS, Origin, ReplayState

if TYPE_CHECKING:
    from samarkand_web.state.app import App

# Keys of the replay screen (main.py forwards them with "+shift" when Shift is held).
KEYS = {
    "ArrowLeft": "-1", "ArrowRight": "+1", "ArrowUp": "-turn", "ArrowDown": "+turn",
    "ArrowLeft+shift": "-turn", "ArrowRight+shift": "+turn", "ArrowUp+shift": "-turn",
    "ArrowDown+shift": "+turn", "Home": "start", "End": "end",
}
# On opening, the focus goes to the status line (as in a game): a screen reader reads
# where the replay stands, the keys work at once, and a phone does not scroll past
# the board to reach a button.
FOCUS_OPEN = "#status"


class ReplayActions:
    """Open, step, play, share and leave a replay; play on from a position."""

    # ------------------------------------------------------------------ opening

    def _show_replay(self: App, rp: Replay, seats: tuple[str, ...] | list[str] | None,
                     origin: Origin, move: int = 0) -> Effects:
        self.replay = ReplayState.of(rp, seats, origin, move)
        self.screen = "replay"
        self.overlay = None
        self.confirm_delete = None
        self.bot_token += 1  # the bots of a game left behind stop
        self._bot_scheduled = False
        return Effects(url=self.replay.link(self.path), focus=FOCUS_OPEN)

    def _do_replay(self: App, value: str, form: dict[str, str]) -> Effects:
        """The replay of the game on the screen (the end screen's button)."""
        if self.ctl is None:
            return Effects(render=False)
        fx = self._show_replay(Replay.from_state(self.ctl.state), self.ctl.seats, "game")
        if self.replay is not None and self.entry is not None:
            self.replay.save_id = self.entry.id  # where an analysis of it is kept
        return fx

    def _do_replay_save(self: App, value: str, form: dict[str, str]) -> Effects:
        """The replay of a saved game, finished or not (read only)."""
        try:
            entry, state = self.saves.load(value)
        except SaveProblem as exc:
            self.message("error", exc.key, {}, exc.detail)
            return Effects()
        except StorageUnavailable as exc:
            self._storage_failed(exc)
            return Effects()
        fx = self._show_replay(Replay.from_state(state), entry.seats, "home")
        if self.replay is not None:
            self.replay.save_id = entry.id  # where an analysis of it is kept
        return fx

    def open_position(self: App, req: PageRequest) -> Effects:
        """A position link (#code&at=N): the replay at move N; nothing is saved."""
        assert req.code is not None
        try:
            rp = Replay.from_code(req.code)
        except SaveCodeError as exc:
            self.message("error", "problem.bad_link", {}, str(exc))
            self.screen = "home"
            return Effects(url=self.path)
        at = req.at or 0
        if at > rp.n_moves:
            self.message("info", "replay.at_clamped", {"n": rp.n_moves})
        seats = [req.code_bots.get(i, "human") for i in range(len(rp.names))]
        return self._show_replay(rp, seats, "home", at)

    # ------------------------------------------------------------------ moving

    def _stop(self: App) -> None:
        if self.replay is not None and self.replay.playing:
            self.replay.playing = False
            self.replay.token += 1  # the timer on its way does nothing

    def _do_replay_step(self: App, value: str, form: dict[str, str]) -> Effects:
        r = self.replay
        if r is None or self.screen != "replay":
            return Effects(render=False)
        was_playing = r.playing
        self._stop()
        return Effects(render=r.step(value) or was_playing)

    def _do_replay_key(self: App, value: str, form: dict[str, str]) -> Effects:
        how = KEYS.get(value)
        if how is None:
            return Effects(render=False)
        return self._do_replay_step(how, form)

    def _do_replay_seek(self: App, value: str, form: dict[str, str]) -> Effects:
        r = self.replay
        if r is None or self.screen != "replay" or not value.strip().isdigit():
            return Effects(render=False)
        self._stop()
        r.go(int(value))
        return Effects()

    # ------------------------------------------------------------------ playing

    def _do_replay_play(self: App, value: str, form: dict[str, str]) -> Effects:
        r = self.replay
        if r is None or self.screen != "replay":
            return Effects(render=False)
        if r.playing:
            self._stop()
            return Effects()
        if r.at_end:
            r.go(0)  # playing a replay that is at its end starts it again
        r.playing = True
        r.token += 1
        return Effects(replay_delay=r.delay(), replay_token=r.token)

    def replay_tick(self: App, token: int) -> Effects:
        """A playback timer fired: one move on, and the next timer unless at the end."""
        r = self.replay
        if r is None or self.screen != "replay" or not r.playing or token != r.token:
            return Effects(render=False)
        r.step("+1")
        if r.at_end:
            self._stop()
            return Effects()
        return Effects(replay_delay=r.delay(), replay_token=r.token)

    def _do_replay_speed(self: App, value: str, form: dict[str, str]) -> Effects:
        r = self.replay
        if r is None or value not in PLAY_SPEEDS:
            return Effects(render=False)
        r.speed = value
        if not r.playing:
            return Effects()
        r.token += 1  # the next move comes after the new pause
        return Effects(replay_delay=r.delay(), replay_token=r.token)

    # ------------------------------------------------------------------ switches

    def _do_replay_all(self: App, value: str, form: dict[str, str]) -> Effects:
        r = self.replay
        if r is None or not r.can_show_all:
            return Effects(render=False)
        r.show_all = not r.show_all
        return Effects()

    def _do_replay_share(self: App, value: str, form: dict[str, str]) -> Effects:
        r = self.replay
        if r is None:
            return Effects(render=False)
        self._stop()
        self.share_link = r.share_link(self.origin + self.path)
        self.share_copied = False
        self.overlay = "replay-share"
        return Effects(focus="#share-link")

    # ------------------------------------------------------------------ leaving

    def _do_replay_play_on(self: App, value: str, form: dict[str, str]) -> Effects:
        """A new saved game from this position (the game replayed stays as it is)."""
        r = self.replay
        if r is None or not r.can_play_on:
            return Effects(render=False)
        self._stop()
        state: GameState = r.rp.state_after_move(r.move)
        seats = list(r.seats)
        entry = None
        failed: Exception | None = None
        try:
            entry = self.saves.create(state, seats)
        except (StorageFull, StorageUnavailable) as exc:
            failed = exc
        self.replay = None
        self._open(entry, state, seats)
        if failed is not None:  # said of the game just opened
            self._storage_failed(failed)
        self.message("info", "replay.played_on", {"n": r.move})
        return self._after_open(Effects(url=game_url(self.path, entry.id) if entry
                                        else self.path))

    def _do_replay_close(self: App, value: str, form: dict[str, str]) -> Effects:
        r = self.replay
        self._stop()
        self.replay = None
        if r is not None and r.origin == "game" and self.ctl is not None:
            self.screen = "game"
            self.overlay = "scores" if self.ctl.is_over else None
            url = game_url(self.path, self.entry.id) if self.entry else self.path
            fx = Effects(url=url, focus="#overlay h2" if self.overlay else "#status")
            self._want_bot(fx)
            return fx
        self.screen = "home"
        return Effects(url=self.path, focus="#home h2")

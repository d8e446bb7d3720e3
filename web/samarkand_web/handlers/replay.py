"""Handlers of the replay screen.

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
from samarkand_web.handlers.base import Form, saved_game
from samarkand_web.saves.links import PageRequest, game_url
from samarkand_web.saves.storage import StorageFull, StorageUnavailable
from samarkand_web.state.effects import Effects
from samarkand_web.state.replay import PLAY_SPEEDS, Origin, ReplayState
from samarkand_web.state.screen import Scores, Screen, ShareDialog

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


# Open, step, play, share and leave a replay; play on from a position.

# ------------------------------------------------------------------ opening


def show_replay(app: App, rp: Replay, seats: tuple[str, ...] | list[str] | None,
                 origin: Origin, move: int = 0) -> Effects:
    app.replay = ReplayState.of(rp, seats, origin, move)
    app.screen = Screen.REPLAY
    app.overlay = None
    app.confirm_delete = None
    app.game.stop_bots()  # the bots of a game left behind stop
    return Effects(url=app.replay.link(app.path), focus=FOCUS_OPEN)


def replay(app: App, value: str, form: Form) -> Effects:
    """The replay of the game on the screen (the end screen's button)."""
    if app.ctl is None:
        return Effects(render=False)
    fx = show_replay(app, Replay.from_state(app.ctl.state), app.ctl.seats, "game")
    if app.replay is not None and app.entry is not None:
        app.replay.save_id = app.entry.id  # where an analysis of it is kept
    return fx


def replay_save(app: App, value: str, form: Form) -> Effects:
    """The replay of a saved game, finished or not (read only)."""
    found = saved_game(app, value)
    if found is None:
        return Effects()
    entry, state = found
    fx = show_replay(app, Replay.from_state(state), entry.seats, "home")
    if app.replay is not None:
        app.replay.save_id = entry.id  # where an analysis of it is kept
    return fx


def open_position(app: App, req: PageRequest) -> Effects:
    """A position link (#code&at=N): the replay at move N; nothing is saved."""
    assert req.code is not None
    try:
        rp = Replay.from_code(req.code)
    except SaveCodeError as exc:
        app.message("error", "problem.bad_link", {}, str(exc))
        app.screen = Screen.HOME
        return Effects(url=app.path)
    at = req.at or 0
    if at > rp.n_moves:
        app.message("info", "replay.at_clamped", {"n": rp.n_moves})
    seats = [req.code_bots.get(i, "human") for i in range(len(rp.names))]
    return show_replay(app, rp, seats, "home", at)

# ------------------------------------------------------------------ moving


def stop_playing(app: App) -> None:
    if app.replay is not None and app.replay.playing:
        app.replay.playing = False
        app.replay.token += 1  # the timer on its way does nothing


def replay_step(app: App, value: str, form: Form) -> Effects:
    r = app.replay
    if r is None or app.screen != "replay":
        return Effects(render=False)
    was_playing = r.playing
    stop_playing(app)
    return Effects(render=r.step(value) or was_playing)


def replay_key(app: App, value: str, form: Form) -> Effects:
    how = KEYS.get(value)
    if how is None:
        return Effects(render=False)
    return replay_step(app, how, form)


def replay_seek(app: App, value: str, form: Form) -> Effects:
    r = app.replay
    if r is None or app.screen != "replay" or not value.strip().isdigit():
        return Effects(render=False)
    stop_playing(app)
    r.go(int(value))
    return Effects()

# ------------------------------------------------------------------ playing


def replay_play(app: App, value: str, form: Form) -> Effects:
    r = app.replay
    if r is None or app.screen != "replay":
        return Effects(render=False)
    if r.playing:
        stop_playing(app)
        return Effects()
    if r.at_end:
        r.go(0)  # playing a replay that is at its end starts it again
    r.playing = True
    r.token += 1
    return Effects(replay_delay=r.delay(), replay_token=r.token)


def replay_tick(app: App, token: int) -> Effects:
    """A playback timer fired: one move on, and the next timer unless at the end."""
    r = app.replay
    if r is None or app.screen != "replay" or not r.playing or token != r.token:
        return Effects(render=False)
    r.step("+1")
    if r.at_end:
        stop_playing(app)
        return Effects()
    return Effects(replay_delay=r.delay(), replay_token=r.token)


def replay_speed(app: App, value: str, form: Form) -> Effects:
    r = app.replay
    if r is None or value not in PLAY_SPEEDS:
        return Effects(render=False)
    r.speed = value
    if not r.playing:
        return Effects()
    r.token += 1  # the next move comes after the new pause
    return Effects(replay_delay=r.delay(), replay_token=r.token)

# ------------------------------------------------------------------ switches


def replay_all(app: App, value: str, form: Form) -> Effects:
    r = app.replay
    if r is None or not r.can_show_all:
        return Effects(render=False)
    r.show_all = not r.show_all
    return Effects()


def replay_share(app: App, value: str, form: Form) -> Effects:
    r = app.replay
    if r is None:
        return Effects(render=False)
    stop_playing(app)
    app.share_copied = False
    app.overlay = ShareDialog(r.share_link(app.origin + app.path), replay=True)
    return Effects(focus="#share-link")

# ------------------------------------------------------------------ leaving


def replay_play_on(app: App, value: str, form: Form) -> Effects:
    """A new saved game from this position (the game replayed stays as it is)."""
    r = app.replay
    if r is None or not r.can_play_on:
        return Effects(render=False)
    stop_playing(app)
    state: GameState = r.rp.state_after_move(r.move)
    seats = list(r.seats)
    entry = None
    failed: Exception | None = None
    try:
        entry = app.saves.create(state, seats)
    except (StorageFull, StorageUnavailable) as exc:
        failed = exc
    app.replay = None
    app.open_game(entry, state, seats)
    if failed is not None:  # said of the game just opened
        app.storage_failed(failed)
    app.message("info", "replay.played_on", {"n": r.move})
    return app.game.after_open(Effects(url=game_url(app.path, entry.id) if entry
                                    else app.path))


def replay_close(app: App, value: str, form: Form) -> Effects:
    r = app.replay
    stop_playing(app)
    app.replay = None
    if r is not None and r.origin == "game" and app.ctl is not None:
        app.screen = Screen.GAME
        app.overlay = Scores() if app.ctl.is_over else None
        url = game_url(app.path, app.entry.id) if app.entry else app.path
        fx = Effects(url=url, focus="#overlay h2" if app.overlay else "#status")
        app.game.want_bot(fx)
        return fx
    app.screen = Screen.HOME
    return Effects(url=app.path, focus="#home h2")

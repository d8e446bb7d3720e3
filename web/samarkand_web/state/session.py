"""The game shown (App.game): its controller and save, what of it the store holds, the
bots' pacing, their moves' show on the board, and the game's sounds.

One ``GameSession`` lives as long as the App; opening a game (``open``) resets it for
that game. After every action ``after_action`` keeps the log, the save, play by link's
next send, the end's scores, the address, the sounds and the bots' next step in step.
The browser's bot timers call ``bot_tick``: each tick is one short step in a task of its
own (the bot looks, thinks in slices, plays), or one step of the show.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from samarkand_core.gcpause import gc_paused
from samarkand_web.handlers import coach, remote, saves
from samarkand_web.saves.links import game_url
from samarkand_web.state import focus
from samarkand_web.state.botmoves import Show, marks_of_lines, pace_ms
from samarkand_web.state.effects import Effects
from samarkand_web.state.screen import Scores
from samarkand_web.state.sounds import Hearing, Sound, sounds_of_lines

if TYPE_CHECKING:
    from samarkand_core import GameState
    from samarkand_web.saves.storage_models import SaveEntry
    from samarkand_web.state.app import App
    from samarkand_web.state.controller import Controller

# Pause before a bot's move, so that people can follow it (ms).
SPEED_DELAY = {"slow": 1600, "normal": 750, "fast": 250, "instant": 0}
BOT_SLICE_MS = 12.0  # a bot thinks about this long per step: a click or Cancel waits no more


class GameSession:
    def __init__(self, app: App) -> None:
        # the App: its speed, sound setting, overlay, address and store (a part of it)
        self.app = app
        self.ctl: Controller | None = None
        self.entry: SaveEntry | None = None
        self.saved_commits = -1  # the controller's commits that the save holds
        self.unsaved = False  # the open game has moves the store refused
        # (save id, moves) of the unconfirmed camels kept in the tab's store (saves/pending.py)
        self.pending_mark: tuple[str, int] | None = None
        self.recap_open = False  # the recap unfolded on a small screen
        self.paused = False
        self.bot_token = 0
        self.bot_scheduled = False
        self.bot_phase = ""  # what the last bot_tick did: "start", "step", "commit", "show"
        # the bots' moves on the board (state/botmoves.py): the live show, the one it
        # waits in while a person watches again, and how much of the log it has seen
        self.show = Show()
        self.live_show: Show | None = None
        self.log_seen = 0
        self.hearing = Hearing()  # what of the open game has sounded

    # ------------------------------------------------------------------ opening, saving

    def open(self, entry: SaveEntry | None, state: GameState | None,
             seats: list[str] | tuple[str, ...], ctl: Controller | None = None) -> None:
        """This game shown from now on (App.open_game sets the screen)."""
        app = self.app
        ctl = remote.remote_open(app, entry, state, seats, ctl)  # by link or not
        self.ctl = ctl
        self.entry = entry
        self.saved_commits = ctl.commits if entry is not None else -1
        self.recap_open = False
        self.paused = False
        self.stop_bots()
        self.show, self.live_show, self.log_seen = Show(), None, len(ctl.log)
        self.hearing.opened(ctl)
        self.unsaved = False  # until a write of this game fails
        coach.coach_open(app, entry, ctl)

    def close(self) -> None:
        """No game shown (its save is kept as it is); its bots stop."""
        self.ctl = None
        self.entry = None
        self.stop_bots()

    def after_open(self, fx: Effects) -> Effects:
        self.want_bot(fx)
        fx.focus = "#status"
        return fx

    @property
    def saved(self) -> bool:
        """The open game's committed moves are all in the store."""
        return (self.entry is not None and not self.unsaved and self.ctl is not None
                and self.saved_commits == self.ctl.commits)

    def autosave(self) -> None:
        """Save the committed game when it changed: a person's pending moves (that may
        still be taken back) are never saved nor shared."""
        ctl = self.ctl
        if ctl is None or ctl.commits == self.saved_commits:
            return
        try:
            saves.save_position(self.app)  # never over another tab's moves (actions_saves)
            self.saved_commits = ctl.commits
            coach.coach_save(self.app)  # the coach's counts, if they could not be written
        except Exception as exc:  # full, blocked, or failing in a way of its own
            self.app.storage_failed(exc)

    def after_action(self, fx: Effects) -> Effects:
        ctl = self.ctl
        assert ctl is not None
        app = self.app
        self.note_moves(fx)
        self.autosave()
        remote.remote_after(app, fx)
        if ctl.is_over and app.overlay is None:
            app.overlay = Scores()
            fx.focus = "#overlay h2"
        if self.entry is not None:
            fx.url = game_url(app.path, self.entry.id)
        self.settle_sounds(fx)
        self.want_bot(fx)
        return fx

    # ------------------------------------------------------------------ sounds, the show

    def hear(self, fx: Effects, sounds: tuple[Sound, ...]) -> None:
        if self.app.sound:
            fx.hear(sounds)

    def settle_sounds(self, fx: Effects) -> None:
        """The end, or a person's new turn here (state/sounds.py)."""
        ctl = self.ctl
        assert ctl is not None
        self.hear(fx, self.hearing.settle(ctl, self.show.pending and not self.show.watching))

    def show_sounds(self, fx: Effects, shown_before: int) -> None:
        """The sounds of the bots' marks the board shows from now on (a live show only:
        watching again is no news), none after the end."""
        show = self.show
        if not show.watching and self.ctl is not None and not self.ctl.is_over:
            self.hear(fx, sounds_of_lines(m.line for m in show.marks[shown_before:show.shown]))

    def note_moves(self, fx: Effects) -> None:
        """The log lines of the action just played: in a bot's turn, their moves join
        the board's live show (and sound as they show); a person's own move clears it
        (their move is marked, and sounds, as it is made). Watching again ends when
        anyone plays."""
        ctl = self.ctl
        assert ctl is not None
        log = ctl.log
        seen = self.log_seen
        new, self.log_seen = log[seen:], len(log)
        if self.show.watching and len(log) != seen:
            self.stop_watching()
        if not new:
            return
        bots = {r.turn for r in ctl.turns[-4:] if ctl.is_bot(r.player)}
        if not all(ln.turn in bots for ln in new):
            self.show = Show()
            if not ctl.is_over:
                self.hear(fx, sounds_of_lines(new))
            # a person's move in their turn: that turn is theirs already, not news
            self.hearing.turn = max(self.hearing.turn, new[0].turn)
            return
        shown = self.show.shown
        self.show.add(marks_of_lines(new, ctl.state.board))
        if pace_ms(self.app.speed, False) == 0:
            self.show.show_all()  # "instant": the whole move at once
        self.show_sounds(fx, shown)

    def watch(self, show: Show, fx: Effects) -> None:
        """Watch again: `show` replaces the live show until it ends (handlers/watch.py)."""
        if not self.show.watching:
            self.live_show = self.show
        self.show = show
        self.want_bot(fx)

    def stop_watching(self) -> None:
        """Back to the live show (as it was when watching began)."""
        if self.show.watching:
            self.show = self.live_show or Show()
            self.live_show = None

    def forget_taken_back(self) -> None:
        """A move taken back shortened the log: the show has not seen what is gone."""
        if self.ctl is not None:
            self.log_seen = min(self.log_seen, len(self.ctl.log))

    # ------------------------------------------------------------------ the bots' pace

    def show_waits(self) -> bool:
        """The show has a step to make: a mark to reveal (a live one only while the bots
        are not paused), or the end of watching again."""
        show = self.show
        return show.watching or (show.pending and not self.paused)

    def stop_bots(self) -> None:
        """The bots' timers of before are stale from now on."""
        self.bot_token += 1
        self.bot_scheduled = False

    def restart_bots(self, fx: Effects) -> None:
        """Forget the timers of before (a pause) and ask for the next step afresh."""
        self.stop_bots()
        self.want_bot(fx)

    def want_bot(self, fx: Effects) -> None:
        ctl = self.ctl
        if ctl is None or self.bot_scheduled:
            return
        showing = self.show_waits()
        if not showing and (not ctl.bot_to_move or self.paused):
            return
        self.bot_scheduled = True
        speed = self.app.speed
        fx.bot_delay = (pace_ms(speed, self.show.watching) if showing
                        else SPEED_DELAY.get(speed, 750))
        fx.bot_token = self.bot_token

    def show_tick(self) -> Effects:
        """One step of the show: the next mark, or the end of watching again (its last
        mark stayed for one pace)."""
        self.bot_phase = "show"
        fx = Effects()
        shown = self.show.shown
        if not self.show.step():
            self.stop_watching()
            fx.focus, fx.focus_if_idle = "#watch-again", True
        self.show_sounds(fx, shown)
        if self.ctl is not None:
            self.settle_sounds(fx)
        self.want_bot(fx)
        return fx

    def bot_tick(self, token: int, max_ms: float = BOT_SLICE_MS) -> Effects:
        """A timer fired: one short step of the bot's turn, each a step of the worker's
        host of its own, so that a person's click or a Cancel never waits long for one:
        first the bot looks at its view, then it thinks in slices of about max_ms, and
        once it has decided its move is played and drawn. ``bot_phase`` says which step
        this tick did."""
        self.bot_phase = ""
        if token != self.bot_token:
            return Effects(render=False)  # a timer of a game no longer shown
        self.bot_scheduled = False
        ctl = self.ctl
        if ctl is not None and self.show_waits():
            return self.show_tick()
        if ctl is None or not ctl.bot_to_move or self.paused:
            return Effects(render=False)
        if ctl.thinking is None:
            self.bot_phase = "start"
            with gc_paused():
                ctl.bot_start()
            return self.think_on()
        if not ctl.decided:
            self.bot_phase = "step"
            # Python's cyclic collector, set off by the bot's many short-lived objects
            # (all freed by reference counting), ran inside slices in Pyodide (one of
            # 47 ms seen) and made search decisions about a fifth slower there.
            with gc_paused():
                ctl.bot_step(max_ms)
            return self.think_on()
        self.bot_phase = "commit"
        ctl.bot_commit()
        fx = self.after_action(Effects())
        if fx.focus is None and not ctl.bot_to_move:
            fx.focus = focus.turn_start(ctl)
            fx.focus_if_idle = True
        return fx

    def think_on(self) -> Effects:
        self.bot_scheduled = True
        return Effects(render=False, bot_delay=0, bot_token=self.bot_token)

"""The page's tasks: one guard around every call into the App, and the scheduling of
the work that runs in tasks of its own (a bot's turn, the coach's thinking, a backup's
import, a replay's playback).

The guard: a call that raises shows the internal-error message (the App says truly
whether the game is saved) and draws the page; otherwise its Effects are applied. A
failing task never stops the next one: each runs in its own browser task.
"""

from __future__ import annotations

import gc
import traceback
from collections.abc import Callable
from typing import TYPE_CHECKING

from samarkand_web.browser.dom import Document, JsBridge, MessageChannel, Scheduling, Window
from samarkand_web.browser.timings import Timings
from samarkand_web.handlers import analysis, coach, replay, saves
from samarkand_web.state.effects import Effects

if TYPE_CHECKING:
    from samarkand_web.state.app import App

# Thinking slices are many (thousands a game): only the long ones are measured.
SLOW_SLICE_MS = 50

Apply = Callable[[Effects, "float | None"], None]


class Tasks:
    def __init__(self, app: App, doc: Document, win: Window, js: JsBridge, timings: Timings,
                 *, apply: Apply, paint: Callable[[], object],
                 suggestion_shown: Callable[[], None]) -> None:
        """`apply(fx, t0)`: the Effects of a call (t0: the click's time, or None).
        `suggestion_shown()`: after the coach's suggestion is drawn."""
        self.app, self.doc, self.win, self.js, self.timings = app, doc, win, js, timings
        self.apply, self.paint, self.suggestion_shown = apply, paint, suggestion_shown
        self.channel: MessageChannel | None = None
        self.queue: list[Callable[[], object]] = []
        self.scheduling: Scheduling | None = getattr(win.navigator, "scheduling", None)
        self.bot_turn: dict[str, float | str] = {"start": 0.0, "level": "", "phase": ""}
        self.coach_turn = {"start": 0.0, "slices": 0.0, "longest": 0.0}

    # ------------------------------------------------------------------ the guard

    def guard(self, call: Callable[[], Effects], t0: float | None = None,
              on_error: Callable[[], None] | None = None) -> Effects | None:
        """call() and apply its Effects; if it raises, say so (`on_error`, by default the
        App's internal error) and draw the page. Returns the Effects applied, or None."""
        try:
            fx = call()
        except Exception:
            traceback.print_exc()
            (on_error or self.app.internal_error)()
            self.paint()
            return None
        self.apply(fx, t0)
        return fx

    def run(self, action: str, value: str = "", form: dict[str, str] | None = None,
            t0: float | None = None) -> None:
        """A person's action: App.dispatch, guarded; t0 is the event's time."""
        self.hold_collector()
        start = self.timings.now()

        def call() -> Effects:
            fx = self.app.dispatch(action, value, form)
            self.timings.measure("dispatch", start)
            return fx

        self.guard(call, t0)

    def hold_collector(self) -> None:
        """Python's cyclic garbage collector waits until a person's move is on screen: a
        collection set off inside the click (every few moves; a few ms in CPython, many
        more in Pyodide on a slow phone) held up the click's frame. Nothing is lost: the
        page's objects are freed by reference counting, the collector finds the rest
        once the frame is drawn."""
        if gc.isenabled():
            gc.disable()
            self.later(gc.enable, after_frame=True)

    # ------------------------------------------------------------------ when tasks run

    def input_waiting(self) -> bool:
        """True when a click or key press waits to be handled (Chromium's isInputPending;
        elsewhere the browser's own task order is all there is)."""
        scheduling = self.scheduling
        if scheduling is None:
            return False
        try:
            return bool(scheduling.isInputPending())
        except Exception:  # a browser's own idea of navigator.scheduling
            return False

    def run_soon(self, _event: object = None) -> None:
        """The next queued task, unless input waits: then it runs in a later task, after
        the browser has handled the input (a bot never holds up a person's click)."""
        if not self.queue:
            return
        slices = self.timings.slices
        if self.input_waiting():
            slices.deferred += 1
            self.win.setTimeout(self.js.once(self.run_soon), 0)
            return
        slices.run += 1
        self.queue.pop(0)()

    def post_soon(self, callback: Callable[[], object]) -> None:
        """Run callback in a new task at once: a message to ourselves is not held back the
        4 ms that a chain of zero-delay timers is, and the browser still handles input and
        draws frames between such tasks."""
        if self.channel is None:
            self.channel = self.win.MessageChannel.new()
            self.channel.port1.onmessage = self.js.proxy(self.run_soon)
        self.queue.append(callback)
        self.channel.port2.postMessage(0)

    def later(self, fn: Callable[[], object], delay: float = 0, after_frame: bool = False
              ) -> None:
        """fn in a task of its own: after `delay` ms; at once (delay 0); or, right after
        a change was drawn (`after_frame`), only once the browser has shown it, so that a
        click's frame never waits for the work that follows it."""
        if delay == 0 and after_frame and not self.doc.hidden:
            self.win.requestAnimationFrame(self.js.once(lambda _ts: self.post_soon(fn)))
        elif delay == 0:
            self.post_soon(fn)
        else:
            self.win.setTimeout(self.js.once(fn), delay)

    def after_frame(self, fn: Callable[[], object]) -> None:
        """Run fn() in a task of its own once the next frame has been drawn (posted as
        the bots' steps are: no timer of its own is made for it, and it waits while input
        is pending)."""
        self.win.requestAnimationFrame(self.js.once(lambda _ts: self.post_soon(fn)))

    def on_frame(self, fn: Callable[[], object]) -> None:
        """Run fn() just before the next frame is drawn: where it reads the layout, the
        frame's own layout is reused rather than one forced inside an event's task."""
        self.win.requestAnimationFrame(self.js.once(lambda _ts: fn()))

    # ------------------------------------------------------------------ the ticks

    def bot_tick(self, token: int) -> None:
        """One step of a bot's turn (GameSession.bot_tick), measured for the benchmark."""
        start = self.timings.now()
        app = self.app

        def call() -> Effects:
            fx = app.game.bot_tick(token)
            if app.game.bot_phase == "start" and app.ctl is not None:
                self.bot_turn["start"] = start
                self.bot_turn["level"] = app.ctl.seats[app.ctl.deciding]
                self.bot_turn["phase"] = app.ctl.state.phase
            return fx

        phase = app.game.bot_phase if self.guard(call) is not None else ""
        if phase and (phase != "step" or self.timings.now() - start > SLOW_SLICE_MS):
            self.timings.measure("bot-" + phase, start)
        if phase == "commit":
            # wall time of the bot's turn as the page plays it (slices, the move drawn),
            # without the pause the speed setting adds before it
            turn = self.bot_turn
            self.timings.bot_decided(str(turn["level"]), str(turn["phase"]),
                                     self.timings.now() - float(turn["start"]))

    def coach_tick(self, token: int) -> None:
        """One slice of the coach's thinking (handlers/coach.py), measured."""
        start = self.timings.now()
        turn = self.coach_turn

        def call() -> Effects:
            fx = coach.coach_tick(self.app, token)
            if self.app.coach_phase == "start":
                turn.update(start=start, slices=0.0, longest=0.0)
            turn["slices"] += 1
            return fx

        if self.guard(call) is None:
            return
        phase = self.app.coach_phase
        took = self.timings.now() - start
        turn["longest"] = max(turn["longest"], took)
        if phase and (phase != "step" or took > SLOW_SLICE_MS):
            self.timings.measure("coach-" + phase, start)
        if phase == "done":
            self.suggestion_shown()
            self.timings.coach_done(turn["start"], self.timings.now() - turn["start"],
                                    int(turn["slices"]), turn["longest"])

    def import_tick(self, token: int) -> None:
        """One slice of a backup's import (handlers/saves.py), recorded."""
        start = self.timings.now()
        record = self.timings.backup_import

        def call() -> Effects:
            fx = saves.import_tick(self.app, token)
            record.slices += 1
            record.longest_ms = max(float(record.longest_ms), self.timings.now() - start)
            return fx

        fx = self.guard(call, on_error=lambda: self.app.message("error", "error.internal"))
        if fx is not None and fx.import_token is None and self.app.importing is None:
            record.ms = self.timings.now() - float(record.start)

    def analysis_tick(self, token: int) -> None:
        """One slice of a game's analysis (handlers/analysis.py), recorded."""
        start = self.timings.now()
        record = self.win.samarkandAnalysis

        def call() -> Effects:
            fx = analysis.analysis_tick(self.app, token)
            record.longest_think_ms = max(float(record.longest_think_ms),
                                          self.timings.now() - start)
            if self.app.analysis_phase == "start":
                record.start, record.slices, record.longest_ms, record.ms = start, 0, 0.0, 0.0
                record.longest_think_ms = self.timings.now() - start
            return fx

        if self.guard(call) is None:
            return
        record.slices += 1
        record.longest_ms = max(float(record.longest_ms), self.timings.now() - start)
        if self.app.analysis_phase == "done":
            record.ms = self.timings.now() - float(record.start)

    def replay_tick(self, token: int) -> None:
        """A replay's playback timer: the next move (handlers/replay.py decides)."""
        self.guard(lambda: replay.replay_tick(self.app, token))

    def schedule(self, fx: Effects, drawn: bool) -> None:
        """The tasks an Effects asks for (`drawn`: it changed the screen)."""
        if fx.bot_delay is not None:
            token = fx.bot_token
            self.later(lambda: self.bot_tick(token), fx.bot_delay, after_frame=drawn)
        if fx.coach_token is not None:
            coach = fx.coach_token
            self.later(lambda: self.coach_tick(coach), after_frame=drawn)
        if fx.import_token is not None:
            job = fx.import_token
            self.later(lambda: self.import_tick(job), after_frame=drawn)
        if fx.analysis_token is not None:
            work = fx.analysis_token
            self.later(lambda: self.analysis_tick(work), after_frame=drawn)
        if fx.replay_delay is not None:
            replay = fx.replay_token
            self.win.setTimeout(self.js.once(lambda: self.replay_tick(replay)),
                                fx.replay_delay)

"""The browser side's one guard and its task scheduling (samarkand_web/browser/tasks.py),
with a fake window: a call into the App that raises shows the internal-error message and
draws the page, and the next task still runs."""

from __future__ import annotations

import pytest
from samarkand_web.browser.tasks import Tasks
from samarkand_web.browser.timings import Timings
from samarkand_web.handlers import saves
from samarkand_web.state.app import App
from samarkand_web.state.effects import Effects

from tests.support.browser_fakes import FakeBridge, FakeDocument, FakeWindow
from tests.support.web_support import make_app


def make_tasks(app: App, win: FakeWindow | None = None) -> tuple[Tasks, FakeWindow, list]:
    win = win or FakeWindow()
    js = FakeBridge()
    done: list = []  # ("apply", fx, t0) and ("paint",) in the order they happened
    tasks = Tasks(app, FakeDocument(), win, js, Timings(win, js),
                  apply=lambda fx, t0: done.append(("apply", fx, t0)),
                  paint=lambda: done.append(("paint",)),
                  suggestion_shown=lambda: done.append(("suggestion",)))
    return tasks, win, done


def boom() -> Effects:
    raise RuntimeError("a bug")


def test_a_call_that_raises_shows_the_internal_error_and_draws_the_page() -> None:
    app = make_app()
    tasks, _win, done = make_tasks(app)
    assert tasks.guard(boom) is None
    assert [m.key for m in app.messages] == ["error.internal"]
    assert done == [("paint",)]  # drawn, no Effects applied


def test_a_call_that_succeeds_has_its_effects_applied_with_the_clicks_time() -> None:
    app = make_app()
    tasks, win, done = make_tasks(app)
    tasks.run("lang", "de", t0=12.5)
    assert app.lang == "de"
    assert len(done) == 1 and done[0][0] == "apply" and done[0][2] == 12.5
    assert "dispatch" in win.measures  # the benchmark's measure of the dispatch


def test_after_a_failing_task_the_next_task_still_runs() -> None:
    """Two bot steps queued as tasks of their own: the first raises, the second is run
    (its Effects applied) and the page has said that something failed."""
    app = make_app()
    app.boot("?players=Ann,bot:random&seed=4&first=1&speed=instant", "")
    tasks, win, done = make_tasks(app)
    real_tick = app.game.bot_tick
    calls = []

    def failing_once(token: int, max_ms: float = 12.0) -> Effects:
        calls.append(token)
        if len(calls) == 1:
            raise RuntimeError("a bug in the first step")
        return real_tick(token, max_ms)

    app.game.bot_tick = failing_once  # type: ignore[method-assign]
    tasks.later(lambda: tasks.bot_tick(app.game.bot_token))
    tasks.later(lambda: tasks.bot_tick(app.game.bot_token))
    win.run_messages()
    assert len(calls) == 2
    assert app.messages and app.messages[-1].key.startswith("error.internal")
    assert done[0] == ("paint",)
    assert done[1][0] == "apply"
    assert win.channel.port1.onmessage is not None  # one channel, made once


def test_import_errors_say_so_without_the_games_save_state(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A failing import slice: "error.internal" (the import is not the game)."""
    app = make_app()
    tasks, _win, done = make_tasks(app)
    monkeypatch.setattr(saves, "import_tick", lambda app, token, max_ms=None: boom())
    tasks.import_tick(1)
    assert [m.key for m in app.messages] == ["error.internal"]
    assert done == [("paint",)]


def test_a_task_waits_while_input_is_pending_and_runs_after_it() -> None:
    app = make_app()
    win = FakeWindow()
    pending = [True]
    win.navigator.scheduling = type("S", (), {"isInputPending": lambda self: pending[0]})()
    tasks, win, _done = make_tasks(app, win)
    ran = []
    tasks.post_soon(lambda: ran.append(1))
    win.run_messages()
    assert ran == [] and win.samarkandSlices.deferred == 1 and len(win.timers) == 1
    pending[0] = False
    win.run_timers()
    assert ran == [1] and win.samarkandSlices.run == 1


def test_work_after_a_drawn_change_waits_for_the_frame() -> None:
    """A bot's step right after a move was drawn starts only once the frame is shown;
    with a delay it waits for a timer; otherwise it is posted at once."""
    app = make_app()
    tasks, win, _done = make_tasks(app)
    ran: list[str] = []
    tasks.later(lambda: ran.append("framed"), after_frame=True)
    tasks.later(lambda: ran.append("timer"), delay=750)
    tasks.later(lambda: ran.append("now"))
    win.run_messages()
    assert ran == ["now"]
    win.run_frames()
    win.run_messages()
    assert ran == ["now", "framed"]
    assert [ms for _cb, ms in win.timers] == [750]


def test_the_garbage_collector_waits_until_a_persons_move_is_on_screen() -> None:
    """Python's cyclic collector is off while a person's click or key is handled and
    drawn, and on again in the task after the frame that shows it; a collector the page
    had turned off stays off."""
    import gc

    app = make_app()
    app.boot("?players=Ann,Bob&seed=3&first=1", "")
    tasks, win, _done = make_tasks(app)
    assert gc.isenabled()
    try:
        tasks.run("lang", "de", t0=1.0)
        assert not gc.isenabled()
        tasks.run("lang", "en", t0=2.0)  # a second click before the frame
        assert not gc.isenabled()
        win.run_frames()
        assert not gc.isenabled()  # the frame is drawn: the collector's task comes next
        win.run_messages()
        assert gc.isenabled()
        gc.disable()
        tasks.run("lang", "de", t0=3.0)
        win.run_frames()
        win.run_messages()
        assert not gc.isenabled()
    finally:
        gc.enable()

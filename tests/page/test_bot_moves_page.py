"""Bot moves a person can follow: each move of a bot's turn marked on the board where it
happens (a camel at its space, the goods marker it took, a marriage at the domain, a
sale at the card's space), one mark a step at the bot speed, with its caption; and
"Watch again", which shows the moves since the person's last turn the same way without
changing the game (state/botmoves.py, samarkand_core/draw/moves.py)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from samarkand_web.state.app import App
from samarkand_web.state.botmoves import PACE_MS, BoardMark, frames, pace_ms
from samarkand_web.state.effects import Effects
from samarkand_web.state.session import SPEED_DELAY
from samarkand_web.view.render import render

from samarkand_core import Discard, GameState, Marry, Place, apply_action, encode_save
from samarkand_core.events import CamelPlaced, MarkerTaken, Married, Sold
from tests.support.web_support import BUTTONS, make_app

PLAYERS = "?players=Ann,bot:random,bot:heuristic&first=2"

Where = tuple[str, int, int]  # (kind, space, family)


def where(frame: tuple[BoardMark, ...]) -> tuple[Where, ...]:
    return tuple((m.kind, m.space, m.family) for m in frame)


def expected_marks(before: GameState, after: GameState) -> list[Where]:
    """What the engine's events of the actions from `before` to `after` (a bot's move:
    its camel, and a bot holder's sale or keep with it) put on the board, read from the
    events themselves (not from the log): a camel at its space, a goods marker and a
    sale at the space of their good, a marriage at its family's domain. Who was asked to
    sell and a keep are secret (docs/rules.md, Goods): they are no mark."""
    out: list[Where] = []
    s = before
    for action in after.actions[len(before.actions):]:
        s = apply_action(s, action)
        out += _marks_of_events(s)
    return out


def _marks_of_events(state: GameState) -> list[Where]:
    board = state.board
    out: list[Where] = []
    for e in state.events:
        if isinstance(e, CamelPlaced):
            out.append(("camel", e.space, -1))
        elif isinstance(e, MarkerTaken):
            out.append(("marker", board.good_space[e.good], -1))
        elif isinstance(e, Sold):
            out.append(("sell", board.good_space[e.good], -1))
        elif isinstance(e, Married):
            out.append(("marry", -1, e.family))
    return out


@dataclass
class Run:
    frames: list[tuple[Where, ...]]  # the board's marks after each drawn tick
    delays: list[tuple[str, int]]  # (what the tick did, the pause before it)
    expected: list[Where]  # the bots' actions' marks, from the engine's events


def run_bots(app: App, fx: Effects) -> tuple[Run, Effects]:
    """Run the page's timer as main.py does until the person decides; record what the
    board's marks were after each tick that drew the page."""
    ctl = app.ctl
    assert ctl is not None
    run = Run([], [], [])
    for _ in range(20_000):
        if fx.bot_delay is None:
            return run, fx
        delay = fx.bot_delay
        before = ctl.state
        fx = app.game.bot_tick(fx.bot_token, max_ms=1e9)
        run.delays.append((app.game.bot_phase, delay))
        if app.game.bot_phase == "commit":
            run.expected += expected_marks(before, ctl.state)
        if fx.render and app.game.bot_phase in ("commit", "show"):
            run.frames.append(where(app.game.show.frame()))
    raise AssertionError("the bots did not stop")


def person_moves(app: App) -> Effects:
    """The person makes their whole turn with their first legal choices, by clicks."""
    ctl = app.ctl
    assert ctl is not None
    fx = Effects()
    turn = ctl.state.turn
    for _ in range(20):
        if ctl.state.turn != turn or ctl.is_over or not ctl.human_turn():
            break
        if ctl.pending_marriage is not None:
            fx = app.dispatch("confirm-marriage")
        elif ctl.held is not None:
            fx = app.dispatch("end-turn")
        else:
            a = ctl.legal()[0]
            if isinstance(a, Marry):
                fx = app.dispatch("family", a.family)
            elif isinstance(a, Place):
                if ctl.state.phase == "main":
                    app.dispatch("expand", a.family)
                fx = app.dispatch("space", str(a.space))
            elif isinstance(a, Discard):
                for card in a.cards:
                    app.dispatch("card", str(card))
                fx = app.dispatch("discard")
            else:
                fx = app.dispatch(BUTTONS[type(a)])
    return fx


def new_frames(run: Run) -> list[tuple[Where, ...]]:
    """The frames of a run as a show goes through them: one per mark (the frame drawn
    after a tick that revealed nothing new is the same picture again)."""
    out: list[tuple[Where, ...]] = []
    for f in run.frames:
        if f and (not out or f != out[-1]):
            out.append(f)
    return out


def test_each_bot_action_is_marked_on_the_board_from_its_events() -> None:
    """A bot's turn: one mark per camel, goods marker, marriage and sale of its actions,
    at the place the engine's events name, one mark a step (the board's frame grows by
    one mark each time, and a new turn starts a clean board)."""
    app = make_app()
    fx = app.boot(PLAYERS + "&seed=11&speed=normal", "")
    seen: list[Where] = []
    expected: list[Where] = []
    ctl = app.ctl
    assert ctl is not None
    kinds: set[str] = set()
    while not ctl.is_over and kinds != {"camel", "marry", "marker", "sell"}:
        run, fx = run_bots(app, fx)
        expected += run.expected
        shown = new_frames(run)
        for before, f in zip([(), *shown], shown, strict=False):
            assert f[:-1] == before or len(f) == 1  # one more mark, or a new turn's first
            seen.append(f[-1])
        fx = person_moves(app)
        kinds = {k for k, _, _ in seen}
    assert seen == expected
    assert kinds == {"camel", "marry", "marker", "sell"}, kinds


def test_the_board_draws_each_mark_with_its_caption() -> None:
    """Each mark on the board carries data-bot-action (its kind) and its caption, the
    log's sentence, short, with the bot's name; a mark drawn is in the board's layer."""
    app = make_app()
    fx = app.boot(PLAYERS + "&seed=11&speed=normal", "")
    run, fx = run_bots(app, fx)
    frame = app.game.show.frame()
    assert frame
    board = render(app).regions["board"]
    drawn = re.findall(r'data-bot-action="([a-z]+)"', board)
    assert drawn == [m.kind for m in frame]
    assert 'data-layer="moves"' in board
    name = "Bot 3 (Medium)"
    assert all(m.line.params.get("player", m.line.params.get("holder")) == 2 for m in frame)
    assert board.count(name) >= len(frame)


def test_marks_are_paced_by_the_bot_speed() -> None:
    """Each mark after the first of a move waits the speed's pause (PACE_MS), and the
    bot's next move its own pause after the last mark; "instant" shows a move's marks at
    once and waits for nothing."""
    for speed in ("slow", "normal", "fast"):
        app = make_app()
        fx = app.boot(PLAYERS + f"&seed=11&speed={speed}", "")
        delays: list[tuple[str, int]] = []
        while "show" not in {p for p, _ in delays}:  # until a move with two marks or more
            run, fx = run_bots(app, fx)
            delays += run.delays
            fx = person_moves(app)
        assert {d for p, d in delays if p == "show"} == {PACE_MS[speed]}
        assert {d for p, d in delays if p == "start"} == {SPEED_DELAY[speed]}
    app = make_app()
    fx = app.boot(PLAYERS + "&seed=11&speed=instant", "")
    run, fx = run_bots(app, fx)
    assert {d for _, d in run.delays} == {0} and "show" not in {p for p, _ in run.delays}
    assert app.game.show.marks and not app.game.show.pending  # all of them shown with their move


def test_watch_again_shows_the_same_marks_and_leaves_the_game_as_it_was() -> None:
    """"Watch again" after the bots' turns: the board goes through the same frames as it
    did live (same marks, same order, same pace), then back to the live marks; the game,
    its log and its save are untouched."""
    app = make_app()
    fx = app.boot(PLAYERS + "&seed=11&speed=normal", "")
    run, fx = run_bots(app, fx)
    fx = person_moves(app)
    run, fx = run_bots(app, fx)  # the two bots' turns since Ann's last
    live = new_frames(run)
    assert len(live) >= 2
    ctl = app.ctl
    assert ctl is not None
    state, log, turns, commits = ctl.state, list(ctl.log), list(ctl.turns), ctl.commits
    code = encode_save(ctl.committed)
    live_frame = app.game.show.frame()
    assert 'id="watch-again"' in render(app).regions["actions"]
    fx = app.dispatch("watch-again")
    assert fx.focus == "#watch-stop"
    watched = [where(app.game.show.frame())]
    delays = []
    while fx.bot_delay is not None:
        delays.append(fx.bot_delay)
        fx = app.game.bot_tick(fx.bot_token)
        if app.game.show.watching:
            watched.append(where(app.game.show.frame()))
            assert 'id="watch-stop"' in render(app).regions["actions"]
    assert watched == live
    assert set(delays) == {pace_ms("normal", True)}
    assert ctl.state is state and ctl.log == log and ctl.turns == turns
    assert ctl.commits == commits and encode_save(ctl.committed) == code
    assert not app.game.show.watching and app.game.show.frame() == live_frame
    assert fx.focus == "#watch-again"


def test_watch_again_can_be_stopped_and_a_move_stops_it() -> None:
    app = make_app()
    fx = app.boot(PLAYERS + "&seed=11&speed=normal", "")
    run, fx = run_bots(app, fx)
    live_frame = app.game.show.frame()
    fx = app.dispatch("watch-again")
    assert app.game.show.watching and fx.bot_delay is not None
    fx = app.dispatch("watch-stop")
    assert not app.game.show.watching and app.game.show.frame() == live_frame
    assert fx.focus == "#watch-again"
    app.dispatch("watch-again")
    person_moves(app)  # Ann plays: the watch ends, her own move clears the bots' marks
    assert not app.game.show.watching and app.game.show.frame() == ()


def test_watch_again_yields_the_frames_of_the_marks() -> None:
    """The frames of a show: the marks so far of the latest mark's turn."""
    app = make_app()
    fx = app.boot(PLAYERS + "&seed=11&speed=normal", "")
    run_bots(app, fx)
    fx = app.dispatch("watch-again")
    marks = list(app.game.show.marks)
    expected = frames(marks)
    got = [app.game.show.frame()]
    while fx.bot_delay is not None and app.game.show.watching:
        fx = app.game.bot_tick(fx.bot_token)
        if app.game.show.watching:
            got.append(app.game.show.frame())
    assert got == expected
    assert all(len({m.turn for m in f}) == 1 for f in got)

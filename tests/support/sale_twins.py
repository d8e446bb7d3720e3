"""Twin positions for the secret of a kept goods card (docs/rules.md, Goods): the same
public game, the card of a goods marker about to be taken in a different place (in the
draw pile, or in the hand of a chosen player), and the page driven alike in each, so
that what the table sees can be compared case by case.

The twins are edited copies of a position from real random play: one card of the hand
of the chosen player and the goods card change places, so every public count (hand
sizes, the draw pile's size) stays the same. The headless tests, the leak count
(`python tests/page/sale_leak.py`) and the e2e tests use them.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from samarkand_web.state.app import App
from samarkand_web.state.controller import Controller
from samarkand_web.state.effects import Effects
from samarkand_web.view.render import render

from samarkand_core import (
    GameState,
    Place,
    SaleTiming,
    apply_action,
    legal_actions,
    new_game,
)
from samarkand_core.rng import Rng
from samarkand_core.state import MAIN, SECOND
from tests.support.web_support import make_app

NAMES = ("Ann", "Bob", "Cem", "Dee", "Eve")


def goods_places(state: GameState) -> list[Place]:
    """The legal camels now that would take a goods marker whose card is not sold."""
    board = state.board
    out = []
    for a in legal_actions(state):
        if not isinstance(a, Place) or state.occ[a.space]:
            continue
        good = board.good_at[a.space]
        if good and state.marker_owner[good] < 0 and not any(good in s for s in state.sold):
            out.append(a)
    return out


def good_of(state: GameState, place: Place) -> int:
    good: int = state.board.good_at[place.space]
    return good


def twin(state: GameState, good: int, holder: int | None) -> GameState:
    """`state` with the card `good` in the draw pile (holder None; where it already lies
    in the discard pile it stays there) or in `holder`'s hand; the card it changes
    places with takes its old place. Only hidden cards move."""
    s = state.copy()
    hands = [list(h) for h in s.hands]
    deck = list(s.deck)
    discard = list(s.discard)
    for hand in hands:
        if good in hand:  # first into the draw pile (or the discard pile if that is empty)
            pile = deck if deck else discard
            x = pile[0]
            pile[0] = good
            hand[hand.index(good)] = x
    if holder is not None:
        y = hands[holder][0]
        pile = deck if good in deck else discard
        pile[pile.index(good)] = y
        hands[holder][0] = good
    s.hands = [tuple(sorted(h)) for h in hands]
    s.deck = tuple(deck)
    s.discard = tuple(discard)
    return s


def open_app(state: GameState, seats: tuple[str, ...], lang: str = "en") -> App:
    """The page showing `state` (saved as a new game), the seats as given."""
    app = make_app(lang=lang, seed=1)
    app.open_game(None, state, seats)
    return app


def table(app: App) -> dict[str, object]:
    """Everything the page shows the table now: every region drawn (with the dialog),
    which are shown, the log's lines, the messages, the title. Once the game is over,
    only that: the scores then show every hand, as at the table."""
    if app.ctl is not None and app.ctl.is_over:
        return {"over": True}
    page = render(app)
    out: dict[str, object] = {k: v for k, v in page.regions.items()}
    out["show"] = dict(page.show)
    out["log_items"] = list(page.log_items)
    out["title"] = page.title
    return out


def fx_dict(fx: Effects) -> dict[str, object]:
    return {k: getattr(fx, k) for k in fx.__slots__}


@dataclass
class Trace:
    """What one twin showed, step by step: (what was done, its Effects, the table)."""

    steps: list[tuple[str, dict[str, object], dict[str, object]]]
    sold: bool  # the card was sold in the end


def click_place(app: App, place: Place) -> Effects:
    """The person at the device takes it (the curtain) and places the camel."""
    ctl = app.ctl
    assert ctl is not None
    if ctl.needs_curtain:
        app.dispatch("reveal")
    f = ctl.state.board.family_index[place.family]
    if ctl.state.phase == MAIN and ctl.selected_family != f:
        app.dispatch("expand", place.family)
    return app.dispatch("space", str(place.space))


Steps = list[tuple[str, dict[str, object], dict[str, object]]]


def drive_bots(app: App, fx: Effects, steps: Steps, turn: int) -> Effects:
    """Run the bots' ticks as the page would, while turn `turn` lasts, until a person is
    asked (or a sale window waits): each paced tick (bot_delay > 0, its pause before a
    bot's step) and each drawn one is recorded. The next turn is another player's, who
    plays from their own hand: where the card is may rightly change it."""
    ctl = app.ctl
    assert ctl is not None
    for _ in range(10_000):
        if fx.bot_delay is None or ctl.state.turn != turn:
            return fx
        delay = fx.bot_delay
        fx = app.game.bot_tick(fx.bot_token, max_ms=1e9)
        if delay or fx.render:
            steps.append((f"tick:{app.game.bot_phase}:{delay}", fx_dict(fx), table(app)))
    raise AssertionError("the bots did not stop")


def paced(trace: Trace) -> list[str]:
    """The paced bot steps of a trace (a pause before each), with their pauses in ms."""
    return [name for name, _, _ in trace.steps if name.startswith("tick:")
            and not name.endswith(":0")]


def placed_twin(state: GameState, place: Place, seats: tuple[str, ...], holder: int | None
                ) -> tuple[App, Controller, int, Effects, Steps]:
    """The twin of `state` where `holder` holds the card of the marker `place` takes, opened
    with the camel placed: (its App and Controller, the good, the place's Effects, the
    steps so far)."""
    good = good_of(state, place)
    app = open_app(twin(state, good, holder), seats)
    ctl = app.ctl
    assert ctl is not None
    fx = click_place(app, place)
    return app, ctl, good, fx, [("place", fx_dict(fx), table(app))]


def hotseat_trace(state: GameState, place: Place, seats: tuple[str, ...],
                  holder: int | None, after: str = "sale-pass") -> Trace:
    """Hotseat: the camel is placed, the bots (if any) go on, and the sale window is
    answered with `after` ("sale-pass", or "sale-claim:<seat>"); then the next screen."""
    app, ctl, good, fx, steps = placed_twin(state, place, seats, holder)
    turn = state.turn
    fx = drive_bots(app, fx, steps, turn)
    if ctl.window is not None:
        if after == "sale-pass":
            fx = app.dispatch("sale-pass")
        else:
            app.dispatch("sale-ask", "1")
            steps.append(("sale-ask", {}, table(app)))
            fx = app.dispatch("sale-claim", after.split(":")[1])
        steps.append((after, fx_dict(fx), table(app)))
        drive_bots(app, fx, steps, turn)
    sold = any(good in s for s in ctl.state.sold)
    return Trace(steps, sold)


def solo_trace(state: GameState, place: Place, seats: tuple[str, ...],
               holder: int | None) -> Trace:
    """One person with bots: the person's camel takes the marker; then the bots' ticks
    until the person is asked again."""
    app, ctl, good, fx, steps = placed_twin(state, place, seats, holder)
    turn = state.turn
    if ctl.held is not None:
        fx = app.dispatch("end-turn")
        steps.append(("end-turn", fx_dict(fx), table(app)))
    drive_bots(app, fx, steps, turn)
    return Trace(steps, any(good in s for s in ctl.state.sold))


def bot_turn_trace(state: GameState, seats: tuple[str, ...], good: int,
                   holder: int | None) -> Trace:
    """A bot's turn from `state` (the bot to move), the card `good` where `holder` says:
    its ticks as the page runs them, until the turn ends (and a window, in hotseat, is
    answered "No sale")."""
    app = open_app(twin(state, good, holder), seats)
    ctl = app.ctl
    assert ctl is not None
    steps: Steps = []
    fx = app.game.after_open(Effects())  # as the page opens it: the first bot step is asked
    steps.append(("open", fx_dict(fx), table(app)))
    fx = drive_bots(app, fx, steps, state.turn)
    if ctl.window is not None:
        fx = app.dispatch("sale-pass")
        steps.append(("sale-pass", fx_dict(fx), table(app)))
        drive_bots(app, fx, steps, state.turn)
    return Trace(steps, any(good in s for s in ctl.state.sold))


def positions(players: int, seats: tuple[str, ...], seed0: int = 1, games: int = 50,
              person: int | None = None, sale_timing: SaleTiming = SaleTiming.AT_ONCE
              ) -> Iterator[tuple[GameState, Place]]:
    """Positions of random games (seeds seed0, seed0+1, ...) where the player whose turn
    it is (a person, or `person` if given) can place a camel that takes a goods marker
    whose card is not sold, and the page opened there waits for no sale window; the games
    played with `sale_timing`."""
    for seed in range(seed0, seed0 + games):
        s = new_game(list(NAMES[:players]), seed, sale_timing=sale_timing)
        rng = Rng(seed * 7919)
        while not s.is_over:
            p = s.turn_player
            if (s.phase in (MAIN, SECOND) and s.current_player == p
                    and (seats[p] == "human" if person is None else p == person)
                    and not any(e.kind in ("goods_marker", "keep") for e in s.events)):
                places = goods_places(s)
                if places and all(len(h) for h in s.hands) and (s.deck or s.discard):
                    yield s, places[rng.below(len(places))]
            legal = legal_actions(s)
            s = apply_action(s, legal[rng.below(len(legal))])


def bot_takes(state: GameState, seats: tuple[str, ...]) -> int | None:
    """The good whose marker the bot to move takes in its turn from `state`, if any."""
    app = open_app(state, seats)
    ctl = app.ctl
    assert ctl is not None
    start = len(ctl.log)
    drive_bots(app, app.game.after_open(Effects()), [], state.turn)
    return next((int(ln.params["good"]) for ln in ctl.log[start:]
                 if ln.key == "log.goods_marker"), None)

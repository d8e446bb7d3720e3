"""docs/rules.md, Goods: only a sale is public; the table never learns who kept a card.

When a camel takes a goods marker, everyone else sees the same screens, messages and
timing whether a person keeps the card, a bot keeps it, or nobody holds it (draw pile).
Twin positions (tests/support/sale_twins.py: the same public game, the card elsewhere) are
driven alike through the App, and every Effects and every drawn page (regions, dialog,
log, title) is compared, in hotseat and against bots, up to the point where the game
goes on with the next player's own decision (their hand may rightly differ).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator

from samarkand_web.state.controller import HUMAN
from samarkand_web.view.render import render

from samarkand_core import GameState, Place
from tests.support.sale_twins import (
    Trace,
    bot_takes,
    bot_turn_trace,
    click_place,
    hotseat_trace,
    open_app,
    paced,
    positions,
    solo_trace,
    twin,
)

HOT2 = (HUMAN, HUMAN)


def first(it: Iterator[tuple[GameState, Place]], n: int) -> list[tuple[GameState, Place]]:
    return list(itertools.islice(it, n))


def spread(players: int, seats: tuple[str, ...], games: range, per_game: int,
           person: int | None = None) -> list[tuple[GameState, Place]]:
    """A few positions from each of several games (a bot's first decision in a game
    depends on the game's seed: several seeds give it both ways)."""
    return [pp for seed in games for pp in first(
        positions(players, seats, seed0=seed, games=1, person=person), per_game)]


def window_of(trace: Trace) -> str:
    """The dialog drawn right after the camel took the marker."""
    return str(trace.steps[0][2]["overlay"])


def test_hotseat_a_kept_card_and_no_holder_look_the_same() -> None:
    """docs/rules.md, Goods, hotseat (two people): the other player keeps the card (a),
    nobody holds it (c), the mover holds it: the same sale window, the same status, log
    and Effects, and after "No sale" the same next screen. A sale (b) is public."""
    found = 0
    for state, place in first(positions(2, HOT2, seed0=1, games=5), 12):
        mover = state.turn_player
        kept = hotseat_trace(state, place, HOT2, 1 - mover)  # (a)
        nobody = hotseat_trace(state, place, HOT2, None)  # (c)
        own = hotseat_trace(state, place, HOT2, mover)
        assert kept.steps == nobody.steps == own.steps
        window = window_of(nobody)
        assert "sale-window" in window and "a goods marker was taken" in window
        assert "No sale, play on" in window and "I hold it: sell" in window
        assert "Whoever holds" not in str(nobody.steps[0][2]["status"]).replace(
            "Whoever holds this card may sell it now", "")
        sold = hotseat_trace(state, place, HOT2, 1 - mover,  # (b)
                             after=f"sale-claim:{1 - mover}")
        assert sold.sold and sold.steps[0] == nobody.steps[0]  # the same window first
        log = str(sold.steps[-1][2].get("log", ""))
        assert "sells the" in log or sold.steps[-1][2] == {"over": True}
        found += 1
    assert found == 12


def test_hotseat_a_false_claim_is_refused_by_name_and_the_window_stays() -> None:
    """docs/rules.md, Goods: "I hold it: sell" by a person who does not hold the card says
    only that ("Bob does not hold this card"), the same whether someone else holds it or
    nobody does, and the window is there again."""
    state, place = first(positions(2, HOT2, seed0=3, games=3), 1)[0]
    mover = state.turn_player
    pages = []
    for holder in (mover, None):
        app = open_app(twin(state, state.board.good_at[place.space], holder), HOT2)
        click_place(app, place)
        app.dispatch("sale-ask", "1")
        asked = render(app).regions["overlay"]
        assert 'data-action="sale-claim"' in asked and "Ann sells it" in asked
        fx = app.dispatch("sale-claim", str(1 - mover))
        page = render(app)
        name = state.names[1 - mover]
        assert f"{name}</strong> does not hold this card." in page.regions["overlay"]
        assert 'id="sale-pass"' in page.regions["overlay"]
        pages.append((page.regions, fx))
    assert pages[0] == pages[1]


def test_hotseat_with_bots_a_bot_keep_looks_like_no_holder() -> None:
    """docs/rules.md, Goods, hotseat with a bot (Ann, Bob, a bot): a person keeps the card,
    the bot keeps it, or nobody holds it: the same window and the same screens. A bot
    that sells is public: no window, the sale in the log."""
    seats = (HUMAN, HUMAN, "random")
    kept_by_bot = sold_by_bot = 0
    for state, place in spread(3, seats, range(1, 13), 2):
        other = next(p for p in (0, 1) if p != state.turn_player)
        nobody = hotseat_trace(state, place, seats, None)
        person = hotseat_trace(state, place, seats, other)
        bot = hotseat_trace(state, place, seats, 2)
        assert person.steps == nobody.steps
        if bot.sold:
            sold_by_bot += 1
            assert "sale-window" not in window_of(bot)
            assert "sells the" in str(bot.steps[0][2]["log"])
        else:
            kept_by_bot += 1
            assert bot.steps == nobody.steps
    assert kept_by_bot and sold_by_bot


def test_against_a_bot_a_bot_keep_looks_like_no_holder() -> None:
    """docs/rules.md, Goods, one person against a bot: the person's camel takes a marker
    whose card the bot holds and keeps, or nobody holds: no status line, no pause, no
    step, the same page and Effects. The person is asked only for a card they hold."""
    seats = (HUMAN, "heuristic")
    compared = 0
    for state, place in spread(2, seats, range(1, 9), 3, person=0):
        nobody = solo_trace(state, place, seats, None)
        bot = solo_trace(state, place, seats, 1)
        assert "sale" not in window_of(nobody)
        if bot.sold:
            assert "sells the" in str(bot.steps[0][2]["log"])
            continue
        assert bot.steps == nobody.steps
        assert paced(bot) == paced(nobody)
        compared += 1
        own = solo_trace(state, place, seats, 0)  # her own card: she alone is asked
        actions = str(own.steps[0][2]["actions"])
        assert 'data-action="sell"' in actions and 'data-action="keep"' in actions
    assert compared


def _bot_turns(seats: tuple[str, ...], holder: int, n: int) -> list[tuple[Trace, Trace]]:
    """Twins of bots' turns in which the bot to move takes a goods marker: nobody holds
    its card, or `holder` does (and kept it), as the page runs the ticks."""
    mover = next(p for p, k in enumerate(seats) if k != HUMAN and p != holder)
    out = []
    for state, _ in positions(len(seats), seats, seed0=1, games=20, person=mover):
        good = bot_takes(state, seats)
        if good is None or good in state.hands[mover]:
            continue  # (the mover's own hand must stay as it is)
        nobody = bot_turn_trace(state, seats, good, None)
        kept = bot_turn_trace(state, seats, good, holder)
        if kept.sold:
            continue
        out.append((nobody, kept))
        if len(out) == n:
            break
    assert len(out) == n
    return out


def test_a_bots_turn_is_paced_alike_when_a_bot_keeps_or_nobody_holds() -> None:
    """docs/rules.md, Goods: a bot's camel takes a marker whose card another bot keeps, or
    nobody holds: the same number of paced bot steps with the same pauses, and the same
    pages, against bots (one person) and in hotseat (then with the same sale window)."""
    for seats in ((HUMAN, "random", "random"), (HUMAN, HUMAN, "random", "random")):
        holder = len(seats) - 1
        for nobody, kept in _bot_turns(seats, holder, 3):
            assert paced(nobody) and paced(kept) == paced(nobody)
            assert kept.steps == nobody.steps
            up = ["sale-window" in str(step[2].get("overlay", "")) for step in nobody.steps]
            # the window opens once (it stays up while the move's marks are shown)
            before = [False, *up[:-1]]
            windows = sum(now and not b for b, now in zip(before, up, strict=True))
            assert windows == (1 if seats.count(HUMAN) > 1 else 0)


def test_hotseat_window_for_a_bots_marker_whose_card_a_person_keeps() -> None:
    """docs/rules.md, Goods, hotseat: a bot's camel takes a marker whose card a person
    holds: the same window as when nobody holds it, and "No sale" keeps it."""
    seats = (HUMAN, HUMAN, "random", "random")
    for nobody, kept in _bot_turns(seats, 1, 2):
        assert kept.steps == nobody.steps

"""Play by link with the sale at the holder's turn (docs/rules.md, Selling by link): one
link a turn, and still nothing learnt about who holds a card.

A game by link started now takes no sale round: the mover plays on after a goods marker
is taken, and each person's device, when their turn begins, shows the same question for
every marker taken since their last turn began, whoever holds the card (Sell or Keep on
the holder's, "Go on" on every other). The twins (tests/support/sale_twins.py: the same public
game, the card with another person, the mover, a bot or nobody) are played on from the
marker through the page's own handlers, one App a device, until the game has gone once
round every person, and the links (recipients, text), the sounds and the screens are
compared (the courier and the log's rebuilding: tests/support/twin_devices.py).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

import pytest
from samarkand_web.state.app import App
from samarkand_web.state.controller import HUMAN
from samarkand_web.state.remote import RemoteController

from samarkand_core import GameState, Place, SaleTiming, encode_save, legal_actions
from samarkand_core.state import SELL
from tests.support.app_play import click_legal
from tests.support.bylink_play import answer_round, play_by_link, saves_of
from tests.support.sale_twins import click_place, good_of, open_app, positions, twin
from tests.support.twin_devices import Trip, offered, open_here, same_link_fields, twin_replay
from tests.support.web_support import quiet

BY_LINK = SaleTiming.AT_HOLDERS_TURN
SEATS = {2: (HUMAN, HUMAN), 5: (HUMAN, HUMAN, HUMAN, HUMAN, "random")}


@dataclass
class Journey(Trip):
    """What one twin showed from the marker until the game came back to the mover (or
    ended): a Trip, with the engine's own questions seen and the first bot's turn."""

    # the places the holder's turn (SELL in the engine) showed the same
    checked_sell: int = 0
    # where the bot's first turn began (screens, links, sounds so far): a bot that holds
    # the card decides then, and its moves after that follow its own random draws, one
    # of which the decision took (its private state, as a person's hand is)
    bot_at: tuple[int, int, int] | None = None


def answer_all(app: App, seat: int, good: int, out: Journey) -> None:
    """Every question this device shows now: the holder keeps, anyone else goes on; the
    buttons offered for `good` noted."""
    for _ in range(40):
        ctl = app.ctl
        assert isinstance(ctl, RemoteController)
        if ctl.window is None or not ctl.round_asked():
            return
        asked = ctl.window.good
        if asked == good:
            out.answers[seat] = offered(app)
        if ctl.window.real.phase == SELL:
            out.checked_sell += 1
        assert answer_round(app, 0)
        out.see(app, seat, f"answered {asked}")
    raise AssertionError("the questions never ended")


def play_turn(app: App, seat: int, out: Journey, k: int) -> None:
    """This device plays on (its person by the k-th legal click each time, bots as the
    page's timer would, the first bot's turn marked) until a person elsewhere decides or
    the game is over."""
    for i in range(400):
        ctl = app.ctl
        assert isinstance(ctl, RemoteController)
        if ctl.is_over or ctl.waiting_for is not None:
            return
        if ctl.bot_to_move:
            if out.bot_at is None:
                out.see(app, seat, "bots")
                out.bot_at = (len(out.screens), len(out.links), len(out.sounds))
            app.game.bot_tick(app.game.bot_token, max_ms=1e9)
            continue
        assert not ctl.round_asked(), "a question inside a turn"
        click_legal(app, k + i)
    raise AssertionError("the turn never ended")


def journey(state: GameState, place: Place, holder: int | None,
            seats: tuple[str, ...]) -> Journey:
    """The twin where `holder` holds the card of the marker `place` takes (None: the
    draw pile): the mover answers its own questions, places the camel and plays on; the
    link goes on from device to device (each answering its questions, then playing its
    turn) until the mover's device has the game again and has answered its questions."""
    good = good_of(state, place)
    base = twin(state, good, holder)
    with twin_replay(base):
        mover = state.turn_player
        app = open_here(base, seats, mover)
        out = Journey()
        out.hear(app, mover)
        out.see(app, mover, "opened")
        answer_all(app, mover, -1, out)  # (earlier markers' questions, the same in all)
        click_place(app, place)
        out.see(app, mover, "placed")
        ctl = app.ctl
        for n, here, seat, ctl in out.by_link(app, mover):
            if n:
                answer_all(here, seat, good, out)
                if seat == mover or ctl.is_over:
                    break
            play_turn(here, seat, out, 3 * n)
            out.see(here, seat, "played")
        assert ctl is not None  # (the last device's)
        out.sold = any(good in s for s in ctl.committed.sold)
        return out


def cut(r: Journey) -> Journey:
    """The journey up to the first bot's turn (Journey.bot_at)."""
    assert r.bot_at is not None
    screens, links, sounds = r.bot_at
    return dataclasses.replace(r, links=r.links[:links], urls=r.urls[:links],
                               screens=r.screens[:screens], sounds=r.sounds[:sounds])


def twin_positions(n: int, count: int) -> list[tuple[GameState, Place]]:
    """Positions of games by link where a person's camel can take a goods marker (and,
    with a bot, the bot given the card keeps it: a bot's sale is public and rightly
    shows)."""
    seats = SEATS[n]
    out = []
    for state, place in positions(n, seats, seed0=1, games=40, sale_timing=BY_LINK):
        if state.phase == SELL or state.placed:
            continue  # (a turn's start only: its questions answered first, as in play)
        bot = next((p for p, s in enumerate(seats) if s != HUMAN), None)
        if bot is not None and journey(state, place, bot, seats).sold:
            continue
        out.append((state, place))
        if len(out) == count:
            return out
    raise AssertionError("too few positions")


@pytest.mark.parametrize("n", [2, 5])
def test_the_game_by_link_goes_round_the_same_wherever_the_card_is(n: int) -> None:
    """docs/rules.md, Selling by link (still nobody learns who kept a card): for positions
    of n players (5: four people and a bot), the card with each other person, the mover,
    the bot or nobody, played on from the marker until the game is back with the mover:
    the same links, to the same people, in the same order, of the same length and plain
    fields (so the same number of links every device sees); the same
    sounds; the same public regions on every device, the holder's included, and every
    region the same on every device but the holder's; each device asked about the card as
    its person's turn begins, the holder offered Sell or Keep and everyone else "Go on";
    no question inside a turn, and no link asks a sale round's question."""
    seats = SEATS[n]
    people = [p for p in range(n) if seats[p] == HUMAN]
    bots = [p for p in range(n) if seats[p] != HUMAN]
    sells = same = 0
    for state, place in twin_positions(n, 2):
        mover = state.turn_player
        holders: list[int | None] = [*people, *bots, None]
        trips = {h: journey(state, place, h, seats) for h in holders}
        first = trips[None]
        assert first.links and not any(q for _, q in first.links)
        # one link a turn: each goes to the next person, the last back to the mover
        assert len(first.links) == len(people)
        assert first.links[-1][0] == mover
        for h, r in trips.items():
            assert not r.sold, h
            assert r.links == first.links, h
            if h in bots:  # compared up to its decision, which shows nothing (see Journey)
                assert r.bot_at is not None and r.bot_at == first.bot_at
                r, ref = cut(r), cut(first)
            else:
                ref = first
            # the links' text: the same length and plain fields (version, seats, the
            # recipient and sender, the sends), the check's length; the same text unless
            # a move of the holder's own turn names their cards (a discard: which cards,
            # from the hand the twin changed: the link holds the whole game)
            assert len(r.urls) == len(ref.urls), h
            for mine, theirs in zip(r.urls, ref.urls, strict=True):
                same_link_fields(mine, theirs)
                same += mine == theirs
            r.hides_holder(ref, h, people)
            sells += r.checked_sell
    assert sells >= len(people), "the holders were asked by the engine, on their device"
    assert same, "most links are the same, character for character"


def test_a_whole_game_by_link_takes_one_link_a_turn_and_asks_every_person() -> None:
    """docs/play.md, Play by link (one link a turn): a whole game of two people, each on
    their own device, through the page: no link asks a sale round's question; one link a
    turn (the turns change hands each time, and the final position goes to the other
    device once); each device ends with the same game in one save; and every goods
    marker taken is asked on every device when its person's next turn begins (before
    the game ended)."""
    asked: list[tuple[int, int, int]] = []
    apps, links, final = play_by_link(2, 7, asked)
    assert final.is_over and final.options.sale_timing is BY_LINK
    assert not any(link.sends[-1].sale for link in links)
    assert len(links) <= final.turn + 1
    for app in apps:
        assert len(saves_of(app)) == 1
        assert app.ctl is not None and encode_save(app.ctl.committed) == encode_save(final)
    first_ctl = apps[0].ctl
    assert first_ctl is not None
    markers = [(ln.turn, int(ln.params["good"])) for ln in first_ctl.log
               if ln.key == "log.goods_marker"]
    assert markers
    first = final.options.first_player
    for turn, good in markers:
        for seat in (0, 1):
            # the turn this person next began after the marker's (turn t is seat
            # (first + t - 1) % 2's), if the game had not ended before it
            nxt = next(t for t in range(turn + 1, turn + 3) if (first + t - 1) % 2 == seat)
            if nxt <= final.turn:
                assert (seat, good, nxt) in asked, (seat, good, nxt, turn)


def at_one_device(holder: int | None) -> tuple[App, int]:
    """A game by link (the sale at the holder's turn) of three people opened at one device
    (as a backup's import opens it: without its record), at the start of Ann's turn, her
    camel about to take a goods marker whose card `holder` holds (None: the pile); the
    camel placed and the turn ended."""
    for state, place in positions(3, (HUMAN,) * 3, seed0=1, games=40, sale_timing=BY_LINK,
                                  person=0):
        if state.phase != "main" or state.placed:
            continue
        good = good_of(state, place)
        app = open_app(twin(state, good, holder), (HUMAN,) * 3)
        ctl = app.ctl
        assert ctl is not None
        while ctl.window is not None:  # (questions of earlier markers: nobody sells)
            app.dispatch("sale-pass")
        click_place(app, place)
        assert ctl.window is None, "no window inside the mover's turn"
        for _ in range(3):
            if ctl.state.turn_player != 0 or ctl.window is not None:
                break
            app.dispatch("end-turn")
        return app, good
    raise AssertionError("no position")


def test_a_game_by_link_at_one_device_asks_as_each_turn_begins() -> None:
    """docs/rules.md, Selling by link: a game by link opened at one device (no record:
    imported from a backup) keeps its rule: no window inside the mover's turn; as the
    next player's turn begins, the public sale window asks about the marker, the same
    whoever holds the card; "I hold it: sell" sells only for its holder (a false claim is
    refused), "No sale" keeps it unsaid."""
    app, good = at_one_device(1)
    ctl = app.ctl
    assert ctl is not None and ctl.window is not None and ctl.window.good == good
    assert ctl.state.phase == "main"  # (the picture: the engine's question hidden)
    app.dispatch("sale-claim", "2")  # Cem does not hold it: refused, said
    assert ctl.window is not None and ctl.error is not None
    assert ctl.error.key == "sale.not_holder"
    app.dispatch("sale-claim", "1")
    assert good in ctl.committed.sold[1]
    kept, good = at_one_device(1)
    kept.dispatch("sale-pass")
    assert kept.ctl is not None and good in kept.ctl.committed.hands[1]
    nobody, good = at_one_device(None)
    assert nobody.ctl is not None and nobody.ctl.window is not None
    assert nobody.ctl.window.good == good
    nobody.dispatch("sale-pass")
    assert nobody.ctl.window is None or nobody.ctl.window.good != good


def test_camels_placed_after_the_questions_come_back_after_a_reload() -> None:
    """The pending camels' store (saves/pending.py) with the sale at the holder's turn: a
    person who answered their questions and placed a camel not yet confirmed finds it
    again after a reload, not the questions again (the camel proves they were answered;
    a question the engine still asks is never passed over)."""
    seats = SEATS[2]
    for state, place in positions(2, seats, seed0=1, games=40, sale_timing=BY_LINK):
        if state.phase != "main" or state.placed:
            continue
        app = open_here(state, seats, state.turn_player)
        ctl = app.ctl
        assert isinstance(ctl, RemoteController)
        if ctl.window is None:
            continue  # (a turn with questions, to be answered first)
        while ctl.round_asked():
            answer_round(app, 0)
        calm = next((a for a in legal_actions(ctl.state) if quiet(ctl.state, a)), None)
        if calm is None:
            continue
        assert isinstance(calm, Place)
        place = calm
        click_place(app, place)
        assert ctl.state is not ctl.committed  # (pending: it may be taken back)
        again = RemoteController(ctl.committed, seats, ctl.local)
        assert again.window is not None  # asked again, until the camel comes back
        assert again.restore_pending([place]) == 1
        assert again.window is None and again.state.placed == 1
        return
    raise AssertionError("no position")

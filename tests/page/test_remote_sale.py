"""Play by link keeps who holds a card secret (docs/rules.md, Goods: only a sale is public;
"no view, log, link, message, curtain or pause tells the table a card it would not learn
at a real table").

After every goods marker taken in a game by link, the public question "whoever holds
this card may sell it now" goes round every person by link (state/remote.py, the sale
round), whoever holds the card: a person on another device, the mover, a bot, or
nobody. Twin positions (tests/support/sale_twins.py: the same public game, the card elsewhere)
are played through the page's own handlers on one App per device, and the links'
recipients and every device's screens are compared.

A twin's game cannot be written as a save code (its seed deals the real cards): the
courier that hands it from device to device, and the log of a twin's game rebuilt, are
tests/support/twin_devices.py's (its docstring says how).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

import pytest
from samarkand_web.handlers import remote
from samarkand_web.saves.remote import (
    LinkProblem,
    RemoteLink,
    Send,
    decode_link,
    encode_link,
)
from samarkand_web.state.controller import HUMAN
from samarkand_web.state.remote import RemoteController

from samarkand_core import (
    SELL,
    GameState,
    Keep,
    Place,
    apply_action,
    encode_save,
    legal_actions,
    new_game,
)
from tests.support.bylink_play import (
    answer_round,
    choose_seat,
    device,
    fragment,
    play_until_waiting,
)
from tests.support.sale_twins import click_place, good_of, positions, twin
from tests.support.twin_devices import Trip, offered, open_here, same_link_fields, twin_replay
from tests.support.web_support import found_in_play

# three people and a bot: the card may be with each other person, the mover, the bot,
# or in the draw pile
SEATS = (HUMAN, HUMAN, HUMAN, "random")


@dataclass
class Round(Trip):
    """What one twin showed (Trip), and who decides once the round is over."""

    deciding: int = -1  # (a bot: on the last device)


def play_round(state: GameState, place: Place, holder: int | None,
               sell: bool = False, seats: tuple[str, ...] = SEATS) -> Round:
    """The twin where `holder` holds the card (None: the draw pile): the mover's camel
    takes the marker, then the question goes round, each device answering (the holder
    keeps, or sells if `sell`) and sending on, until play goes on somewhere."""
    base = twin(state, good_of(state, place), holder)
    with twin_replay(base):
        return _play_round(base, place, sell, seats)


def _play_round(state: GameState, place: Place, sell: bool = False,
                seats: tuple[str, ...] = SEATS) -> Round:
    mover = state.turn_player
    good = good_of(state, place)
    app = open_here(state, seats, mover)
    out = Round()
    out.hear(app, mover)
    click_place(app, place)
    out.see(app, mover, "opened")
    ctl = app.ctl
    for _, here, seat, ctl in out.by_link(app, mover):
        if ctl.window is not None and ctl.round_asked():
            out.answers[seat] = offered(here)
            if sell and ctl.round_holder():
                here.dispatch("round-sell")
            else:
                answer_round(here, 0)
            out.see(here, seat, "answered")
    assert ctl is not None  # (the last device's)
    out.sold = any(good in s for s in ctl.committed.sold)
    out.deciding = ctl.deciding
    return out


def twin_positions(count: int) -> list[tuple[GameState, Place]]:
    """Positions where a person's camel can take a goods marker and the bot, given the
    card, keeps it (the bot's sale is public and rightly shows)."""
    out = []
    for state, place in positions(4, SEATS, seed0=1, games=40):
        if not play_round(state, place, 3).sold:
            out.append((state, place))
            if len(out) == count:
                return out
    raise AssertionError("too few positions")


def test_the_question_goes_round_the_same_wherever_the_card_is() -> None:
    """docs/rules.md, Goods (a kept card is said by nobody): for one position, the card with
    each other person, the mover, the bot or nobody: the same links to the same people in
    the same order; the mover's device and every device that does not hold the card show
    the same screens; the public regions (status, board, players, log) of every device,
    the holder's included, are the same; and the holder alone is offered Sell or Keep."""
    for state, place in twin_positions(3):
        mover = state.turn_player
        people = [p for p in range(4) if SEATS[p] == HUMAN]
        holders: list[int | None] = [*people, 3, None]
        rounds = {h: play_round(state, place, h) for h in holders}
        first = rounds[None]
        # every other person is asked, once, by a link that asks the question
        asked = [to for to, q in first.links if q]
        assert sorted(asked) == sorted(p for p in people if p != mover)
        for h, r in rounds.items():
            assert not r.sold
            assert r.links == first.links, h
            # the same sounds on every device, the holder's too (a keep sounds as a pass),
            # and the holder alone decides: everyone else may only pass it on
            r.hides_holder(first, h, people)


def test_a_sale_ends_the_round() -> None:
    """A sale is public: once the holder sold, the question goes no further, the log says
    so, and the game goes on where it would have gone on anyway."""
    for state, place in twin_positions(2):
        mover = state.turn_player
        others = [p for p in range(3) if p != mover]
        kept = play_round(state, place, None)
        for holder in others:
            sold = play_round(state, place, holder, sell=True)
            assert sold.sold
            i = [to for to, _ in sold.links].index(holder)
            assert sold.links[:i + 1] == kept.links[:i + 1]  # asked as usual up to the holder
            rest = sold.links[i + 1:]
            assert all(not q for _, q in rest)  # no question after the sale
            assert len(rest) <= 1  # at most the link to where play goes on
            seat, _, last = sold.screens[-1]
            assert "A sale is public: the question goes no further." in last["log"]
            assert sold.deciding == kept.deciding  # play goes on as it would have
            # the holder's device sounds the sale it made (public); without one, none does
            assert any(at == holder and "sale" in heard for at, heard in sold.sounds)
            assert not any("sale" in heard for _, heard in kept.sounds)
            assert seat == kept.screens[-1][0] or SEATS[sold.deciding] != HUMAN or rest


def test_the_round_ends_where_play_goes_on() -> None:
    """The round's order ends with the person who decides next (one link saved): when the
    turn passes on, the last one asked plays on and no link goes back."""
    found = back = 0
    for state, place in itertools.islice(positions(4, SEATS, seed0=1, games=40), 30):
        r = play_round(state, place, None)
        seat, _, _ = r.screens[-1]
        after = apply_action(twin(state, good_of(state, place), None), place)
        nxt = after.current_player  # (nobody holds the card: no sale to settle first)
        if nxt != state.turn_player and SEATS[nxt] == HUMAN:
            assert r.links[-1] == (nxt, True) and seat == nxt
            found += 1
        elif nxt == state.turn_player:  # a second camel: the round comes back to the mover
            assert r.links[-1] == (state.turn_player, False)
            back += 1
    assert found and back


def test_the_recipient_check_accepts_a_person_asked_in_the_round() -> None:
    """A link that asks the round's question may go to a person who is not the next to
    decide; one that does not ask it, to such a person, is still refused."""
    state, place = twin_positions(1)[0]
    after = apply_action(state, place)  # the real deal's game: it can be a link
    mover = state.turn_player
    other = next(p for p in range(3) if p not in (mover, after.current_player))
    moves = len(after.actions)
    asks = RemoteLink(encode_save(after), SEATS, other, mover,
                      (Send(moves, mover, other, 29_000_000, sale=True),))
    _, opened = decode_link(encode_link(asks))
    assert len(opened.actions) == moves
    plain = RemoteLink(encode_save(after), SEATS, other, mover,
                       (Send(moves, mover, other, 29_000_000),))
    try:
        decode_link(encode_link(plain))
    except LinkProblem as exc:
        assert exc.key == "remote.not_theirs"
    else:
        raise AssertionError("a link for someone who is not asked was opened")


def test_an_old_link_that_asked_only_the_holder_still_opens() -> None:
    """Old links keep loading: a link made before the rounds went from the mover to the
    card's holder only. It opens as the round's question on the holder's device, who
    sells or keeps, and the game goes on."""
    from tests.support.sale_twins import goods_places

    for seed in range(1, 80):
        s = new_game(["Ann", "Bob"], seed, 0)
        while not s.is_over and not (s.phase == SELL and s.pending_holder == 1
                                     and s.turn_player == 0):
            places = goods_places(s) if s.turn_player == 0 else []
            legal = places or [a for a in __import__("samarkand_core").legal_actions(s)]
            s = apply_action(s, legal[len(s.actions) % len(legal)])
        if not s.is_over:
            break
    else:
        raise AssertionError("no sale for Bob")
    old = RemoteLink(encode_save(s), (HUMAN, HUMAN), 1, 0,
                     (Send(len(s.actions), 0, 1, 29_000_000, sale=True),))
    frag = encode_link(old)
    assert ".21." in frag and "-12s-" in frag  # the old format, unchanged
    bob = device(100)
    bob.boot("", "#" + frag)
    choose_seat(bob)
    ctl = bob.ctl
    assert isinstance(ctl, RemoteController) and ctl.round_holder()
    assert [m.key for m in bob.messages] == ["remote.new"]
    assert offered(bob) == "round-sell,round-keep"
    bob.dispatch("round-keep")
    assert ctl.window is None and ctl.committed.phase != SELL  # the game goes on


@pytest.mark.usefixtures("sale_at_once")
def test_a_link_back_with_no_new_move_says_what_one_with_a_keep_says() -> None:
    """docs/rules.md, Goods: in a game of the sale round (started before the sale at the
    holder's turn), the round comes back to the mover (for a second camel) with a
    keep in it or without one; the mover's device says the same of both ("Bob's moves
    are in this device's save"), never "nothing changed", which would tell that nobody
    kept the card. The same link opened again does say that nothing changed."""
    names = "Ann,Bob"
    backs = 0
    for seed in range(1, 30):
        apps = [device(0), device(100)]
        apps[0].boot(f"?players={names}&remote=1&seed={seed}&first=1", "")
        here = 0
        for _ in range(60):
            play_until_waiting(apps[here])
            url = remote.remote_link(apps[here])
            if url is None:
                break
            link, state = decode_link(fragment(url))
            to = apps[link.to]
            before = to.ctl.committed if to.ctl is not None else None
            to.boot("", "#" + fragment(url))
            choose_seat(to)
            keys = [m.key for m in to.messages if m.key.startswith("remote.")]
            assert keys in (["remote.new"], ["remote.updated"]), keys
            if before is not None and len(before.actions) == len(state.actions):
                backs += 1  # the round came back with no new move
                to.boot("", "#" + fragment(url))
                choose_seat(to)
                assert [m.key for m in to.messages] == ["remote.same"]
            here = link.to
        if backs >= 2:
            return
    raise AssertionError("no round came back to its mover")


def ends_the_game(s: GameState) -> Place | None:
    """A camel of a person (seats 0 to 2) that takes a goods marker in a move after which
    the game is over (once the card, if a person holds it, is kept)."""
    if s.turn_player == 3 or s.phase not in ("main", "second"):
        return None
    for a in legal_actions(s):
        if isinstance(a, Place) and not s.occ[a.space] and s.board.good_at[a.space]:
            after = apply_action(s, a)
            if after.phase == SELL and SEATS[after.pending_holder] != HUMAN:
                continue  # (a bot may sell at once: public, no round)
            if after.phase == SELL:
                after = apply_action(after, Keep(good=after.pending_good))
            if after.is_over and any(e.kind == "goods_marker" for e in apply_action(s, a).events):
                return a
    return None


def test_a_round_at_the_end_of_the_game_then_the_final_position_goes_round() -> None:
    """The move that took the marker ended the game: the round is asked as any other
    (the table does not see the end until it is over), then the last one asked sees the
    end, and the final position goes to every other person, who sees the end too."""
    state, place = found_in_play(ends_the_game, players=4)
    mover = state.turn_player
    sender = next(p for p in range(3) if p != mover)
    link = RemoteLink(encode_save(state), SEATS, mover, sender,
                      (Send(len(state.actions), sender, mover, 29_000_000),))
    apps = {p: device(100 * p) for p in range(3)}
    apps[mover].boot("", "#" + encode_link(link))
    choose_seat(apps[mover])
    click_place(apps[mover], place)
    here = mover
    questions: list[int] = []  # who was asked, link by link
    finals: list[int] = []  # who was sent the end
    for _ in range(12):
        app = apps[here]
        ctl = app.ctl
        assert isinstance(ctl, RemoteController)
        if ctl.window is not None:
            assert not ctl.is_over and answer_round(app)
        url = remote.remote_link(app)
        if url is None:
            break
        sent, _ = decode_link(fragment(url))
        (questions if sent.sends[-1].sale else finals).append(sent.to)
        if not sent.sends[-1].sale:
            assert ctl.is_over and ctl.window is None
        apps[sent.to].boot("", "#" + fragment(url))
        choose_seat(apps[sent.to])
        here = sent.to
    assert sorted(questions) == sorted(p for p in range(3) if p != mover)
    # the last one asked saw the end first; each other person gets it once
    assert sorted(finals) == sorted(p for p in range(3) if p != questions[-1])
    for app in apps.values():
        assert app.ctl is not None and app.ctl.is_over and app.ctl.window is None


@pytest.mark.parametrize("n", [2, 5])
def test_the_links_text_is_the_same_whether_the_card_was_kept_or_lay_in_the_pile(
        n: int) -> None:
    """W1 (issue 39), over the link strings themselves: for twin positions of n people,
    the card with each person (the mover too) or in the draw pile, every link of the sale
    round has the same length and the same plain fields (version, seats, recipient and
    sender, sends with their move counts, the check's length), and in fact the same
    text: its sends count public moves and its save code leaves the keeps out. (An r1
    link counted the keep: `..._c-21-...` against `..._b-21-...` in two-player games.)"""
    seats = (HUMAN,) * n
    compared = 0
    for state, place in positions(n, seats, seed0=1, games=40):
        rounds = {h: play_round(state, place, h, seats=seats) for h in [*range(n), None]}
        nobody = rounds[None]
        assert nobody.urls and not nobody.sold
        kept = 0
        for h, r in rounds.items():
            assert not r.sold
            assert len(r.urls) == len(nobody.urls), h
            for mine, theirs in zip(r.urls, nobody.urls, strict=True):
                same_link_fields(mine, theirs)
                assert mine == theirs, h
            kept += h is not None
        assert kept == n  # a keep in every twin but the pile's
        compared += 1
        if compared == 3:
            return
    raise AssertionError("too few positions")

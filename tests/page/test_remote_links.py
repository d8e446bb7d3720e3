"""Play by link (saves/remote.py, handlers/remote.py): each person on their own device,
the game passed as a link after each decision, with no server.

Two Apps with stores of their own are two devices; a link goes from one to the other
as main.py hands the address to App.boot."""

from __future__ import annotations

import re
from html import unescape

import pytest
from samarkand_web.handlers import remote
from samarkand_web.saves.remote import (
    LINK_SENDS,
    RECORD_PREFIX,
    SIGNED_CHARS,
    LinkProblem,
    Record,
    RemoteLink,
    Send,
    decode_link,
    encode_link,
    find_place,
    load_record,
    merge_sends,
)
from samarkand_web.saves.storage import PREFIX, MemoryStore
from samarkand_web.state.app import App
from samarkand_web.state.remote import RemoteController
from samarkand_web.view.render import render

import savepack
from samarkand_core import (
    GameState,
    Sell,
    apply_action,
    encode_save,
    legal_actions,
    new_game,
    view_for,
)
from tests.support.app_play import click_legal
from tests.support.bylink_play import (
    choose_seat,
    device,
    first_link,
    fragment,
    markers_taken,
    play_by_link,
    play_until_waiting,
    saves_of,
    start,
)
from tests.support.web_support import ORIGIN, PATH, Clock, stored


def test_a_link_shows_the_recipients_view_without_a_curtain() -> None:
    """Issue: the link opens the game from the view of the person it was sent to (their
    cards, nobody else's), with no pass-the-device curtain."""
    ann, bob = device(), device(100)
    start(ann, "players=Ann,Bob&remote=1&seed=5&first=1")
    assert ann.ctl is not None and ann.ctl.local == 0  # type: ignore[attr-defined]
    assert 'data-action="reveal"' not in render(ann).regions["overlay"]
    play_until_waiting(ann)
    url = remote.remote_link(ann)
    assert url is not None
    page = render(ann)
    assert f'data-remote-link="{url.replace("&", "&amp;")}"' in page.regions["actions"]
    bob.boot("", "#" + fragment(url))
    choose_seat(bob)
    ctl = bob.ctl
    assert isinstance(ctl, RemoteController) and ctl.local == 1 and ctl.human_turn()
    page = render(bob)
    assert page.regions["overlay"] == ""  # no curtain
    hand_html = page.regions["hand"] + page.regions["actions"]
    state = ctl.state
    shown = {int(g) for g in re.findall(r'data-card="(\d+)"', hand_html)}
    assert shown == set(state.hands[1])
    assert not shown & set(state.hands[0])  # Ann's cards stay hers
    assert [m.key for m in bob.messages] == ["remote.new"]
    assert len(saves_of(bob)) == 1


def test_the_game_goes_back_and_forth_into_one_save_per_device() -> None:
    """Issue: each device keeps ONE save per game and brings it up to date; an older link
    changes nothing."""
    ann, bob = device(), device(100)
    start(ann, "players=Ann,Bob&remote=1&seed=11&first=1")
    links: list[str] = []
    turns = 0
    while turns < 6:
        for me, other in ((ann, bob), (bob, ann)):
            play_until_waiting(me)
            url = remote.remote_link(me)
            assert url is not None
            links.append(fragment(url))
            other.boot("", "#" + fragment(url))
            choose_seat(other)
            turns += 1
    assert len(saves_of(ann)) == 1 and len(saves_of(bob)) == 1
    assert ann.ctl is not None and bob.ctl is not None
    before = dict(stored(ann))
    ann.boot("", "#" + links[0])  # an old link of the game, opened again
    choose_seat(ann)
    assert "remote.older" in [m.key for m in ann.messages]
    assert {k: v for k, v in stored(ann).items() if k.startswith(PREFIX)} == {
        k: v for k, v in before.items() if k.startswith(PREFIX)}
    # the device's record knows every send it has seen, in the game's order
    record = ann.bylink.record
    assert record is not None and len(record.sends) >= 6
    assert [s.moves for s in record.sends] == sorted(s.moves for s in record.sends)


@pytest.mark.parametrize("damage", ["cut", "char", "move"])
def test_a_damaged_link_is_refused_and_stores_nothing(damage: str) -> None:
    """Issue: a link whose code is damaged or whose moves are not legal is refused with a
    clear message, and nothing is stored."""
    _ann, bob, frag = first_link(3)
    if damage == "cut":
        bad = frag[:-7]
    elif damage == "char":
        i = len(frag) - 10
        bad = frag[:i] + ("A" if frag[i] != "A" else "B") + frag[i + 1:]
    else:  # a correct check sum over a game whose first move is played twice
        link, state = decode_link(frag)
        bad = encode_link(RemoteLink(code_with_moves(state, [0, 0]), link.seats, link.to,
                                     link.sender, link.sends))
    bob.boot("", "#" + bad)
    choose_seat(bob)
    assert bob.ctl is None and bob.screen == "home"
    assert [m.kind for m in bob.messages] == ["error"]
    assert bob.messages[0].key == ("remote.illegal" if damage == "move" else "remote.damaged")
    assert stored(bob) == {} or all(not k.startswith((PREFIX, RECORD_PREFIX))
                                       for k in stored(bob))


def code_with_moves(state: GameState, picks: list[int]) -> str:
    """A save code of `state`'s start with these moves (indexes into its first moves),
    written as encode_save writes one: the engine, not the code, must refuse them."""
    from samarkand_core import savecode

    moves = state.actions
    out = bytearray()
    savepack.put_varint(savecode.board_fingerprint(state.board), out)
    savepack.put_varint(len(state.names), out)
    for name in state.names:
        savepack.put_text(name, out)
    savepack.put_varint(state.options.first_player, out)
    savepack.put_varint(state.options.seed, out)
    savepack.put_varint(len(picks), out)
    for i in picks:
        savepack.put_varint(savecode.action_code(state.board, moves[i]), out)
    return f"s{savecode.SAVE_FORMAT}-{savepack.pack(bytes(out))}"


def test_a_link_for_someone_who_does_not_decide_is_refused() -> None:
    """A link names its recipient; one that names a person who is not to decide next does
    not fit its game (a hand-made link) and is refused."""
    state = new_game(["Ann", "Bob"], 7, 0)
    link = RemoteLink(encode_save(state), ("human", "human"), 1, 0, (Send(0, 0, 1, 5),))
    with pytest.raises(LinkProblem) as exc:
        decode_link(encode_link(link))
    assert exc.value.key == "remote.not_theirs"


def test_the_link_round_trips_and_carries_only_the_latest_sends() -> None:
    state = new_game(["Ann", "Bob", "Cem"], 9, 1)
    sends = (Send(0, 0, 1, 28_000_000),)
    link = RemoteLink(encode_save(state), ("human", "human", "search"), 1, 0, sends)
    back, replayed = decode_link(encode_link(link))
    assert back == link and encode_save(replayed) == link.code
    assert LINK_SENDS <= 10


def test_another_branch_is_kept_as_a_copy() -> None:
    """Issue: a link from another branch of the same game never overwrites moves: it is
    kept as a save of its own, and the page says so."""
    ann, bob = device(), device(100)
    start(ann, "players=Ann,Bob&remote=1&seed=21&first=1")
    play_until_waiting(ann)
    url = remote.remote_link(ann)
    assert url is not None
    # Bob's link opened on two devices of his, played two ways
    bob2 = device(200)
    bob.boot("", "#" + fragment(url))
    choose_seat(bob)
    bob2.boot("", "#" + fragment(url))
    choose_seat(bob2)
    play_until_waiting(bob)
    for i in range(400):  # bob2 plays other moves than bob
        assert isinstance(bob2.ctl, RemoteController)
        if bob2.ctl.waiting_for is not None:
            break
        click_legal(bob2, i + 1)
    one, two = remote.remote_link(bob), remote.remote_link(bob2)
    assert one is not None and two is not None and fragment(one) != fragment(two)
    ann.boot("", "#" + fragment(one))
    choose_seat(ann)
    assert "remote.updated" in [m.key for m in ann.messages]
    kept = dict(stored(ann))
    ann.boot("", "#" + fragment(two))
    choose_seat(ann)
    assert "remote.branch" in [m.key for m in ann.messages]
    assert len(saves_of(ann)) == 2
    for key in saves_of(App(MemoryStore(kept), now=Clock())):
        assert stored(ann)[key] == kept[key] or key.startswith(RECORD_PREFIX)


def test_the_saves_list_says_whose_turn_it_is() -> None:
    """Issue: the saves list shows "waiting for Bob" or "your turn" for remote games."""
    ann, bob = device(), device(100)
    start(ann, "players=Ann,Bob&remote=1&seed=8&first=1")
    play_until_waiting(ann)
    url = remote.remote_link(ann)
    assert url is not None
    bob.boot("", "#" + fragment(url))
    choose_seat(bob)
    ann.dispatch("home")
    bob.dispatch("home")
    assert "waiting for Bob" in unescape(render(ann).regions["home"])
    assert "your turn" in unescape(render(bob).regions["home"])


def test_a_bot_plays_on_the_device_that_holds_the_turn() -> None:
    """Issue: bots are allowed; they play on the device that holds the turn, and a link
    goes to a person only."""
    ann, bob = device(), device(100)
    start(ann, "players=Ann,bot:random,Bob&remote=1&seed=4&first=1")
    play_until_waiting(ann)
    ctl = ann.ctl
    assert isinstance(ctl, RemoteController)
    assert ctl.waiting_for == 2 and len(ctl.committed.actions) > 0
    assert any(a for a in ctl.committed.history.to_list()) if ctl.committed.history else True
    url = remote.remote_link(ann)
    assert url is not None
    link, state = decode_link(fragment(url))
    assert link.to == 2 and link.seats[1] == "random"
    assert ann.ctl is not None
    assert any(t.player == 1 for t in ann.ctl.turns)  # the bot's turn was played here
    bob.boot("", "#" + fragment(url))
    choose_seat(bob)
    assert isinstance(bob.ctl, RemoteController) and bob.ctl.local == 2


@pytest.mark.parametrize("n", [2, 5])
@pytest.mark.usefixtures("sale_at_once")
def test_every_goods_marker_asks_every_other_person_by_link(n: int) -> None:
    """docs/rules.md, Goods (a kept card is said by nobody): in a whole game by link of the
    rulebook's sale at once (one started before the sale at the holder's turn), after
    every goods marker taken the question goes to every other person, once each and by a
    link that asks it, unless a person sold the card (public: the rest is skipped); every
    device ends with the same game, in one save each."""
    apps, links, final = play_by_link(n, 3 + n)
    assert final.is_over
    for app in apps:
        assert len(saves_of(app)) == 1
        assert app.ctl is not None and encode_save(app.ctl.committed) == encode_save(final)
    sends = [link.sends[-1] for link in links]
    markers = markers_taken(final)
    assert markers
    actions = final.actions
    for i, (m, mover, _) in enumerate(markers):
        end = markers[i + 1][0] if i + 1 < len(markers) else len(actions) + 1
        asked = [s.to for s in sends if s.sale and m <= s.moves < end]
        sold = any(isinstance(a, Sell) for a in actions[m:m + 1])
        others = [p for p in range(n) if p != mover]
        if sold:
            assert len(asked) == len(set(asked)) and set(asked) <= set(others)
        else:
            assert sorted(asked) == others, (m, mover, asked)
    rounds = sum(1 for s in sends if s.sale)
    print(f"{n} players: {len(links)} links, {rounds} of them a sale round's question, "
          f"{len(markers)} goods markers, {final.turn} turns")


def test_the_record_is_read_strictly() -> None:
    record = Record(1, (Send(3, 0, 1, 100), Send(4, 1, 0, 101, sale=True)), 0, "abc")
    assert Record.from_json(record.to_json()) == record
    store = MemoryStore({RECORD_PREFIX + "x": '{"v":1,"seat":9,"waiting":0,"code":"","sends":[]}'})
    assert load_record(store, "x") is None  # no seat 10: not a remote game here


def test_merge_sends_keeps_each_once_in_order() -> None:
    a = [Send(5, 0, 1, 10), Send(9, 1, 0, 20)]
    b = [Send(9, 1, 0, 21), Send(2, 1, 0, 1)]
    assert [s.moves for s in merge_sends(a, b)] == [2, 5, 9]


def test_link_length_of_finished_games() -> None:
    """Issue: a finished game's link fits a chat message (measured: see docs/play.md)."""
    import random

    for n in (2, 5):
        rng = random.Random(n)
        s = new_game([f"Player {i + 1}" for i in range(n)], 1234 + n, 0)
        while not s.is_over:
            legal = legal_actions(s)
            s = apply_action(s, legal[rng.randrange(len(legal))])
        sends = tuple(Send(i * 3, i % n, (i + 1) % n, 29_000_000 + i)
                      for i in range(LINK_SENDS - 1))
        last = Send(len(s.actions), 0, 1, 29_000_100)
        link = RemoteLink(encode_save(s), ("human",) * n, 1, 0, (*sends, last))
        url = f"{ORIGIN}{PATH}#{encode_link(link)}"
        # a chat message holds thousands (signed: SIGNED_CHARS more, key and signature)
        assert len(url) + SIGNED_CHARS < 1500, len(url)
        assert view_for(s, 0) is not None


def test_find_place_of_a_game_never_seen() -> None:
    ann = device()
    state = new_game(["Ann", "Bob"], 1, 0)
    assert find_place(ann.saves, state).outcome == "new"


def test_a_device_lists_only_its_own_links() -> None:
    """docs/rules.md, Goods (who keeps a card is nobody else's business): links between
    other devices (one to ask a card's holder, one back after a silent keep) are not
    listed, nor are any others, whose absence would tell the same."""
    state = new_game(["Ann", "Bob", "Cem"], 5, 2)  # Cem starts: the link is for him
    sends = (Send(0, 0, 1, 29_000_000, sale=True), Send(0, 1, 0, 29_000_000),
             Send(0, 1, 2, 29_000_001))
    link = RemoteLink(encode_save(state), ("human",) * 3, 2, 1, sends)
    cem = device()
    cem.boot("", "#" + encode_link(link))
    choose_seat(cem)
    actions = unescape(render(cem).regions["actions"])
    assert "Bob to Cem" in actions
    assert "Ann to Bob" not in actions and "Bob to Ann" not in actions


def test_the_final_position_goes_round_once() -> None:
    """At the end, each device passes the final position to the next person who has not
    sent it: the one who finished sends it on, the last one has nobody left to send to."""
    import random

    from samarkand_core import Action, final_scores

    def finish(s: GameState) -> tuple[GameState, Action] | None:
        """The position before a move of Ann's that ends the game, if one comes."""
        rng = random.Random(1)
        while True:
            legal = legal_actions(s)
            for a in legal:
                nxt = apply_action(s, a)
                if nxt.is_over and nxt.turn_player == 0:
                    return s, a
            s = apply_action(s, legal[rng.randrange(len(legal))])
            if s.is_over:
                return None

    for seed in range(200):
        got = finish(new_game(["Ann", "Bob"], seed, 0))
        if got is not None:
            break
    else:
        raise AssertionError("no game that Ann ends")
    before, _ = got
    over = apply_action(before, got[1])
    assert final_scores(over) is not None
    link = RemoteLink(encode_save(over), ("human", "human"), 1, 0,
                      (Send(len(over.actions), 0, 1, 29_000_000),))
    bob = device()
    bob.boot("", "#" + encode_link(link))
    choose_seat(bob)
    assert bob.ctl is not None and bob.ctl.is_over
    assert remote.remote_target(bob) is None  # Ann sent it: nobody lacks it
    assert "data-remote-link" not in render(bob).regions["actions"]

"""The sale at the holder's turn (SaleTiming.AT_HOLDERS_TURN), the rules variant of play
by link (docs/rules.md, "Selling by link"): the mover never waits for another player
inside a turn; the holder of the card decides when their own next turn begins."""

from __future__ import annotations

import random

import pytest

from samarkand_core import (
    GameState,
    SaleTiming,
    apply_action,
    decode_save,
    encode_save,
    legal_actions,
    new_game,
    start_of,
    view_for,
)
from samarkand_core.replay import Replay, public_view
from samarkand_core.savecode import SaveCodeError
from samarkand_core.scoring import final_scores
from samarkand_core.setup import SetupError
from tests.support.helpers import (
    BOARD,
    NAMES,
    bury,
    give,
    goods_space_for,
    keep,
    place,
    play,
    sell,
    stage,
    to_turn,
    with_tiles,
    with_treasury,
)

BY_LINK = SaleTiming.AT_HOLDERS_TURN
F = 0


def new_by_link(n: int = 3, seed: int = 11) -> GameState:
    return new_game(list(NAMES[:n]), seed, first_player=0, sale_timing=BY_LINK)


def at_goods(holder: int | None, n: int = 3, treasury: int = 0) -> tuple[GameState, int]:
    """Player 0's turn in a game by link: a camel of F (player 0's family) stands next to
    the empty space of good g; `holder` holds the card of g (None: it lies in the deck)."""
    s = to_turn(with_tiles(new_by_link(n), 0, F), 0)
    s = with_treasury(s, F, treasury)
    g = goods_space_for(s)
    s = stage(s, F, BOARD.good_space[g])
    s = bury(s, g) if holder is None else give(s, holder, g)
    return s, g


def take_marker(s: GameState, g: int) -> GameState:
    return apply_action(s, place(F, BOARD.good_space[g]))


def to_turn_of(s: GameState, player: int) -> GameState:
    """Play the turns between (ending a turn, passing, keeping, or marrying and keeping
    every card drawn) until `player`'s turn begins."""
    order = ("end_turn", "pass", "keep", "discard", "marry")
    while s.turn_player != player or s.phase not in ("main", "sell"):
        legal = legal_actions(s)
        s = apply_action(s, min(legal, key=lambda a: order.index(a.kind)
                                if a.kind in order else len(order)))
    return s


def test_the_rulebooks_sale_at_once_is_the_default_of_every_game() -> None:
    """docs/rules.md, Selling by link: hotseat and games against bots keep the rulebook's
    rule: a game set up without a variant asks the holder as the marker is taken."""
    assert new_game(["A", "B"], 1).options.sale_timing is SaleTiming.AT_ONCE
    s = to_turn(with_tiles(new_game(list(NAMES[:3]), 11, first_player=0), 0, F), 0)
    g = goods_space_for(s)
    s = give(stage(s, F, BOARD.good_space[g]), 2, g)
    after = take_marker(s, g)
    assert after.phase == "sell" and after.pending_holder == 2


@pytest.mark.parametrize("holder", [1, 2, 0, None], ids=["next", "other", "mover", "nobody"])
def test_by_link_the_mover_plays_on_whoever_holds_the_card(holder: int | None) -> None:
    """docs/rules.md, Selling by link: the marker is taken and the mover's turn goes on
    (here to the second camel) the same wherever the card is: nobody is asked inside it."""
    s, g = at_goods(holder, treasury=2)
    after = take_marker(s, g)
    assert after.marker_owner[g] == 0
    assert after.phase == "second" and after.current_player == 0
    assert all(g in a for a in after.asks), "every player looks at it when their turn begins"


def test_the_holder_is_asked_when_their_own_turn_begins_before_they_play() -> None:
    """docs/rules.md, Selling by link: the holder (player 2) decides at the start of their
    next turn; the player between (1) is not asked; a sale pays 3 dirhams then."""
    s, g = at_goods(holder=2)
    s = take_marker(s, g)
    assert s.turn_player == 1 and s.phase == "main"
    s = to_turn_of(s, 2)
    assert s.phase == "sell" and s.pending_holder == 2 == s.current_player
    assert s.pending_good == g and s.placed == 0
    assert set(legal_actions(s)) == {sell(g), keep(g)}
    money = s.money[2]
    sold = apply_action(s, sell(g))
    assert sold.money[2] == money + 3 and g in sold.sold[2] and g not in sold.hands[2]
    assert sold.phase == "main" and sold.turn_player == 2 and sold.asks[2] == ()
    kept = apply_action(s, keep(g))
    assert kept.phase == "main" and g in kept.hands[2] and kept.money == s.money


def test_the_mover_holding_the_card_is_asked_at_their_next_turn() -> None:
    """docs/rules.md, Selling by link: the mover's own card too waits for the mover's next
    turn (so the mover's turn is the same wherever the card is)."""
    s, g = at_goods(holder=0)
    s = take_marker(s, g)
    assert s.phase == "main" and s.turn_player == 1
    s = to_turn_of(s, 0)
    assert s.phase == "sell" and s.pending_holder == 0 and s.pending_good == g


def test_nobody_holding_the_card_nobody_is_ever_asked() -> None:
    """docs/rules.md, Selling by link: a card in the deck is offered to nobody; the
    players' turns begin as usual and the question is gone once looked at."""
    s, g = at_goods(holder=None)
    s = take_marker(s, g)
    for p in (1, 2, 0):
        s = to_turn_of(s, p)
        assert s.phase == "main" and s.asks[p] == ()


def test_a_card_drawn_after_its_marker_was_taken_is_not_offered() -> None:
    """docs/rules.md, Selling by link: only who held the card when its marker was taken
    may sell it (the rulebook's sale is at that moment); the asks of a player are looked at
    before anything else of their turn, while their hand is what it was then."""
    s, g = at_goods(holder=None)
    s = take_marker(s, g)
    s = to_turn_of(s, 1)
    assert s.asks[1] == () and s.phase == "main"
    late = give(s, 1, g)  # (as if drawn in this turn)
    late = to_turn_of(apply_action(late, legal_actions(late)[-1]), 1)
    assert late.phase == "main"


def test_two_questions_are_asked_in_the_order_the_markers_were_taken() -> None:
    """docs/rules.md, Selling by link: the holder of two cards whose markers were taken
    since their last turn is asked about each, in the order taken, then plays."""
    s, g = at_goods(holder=2, treasury=2)
    h = goods_space_for(s, exclude_goods=[g])
    s = give(stage(s, F, BOARD.good_space[h], avoid=[BOARD.good_space[g]]), 2, h)
    s = take_marker(s, g)
    if BOARD.good_space[h] not in {a.space for a in legal_actions(s) if hasattr(a, "space")}:
        pytest.skip("the second goods space is not reachable for the second camel here")
    s = apply_action(s, place(F, BOARD.good_space[h]))
    s = to_turn_of(s, 2)
    assert (s.phase, s.pending_good) == ("sell", g)
    s = apply_action(s, keep(g))
    assert (s.phase, s.pending_good) == ("sell", h)
    s = apply_action(s, sell(h))
    assert s.phase == "main" and s.turn_player == 2


def test_a_question_still_open_when_the_game_ends_lapses_and_the_card_is_kept() -> None:
    """docs/rules.md, Selling by link: a game that ends before the holder's turn ends with
    the card in the holder's hand (kept, scored as a card in hand); nobody is asked."""
    s, g = at_goods(holder=2)
    s = s.copy()
    s.markers_left = [4] * BOARD.n_families  # every family has met: this turn ends the game
    after = take_marker(s, g)
    assert after.is_over and after.phase == "over"
    assert g in after.hands[2] and after.asks[2] == (g,)
    assert final_scores(after).scores[2].total >= 0


def test_others_see_the_start_of_the_holders_turn_not_the_question() -> None:
    """docs/rules.md, Only a sale is public: with the holder asked at their turn, a view of
    anyone else (and a spectator's) shows the turn player to move, no card up for sale:
    the same as when the turn player holds no card of the markers taken."""
    s, g = at_goods(holder=1)
    s = take_marker(s, g)
    assert s.phase == "sell" and s.pending_holder == 1
    twin, _ = at_goods(holder=None)
    twin = take_marker(twin, g)
    for viewer in (0, 2):
        v, w = view_for(s, viewer), view_for(twin, viewer)
        assert (v.phase, v.current_player, v.pending_good, v.pending_holder) == (
            w.phase, w.current_player, w.pending_good, w.pending_holder) == ("main", 1, 0, -1)
        assert v.legal == ()
        assert v._state.asks == w._state.asks
    mine = view_for(s, 1)
    assert mine.phase == "sell" and mine.pending_good == g and set(mine.legal) == {
        sell(g), keep(g)}
    spect = public_view(s)
    assert (spect.phase, spect.current_player, spect.pending_good) == ("main", 1, 0)
    assert spect._state.asks == public_view(twin)._state.asks


def random_game_by_link(n: int, seed: int) -> GameState:
    rnd = random.Random(seed)
    s = new_game(list(NAMES[:n]), seed, sale_timing=BY_LINK)
    while not s.is_over:
        s = apply_action(s, rnd.choice(legal_actions(s)))
    return s


def test_a_replay_never_stops_on_a_holders_question() -> None:
    """docs/rules.md, Only a sale is public: the positions a replay shows skip the
    question at the holder's turn, as they skip it at once."""
    s = random_game_by_link(3, 4)
    r = Replay(start_of(s), s.actions)
    asked = [k for k in range(len(s.actions)) if s.actions[k].kind in ("sell", "keep")]
    assert asked, "the game has questions"
    assert len(r.positions) == len(s.actions) + 1 - len(asked)
    assert all(r.state_after_move(m).phase != "sell" for m in range(len(r.positions)))


def test_the_save_code_carries_the_variant_and_old_codes_keep_the_rulebooks_rule() -> None:
    """savecode: a game by link is an s2 code naming the variant, decoded with it; a game of
    the rulebook's rule stays the s1 code it always was (old codes load as before)."""
    s = new_by_link(2, seed=5)
    rnd = random.Random(5)
    for _ in range(60):
        if s.is_over:
            break
        s = apply_action(s, rnd.choice(legal_actions(s)))
    code = encode_save(s)
    assert code.startswith("s2-")
    back = decode_save(code)
    assert back.options == s.options and back.actions == s.actions
    assert back.options.sale_timing is BY_LINK
    plain = new_game(list(NAMES[:2]), 5, first_player=s.options.first_player)
    assert encode_save(plain).startswith("s1-")
    assert decode_save(encode_save(plain)).options.sale_timing is SaleTiming.AT_ONCE
    # the code of today's rule is the code of before, byte for byte (the old layout)
    assert encode_save(plain) == "s1-" + encode_save(plain).split("-", 1)[1]
    with pytest.raises(SaveCodeError, match="variant"):
        decode_save("s2-" + encode_save(plain).split("-", 1)[1])


def test_the_setup_refuses_a_sale_timing_that_is_not_one() -> None:
    """setup: the variant is a SaleTiming; a string or anything else is refused."""
    with pytest.raises(SetupError, match="sale timing"):
        new_game(["A", "B"], 1, sale_timing="at_once")  # type: ignore[arg-type]


@pytest.mark.parametrize("n", [2, 5])
def test_the_same_seed_and_actions_give_the_same_game_under_the_variant(n: int) -> None:
    """Determinism: a random game by link replayed from its seed and actions (and from its
    save code) is the same game, move for move."""
    s = random_game_by_link(n, 99)
    again = play(start_of(s), *s.actions)
    assert (again.money, again.hands, again.sold, again.end_reason) == (
        s.money, s.hands, s.sold, s.end_reason)
    assert encode_save(decode_save(encode_save(s))) == encode_save(s)


@pytest.mark.parametrize("n", [2, 3, 5])
def test_a_code_without_its_keeps_decodes_to_the_same_game_under_the_variant(n: int) -> None:
    """savecode (the code a game by link travels in, docs/by-link-security.md): the keeps
    left out, decoding puts them back, several questions at one turn's start included (a
    keep before the sale of the next card asked)."""
    found = 0
    for seed in range(1, 12):
        s = random_game_by_link(n, seed)
        keeps = sum(1 for a, b in zip(s.actions, s.actions[1:], strict=False)
                    if a.kind == "keep" and b.kind in ("keep", "sell"))
        code = encode_save(s, keeps=False)
        assert len(code) <= len(encode_save(s))
        back = decode_save(code, settle=lambda _: True)
        assert back.actions == s.actions and back.options == s.options
        found += keeps
    assert found or n == 2, "the games had a keep then another answer at a turn's start"

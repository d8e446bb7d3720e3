"""Marrying into a merchant family (Rulebook: "Marry into a merchant family";
docs/rules.md: "Marrying", "Hand limit")."""

from __future__ import annotations

from itertools import combinations

import pytest

from samarkand_core import Discard, GameState, IllegalActionError, apply_action, legal_actions
from tests.support.helpers import (
    BOARD,
    deal,
    discard,
    is_plain,
    kinds,
    marriages_of,
    marry,
    money_conserved,
    new,
    place,
    play,
    set_piles,
    to_turn,
    with_money,
    with_tiles,
    with_treasury,
)

F = 0  # any family will do; its portion is read from the board


def discards(state: GameState) -> set[tuple[int, ...]]:
    return {a.cards for a in legal_actions(state) if isinstance(a, Discard)}


def discard_sizes(state: GameState) -> set[int]:
    return {len(c) for c in discards(state)}


@pytest.mark.parametrize("f", range(BOARD.n_families))
def test_marriage_pays_the_portion_into_the_family_treasury(f: int) -> None:
    """Rulebook: Marry - "the player must pay the marriage portion shown in the family's
    domain from their own capital. They place the coins on the family's treasury space"."""
    s = new(4)
    after = apply_action(s, marry(f))
    portion = BOARD.portion[f]
    assert after.money[0] == 10 - portion
    assert after.treasury[f] == portion
    assert sum(after.treasury) == portion
    assert after.supply_net == 0  # nothing went to or came from the common supply
    assert money_conserved(after)


def test_marriage_takes_one_family_tile() -> None:
    """Rulebook: Marry - "take 1 family tile which they place in front of themselves"."""
    s = apply_action(new(4), marry(F))
    assert s.tiles[0][F] == 1
    assert sum(s.tiles[0]) == 1
    assert s.domain_tiles[F] == 1
    assert s.holds(0, F)


def test_marriage_draws_the_top_three_cards_of_the_deck() -> None:
    """Rulebook: Marry - "The player then draws the top 3 goods cards from the face down
    deck on their hand" (the engine's deck keeps its top card last)."""
    s = new(4, seed=2)
    top3 = s.deck[-3:]
    after = apply_action(s, marry(F))
    assert sorted(after.hands[0]) == sorted(s.hands[0] + top3)
    assert after.deck == s.deck[:-3]
    assert after.phase == "discard"
    assert after.current_player == 0


def test_discard_0_to_2_cards_old_or_new() -> None:
    """Rulebook: Marry - "they discard 0 to 2 cards; these may be cards they held on their
    hand before": with 2 old + 3 new cards below the limit, every set of 0, 1 or 2 of the
    5 cards may be discarded."""
    s = apply_action(new(4, seed=3), marry(F))
    hand = s.hands[0]
    assert len(hand) == 5
    expected = {c for k in (0, 1, 2) for c in combinations(sorted(hand), k)}
    assert discards(s) == expected
    assert kinds(legal_actions(s)) == {"discard"}


def test_an_old_card_may_be_discarded() -> None:
    """Rulebook: Marry - discarded cards "may be cards they held on their hand before"."""
    s = new(4, seed=3)
    old = s.hands[0][0]
    s = play(s, marry(F), discard(old))
    assert old not in s.hands[0]
    assert old in s.discard


def test_discarded_cards_go_to_the_discard_pile_and_the_turn_ends() -> None:
    """Rulebook: Marry - "Discarded cards are placed on a face down discard pile"; the
    marriage is the whole turn, so the next player in clockwise order follows."""
    s = apply_action(new(4, seed=4), marry(F))
    a, b = s.hands[0][1], s.hands[0][3]
    after = apply_action(s, discard(a, b))
    assert a not in after.hands[0] and b not in after.hands[0]
    assert sorted(after.discard) == sorted((a, b))
    assert len(after.hands[0]) == 3
    assert after.turn_player == 1
    assert after.phase == "main"


def test_keeping_every_drawn_card_is_allowed_below_the_limit() -> None:
    """Rulebook: Marry - "discard 0 to 2 cards": discarding nothing is legal."""
    s = play(new(4, seed=4), marry(F), discard())
    assert len(s.hands[0]) == 5
    assert s.discard == ()


def test_at_most_two_cards_may_be_discarded() -> None:
    """Rulebook: Marry - "They must keep at least 1 card. This means they discard 0 to 2
    cards": a discard of 3 is refused."""
    s = apply_action(new(4, seed=4), marry(F))
    assert max(discard_sizes(s)) == 2
    with pytest.raises(IllegalActionError):
        apply_action(s, discard(*s.hands[0][:3]))


@pytest.mark.parametrize(("n", "before", "least"), [(5, 5, 2), (5, 4, 1), (4, 6, 2), (4, 5, 1),
                                                     (4, 4, 0), (3, 9, 2), (2, 8, 1)])
def test_after_discarding_the_hand_limit_must_be_met(n: int, before: int, least: int) -> None:
    """Rulebook: Marry - "After discarding the card limit must be met": a player below the
    limit (10/10/7/6) draws 3 and must discard at least (hand + 3 - limit) cards."""
    s = new(n, seed=6)
    cards = [c for c in range(1, 34)][:before]
    s = deal(s, 0, cards)
    s = apply_action(s, marry(F))
    assert len(s.hands[0]) == before + 3
    assert discard_sizes(s) == set(range(least, 3))


def test_sold_cards_count_against_the_hand_limit() -> None:
    """Rulebook: Goods - a sold card "still counts against the card limit"; docs/rules.md:
    Hand limit - "the cards in hand plus the player's sold (face-up) cards": 3 in hand + 2
    sold + 3 drawn = 8 in a 4-player game (limit 7) forces a discard of at least 1."""
    s = deal(new(4, seed=6), 0, [1, 2, 3], sold=[4, 5])
    s = apply_action(s, marry(F))
    assert discard_sizes(s) == {1, 2}
    # a sold card is never in the hand, so it can never be discarded
    assert all(4 not in c and 5 not in c for c in discards(s))


@pytest.mark.parametrize(("hand", "sold"), [(7, 0), (5, 2), (0, 7), (8, 0)])
def test_at_or_above_the_limit_marry_without_drawing(hand: int, sold: int) -> None:
    """Rulebook: Marry - "If a player had reached the card limit already before marrying
    they still may marry into a family, but are not allowed to draw any more cards";
    docs/rules.md: Hand limit - "at or above the limit: the marriage happens, no card is
    drawn, nothing is discarded" (limit 7 with 4 players; sold cards count)."""
    cards = list(range(1, 34))
    s = deal(new(4, seed=6), 0, cards[:hand], sold=cards[hand:hand + sold])
    after = apply_action(s, marry(F))
    assert after.hands[0] == s.hands[0]
    assert after.deck == s.deck and after.discard == s.discard
    assert after.tiles[0][F] == 1
    assert after.money[0] == 10 - BOARD.portion[F]
    assert after.phase == "main" and after.turn_player == 1  # the turn is over


def test_the_discard_pile_is_reshuffled_when_the_deck_runs_out() -> None:
    """Rulebook: Marry - "When the deck of goods cards is exhausted the discard pile is
    shuffled and used as new face down draw pile": with 1 card left in the deck, the
    marriage draws it, then 2 cards of the former discard pile."""
    s = new(4, seed=7)
    s = set_piles(s, deck=[20], discard_pile=[21, 22, 23, 24, 25], spill_to=3)
    before = s.hands[0]
    after = apply_action(s, marry(F))
    new_cards = set(after.hands[0]) - set(before)
    assert len(new_cards) == 3
    assert 20 in new_cards
    assert new_cards - {20} <= {21, 22, 23, 24, 25}
    assert after.discard == ()
    assert sorted(after.deck + tuple(new_cards - {20})) == [21, 22, 23, 24, 25]


def test_an_empty_deck_is_refilled_from_the_discard_pile() -> None:
    """Rulebook: Marry - the discard pile becomes the new draw pile when the deck is
    exhausted, also when it is empty at the start of the draw."""
    s = set_piles(new(4, seed=7), deck=[], discard_pile=[21, 22, 23, 24, 25], spill_to=3)
    after = apply_action(s, marry(F))
    assert len(after.hands[0]) == len(s.hands[0]) + 3
    assert set(after.hands[0]) - set(s.hands[0]) <= {21, 22, 23, 24, 25}
    assert len(after.deck) == 2 and after.discard == ()


def test_the_reshuffle_is_random() -> None:
    """Rulebook: the discard pile is *shuffled*: different games reshuffle it in different
    orders (same piles, different seeds give different draws)."""
    draws = set()
    for seed in range(12):
        s = set_piles(new(4, seed=seed), deck=[], discard_pile=list(range(20, 30)), spill_to=3)
        keep_hand = set(s.hands[0])
        after = apply_action(s, marry(F))
        draws.add(frozenset(set(after.hands[0]) - keep_hand))
    assert len(draws) > 3


@pytest.mark.parametrize(("deck", "pile", "drawn"), [([20], [], 1), ([20], [21], 2),
                                                     ([], [21, 22], 2), ([20, 21], [], 2)])
def test_both_piles_empty_draw_what_there_is(deck: list[int], pile: list[int],
                                             drawn: int) -> None:
    """docs/rules.md: Hand limit - "when both are empty, draw what there is ... The player
    keeps at least one card more than before: with fewer than 3 drawn, at most
    (drawn - 1) discards"."""
    s = set_piles(new(4, seed=7), deck=deck, discard_pile=pile, spill_to=3)
    after = apply_action(s, marry(F))
    assert len(after.hands[0]) == len(s.hands[0]) + drawn
    assert after.deck == () and after.discard == ()
    assert discard_sizes(after) == set(range(drawn))


def test_no_card_left_anywhere_the_marriage_draws_nothing() -> None:
    """docs/rules.md: Hand limit - both piles empty: "draw what there is", here nothing, so
    there is nothing to discard and the turn ends after the marriage."""
    s = set_piles(new(4, seed=7), deck=[], discard_pile=[], spill_to=3)
    after = apply_action(s, marry(F))
    assert after.hands[0] == s.hands[0]
    assert after.tiles[0][F] == 1
    assert after.phase == "main" and after.turn_player == 1


def test_no_tile_left_nobody_can_marry_into_the_family() -> None:
    """Rulebook: Marry - "If a family has none of their family tiles left nobody can marry
    into this family anymore"."""
    s = with_tiles(new(4), 1, F)
    s = with_tiles(s, 2, F)
    assert s.domain_tiles[F] == 0
    assert F not in marriages_of(s)
    with pytest.raises(IllegalActionError, match="no family tile left"):
        apply_action(s, marry(F))


def test_two_players_may_each_marry_into_one_family_then_no_more() -> None:
    """Rulebook: 2 tiles of each family: two different players may each marry into it
    (3-5 players), after which the family has no tile left."""
    s = new(4, seed=8)
    s = play(s, marry(F), discard())
    assert F in marriages_of(s)
    s = play(s, marry(F), discard())
    assert s.tiles[0][F] == 1 and s.tiles[1][F] == 1
    assert F not in marriages_of(s)


@pytest.mark.parametrize("f", range(BOARD.n_families))
def test_a_player_who_cannot_pay_the_portion_cannot_marry(f: int) -> None:
    """docs/rules.md: Marrying - "Needs: money >= the family's portion": one dirham short
    refuses the marriage, exactly the portion allows it (and leaves 0)."""
    portion = BOARD.portion[f]
    short = with_money(new(4), 0, portion - 1)
    assert f not in marriages_of(short)
    with pytest.raises(IllegalActionError, match=f"costs {portion} dirhams"):
        apply_action(short, marry(f))
    exact = with_money(new(4), 0, portion)
    assert f in marriages_of(exact)
    assert apply_action(exact, marry(f)).money[0] == 0


@pytest.mark.parametrize("n", (3, 4, 5))
def test_3_to_5_players_never_two_tiles_of_one_family(n: int) -> None:
    """Rulebook: Marry - "Players may hold any number of family tiles - but only 1 of each
    family"; docs/rules.md, Marrying: "In 3 to 5 player games a player never holds two tiles of one
    family", even while a second tile lies on the domain."""
    s = with_tiles(new(n), 0, F)
    assert s.domain_tiles[F] == 1
    assert F not in marriages_of(s)
    with pytest.raises(IllegalActionError, match="already belongs"):
        apply_action(s, marry(F))


def test_a_player_may_hold_tiles_of_many_families() -> None:
    """Rulebook: Marry - "Players may hold any number of family tiles": a player married
    into two families may still marry into a third."""
    s = with_tiles(new(4), 0, 0, 1)
    assert 2 in marriages_of(s)
    s = play(s, marry(2), discard())
    assert [s.tiles[0][f] for f in (0, 1, 2)] == [1, 1, 1]


def test_marriage_and_expansion_are_the_two_choices_of_a_turn() -> None:
    """Rulebook: Playing the game - "The active player must perform one of two possible
    actions: Marry ... Expand": a married player is offered both, and a marriage is
    refused while a second camel is being decided."""
    s = to_turn(with_tiles(new(4), 0, F), 0)
    s = with_treasury(s, F, 3)
    assert kinds(legal_actions(s)) == {"marry", "place"}
    target = min(t for t in s.frontier[F] if is_plain(t) and not s.occ[t])
    s = apply_action(s, place(F, target))
    assert s.phase == "second"
    with pytest.raises(IllegalActionError, match="not a choice now"):
        apply_action(s, marry(1))

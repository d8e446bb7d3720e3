"""Goods spaces, goods markers and selling goods cards (Rulebook: "Goods spaces";
docs/rules.md: "Goods")."""

from __future__ import annotations

import pytest

from samarkand_core import (
    Discard,
    GameState,
    IllegalActionError,
    apply_action,
    legal_actions,
)
from tests.support.helpers import (
    BOARD,
    END,
    bury,
    discard,
    give,
    goods_space_for,
    is_plain,
    keep,
    kinds,
    marry,
    money_conserved,
    new,
    place,
    play,
    sell,
    stage,
    to_turn,
    with_camels,
    with_tiles,
    with_treasury,
)

F = 0
G = 1


def at_goods(treasury: int = 0, n: int = 4, holder: int | None = None) -> tuple[GameState, int]:
    """Player 0 holds a tile of F, whose camel stands next to the empty space of good g;
    `holder` holds the card of g (None: the card is at the bottom of the deck)."""
    s = to_turn(with_tiles(new(n, seed=11), 0, F), 0)
    s = with_treasury(s, F, treasury)
    g = goods_space_for(s)
    s = stage(s, F, BOARD.good_space[g])
    s = bury(s, g) if holder is None else give(s, holder, g)
    return s, g


def test_first_camel_on_a_goods_space_takes_the_marker() -> None:
    """Rulebook: Goods spaces - "When placing a camel on an unoccupied goods space ... They
    take the goods marker from the map and place it in front of themselves"."""
    s, g = at_goods()
    after = apply_action(s, place(F, BOARD.good_space[g]))
    assert after.marker_owner[g] == 0
    assert g in after.goods_markers[0]
    assert all(g not in after.goods_markers[p] for p in (1, 2, 3))


def test_nobody_holds_the_card_no_sale_is_offered() -> None:
    """Rulebook: Goods spaces - a sale happens only "If any player ... owns the goods card":
    with the card in the deck the turn goes straight on (here: no treasury, turn over)."""
    s, g = at_goods(holder=None)
    after = apply_action(s, place(F, BOARD.good_space[g]))
    assert after.phase == "main" and after.turn_player == 1
    assert after.money == s.money


def test_a_card_on_the_discard_pile_is_not_offered() -> None:
    """Rulebook: Goods spaces - only a player who "owns the goods card" may sell it."""
    s, g = at_goods(treasury=2)
    s = s.copy()
    s.deck = tuple(c for c in s.deck if c != g)
    s.discard = s.discard + (g,)
    after = apply_action(s, place(F, BOARD.good_space[g]))
    assert after.phase == "second"
    assert after.marker_owner[g] == 0


def test_the_active_player_holding_the_card_is_asked_to_sell_or_keep() -> None:
    """Rulebook: Goods spaces - "If any player (including the active player) owns the goods
    card corresponding to this goods space they may sell it now"."""
    s, g = at_goods(holder=0)
    after = apply_action(s, place(F, BOARD.good_space[g]))
    assert after.phase == "sell"
    assert after.current_player == 0
    assert set(legal_actions(after)) == {sell(g), keep(g)}


@pytest.mark.parametrize("holder", [1, 2, 3])
def test_another_player_holding_the_card_decides_out_of_turn(holder: int) -> None:
    """Rulebook: Goods spaces - "If any player ... owns the goods card ... they may sell it
    now"; docs/rules.md: Goods - "the player who holds the matching goods card ... decides
    at once": the holder is the player to decide although it is not their turn."""
    s, g = at_goods(holder=holder)
    after = apply_action(s, place(F, BOARD.good_space[g]))
    assert after.phase == "sell"
    assert after.current_player == holder
    assert after.turn_player == 0
    assert after.pending_holder == holder and after.pending_good == g
    assert set(legal_actions(after)) == {sell(g), keep(g)}
    # the marker still goes to the active player, not to the card holder
    assert after.marker_owner[g] == 0


@pytest.mark.parametrize("holder", [0, 2])
def test_selling_pays_3_dirhams_from_the_supply_and_lays_the_card_face_up(holder: int) -> None:
    """Rulebook: Goods spaces - "They place the card face up in front of themselves and are
    paid 3 Dirhams from the common supply"."""
    s, g = at_goods(holder=holder)
    after = play(s, place(F, BOARD.good_space[g]), sell(g))
    assert after.money[holder] == s.money[holder] + 3
    assert sum(after.money) == sum(s.money) + 3
    assert after.supply_net == s.supply_net + 3
    assert g not in after.hands[holder]
    assert after.sold[holder] == (g,)
    assert money_conserved(after)


def test_keeping_the_card_changes_nothing_but_the_marker() -> None:
    """Rulebook: Goods spaces - "Nobody is forced to sell their goods card": keeping it
    leaves it in the hand and pays nothing."""
    s, g = at_goods(holder=2)
    after = play(s, place(F, BOARD.good_space[g]), keep(g))
    assert g in after.hands[2]
    assert after.sold[2] == ()
    assert after.money == s.money


@pytest.mark.parametrize("decision", ["sell", "keep"])
def test_after_the_sale_decision_the_active_player_goes_on(decision: str) -> None:
    """docs/rules.md: Expanding - "each placement is fully resolved (goods marker, sale,
    relationship) before the next": after the holder's decision the active player may
    place the second camel."""
    s, g = at_goods(treasury=2, holder=3)
    s = apply_action(s, place(F, BOARD.good_space[g]))
    s = apply_action(s, sell(g) if decision == "sell" else keep(g))
    assert s.phase == "second"
    assert s.current_player == 0
    assert kinds(legal_actions(s)) == {"place", "end_turn"}


def test_a_sold_card_never_returns_to_the_hand() -> None:
    """Rulebook: Goods spaces - "They may never take this card back on their hand": it
    stays face up through later marriages, is never offered as a discard, and a later
    camel on the space offers no second sale."""
    s, g = at_goods(holder=0)
    s = play(s, place(F, BOARD.good_space[g]), sell(g))
    s = to_turn(s, 0)
    s = apply_action(s, marry(G))
    assert g not in s.hands[0]
    assert all(g not in a.cards for a in legal_actions(s) if isinstance(a, Discard))
    s = apply_action(s, discard())
    assert s.sold[0] == (g,)
    assert g not in s.hands[0]


def test_a_sold_card_cannot_be_named_in_a_discard() -> None:
    """Rulebook: Goods spaces - a sold card is never back on the hand, so a discard naming
    it is refused."""
    s, g = at_goods(holder=0)
    s = play(s, place(F, BOARD.good_space[g]), sell(g))
    s = apply_action(to_turn(s, 0), marry(G))
    with pytest.raises(IllegalActionError):
        apply_action(s, discard(g))


def test_a_camel_joining_an_occupied_goods_space_takes_no_marker_and_offers_no_sale() -> None:
    """Rulebook: Goods spaces - "When placing a camel on a space already occupied by 1 other
    camel the player does not collect any goods marker. Also no player may sell their
    corresponding goods card now"."""
    s, g = at_goods(holder=0)
    space = BOARD.good_space[g]
    s = with_camels(s, [(G, space)], marker_to=3)  # a camel of G got there first
    assert s.marker_owner[g] == 3
    after = apply_action(s, place(F, space))
    assert after.phase != "sell"
    assert after.marker_owner[g] == 3
    assert g not in after.goods_markers[0]
    assert g in after.hands[0]
    assert sorted(after.occ[space]) == sorted((G, F))


def test_a_second_camel_on_an_empty_goods_space_takes_its_marker_too() -> None:
    """Rulebook: Expand - "The same rules apply for placing the second camel as for the first
    one": a second camel reaching an empty goods space takes its marker and opens a sale;
    after the decision the turn ends."""
    s, g = at_goods(treasury=1, holder=1)
    space = BOARD.good_space[g]
    first = next(t for t in sorted(s.frontier[F]) if is_plain(t) and not s.occ[t]
                 and t != space)
    s = play(s, place(F, first))
    assert s.phase == "second"
    s = apply_action(s, place(F, space))
    assert s.marker_owner[g] == 0
    assert s.phase == "sell" and s.current_player == 1
    s = apply_action(s, sell(g))
    assert s.phase == "main" and s.turn_player == 1
    assert s.treasury[F] == 0


def test_sale_decision_is_only_for_the_pending_card() -> None:
    """Rulebook: Goods spaces - the sale is of "the goods card corresponding to this goods
    space": another card cannot be sold, and nothing else can be done meanwhile."""
    s, g = at_goods(holder=0, treasury=2)
    s = apply_action(s, place(F, BOARD.good_space[g]))
    other = next(c for c in range(1, 34) if c != g)
    with pytest.raises(IllegalActionError, match="No such goods card"):
        apply_action(s, sell(other))
    with pytest.raises(IllegalActionError):
        apply_action(s, END)


def test_no_sale_offered_outside_a_first_arrival() -> None:
    """Rulebook: Goods spaces - selling "can only be done when placing the first camel on a
    goods space": Sell and Keep are refused at the start of a turn."""
    s, g = at_goods(holder=0)
    with pytest.raises(IllegalActionError, match="No such goods card"):
        apply_action(s, sell(g))
    with pytest.raises(IllegalActionError, match="No such goods card"):
        apply_action(s, keep(g))

"""Player views: what one player may see, and full states guessed from a view.

Rulebook: the goods cards in hand are secret (revealed only at the scoring), the deck and
the discard pile are face down; sold cards lie face up, and everything on the map, the
domains, the treasuries and in front of the players is public.
"""

from __future__ import annotations

import dataclasses

import pytest

from samarkand_core import (
    GameState,
    PlayerView,
    apply_action,
    legal_actions,
    sample_state,
    view_for,
)
from samarkand_core.rng import Rng
from tests.support.helpers import (
    BOARD,
    N_GOODS,
    all_cards,
    bury,
    give,
    goods_space_for,
    new,
    place,
    random_game,
    reshuffle_hidden,
    snapshot,
    stage,
    to_turn,
    with_tiles,
)

SECRET = ("hands", "deck", "discard", "rng")


def view_fields(v: PlayerView, skip: tuple[str, ...] = ()) -> dict[str, object]:
    """The view's fields, without its private state copy."""
    return {f.name: getattr(v, f.name) for f in dataclasses.fields(v)
            if f.name != "_state" and f.name not in skip}


def reshuffle_bag_and_hidden(s: GameState, viewer: int, seed: int) -> GameState:
    """The same game with the cards the viewer cannot see dealt differently: other hands,
    the deck (order too) and the discard pile keep their sizes; the random state and the
    order of the tiles in the bag change."""
    t = reshuffle_hidden(s, viewer, seed)
    t.bag = tuple(reversed(s.bag))  # 2 players: the order of the tiles in the bag
    return t


def positions(n: int, seed: int, phases: tuple[str, ...] = ("main", "second", "discard"),
              every: int = 5) -> list[GameState]:
    _, states = random_game(n, seed)
    return [s for s in states[::every] if s.phase in phases]


def test_a_view_shows_the_viewers_hand_and_only_counts_of_the_others() -> None:
    """Rulebook: cards in hand are secret: a view holds the viewer's own cards, the other
    players' hand sizes, and the sizes of the draw and discard piles."""
    for s in positions(4, 1):
        for p in range(4):
            v = view_for(s, p)
            assert v.hand == s.hands[p]
            assert v.hand_sizes == tuple(len(h) for h in s.hands)
            assert v.deck_size == len(s.deck) and v.discard_size == len(s.discard)
            assert v.sold == tuple(s.sold)  # face up
            assert v.viewer == p


def test_the_views_state_copy_carries_no_secret() -> None:
    """Rulebook: hidden information stays hidden: the state a view keeps (to rebuild full
    states) has no other player's hand, no deck, no discard pile, no random state, no seed
    and no history (the history names discarded cards)."""
    for s in positions(5, 2):
        for p in range(5):
            inner = view_for(s, p)._state
            assert inner is not s
            assert inner.hands[p] == s.hands[p]
            assert all(inner.hands[q] == () for q in range(5) if q != p)
            assert inner.deck == () and inner.discard == ()
            assert inner.rng == 0 and inner.options.seed == 0
            assert inner.history is None and inner.actions == []


@pytest.mark.parametrize("n", (2, 3, 4, 5))
def test_states_differing_only_in_hidden_information_look_the_same(n: int) -> None:
    """Rulebook: another player's hand, the deck order, the discard pile and the shuffle are
    not visible: two states that differ only in them give equal views (the private state
    copies included)."""
    for s in positions(n, 3):
        for p in range(n):
            other = reshuffle_bag_and_hidden(s, p, seed=p + 17)
            assert other.hands != s.hands or other.deck != s.deck or not other.deck
            a, b = view_for(s, p), view_for(other, p)
            assert view_fields(a) == view_fields(b)
            assert snapshot(a._state) == snapshot(b._state)


def test_only_the_viewers_own_hand_tells_two_such_states_apart() -> None:
    """Rulebook: a player sees their own cards: swapping the viewer's hand with another
    player's (same size) changes the viewer's `hand` and nothing else of the view, while the
    other players' views do not change at all except that player's own hand."""
    s = to_turn(new(4, seed=71), 0)
    t = s.copy()
    t.hands = [s.hands[1], s.hands[0], s.hands[2], s.hands[3]]
    a, b = view_for(s, 0), view_for(t, 0)
    assert a.hand != b.hand
    assert view_fields(a, skip=("hand", "legal")) == view_fields(b, skip=("hand", "legal"))
    for p in (2, 3):
        assert view_fields(view_for(s, p)) == view_fields(view_for(t, p))


def test_the_deck_order_is_not_visible() -> None:
    """Rulebook: Setup - the deck is "a face down pile": its order is not in any view."""
    s = new(3, seed=72)
    t = s.copy()
    t.deck = tuple(reversed(s.deck))
    for p in range(3):
        assert view_fields(view_for(s, p)) == view_fields(view_for(t, p))
        assert snapshot(view_for(s, p)._state) == snapshot(view_for(t, p)._state)


def test_legal_actions_are_shown_to_the_deciding_player_only() -> None:
    """API: the view lists the viewer's legal actions when the viewer decides now, and none
    otherwise."""
    for s in positions(4, 4, phases=("main", "second", "discard", "sell"), every=3):
        for p in range(4):
            v = view_for(s, p)
            if p == s.current_player:
                assert v.legal == tuple(legal_actions(s))
            else:
                assert v.legal == ()


def sale_position(holder: int) -> tuple[GameState, int]:
    """Ann's camel has just reached an empty goods space; `holder` holds its card."""
    s = to_turn(with_tiles(new(4, seed=73), 0, 0), 0)
    g = goods_space_for(s)
    s = stage(s, 0, BOARD.good_space[g])
    s = give(bury(s, g), holder, g)
    s = apply_action(s, place(0, BOARD.good_space[g]))
    assert s.phase == "sell" and s.current_player == holder
    return s, g


def test_the_card_holder_decides_a_sale_in_their_view() -> None:
    """Rulebook: Goods spaces - the holder of the card decides, out of turn: the holder's
    view offers Sell and Keep, the active player's view offers nothing meanwhile."""
    s, g = sale_position(holder=2)
    assert {a.kind for a in view_for(s, 2).legal} == {"sell", "keep"}
    assert view_for(s, 2).current_player == 2 and view_for(s, 2).pending_holder == 2
    assert view_for(s, 0).legal == ()


def check_sample(s: GameState, viewer: int, seed: int) -> GameState:
    v = view_for(s, viewer)
    g = sample_state(v, seed)
    # the viewer's cards, the public cards and every count are as in the view
    assert g.hands[viewer] == s.hands[viewer]
    assert [len(h) for h in g.hands] == [len(h) for h in s.hands]
    assert len(g.deck) == len(s.deck) and len(g.discard) == len(s.discard)
    assert g.sold == s.sold
    assert sorted(all_cards(g)) == list(range(1, N_GOODS + 1))
    # the public table is the real one
    for k in ("money", "tiles", "domain_tiles", "treasury", "camels_left", "markers_left",
              "occ", "marker_owner", "goods_markers", "rel_markers", "met", "phase",
              "turn_player", "turn", "exp_family", "placed", "drawn", "pending_good",
              "pass_streak", "end_reason", "removed", "married_mask"):
        assert getattr(g, k) == getattr(s, k), k
    # who is asked to sell is known to the holder only; a guess asks someone who holds it
    if s.phase == "sell":
        assert g.pending_good in g.hands[g.pending_holder]
        assert (g.pending_holder == s.pending_holder) if viewer == s.pending_holder else (
            g.pending_holder != viewer)
    else:
        assert g.pending_holder == s.pending_holder
    assert sorted(g.bag) == sorted(s.bag)
    # and it looks, to the viewer, like the view it came from
    w = view_for(g, viewer)
    assert view_fields(w, skip=("n_actions",)) == view_fields(v, skip=("n_actions",))
    return g


@pytest.mark.parametrize("n", (2, 3, 4, 5))
def test_sample_state_is_consistent_with_the_view(n: int) -> None:
    """API: sample_state(view) gives a full state that the viewer cannot tell from the real
    one: same public table, same own hand, same hand sizes and pile sizes, all 33 cards -
    in every phase."""
    for s in positions(n, 5, phases=("main", "second", "discard", "sell"), every=2):
        for p in range(n):
            check_sample(s, p, seed=p)


def test_sample_state_deals_the_hidden_cards_at_random() -> None:
    """API: sample_state fills the hidden cards with a random guess: different seeds give
    different guesses, the viewer's cards never move."""
    s = new(4, seed=74)
    v = view_for(s, 0)
    guesses = {sample_state(v, k).hands[1] for k in range(20)}
    assert len(guesses) > 5
    for k in range(20):
        assert sample_state(v, k).hands[0] == s.hands[0]


def test_a_sampled_state_plays_on() -> None:
    """API: a sampled state is a real game state: random legal play from it keeps the 33
    cards and ends like any game (what a search bot does with it)."""
    for s in positions(3, 6, every=9):
        g = sample_state(view_for(s, s.current_player), 1)
        rng = Rng(2)
        steps = 0
        while not g.is_over and steps < 500:
            legal = legal_actions(g)
            g = apply_action(g, legal[rng.below(len(legal))])
            steps += 1
            assert sorted(all_cards(g)) == list(range(1, N_GOODS + 1))
        assert g.is_over


@pytest.mark.parametrize("viewer", [0, 1, 3])
def test_sample_state_during_a_sale_gives_the_card_to_someone_else(viewer: int) -> None:
    """API + docs/rules.md (Goods): while a sale is pending, a player who is not the holder
    knows only that someone else holds the card: a state consistent with the view asks
    another player, who holds that card; selling it on the sample keeps the 33 cards."""
    s, g = sale_position(holder=2)
    v = view_for(s, viewer)
    holders = set()
    for seed in range(20):
        guess = sample_state(v, seed)
        assert guess.pending_holder != viewer and g in guess.hands[guess.pending_holder]
        holders.add(guess.pending_holder)
        after = apply_action(guess, legal_actions(guess)[0])  # sell
        assert sorted(all_cards(after)) == list(range(1, N_GOODS + 1))
    assert len(holders) > 1, "the guess is not always the real holder"


def test_who_is_asked_to_sell_is_the_holders_secret() -> None:
    """docs/rules.md (Goods): only a sale is public. While the holder decides, every other
    player's view is the same whoever holds the card (no holder, no current player, no
    card revealed); the holder's own view names them."""
    s2, g = sale_position(holder=2)
    s3, g3 = sale_position(holder=3)
    assert g3 == g
    for p in (0, 1):
        a, b = view_for(s2, p), view_for(s3, p)
        assert a.pending_holder == -1 and a.current_player == -1 and a.phase == "sell"
        assert view_fields(a, skip=("hand_sizes",)) == view_fields(b, skip=("hand_sizes",))
        assert snapshot(a._state) | {"hands": None} == snapshot(b._state) | {"hands": None}


def swap_card(s: GameState, g: int, p: int, q: int) -> GameState:
    """The same game with card g in q's hand instead of p's, q's card x in p's instead:
    the two hands keep their sizes."""
    x = next(c for c in s.hands[q] if c != g)
    t = s.copy()
    hands = list(t.hands)
    hands[p] = tuple(sorted([c for c in s.hands[p] if c != g] + [x]))
    hands[q] = tuple(sorted([c for c in s.hands[q] if c != x] + [g]))
    t.hands = hands
    return t


def test_a_kept_card_stays_hidden_from_the_other_players() -> None:
    """docs/rules.md (Goods): the holder of a kept card says nothing. Two games that differ
    only in which of two players holds the card (hands of equal size) give the other
    players equal views after the holder keeps it: same fields, same private state copy,
    nothing revealed. A sale, by contrast, is public."""
    s, g = sale_position(holder=2)
    # the same moment with the card in player 3's hand (and one of 3's cards in 2's)
    t = swap_card(s, g, 2, 3)
    t.pending_holder = 3
    assert t.current_player == 3 and g in t.hands[3]
    kept_s = apply_action(s, legal_actions(s)[1])
    kept_t = apply_action(t, legal_actions(t)[1])
    assert legal_actions(s)[1].kind == "keep"
    assert kept_s.phase != "sell" and kept_t.phase != "sell"
    for p in (0, 1):
        a, b = view_for(kept_s, p), view_for(kept_t, p)
        assert view_fields(a) == view_fields(b)
        assert snapshot(a._state) == snapshot(b._state)
    sold = apply_action(s, legal_actions(s)[0])
    assert all(view_for(sold, p).sold[2] == (g,) for p in range(4))


def test_the_holder_sampling_a_sale_keeps_the_card() -> None:
    """API: the holder's own view already contains the card, so its samples are right."""
    s, g = sale_position(holder=2)
    for seed in range(5):
        assert g in sample_state(view_for(s, 2), seed).hands[2]

"""The two-player game (Rulebook: "Rules changes for 2 players"; docs/rules.md: "Two
players")."""

from __future__ import annotations

import pytest

from samarkand_core import Discard, GameState, apply_action, legal_actions
from tests.support.helpers import (
    BOARD,
    deal,
    discard,
    edit,
    marriages_of,
    marry,
    meeting_at,
    new,
    place,
    play,
    to_turn,
    with_tiles,
)

F, G, H = 0, 1, 2


def two(seed: int = 51, bag: tuple[int, ...] | None = None) -> GameState:
    s = new(2, seed=seed)
    return s if bag is None else edit(s, bag=bag)


def test_two_player_hand_limit_is_10() -> None:
    """Rulebook: 2 players - "For a 2-player-game the hand limit is 10 cards": 9 cards + 3
    drawn must come down to 10; 10 cards marry without drawing."""
    s = deal(two(), 0, list(range(1, 10)))
    s = apply_action(s, marry(F))
    assert len(s.hands[0]) == 12
    assert {len(a.cards) for a in legal_actions(s) if isinstance(a, Discard)} == {2}
    full = deal(two(), 0, list(range(1, 11)))
    after = apply_action(full, marry(F))
    assert after.hands[0] == full.hands[0]
    assert after.turn_player == 1


def test_a_marriage_draws_a_tile_from_the_bag_at_the_end_of_the_turn() -> None:
    """Rulebook: 2 players - "Each time a player is marrying into a family they draw a tile
    from the bag"; docs/rules.md, Two players: "At the end of a turn in which a player
    married, draw one tile from the bag": not before the discard, once after it."""
    s = two()
    mid = apply_action(s, marry(F))
    assert mid.phase == "discard"
    assert mid.bag == s.bag
    after = apply_action(mid, discard())
    assert len(after.bag) == len(s.bag) - 1
    drawn = (set(s.bag) - set(after.bag)).pop()
    assert after.removed == (drawn,) or after.domain_tiles[drawn] == mid.domain_tiles[drawn] + 1


def test_a_tile_of_a_family_nobody_married_leaves_the_game() -> None:
    """Rulebook: 2 players - "If the drawn tile belongs to a family into which nobody has
    married so far it is removed from the game ... placed face up beside the game board"."""
    s = two(bag=(H,))
    after = play(s, marry(F), discard())
    assert after.bag == ()
    assert after.removed == (H,)
    assert after.domain_tiles[H] == 1  # the tile already on H's domain stays


def test_a_tile_of_a_family_married_before_goes_onto_its_domain() -> None:
    """Rulebook: 2 players - "If the drawn tile belongs to a family into which a player has
    married before it is placed on the appropriate stacking space of the family's domain"."""
    s = with_tiles(two(bag=(G,)), 1, G)  # Bob married into G earlier
    assert s.domain_tiles[G] == 0
    after = play(s, marry(F), discard())
    assert after.removed == ()
    assert after.domain_tiles[G] == 1


def test_the_marriage_just_made_counts() -> None:
    """docs/rules.md: Two players - "if nobody has ever married into that family (the marriage
    just made counts)": drawing the tile of the family just married puts it on the domain."""
    s = two(bag=(F,))
    after = play(s, marry(F), discard())
    assert after.removed == ()
    assert after.domain_tiles[F] == 1


def test_empty_bag_no_draw() -> None:
    """docs/rules.md: Two players - "An empty bag: no draw"."""
    s = two(bag=())
    after = play(s, marry(F), discard())
    assert after.removed == ()
    assert after.domain_tiles == [1 if f != F else 0 for f in range(BOARD.n_families)]


def test_a_marriage_at_the_hand_limit_still_draws_from_the_bag() -> None:
    """Rulebook: 2 players - "Each time a player is marrying" a tile is drawn, also when the
    player is at the card limit and draws no card."""
    s = deal(two(bag=(F,)), 0, list(range(1, 11)))
    after = apply_action(s, marry(F))
    assert after.bag == ()
    assert after.domain_tiles[F] == 1


def test_no_bag_draw_without_a_marriage() -> None:
    """Rulebook: 2 players - the bag is drawn from when marrying, not when expanding."""
    s = to_turn(with_tiles(two(), 0, F), 0)
    t = next(x for x in sorted(s.frontier[F]) if not BOARD.good_at[x] and not s.occ[x])
    after = apply_action(s, place(F, t))
    assert after.bag == s.bag and after.removed == s.removed


def test_the_bag_draw_is_random() -> None:
    """Rulebook: 2 players - a tile is drawn from the (linen) bag at random: different games
    draw different tiles."""
    drawn = set()
    for seed in range(20):
        s = two(seed=seed)
        after = play(s, marry(F), discard())
        drawn |= set(s.bag) - set(after.bag)
    assert len(drawn) >= 4


def test_two_players_may_marry_into_the_same_family_twice() -> None:
    """Rulebook: 2 players - "In a 2-player-game players are allowed to marry into the same
    family twice!" (once the second tile has come back from the bag)."""
    s = two(bag=(F,))
    s = play(s, marry(F), discard())
    assert s.domain_tiles[F] == 1
    s = to_turn(s, 0)
    assert F in marriages_of(s)
    s = play(s, marry(F), discard())
    assert s.tiles[0][F] == 2
    assert s.treasury[F] == 2 * BOARD.portion[F]


def test_two_tiles_of_one_family_get_the_basic_bonus_only() -> None:
    """Rulebook: 2 players - an owner of both tiles is "paid the basic bonuses only when
    establishing new trade relationships" (3, not 6)."""
    s = with_tiles(two(), 0, F)
    s = edit(s, domain_tiles=[1] * BOARD.n_families)
    s = to_turn(with_tiles(s, 0, F), 0)
    s = with_tiles(s, 1, G)
    assert s.tiles[0][F] == 2
    s, t = meeting_at(s, F, G)
    after = apply_action(s, place(F, t))
    assert after.money[0] == s.money[0] + 3
    assert after.money[1] == s.money[1] + 1


@pytest.mark.parametrize("n", (3, 4, 5))
def test_no_bag_with_more_than_two_players(n: int) -> None:
    """Rulebook: the linen bag is for the 2-player game only."""
    s = new(n, seed=52)
    after = play(s, marry(F), discard())
    assert after.bag == () and after.removed == ()
    assert after.domain_tiles[F] == 1

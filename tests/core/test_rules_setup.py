"""Setup rules (Rulebook: "Setup for 3 - 5 players", "Rules changes for 2 players: Setup";
docs/rules.md: "Components the game needs", "Hand limit", "End and scoring")."""

from __future__ import annotations

import pytest

from samarkand_core import legal_actions, new_game
from samarkand_core.setup import SetupError
from tests.support.helpers import (
    BOARD,
    CAMELS,
    HAND_LIMIT,
    MARKERS,
    N_GOODS,
    NAMES,
    STARTING_MONEY,
    kinds,
    marriages_of,
    new,
)

ALL_N = (2, 3, 4, 5)


@pytest.mark.parametrize("n", ALL_N)
def test_each_player_starts_with_10_dirhams(n: int) -> None:
    """Rulebook: Setup - "Give 10 Dirhams to each player - this is their starting capital"."""
    s = new(n)
    assert s.money == [STARTING_MONEY] * n


@pytest.mark.parametrize("n", ALL_N)
def test_each_player_is_dealt_two_cards_and_the_rest_is_the_deck(n: int) -> None:
    """Rulebook: Setup - "Shuffle all goods cards. Deal 2 cards to each player ... all
    remaining cards on a face down pile"; the discard pile starts empty."""
    s = new(n, seed=5)
    assert all(len(h) == 2 for h in s.hands)
    dealt = [c for h in s.hands for c in h]
    assert len(set(dealt)) == 2 * n
    assert len(s.deck) == N_GOODS - 2 * n
    assert sorted(dealt + list(s.deck)) == list(range(1, N_GOODS + 1))
    assert s.discard == ()
    assert s.sold == [()] * n


def test_the_deal_is_shuffled_by_the_seed() -> None:
    """Rulebook: Setup - "Shuffle all goods cards": different seeds give different deals,
    the same seed the same deal."""
    deals = {tuple(new(4, seed=k).hands[0]) + new(4, seed=k).deck for k in range(20)}
    assert len(deals) == 20
    assert new(4, seed=3).deck == new(4, seed=3).deck


@pytest.mark.parametrize("n", ALL_N)
def test_one_camel_on_each_home_city_and_eleven_in_supply(n: int) -> None:
    """Rulebook: Setup - "One camel is placed on each starting space of its corresponding
    color. The remaining 11 camels of each color ... on their stacking spaces"."""
    s = new(n)
    assert s.camels_left == [CAMELS - 1] * BOARD.n_families
    for f, home in enumerate(BOARD.home):
        assert s.occ[home] == (f,)
    on_map = [(space, o) for space, o in enumerate(s.occ) if o]
    assert len(on_map) == BOARD.n_families


@pytest.mark.parametrize("n", (3, 4, 5))
def test_two_family_tiles_per_family_with_3_to_5_players(n: int) -> None:
    """Rulebook: Components - "20 family tiles - 2 of each merchant family", all on their
    domains; nobody holds a tile and there is no bag."""
    s = new(n)
    assert s.domain_tiles == [2] * BOARD.n_families
    assert all(sum(t) == 0 for t in s.tiles)
    assert s.bag == ()
    assert s.removed == ()


def test_two_players_one_tile_per_family_and_ten_in_the_bag() -> None:
    """Rulebook: 2 players, Setup - "Only 1 family tile of each family is placed on the
    board. All remaining family tiles are put in the linen bag"."""
    s = new(2)
    assert s.domain_tiles == [1] * BOARD.n_families
    assert sorted(s.bag) == list(range(BOARD.n_families))
    assert s.removed == ()


@pytest.mark.parametrize("n", ALL_N)
def test_five_relationship_markers_per_family_green_on_top(n: int) -> None:
    """Rulebook: Setup - "Four gray and one dark green relationship markers are stacked on
    the relationship space of each family domain. A dark green marker must be on top"
    (the engine counts markers left; 5 left means the green one is still on top)."""
    s = new(n)
    assert s.markers_left == [MARKERS] * BOARD.n_families
    assert s.rel_markers == [()] * n


@pytest.mark.parametrize("n", ALL_N)
def test_treasuries_start_empty_and_goods_markers_are_on_the_map(n: int) -> None:
    """docs/rules.md: Components - "a treasury (starts empty)"; Rulebook: "The goods markers
    are placed on their corresponding spaces on the map"."""
    s = new(n)
    assert s.treasury == [0] * BOARD.n_families
    assert all(s.marker_owner[g] == -1 for g in range(1, N_GOODS + 1))
    assert s.goods_markers == [()] * n
    assert s.supply_net == 0
    assert s.met == 0


@pytest.mark.parametrize("n", ALL_N)
def test_hand_limit_by_number_of_players(n: int) -> None:
    """Rulebook: "Limits of hand cards: 3 players 10, 4 players 7, 5 players 6" and
    2 players "the hand limit is 10 cards"."""
    assert new(n).limit == HAND_LIMIT[n]


@pytest.mark.parametrize("first", range(4))
def test_the_given_first_player_begins(first: int) -> None:
    """docs/rules.md: End and scoring - "the game takes the first player as a setup choice"
    (the rulebook's youngest player)."""
    s = new(4, seed=9, first=first)
    assert s.turn_player == first
    assert s.current_player == first
    assert s.phase == "main"
    assert s.turn == 1
    assert s.options.first_player == first


def test_first_player_comes_from_the_seed_when_not_given() -> None:
    """docs/rules.md: End and scoring - the first player is "random when none is chosen":
    every seat comes up for some seed, and a seed always gives the same seat."""
    seen = set()
    for seed in range(60):
        s = new_game(list(NAMES[:4]), seed)
        assert 0 <= s.turn_player < 4
        assert s.options.first_player == s.turn_player
        assert new_game(list(NAMES[:4]), seed).turn_player == s.turn_player
        seen.add(s.turn_player)
    assert seen == {0, 1, 2, 3}


def test_the_first_round_allows_only_marriages() -> None:
    """Rulebook: "This action [expanding] can not be performed during the first round,
    because a player must first be married": at the start only Marry actions are legal,
    one for each family (everyone can afford every portion of 3 to 6 with 10 dirhams)."""
    s = new(4)
    assert kinds(legal_actions(s)) == {"marry"}
    assert marriages_of(s) == set(range(BOARD.n_families))


@pytest.mark.parametrize(
    "names",
    [["Solo"], ["A", "B", "C", "D", "E", "F"], ["Ann", "Ann"], ["Ann", "  "], []],
)
def test_two_to_five_players_with_distinct_names(names: list[str]) -> None:
    """Rulebook: "for 2 - 5 players"; a game with another number of players, or two players
    of the same name, or an empty name, is refused with a ValueError."""
    with pytest.raises(ValueError):
        new_game(names, 1)


@pytest.mark.parametrize("first", [-1, 4, 7])
def test_first_player_must_be_a_seat(first: int) -> None:
    """docs/rules.md, End and scoring: the first player is a setup choice among the seats 0..n-1."""
    with pytest.raises(ValueError):
        new_game(list(NAMES[:4]), 1, first_player=first)


@pytest.mark.parametrize(
    ("names", "seed", "first", "message"),
    [
        (["Solo"], 1, None, "a game has 2 to 5 players, not 1"),
        (list("ABCDEF"), 1, None, "a game has 2 to 5 players, not 6"),
        (["Ann", "Ann"], 1, None, "two players have the same name"),
        (["Ann", " Ann "], 1, None, "two players have the same name"),
        (["Ann", "  "], 1, None, "a player name is empty"),
        (["Ann", "x" * 25], 1, None, "is longer than 24"),
        (["Ann", "a\nb"], 1, None, "has a control character"),
        (["Ann", 7], 1, None, "player name 7 is not a text"),
        (["Ann", "Bob"], -1, None, "the seed -1 is not in 0..2\\*\\*64-1"),
        (["Ann", "Bob"], 2**64, None, "is not in 0..2\\*\\*64-1"),
        (["Ann", "Bob"], 1.0, None, "the seed must be a whole number"),
        (["Ann", "Bob"], True, None, "the seed must be a whole number"),
        (["Ann", "Bob"], 1, 2, "first player 2 is not a seat 0..1"),
        (["Ann", "Bob"], 1, True, "first player True is not a seat 0..1"),
    ],
)
def test_a_refused_setup_says_why(
    names: list[str], seed: int, first: int | None, message: str
) -> None:
    """The setup checks (plain Python, no pydantic) raise SetupError, a ValueError whose
    message is one line saying what is wrong."""
    with pytest.raises(SetupError, match=message) as info:
        new_game(names, seed, first_player=first)
    assert isinstance(info.value, ValueError) and "\n" not in str(info.value)


def test_names_are_stripped_of_surrounding_blanks() -> None:
    """A name typed with blanks around it is the name without them."""
    assert new_game([" Ann", "Bob  "], 1).names == ("Ann", "Bob")

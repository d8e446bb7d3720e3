"""Expanding a family's trading route (Rulebook: "Expand the trading route of a family";
docs/rules.md: "Expanding")."""

from __future__ import annotations

import pytest

from samarkand_core import (
    GameState,
    IllegalActionError,
    Place,
    apply_action,
    legal_actions,
    legal_spaces,
)
from tests.support.helpers import (
    BOARD,
    CAMELS,
    END,
    is_plain,
    kinds,
    new,
    place,
    places_of,
    play,
    rule_spaces,
    to_turn,
    with_camels,
    with_tiles,
    with_treasury,
)


def home_plain_neighbours(f: int) -> list[int]:
    return [t for t in BOARD.neighbours[BOARD.home[f]] if is_plain(t)]


def pick_family(min_plain: int = 1, non_adjacent_pair: bool = False) -> int:
    """A family whose home city has enough plain (no good, no home) neighbours."""
    for f in range(BOARD.n_families):
        nb = home_plain_neighbours(f)
        if len(nb) < min_plain:
            continue
        if non_adjacent_pair and not any(
            b not in BOARD.neighbours[a] for a in nb for b in nb if a != b
        ):
            continue
        return f
    raise AssertionError("the board has no home city with such neighbours")


F = pick_family(min_plain=2, non_adjacent_pair=True)
G = (F + 1) % BOARD.n_families  # another family


def expander(treasury: int = 0, n: int = 4, player: int = 0) -> GameState:
    """Player `player` holds a tile of F, it is their turn, F's treasury holds `treasury`."""
    s = to_turn(with_tiles(new(n, first=player), player, F), player)
    return with_treasury(s, F, treasury)


def assert_refused(s: GameState, space: int, why: str) -> None:
    """A camel of F may not go to `space`: it is not offered, and the engine refuses it
    saying `why`."""
    assert (F, space) not in places_of(s)
    with pytest.raises(IllegalActionError, match=why):
        apply_action(s, place(F, space))


def test_expanding_needs_a_tile_of_the_family() -> None:
    """Rulebook: Expand - "they must own at least 1 family tile of the family": a player
    without a tile of G is offered no camel of G and is refused one."""
    s = expander()
    assert {f for f, _ in places_of(s)} == {F}
    g_space = sorted(rule_spaces(s, G))[0]
    with pytest.raises(IllegalActionError, match="holds no tile"):
        apply_action(s, place(G, g_space))


def test_expanding_needs_a_camel_in_the_family_supply() -> None:
    """Rulebook: Expand - "the family must still own a sufficient number of camels": with
    all 12 camels of F on the map, F cannot expand (and the player, holding no other tile,
    may only marry)."""
    s = expander()
    far = [t for t in range(BOARD.n_spaces) if is_plain(t) and not s.occ[t]]
    s = with_camels(s, [(F, t) for t in far[:CAMELS - 1]])
    assert s.camels_left[F] == 0
    assert "place" not in kinds(legal_actions(s))
    target = sorted(rule_spaces(s, F))[0]
    with pytest.raises(IllegalActionError, match="no camel left"):
        apply_action(s, place(F, target))


def test_a_camel_goes_next_to_a_camel_of_its_colour() -> None:
    """Rulebook: Expand - "A camel may only be placed on a space adjacent to a space
    already containing a camel of the same color": at the start the spaces offered to F
    are exactly the neighbours of its home city."""
    s = expander()
    assert {t for f, t in places_of(s) if f == F} == set(BOARD.neighbours[BOARD.home[F]])
    assert set(legal_spaces(s, F)) == set(BOARD.neighbours[BOARD.home[F]])


def test_a_camel_not_next_to_its_colour_is_refused() -> None:
    """Rulebook: Expand - adjacency to a camel of the same colour is required."""
    s = expander()
    dist = BOARD.distances_from(BOARD.home[F])
    far = next(t for t in range(BOARD.n_spaces) if dist[t] == 2 and not s.occ[t])
    assert_refused(s, far, "not next to a camel")


def test_adjacency_counts_a_camel_placed_earlier_in_the_same_turn() -> None:
    """docs/rules.md: Expanding - "adjacent to a space that holds a camel of its own family
    (one placed earlier in the same turn counts)"."""
    s = expander(treasury=2)
    home = BOARD.home[F]
    for x in home_plain_neighbours(F):
        beyond = [y for y in BOARD.neighbours[x]
                  if y != home and y not in BOARD.neighbours[home] and not s.occ[y]]
        if beyond:
            break
    else:
        raise AssertionError("no neighbour of the home with a space beyond it")
    y = beyond[0]
    assert (F, y) not in places_of(s)
    s = apply_action(s, place(F, x))
    assert s.phase == "second"
    assert (F, y) in places_of(s)
    s = apply_action(s, place(F, y))
    assert F in s.occ[x] and F in s.occ[y]


def test_no_more_than_two_camels_on_a_space() -> None:
    """Rulebook: Expand - "No more than 2 camels may occupy any space"."""
    s = expander()
    t = home_plain_neighbours(F)[0]
    others = [g for g in range(BOARD.n_families) if g != F][:2]
    s = with_camels(s, [(others[0], t), (others[1], t)])
    assert_refused(s, t, "already holds two camels")


def test_the_two_camels_on_a_space_are_of_different_colours() -> None:
    """Rulebook: Expand - "The camels on a space must be of different color"."""
    s = expander()
    t = home_plain_neighbours(F)[0]
    s = with_camels(s, [(F, t)])
    assert_refused(s, t, "already holds a camel of")


def test_a_camel_may_join_one_camel_of_another_colour() -> None:
    """Rulebook: Expand - up to 2 camels of different colours share a space."""
    s = expander()
    t = home_plain_neighbours(F)[0]
    s = with_camels(s, [(G, t)])
    assert (F, t) in places_of(s)
    s = apply_action(s, place(F, t))
    assert sorted(s.occ[t]) == sorted((G, F))


def test_a_camel_may_go_on_water() -> None:
    """Rulebook: Expand - camels go "on a land or water space" ("there are 2 ship symbols on
    the water spaces"): a water space next to a camel is offered like land."""
    s = expander()
    water = next(t for t in range(BOARD.n_spaces) if BOARD.is_water[t] and not s.occ[t])
    base = next(b for b in BOARD.neighbours[water] if is_plain(b) and not s.occ[b])
    s = with_camels(s, [(F, base)])
    assert (F, water) in places_of(s)
    s = apply_action(s, place(F, water))
    assert s.occ[water] == (F,)


def test_the_first_camel_is_free() -> None:
    """Rulebook: Expand - "Expanding a trading route by 1 space is free"."""
    s = expander(treasury=3)
    after = play(s, place(F, home_plain_neighbours(F)[0]), END)
    assert after.treasury == s.treasury
    assert after.money == s.money
    assert after.supply_net == s.supply_net
    assert after.camels_left[F] == s.camels_left[F] - 1


def test_the_second_camel_costs_the_family_one_dirham_to_the_supply() -> None:
    """Rulebook: Expand - "When expanding a trading route by 2 spaces the family must pay
    1 Dirham from their family treasury into the common supply"."""
    s = expander(treasury=3)
    a, b = home_plain_neighbours(F)[:2]
    after = play(s, place(F, a), place(F, b))
    assert after.treasury[F] == 2
    assert after.supply_net == s.supply_net - 1
    assert after.money == s.money
    assert after.camels_left[F] == s.camels_left[F] - 2


def test_after_the_first_camel_a_second_of_the_same_family_or_end_the_turn() -> None:
    """docs/rules.md: Expanding - "After the first camel the player may place a second camel
    of the same family ... Or the player ends the turn"; the player's other families are
    not offered."""
    s = with_tiles(expander(treasury=3), 0, G)
    s = apply_action(s, place(F, home_plain_neighbours(F)[0]))
    assert s.phase == "second" and s.current_player == 0
    legal = legal_actions(s)
    assert kinds(legal) == {"place", "end_turn"}
    assert {BOARD.family_index[a.family] for a in legal if isinstance(a, Place)} == {F}
    g_space = sorted(rule_spaces(s, G))[0]
    with pytest.raises(IllegalActionError, match="same family"):
        apply_action(s, place(G, g_space))


def test_ending_the_turn_after_one_camel() -> None:
    """Rulebook: Expand - the route is expanded "by 1 or 2 spaces": ending the turn after
    the first camel passes play to the next player, and costs nothing."""
    s = expander(treasury=3)
    after = play(s, place(F, home_plain_neighbours(F)[0]), END)
    assert after.turn_player == 1 and after.phase == "main"
    assert after.treasury[F] == 3


def test_empty_treasury_allows_one_camel_only() -> None:
    """Rulebook: Expand - "In case a family's treasury is empty their trading route can be
    expanded by 1 space only each turn": the turn ends after the first camel."""
    s = expander(treasury=0)
    after = apply_action(s, place(F, home_plain_neighbours(F)[0]))
    assert after.phase == "main" and after.turn_player == 1
    assert after.treasury[F] == 0


def test_no_second_camel_without_a_camel_in_the_supply() -> None:
    """docs/rules.md: Expanding - a second camel "if the family's treasury has at least 1
    dirham and its supply a camel": with one camel left, the turn ends after it."""
    s = expander(treasury=3)
    far = [t for t in range(BOARD.n_spaces)
           if is_plain(t) and not s.occ[t] and t not in BOARD.neighbours[BOARD.home[F]]]
    s = with_camels(s, [(F, t) for t in far[:CAMELS - 2]])
    assert s.camels_left[F] == 1
    after = apply_action(s, place(F, home_plain_neighbours(F)[0]))
    assert after.camels_left[F] == 0
    assert after.phase == "main" and after.turn_player == 1
    assert after.treasury[F] == 3


def test_the_second_camel_need_not_be_next_to_the_first() -> None:
    """Rulebook: Expand - "The second camel must not necessarily be placed adjacent to the
    first one, but must belong to the same family"."""
    s = expander(treasury=1)
    nb = home_plain_neighbours(F)
    a, b = next((a, b) for a in nb for b in nb if a != b and b not in BOARD.neighbours[a])
    after = play(s, place(F, a), place(F, b))
    assert after.occ[a] == (F,) and after.occ[b] == (F,)
    assert after.treasury[F] == 0


def test_no_third_camel_in_a_turn() -> None:
    """Rulebook: Expand - "by 1 or 2 spaces": after the second camel the turn is over,
    whatever is left in the treasury."""
    s = expander(treasury=5)
    a, b = home_plain_neighbours(F)[:2]
    after = play(s, place(F, a), place(F, b))
    assert after.turn_player == 1 and after.phase == "main"
    assert after.treasury[F] == 4


def test_twelve_camels_per_family() -> None:
    """Rulebook: Components - "120 Camels - 12 of each color": after 11 placements (the
    12th camel started on the home city) F has no camel left to place."""
    s = expander(treasury=0)
    for _ in range(CAMELS - 1):
        s = to_turn(s, 0)
        target = min(rule_spaces(s, F))
        s = apply_action(s, place(F, target))
        while s.phase == "sell":
            s = apply_action(s, legal_actions(s)[1])  # keep the card
    assert s.camels_left[F] == 0
    assert sum(o.count(F) for o in s.occ) == CAMELS
    s = to_turn(s, 0)
    assert not any(f == F for f, _ in places_of(s))


def test_end_turn_only_after_a_first_camel() -> None:
    """docs/rules.md: Expanding - ending the turn without a second camel is a choice after
    the first camel only."""
    s = expander(treasury=3)
    assert "end_turn" not in kinds(legal_actions(s))
    with pytest.raises(IllegalActionError, match="Only after a first camel"):
        apply_action(s, END)


def test_a_full_space_is_closed_to_every_family() -> None:
    """Rulebook: Expand - at most 2 camels a space: once a second camel arrives, no family
    may go there any more (also families next to it that were offered it before)."""
    s = expander(treasury=0)
    t = home_plain_neighbours(F)[0]
    base = next(b for b in BOARD.neighbours[t]
                if b != BOARD.home[F] and is_plain(b) and not s.occ[b])
    h = next(h for h in range(BOARD.n_families) if h not in (F, G))
    s = with_camels(s, [(G, t), (h, base)])
    assert t in legal_spaces(s, h) and t in legal_spaces(s, F)
    s = apply_action(s, place(F, t))
    for f in range(BOARD.n_families):
        assert t not in legal_spaces(s, f)
        assert legal_spaces(s, f) == sorted(rule_spaces(s, f))

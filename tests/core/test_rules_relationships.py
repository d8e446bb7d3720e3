"""New trade relationships between two families (Rulebook: "New trade relationship between
two merchant families"; docs/rules.md: "Relationships")."""

from __future__ import annotations

from samarkand_core import GameState, apply_action
from tests.support.helpers import (
    BOARD,
    END,
    MARKERS,
    goods_space_for,
    is_plain,
    meeting_at,
    money_conserved,
    new,
    place,
    plain_land_with_plain_neighbour,
    play,
    stage,
    to_turn,
    with_camels,
    with_markers_taken,
    with_tiles,
    with_treasury,
)

F, G, H = 0, 1, 2


def table(treasury: int = 0) -> GameState:
    """4 players: Ann (0) in F, Bob (1) in G, Cem (2) in F and G, Dee (3) in neither.
    It is Ann's turn."""
    s = new(4, seed=21)
    s = with_tiles(s, 0, F)
    s = with_tiles(s, 1, G)
    s = with_tiles(s, 2, F, G)
    s = to_turn(s, 0)
    return with_treasury(s, F, treasury)


def test_first_meeting_pays_3_to_active_members_and_1_to_the_others() -> None:
    """Rulebook: Relationships - "All players owning at least 1 family tile of the active
    family are paid 3 Dirhams each from the common supply; all players owning at least 1
    family tile of the inactive family are paid 1 Dirham each. Players owning family tiles
    of both families concerned qualify for both bonuses"."""
    s, t = meeting_at(table(), F, G)
    after = apply_action(s, place(F, t))
    gained = [after.money[p] - s.money[p] for p in range(4)]
    assert gained == [3, 1, 3 + 1, 0]
    assert after.supply_net == s.supply_net + 8
    assert money_conserved(after)


def test_the_active_player_takes_the_top_marker_of_both_families_green_first() -> None:
    """Rulebook: Relationships - "the active player ... takes the top relationship markers
    of both families"; Setup - the dark green marker is on top of each stack."""
    s, t = meeting_at(table(), F, G)
    after = apply_action(s, place(F, t))
    assert sorted(after.rel_markers[0]) == sorted([(F, True), (G, True)])
    assert after.markers_left[F] == MARKERS - 1
    assert after.markers_left[G] == MARKERS - 1
    assert all(after.rel_markers[p] == () for p in (1, 2, 3))
    assert after.has_met(F, G) and after.has_met(G, F)


def test_the_markers_go_to_the_active_player_even_if_others_gain_more() -> None:
    """Rulebook: Relationships - "the active player (the player who just established the
    trade relationship) takes the top relationship markers": Cem, in both families, gains
    the most money but the markers go to Cem only when Cem places the camel."""
    s, t = meeting_at(table(), F, G)
    s = to_turn(s, 2)
    after = apply_action(s, place(F, t))
    assert sorted(after.rel_markers[2]) == sorted([(F, True), (G, True)])
    assert after.rel_markers[0] == ()
    assert [after.money[p] - s.money[p] for p in range(4)] == [3, 1, 4, 0]


def test_second_marker_of_a_family_is_grey() -> None:
    """Rulebook: Setup - four gray markers lie under the green one: once F's green marker is
    taken, F's next relationship gives a grey one (and H's green one)."""
    s, t1 = meeting_at(table(), F, G)
    s = apply_action(s, place(F, t1))
    s, t2 = meeting_at(to_turn(s, 0), F, H, avoid=(t1, *s.board.neighbours[t1]))
    after = apply_action(s, place(F, t2))
    assert sorted(after.rel_markers[0]) == sorted([(F, True), (G, True), (F, False), (H, True)])
    assert after.markers_left[F] == MARKERS - 2


def test_only_the_first_meeting_of_two_families_counts() -> None:
    """Rulebook: Relationships - "Only the 1st established relationship between any two
    specific families grants bonuses and relationship markers. Any further encounters of
    these two families are without consequences" (in either direction)."""
    s, t1 = meeting_at(table(), F, G)
    s = apply_action(s, place(F, t1))
    # F meets G again elsewhere
    s2, t2 = meeting_at(to_turn(s, 0), F, G, avoid=(t1, *BOARD.neighbours[t1]))
    again = apply_action(s2, place(F, t2))
    assert again.money == s2.money
    assert again.rel_markers == s2.rel_markers
    assert again.markers_left == s2.markers_left
    # and G (Bob's family) joins a lone camel of F: still the same pair
    s3, t3 = meeting_at(to_turn(s, 1), G, F, avoid=(t1, *BOARD.neighbours[t1]))
    reverse = apply_action(s3, place(G, t3))
    assert reverse.money == s3.money
    assert reverse.rel_markers == s3.rel_markers


def test_a_meeting_on_a_home_city_counts() -> None:
    """Rulebook: Relationships - "it doesn't matter if the land space is a goods space or a
    starting space": F's camel joining G's camel on G's home city meets G."""
    s = table()
    home = BOARD.home[G]
    s = stage(s, F, home)
    after = apply_action(s, place(F, home))
    assert after.has_met(F, G)
    assert [after.money[p] - s.money[p] for p in range(4)] == [3, 1, 4, 0]
    assert sorted(after.rel_markers[0]) == sorted([(F, True), (G, True)])


def test_a_meeting_on_a_goods_space_counts() -> None:
    """Rulebook: Relationships - a goods space is a land space like any other for a
    relationship (the second camel there takes no marker, docs/rules.md: Goods)."""
    s = table()
    g = goods_space_for(s)
    space = BOARD.good_space[g]
    s = with_camels(s, [(G, space)], marker_to=3)
    s = stage(s, F, space)
    after = apply_action(s, place(F, space))
    assert after.has_met(F, G)
    assert [after.money[p] - s.money[p] for p in range(4)] == [3, 1, 4, 0]
    assert after.marker_owner[g] == 3


def test_no_relationship_on_water() -> None:
    """Rulebook: Relationships - "No relationships can be established on water spaces. Any
    camels there pass each other by without ever meeting each other"; a later meeting on
    land is still the first one."""
    s = table()
    water = next(t for t in range(BOARD.n_spaces)
                 if BOARD.is_water[t] and not s.occ[t]
                 and any(is_plain(b) and not s.occ[b] for b in BOARD.neighbours[t]))
    s = with_camels(s, [(G, water)])
    s = stage(s, F, water)
    after = apply_action(s, place(F, water))
    assert sorted(after.occ[water]) == sorted((F, G))
    assert after.money == s.money
    assert after.rel_markers == s.rel_markers
    assert after.markers_left == s.markers_left
    assert not after.has_met(F, G)
    land, t = meeting_at(to_turn(after, 0), F, G, avoid=(water, *BOARD.neighbours[water]))
    met = apply_action(land, place(F, t))
    assert met.has_met(F, G)
    assert met.money[0] == land.money[0] + 3


def test_a_camel_on_an_empty_land_space_meets_nobody() -> None:
    """docs/rules.md: Relationships - a camel meets a family on a land space "that holds
    exactly one camel of another family": alone on a space, it meets nobody."""
    s = table()
    t = plain_land_with_plain_neighbour(s)
    s = stage(s, F, t)
    after = apply_action(s, place(F, t))
    assert after.met == s.met and after.money == s.money


def test_a_family_without_markers_still_pays_and_receives_bonuses() -> None:
    """docs/rules.md: Relationships - "A family with no marker left still pays and is paid
    bonuses on a first meeting; the active player just takes no marker from it" (here G's
    five markers are all taken; the position is built, not played)."""
    s = with_markers_taken(table(), {G: MARKERS}, holder=3)
    s, t = meeting_at(s, F, G)
    after = apply_action(s, place(F, t))
    assert [after.money[p] - s.money[p] for p in range(4)] == [3, 1, 4, 0]
    assert after.rel_markers[0] == ((F, True),)
    assert after.markers_left[G] == 0


def test_a_family_emptied_by_the_first_camel_still_gets_bonuses_on_the_second() -> None:
    """docs/rules.md: Relationships / End - F's last marker goes with the first camel's
    meeting; the game only ends after the turn, so the second camel's first meeting of F
    and H still pays the bonuses, and gives only H's marker."""
    s = with_markers_taken(table(treasury=1), {F: MARKERS - 1}, holder=3)
    s, t1 = meeting_at(s, F, G)
    s, t2 = meeting_at(s, F, H, avoid=(t1, *BOARD.neighbours[t1]))
    s = apply_action(s, place(F, t1))
    assert s.markers_left[F] == 0
    assert s.phase == "second" and not s.is_over
    mid = s
    s = apply_action(s, place(F, t2))
    # H has no member at the table: F's members get 3 each, nobody gets 1
    assert [s.money[p] - mid.money[p] for p in range(4)] == [3, 0, 3, 0]
    assert s.rel_markers[0][-1] == (H, True)
    assert (F, False) not in s.rel_markers[0][len(mid.rel_markers[0]):]
    assert s.is_over


def test_members_of_neither_family_get_nothing() -> None:
    """Rulebook: Relationships - only members of the two families are paid."""
    s, t = meeting_at(table(), F, G)
    after = apply_action(s, place(F, t))
    assert after.money[3] == s.money[3]


def test_the_meeting_is_resolved_before_the_second_camel() -> None:
    """docs/rules.md: Expanding - "each placement is fully resolved (goods marker, sale,
    relationship) before the next": after a meeting with the first camel the bonuses are
    already paid while the player decides on the second camel."""
    s, t = meeting_at(table(treasury=2), F, G)
    after = apply_action(s, place(F, t))
    assert after.phase == "second"
    assert after.money[0] == s.money[0] + 3
    ended = apply_action(after, END)
    assert ended.money == after.money


def test_relationship_bonus_totals_over_a_turn() -> None:
    """Rulebook: Relationships - two first meetings in one turn (two camels) pay twice."""
    s = table(treasury=1)
    s, t1 = meeting_at(s, F, G)
    s, t2 = meeting_at(s, F, H, avoid=(t1, *BOARD.neighbours[t1]))
    after = play(s, place(F, t1), place(F, t2))
    assert [after.money[p] - s.money[p] for p in range(4)] == [3 + 3, 1, 4 + 3, 0]
    assert len(after.rel_markers[0]) == 4

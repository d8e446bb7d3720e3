"""Property-based tests: random games of 2 to 5 players, every action drawn by hypothesis
among the legal ones, with the rules' invariants checked after every action.

Each invariant cites the rule it follows from; the expectations are written out from the
rules here (helpers.rule_spaces and the checks below), not taken from the engine.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from itertools import combinations

import pytest
from hypothesis import Phase, given, settings
from hypothesis import strategies as st

from samarkand_core import (
    Action,
    Discard,
    GameState,
    Marry,
    Place,
    SaleTiming,
    apply_action,
    legal_actions,
    legal_spaces,
    new_game,
)
from samarkand_core.events import MarkerTaken
from samarkand_core.tables import tables
from tests.support.helpers import (
    BOARD,
    CAMELS,
    HAND_LIMIT,
    MARKERS,
    N_GOODS,
    NAMES,
    STARTING_MONEY,
    all_cards,
    money_total,
    rule_spaces_all,
    snapshot,
)

MAX_STEPS = 600
# No shrinking: a game is a few hundred drawn choices, and shrinking one takes minutes.
# A failure prints every drawn action index, which replays the game exactly.
NO_SHRINK = (Phase.explicit, Phase.reuse, Phase.generate)
SETTINGS = settings(max_examples=50, deadline=None, phases=NO_SHRINK)


def play_random(
    n: int, seed: int, data: st.DataObject, check: Callable[[GameState, Action, GameState], None],
    before_each: Callable[[GameState], None] = lambda s: None,
    sale_timing: SaleTiming = SaleTiming.AT_ONCE,
) -> GameState:
    """Play a game, each action drawn by hypothesis; `before_each(state)` before every
    action is applied, `check(before, action, after)` after it."""
    s = new_game(list(NAMES[:n]), seed, sale_timing=sale_timing)
    for _ in range(MAX_STEPS):
        if s.is_over:
            break
        legal = legal_actions(s)
        a = legal[data.draw(st.integers(0, len(legal) - 1), label="action")]
        before_each(s)
        after = apply_action(s, a)
        check(s, a, after)
        s = after
    return s


games = given(
    n=st.integers(2, 5),
    seed=st.integers(0, 2**64 - 1),
    data=st.data(),
)


# -- conservation -------------------------------------------------------------------------


def check_conservation(before: GameState, action: Action, s: GameState) -> None:
    n = s.n
    # docs/rules.md: Money - "players + treasuries + what the supply paid out minus what it
    # took in stays constant".
    assert money_total(s) == STARTING_MONEY * n + s.supply_net, "money is not conserved"
    assert min(s.money) >= 0 and min(s.treasury) >= 0, "negative money"
    # Rulebook: Components - 12 camels of each colour: supply + map.
    on_map = Counter(f for o in s.occ for f in o)
    for f in range(BOARD.n_families):
        assert s.camels_left[f] >= 0
        assert s.camels_left[f] + on_map[f] == CAMELS, "12 camels per family"
        assert set(s.fam_spaces[f]) == {t for t, o in enumerate(s.occ) if f in o}
    # Rulebook: Expand - "No more than 2 camels ... The camels on a space must be of
    # different color".
    for o in s.occ:
        assert len(o) <= 2 and len(set(o)) == len(o), "at most 2 camels of different colours"
    # Rulebook: Components - 5 relationship markers per family, green on top.
    held = Counter(f for rm in s.rel_markers for f, _ in rm)
    greens = Counter(f for rm in s.rel_markers for f, green in rm if green)
    for f in range(BOARD.n_families):
        assert s.markers_left[f] + held[f] == MARKERS, "5 markers per family"
        assert greens[f] == (1 if s.markers_left[f] < MARKERS else 0), "green marker first"
        # each first meeting of f takes one of its markers while it has any
        meetings = sum(1 for g in range(BOARD.n_families) if g != f and s.has_met(f, g))
        assert MARKERS - s.markers_left[f] == min(MARKERS, meetings)
    # Rulebook: Components - 33 goods cards: hands + sold + deck + discard.
    assert sorted(all_cards(s)) == list(range(1, N_GOODS + 1)), "33 cards"
    # docs/rules.md (Goods): a card up for sale is in its holder's hand.
    if s.phase == "sell":
        assert s.pending_good in s.hands[s.pending_holder], "the holder holds the card"
    # Rulebook: Components - 33 goods markers: on the map + held; a marker leaves the map
    # exactly when the first camel reaches its space.
    held_goods = [g for gm in s.goods_markers for g in gm]
    assert len(held_goods) == len(set(held_goods))
    assert len(held_goods) + sum(1 for g in range(1, N_GOODS + 1)
                                 if s.marker_owner[g] < 0) == N_GOODS
    for g in range(1, N_GOODS + 1):
        space = BOARD.good_space[g]
        assert (s.marker_owner[g] < 0) == (not s.occ[space])
        if s.marker_owner[g] >= 0:
            assert g in s.goods_markers[s.marker_owner[g]]
    # Rulebook: Components - 20 family tiles (2 players: the bag and the removed ones too).
    held_tiles = sum(sum(t) for t in s.tiles)
    total = held_tiles + sum(s.domain_tiles) + len(s.bag) + len(s.removed)
    assert total == 2 * BOARD.n_families, "20 family tiles"
    if n > 2:
        assert all(max(t) <= 1 for t in s.tiles), "3-5 players: one tile a family"
    # docs/rules.md: Hand limit - hand + sold within the limit after each completed discard
    # (and at any time outside the discard itself).
    limit = HAND_LIMIT[n]
    assert s.limit == limit
    for p in range(n):
        if s.phase == "discard" and p == s.turn_player:
            continue
        assert s.hand_count(p) <= limit, "hand limit"
    if isinstance(action, Discard):
        assert s.hand_count(before.turn_player) <= limit


@pytest.mark.slow
@SETTINGS
@games
def test_random_games_conserve_money_camels_cards_markers_and_tiles(
    n: int, seed: int, data: st.DataObject
) -> None:
    """Rulebook: Components and Setup, docs/rules.md: Money / Hand limit - after every action
    of a random game: money conserved, 12 camels per family, at most 2 camels of different
    colours a space, 5 markers per family (green first), 33 cards, 33 goods markers, 20
    family tiles, and hand + sold within the hand limit after each discard."""
    play_random(n, seed, data, check_conservation)


def check_sale_at_holders_turn(before: GameState, action: Action, s: GameState) -> None:
    """docs/rules.md, Selling by link: the invariants above hold, no question is asked
    inside a turn (only before the turn player's first move, of a card in their hand
    whose marker was taken since their last turn began), and a marker taken is added to
    every player's questions."""
    check_conservation(before, action, s)
    if s.phase == "sell":
        assert s.pending_holder == s.turn_player and s.placed == 0 and not s.married_now
        assert s.marker_owner[s.pending_good] >= 0
    taken = [e.good for e in s.events if isinstance(e, MarkerTaken)]
    if taken and not s.is_over:
        for p in range(s.n):  # (a turn begun just now has looked at its player's)
            if p != s.turn_player or s.turn == before.turn:
                assert taken[0] in s.asks[p]


@SETTINGS
@games
def test_random_games_by_link_keep_the_invariants_and_ask_only_at_the_holders_turn(
    n: int, seed: int, data: st.DataObject
) -> None:
    """The conservation above, and the sale at the holder's turn (docs/rules.md, Selling by
    link), in random games of the variant."""
    play_random(n, seed, data, check_sale_at_holders_turn,
                sale_timing=SaleTiming.AT_HOLDERS_TURN)


# -- the legal actions are the rules' ----------------------------------------------------


def check_legal(before: GameState, action: Action, s: GameState) -> None:
    if s.is_over:
        assert legal_actions(s) == []
        return
    legal = legal_actions(s)
    assert len(set(legal)) == len(legal)
    p = s.turn_player
    spaces = rule_spaces_all(s)
    for f in range(BOARD.n_families):
        assert set(legal_spaces(s, f)) == spaces[f], "adjacency rule"
    if s.phase == "main":
        assert s.current_player == p
        # docs/rules.md: Marrying - money >= portion, a tile left, one tile a family (3-5).
        marry = {f for f in range(BOARD.n_families)
                 if s.domain_tiles[f] > 0 and s.money[p] >= BOARD.portion[f]
                 and (s.n == 2 or not s.tiles[p][f])}
        # docs/rules.md: Expanding - a tile, a camel in supply, an allowed space.
        places = {(f, t) for f in range(BOARD.n_families)
                  if s.tiles[p][f] and s.camels_left[f] for t in spaces[f]}
        got_m = {BOARD.family_index[a.family] for a in legal if isinstance(a, Marry)}
        got_p = {(BOARD.family_index[a.family], a.space) for a in legal if isinstance(a, Place)}
        assert got_m == marry and got_p == places
        if not marry and not places:
            assert [a.kind for a in legal] == ["pass"]  # docs/rules.md, End and scoring
        else:
            assert "pass" not in {a.kind for a in legal}
    elif s.phase == "second":
        f = s.exp_family
        assert s.current_player == p and s.placed == 1
        assert s.treasury[f] >= 1 and s.camels_left[f] >= 1, "a second camel needs both"
        got = {(BOARD.family_index[a.family], a.space) for a in legal if isinstance(a, Place)}
        assert got == {(f, t) for t in spaces[f]}
        assert {a.kind for a in legal} <= {"place", "end_turn"} and "end_turn" in {
            a.kind for a in legal}
    elif s.phase == "sell":
        # Rulebook: Goods - the holder of the card decides, even out of turn.
        g = s.pending_good
        assert g in s.hands[s.current_player]
        assert s.marker_owner[g] == p
        assert {a.kind for a in legal} == {"sell", "keep"}
    elif s.phase == "discard":
        # docs/rules.md: Hand limit - 0 to 2, at most drawn - 1, within the limit after.
        hand = s.hands[p]
        lo = max(0, s.hand_count(p) - s.limit)
        hi = min(2, s.drawn - 1)
        want = {c for k in range(lo, hi + 1) for c in combinations(hand, k)}
        assert {a.cards for a in legal if isinstance(a, Discard)} == want
        assert lo <= hi


@SETTINGS
@games
def test_random_games_offer_exactly_the_legal_actions_of_the_rules(
    n: int, seed: int, data: st.DataObject
) -> None:
    """Rulebook: Marry / Expand / Goods, docs/rules.md: Hand limit, End - in every position of a
    random game the engine offers exactly what the rules allow: marriages, camel
    placements next to own camels, the second camel of the same family only with a dirham
    and a camel, the sale to the card's holder, discards within 0..2 and the limit, and
    Pass only when nothing else is legal."""
    play_random(n, seed, data, check_legal)


# -- immutability ------------------------------------------------------------------------


@pytest.mark.slow
@SETTINGS
@games
def test_apply_action_leaves_its_argument_unchanged(
    n: int, seed: int, data: st.DataObject
) -> None:
    """API: apply_action returns a new state and never changes the one it is given (so a
    bot may explore from a position and the screen may keep the old one)."""
    snapshots: list[dict[str, object]] = []

    def unchanged(s: GameState, a: Action, after: GameState) -> None:
        assert snapshot(s) == snapshots[-1]
        assert after is not s

    play_random(n, seed, data, unchanged, before_each=lambda s: snapshots.append(snapshot(s)))


# -- the end -------------------------------------------------------------------------------


def end_condition(s: GameState) -> bool:
    """Rulebook: End - no green marker left anywhere, or a family with no marker left."""
    return all(m < MARKERS for m in s.markers_left) or min(s.markers_left) == 0


def check_end(before: GameState, action: Action, s: GameState) -> None:
    turn_ended = s.is_over or s.turn != before.turn
    if not turn_ended:
        # docs/rules.md: End - checked after the whole turn, never in the middle of one.
        assert not s.is_over
        return
    if action.kind == "pass":
        # docs/rules.md: End - every player passing in a row ends the game.
        assert s.is_over == (s.pass_streak >= s.n)
        assert s.is_over == (before.pass_streak + 1 >= s.n)
        return
    # Rulebook: End - the game ends immediately after a turn that meets a condition.
    assert s.is_over == end_condition(s), "end condition after the turn"
    if s.is_over:
        assert s.end_reason


@settings(max_examples=60, deadline=None, phases=NO_SHRINK)
@games
def test_random_games_end_exactly_when_an_end_condition_holds(
    n: int, seed: int, data: st.DataObject
) -> None:
    """Rulebook: End of the game, docs/rules.md: End - after each action that ends a turn the
    game is over if and only if no green marker is left, or some family has no marker
    left, or every player has passed in a row; in the middle of a turn it never is."""
    end = play_random(n, seed, data, check_end)
    if end.is_over:
        assert legal_actions(end) == []


# -- the engine's tables ---------------------------------------------------------------------


@settings(max_examples=200, deadline=None)
@given(spaces=st.sets(st.integers(0, BOARD.n_spaces - 1)), family=st.integers(0, 9))
def test_a_mask_of_spaces_reads_back_as_the_spaces_in_ascending_order(
    spaces: set[int], family: int
) -> None:
    """Engine: frontiers are kept as bit masks of spaces; reading a mask back (the sorted
    Place actions of legal_actions, legal_spaces, GameState.frontier) gives exactly its
    spaces, ascending."""
    tab = tables(BOARD)
    mask = sum(1 << t for t in spaces)
    tab.place_lists[family].pop(mask, None)
    places = tab.place_list(family, mask)
    assert [a.space for a in places] == sorted(spaces)
    assert {a.family for a in places} <= {BOARD.family_ids[family]}
    assert tab.spaces(mask) == sorted(spaces)
    assert tab.frontier_set(mask) == frozenset(spaces)

"""End of the game (Rulebook: "End of the game and winner", "New trade relationship" - the
end check "After a player has finished their turn"; docs/rules.md: "End and scoring")."""

from __future__ import annotations

import pytest

from samarkand_core import GameState, IllegalActionError, apply_action, legal_actions
from tests.support.helpers import (
    BOARD,
    END,
    MARKERS,
    PASS,
    discard,
    give,
    goods_space_for,
    kinds,
    marry,
    meeting_at,
    new,
    place,
    play,
    sell,
    stage,
    to_turn,
    with_markers_taken,
    with_money,
    with_tiles,
    with_treasury,
)

F, G = 0, 1
OTHERS = [f for f in range(BOARD.n_families) if f not in (F, G)]


def last_greens(treasury: int = 0, player: int = 1) -> tuple[GameState, int]:
    """Every family but F and G has lost its green marker; `player` (holding F) stands a
    camel of F next to a lone camel of G on land space t. Seat 0 began the round."""
    s = new(4, seed=31, first=0)
    s = with_markers_taken(s, {f: 1 for f in OTHERS}, holder=3)
    s = with_tiles(s, player, F)
    s = with_treasury(to_turn(s, player), F, treasury)
    return meeting_at(s, F, G)


def no_green_left(s: GameState) -> bool:
    return all(m < MARKERS for m in s.markers_left)


def test_game_ends_when_no_green_marker_is_left() -> None:
    """Rulebook: End - "Each family has established at least one trade relationship. This
    means there are no more dark green relationship markers anywhere on the board"."""
    s, t = last_greens()
    assert not no_green_left(s)
    after = apply_action(s, place(F, t))
    assert no_green_left(after)
    assert after.is_over
    assert after.end_reason is not None and "every family" in after.end_reason
    assert legal_actions(after) == []


def test_the_round_is_not_completed() -> None:
    """Rulebook: End - "The game ends immediately ... The round is not completed": the game
    ends after the turn of seat 1 although seats 2 and 3 have not played this round."""
    s, t = last_greens(player=1)
    after = apply_action(s, place(F, t))
    assert after.is_over
    with pytest.raises(IllegalActionError, match="game is over"):
        apply_action(after, marry(2))


def test_one_green_marker_left_the_game_goes_on() -> None:
    """Rulebook: End - the first condition needs *no* green marker anywhere on the board."""
    s, t = last_greens()
    s = s.copy()
    s.markers_left[OTHERS[0]] = MARKERS  # that family has not met anybody yet
    after = apply_action(s, place(F, t))
    assert not after.is_over
    assert after.phase == "main" and after.turn_player == 2


def test_the_end_is_checked_after_the_whole_turn() -> None:
    """docs/rules.md: End - "The end conditions are checked after a whole turn (after both
    camels and all sales)": after the camel that takes the last green markers the player
    still decides on a second camel; the game ends when the turn does."""
    s, t = last_greens(treasury=2)
    mid = apply_action(s, place(F, t))
    assert no_green_left(mid)
    assert not mid.is_over
    assert mid.phase == "second"
    assert "end_turn" in kinds(legal_actions(mid))
    assert apply_action(mid, END).is_over
    second = next(x for x in sorted(mid.frontier[F]) if not mid.occ[x])
    after = apply_action(mid, place(F, second))
    while after.phase == "sell":
        after = apply_action(after, legal_actions(after)[0])
    assert after.is_over


def test_the_end_waits_for_a_pending_sale() -> None:
    """docs/rules.md: End - checked "after both camels and all sales": a sale offered for the
    second camel is decided before the game ends."""
    s, t = last_greens(treasury=2)
    g = goods_space_for(s)
    s = stage(s, F, BOARD.good_space[g], avoid=(t,))
    s = give(s, 2, g)
    mid = play(s, place(F, t), place(F, BOARD.good_space[g]))
    assert mid.phase == "sell" and mid.current_player == 2
    assert not mid.is_over
    after = apply_action(mid, sell(g))
    assert after.is_over
    assert after.money[2] == mid.money[2] + 3


def meeting_with_markers_taken(taken: int) -> GameState:
    """Seat 0's camel of F meets G for the first time, F having `taken` relationship
    markers gone already: the state after it."""
    s = new(4, seed=32)
    s = with_markers_taken(s, {F: taken}, holder=3)
    s, t = meeting_at(with_tiles(to_turn(s, 0), 0, F), F, G)
    return apply_action(s, place(F, t))


def test_game_ends_when_a_family_has_five_relationships() -> None:
    """Rulebook: End - "One family has established 5 relationships with other families. No
    relationship markers of this family are left in their domain"."""
    after = meeting_with_markers_taken(MARKERS - 1)
    assert after.markers_left[F] == 0
    assert after.is_over
    assert after.end_reason is not None and BOARD.family_names[F] in after.end_reason


def test_four_relationships_the_game_goes_on() -> None:
    """Rulebook: End - the second condition needs all five markers of one family gone."""
    after = meeting_with_markers_taken(MARKERS - 2)
    assert after.markers_left[F] == 1
    assert not after.is_over


def broke(n: int = 4, who: tuple[int, ...] = (0, 1, 2, 3)) -> GameState:
    """Players in `who` have no money (no marriage) and no tile (no expansion)."""
    s = new(n, seed=33)
    for p in who:
        s = with_money(s, p, 0)
    return s


def test_a_player_with_no_legal_action_passes() -> None:
    """docs/rules.md: End - "A player with no legal action passes": the only action offered is
    Pass, and it hands the turn on without changing anything else."""
    s = broke(who=(0,))
    assert [a.kind for a in legal_actions(s)] == ["pass"]
    after = apply_action(s, PASS)
    assert after.turn_player == 1 and after.phase == "main"
    assert after.money == s.money and after.hands == s.hands and after.occ == s.occ
    assert not after.is_over


def test_pass_is_refused_when_there_is_a_legal_action() -> None:
    """docs/rules.md: End - only "a player with no legal action passes"."""
    s = new(4)
    assert "pass" not in kinds(legal_actions(s))
    with pytest.raises(IllegalActionError, match="may not pass"):
        apply_action(s, PASS)


def test_every_player_passing_in_a_row_ends_the_game() -> None:
    """docs/rules.md: End - "If every player passes in a row, the game ends and is scored"."""
    s = broke()
    for _ in range(3):
        s = apply_action(s, PASS)
        assert not s.is_over
    s = apply_action(s, PASS)
    assert s.is_over
    assert s.end_reason is not None and "no player can move" in s.end_reason


def test_a_move_between_passes_restarts_the_count() -> None:
    """docs/rules.md: End - the passes must be "in a row": a marriage in between means the
    game goes on until every player has passed again after it."""
    s = broke(who=(0, 1, 3))
    s = with_money(s, 2, BOARD.portion[F])
    s = play(s, PASS, PASS, marry(F), discard())
    # Cem now holds a tile of F and may expand, so Cem never has to pass; the others do
    s = play(s, PASS, PASS, PASS)
    assert not s.is_over
    assert s.turn_player == 2


def test_nothing_is_legal_after_the_end() -> None:
    """Rulebook: End - the game is over and scored: no action is legal any more."""
    s = broke()
    s = play(s, PASS, PASS, PASS, PASS)
    assert legal_actions(s) == []
    with pytest.raises(IllegalActionError, match="game is over"):
        apply_action(s, PASS)

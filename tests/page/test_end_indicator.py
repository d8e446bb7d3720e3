"""How close is the end. Rulebook, "End of the game": the game ends at
once after a turn if every family has a trade relationship (no dark green marker left)
or one family has established five (no relationship marker left on its domain). One turn
places at most two camels of one family, so it makes at most two first meetings."""

from __future__ import annotations

from samarkand_web.saves.storage import MemoryStore
from samarkand_web.state.app import App
from samarkand_web.state.controller import HUMAN, Controller
from samarkand_web.state.screen import Screen
from samarkand_web.view.panels.end import EndIndicator, end_warning, relationships

from samarkand_core import GameState, apply_action
from samarkand_core.state import MARKERS_PER_FAMILY
from tests.support.web_support import Clock, play_until


def greens(s: GameState) -> int:
    return sum(1 for m in s.markers_left if m == MARKERS_PER_FAMILY)


def test_no_warning_at_the_start_of_a_game() -> None:
    s = play_until(lambda s: s.turn == 1)
    assert end_warning(s) is None


def test_a_family_one_marker_from_five_warns() -> None:
    s = play_until(lambda s: not s.is_over and min(s.markers_left) == 1
                   and any(s.camels_left[f] and any(s.tiles[p][f] for p in range(s.n))
                           for f in range(10)), max_games=800)
    found = end_warning(s)
    assert found is not None and found[0] == "ending.warn_five"
    assert relationships(s, found[1]["family"]) == 4 and found[1]["n"] == 4


def test_one_family_left_without_a_relationship_warns() -> None:
    s = play_until(lambda s: not s.is_over and greens(s) == 1 and min(s.markers_left) > 2,
                   max_games=800)
    assert end_warning(s) == ("ending.warn_green", {"n": 1})


def test_many_families_without_a_relationship_and_few_relationships_do_not_warn() -> None:
    s = play_until(lambda s: greens(s) >= 4 and min(s.markers_left) >= 3 and s.turn > 10)
    assert end_warning(s) is None


def test_every_warning_comes_before_the_turn_that_ends_the_game() -> None:
    """Over random games: whenever a turn ends the game, the warning was shown at its
    start (the warning may come early, never late)."""
    endings = 0
    for seed in range(1, 40):
        s = play_until(lambda s: s.is_over, players=3, max_games=1, seed0=seed)
        replay = play_until(lambda s: True, players=3, max_games=1, seed0=seed)
        start_of_turn = replay
        for action in s.actions:
            if replay.phase == "main":  # the start of a turn
                start_of_turn = replay
            replay = apply_action(replay, action)
        if s.end_reason != "no player can move":
            assert end_warning(start_of_turn) is not None, seed
            endings += 1
    assert endings > 20


def test_the_indicator_counts_families_without_relationship_and_the_most_made() -> None:
    s = play_until(lambda s: greens(s) < 10 and not s.is_over and s.turn > 20)
    app = App(MemoryStore(), now=Clock())
    app.game.ctl = Controller(s, [HUMAN] * s.n)
    app.screen = Screen.GAME
    markup = str(EndIndicator(app).indicator())
    most = max(relationships(s, f) for f in range(10))
    assert f"{greens(s)} of 10 families still without a trade relationship" in markup
    assert f"most relationships of one family: {most} of 5" in markup
    assert markup.count('class="pip on"') == greens(s) + most

"""The game's end as data (samarkand_core.outcome; docs/rules.md, "End and scoring": the game
ends after a turn with no dark green marker left on the board or a family with no
relationship marker left, or when every player passes in a row), and the page's end text
following it."""

from __future__ import annotations

import pytest
from samarkand_web.saves.storage import MemoryStore
from samarkand_web.state.app import App
from samarkand_web.state.controller import HUMAN, Controller, end_reason_key
from samarkand_web.state.screen import Screen
from samarkand_web.view.screens.game import GameScreen

from samarkand_core import Outcome, Termination, final_scores, new_game, outcome
from samarkand_core.state import MARKERS_PER_FAMILY
from tests.support.helpers import random_game
from tests.support.web_support import Clock

# Random games (tests/support/helpers.random_game) that end each way: (players, seed).
ENDINGS = {
    Termination.NO_DARK_GREEN_MARKER: (3, 1),
    Termination.FAMILY_OUT_OF_MARKERS: (3, 36),
    Termination.ALL_PASSED: (3, 2),
}
# The page's words for each (English).
END_TEXT = {
    Termination.NO_DARK_GREEN_MARKER: "every family has a trade relationship.",
    Termination.FAMILY_OUT_OF_MARKERS: "has made five trade relationships.",
    Termination.ALL_PASSED: "no player can move.",
}


def test_a_game_in_progress_has_no_outcome() -> None:
    assert outcome(new_game(["Ann", "Bob", "Cem"], seed=7)) is None


@pytest.mark.parametrize("termination", list(Termination))
def test_each_termination_is_reached_in_a_real_game(termination: Termination) -> None:
    """docs/rules.md, End and scoring: each of the three ends happens in play, and the
    outcome says which, with the scores and winners of final_scores."""
    n, seed = ENDINGS[termination]
    s, _ = random_game(n, seed)
    ended = outcome(s)
    assert isinstance(ended, Outcome)
    assert ended.termination is termination
    fs = final_scores(s)
    assert ended.winners == fs.winners and ended.scores == fs.scores
    markers = s.markers_left
    if termination is Termination.NO_DARK_GREEN_MARKER:
        assert MARKERS_PER_FAMILY not in markers and ended.family is None
    elif termination is Termination.FAMILY_OUT_OF_MARKERS:
        assert MARKERS_PER_FAMILY in markers and ended.family is not None
        assert markers[ended.family] == 0
    else:
        assert MARKERS_PER_FAMILY in markers and 0 not in markers and ended.family is None
        assert s.pass_streak >= s.n


def test_the_termination_agrees_with_the_engines_sentence() -> None:
    """`end_reason` (the engine's English sentence, kept for old code) and the outcome
    say the same, over random games of every size, including a game that met both marker
    conditions in one turn (3 players, seed 116: the engine names no green marker)."""
    seen = set()
    for n in (2, 3, 4, 5):
        for seed in range(1, 41):
            s, _ = random_game(n, seed)
            ended = outcome(s)
            assert ended is not None and s.end_reason is not None
            seen.add(ended.termination)
            if ended.termination is Termination.NO_DARK_GREEN_MARKER:
                assert s.end_reason == "every family has a trade relationship"
            elif ended.termination is Termination.ALL_PASSED:
                assert s.end_reason == "no player can move"
            else:
                assert ended.family is not None
                name = s.board.family_names[ended.family]
                assert s.end_reason == f"the {name} has made five trade relationships"
    assert seen == set(Termination)
    both, _ = random_game(3, 116)
    assert 0 in both.markers_left and MARKERS_PER_FAMILY not in both.markers_left
    assert (ended := outcome(both)) is not None
    assert ended.termination is Termination.NO_DARK_GREEN_MARKER


@pytest.mark.parametrize("termination", list(Termination))
def test_the_pages_end_text_follows_the_termination(termination: Termination) -> None:
    n, seed = ENDINGS[termination]
    s, _ = random_game(n, seed)
    ended = outcome(s)
    assert ended is not None
    key, params = end_reason_key(s)
    app = App(MemoryStore(), now=Clock())
    app.game.ctl = Controller(s, [HUMAN] * s.n)
    app.screen = Screen.GAME
    status = str(GameScreen(app).status())
    assert END_TEXT[termination] in status
    if termination is Termination.FAMILY_OUT_OF_MARKERS:
        assert key == "end.five" and params == {"family": ended.family}
        assert ended.family is not None
        assert s.board.family_names[ended.family] in status
    for other, text in END_TEXT.items():
        if other is not termination:
            assert text not in status

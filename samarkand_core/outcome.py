"""The game's end as data: why it ended, who won and the scores (as python-chess's
`Outcome` and `Termination`), so that a page or a tool need not re-derive the reason
from the markers nor read the engine's English sentence (`GameState.end_reason`).

docs/rules.md, "End and scoring": after a whole turn the game ends if no dark green
marker is left on the board, or if some family has no relationship marker left; it
also ends when every player passes in a row.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from .rules import MARKERS_PER_FAMILY
from .scoring import Score, final_scores
from .state import OVER, GameState


class Termination(Enum):
    """Why a game ended."""

    NO_DARK_GREEN_MARKER = "no_dark_green_marker"  # every family has a relationship
    FAMILY_OUT_OF_MARKERS = "family_out_of_markers"  # a family made five relationships
    ALL_PASSED = "all_passed"  # every player passed in a row: nobody can move


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a finished game ended. `family`: the family with no relationship marker left
    (FAMILY_OUT_OF_MARKERS only, the first such family as the engine names it)."""

    termination: Termination
    winners: tuple[int, ...]  # every player with the highest total (ties share the win)
    scores: tuple[Score, ...]
    family: int | None = None


def marker_termination(markers_left: list[int]) -> tuple[Termination, int | None] | None:
    """The end condition the relationship markers meet after a turn, if any, in the
    engine's order of checking (engine._end_turn): no dark green marker first."""
    if MARKERS_PER_FAMILY not in markers_left:
        return Termination.NO_DARK_GREEN_MARKER, None
    if 0 in markers_left:
        return Termination.FAMILY_OUT_OF_MARKERS, markers_left.index(0)
    return None


def outcome(state: GameState) -> Outcome | None:
    """The game's outcome, or None while it goes on.

    Derived from the state (the engine checks the markers after every turn, so a game
    that ended with neither marker condition met ended by passes)."""
    if state.phase != OVER:
        return None
    found = marker_termination(state.markers_left)
    termination, family = found if found is not None else (Termination.ALL_PASSED, None)
    scores = final_scores(state)
    return Outcome(termination, scores.winners, scores.scores, family)

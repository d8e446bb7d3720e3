"""The end of a game as data: every player's points, the winners (seats) and the
tie-break that decided: most points, then most favour, then most influence, then the
better place in the final queue round the city (short rules, end of the game)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from .state import OVER, GameState


class TieBreak(Enum):
    """What decided the winner: points alone, or the first tie-break that did."""

    POINTS = "points"
    FAVOUR = "favour"
    INFLUENCE = "influence"
    QUEUE = "queue"


@dataclass(frozen=True, slots=True)
class Outcome:
    scores: tuple[int, ...]  # points per seat
    winners: tuple[int, ...]  # seats (one seat: the queue always separates a tie)
    decided_by: TieBreak


def outcome(state: GameState) -> Outcome | None:
    """The outcome of a finished game; None while it goes on."""
    if state.stage != OVER:
        return None
    scores = tuple(p.points for p in state.players)
    place = {seat: i for i, seat in enumerate(state.queue)}
    keys: dict[TieBreak, tuple[int, ...]] = {
        TieBreak.POINTS: scores,
        TieBreak.FAVOUR: tuple(p.favour for p in state.players),
        TieBreak.INFLUENCE: tuple(p.influence for p in state.players),
        TieBreak.QUEUE: tuple(-place[s] for s in range(state.n)),
    }
    tied = list(range(state.n))
    for tie_break, key in keys.items():
        best = max(key[s] for s in tied)
        tied = [s for s in tied if key[s] == best]
        if len(tied) == 1:
            return Outcome(scores, (tied[0],), tie_break)
    return Outcome(scores, tuple(tied), TieBreak.QUEUE)  # pragma: no cover - queue is strict

"""What one player may see: the whole table but the caravan deck's order and the
milestone tiles still face down in the library (only their counts), unless the viewer is
the one choosing from a stack now (they look through it)."""

from __future__ import annotations

from dataclasses import dataclass, replace

from .engine import decider
from .state import GameState


@dataclass(frozen=True, slots=True)
class PlayerView:
    viewer: int
    state: GameState  # the table with the hidden parts emptied
    deck_size: int
    milestones_left: tuple[int, ...]  # tiles left per stack


def view_for(state: GameState, viewer: int) -> PlayerView:
    """The view of seat `viewer`: `state` with the deck emptied and the milestone stacks
    emptied, except a stack the viewer is choosing from now."""
    choosing = -1
    if state.pending and state.pending[0][0] == "milestone" and decider(state) == viewer:
        choosing = state.pending[0][1]
    stacks = tuple(s if i == choosing else () for i, s in enumerate(state.milestones))
    public = replace(state, deck=(), milestones=stacks, seed=0)
    return PlayerView(viewer, public, len(state.deck), tuple(len(s) for s in state.milestones))

"""A bot that takes a uniformly random legal action (its own seeded stream)."""

from __future__ import annotations

from ..actions import Action
from ..engine import legal_actions
from ..rng import Rng
from ..state import GameState


class RandomBot:
    def __init__(self, seed: int) -> None:
        self.rng = Rng(seed)

    def __call__(self, state: GameState) -> Action:
        legal = legal_actions(state)
        return legal[self.rng.below(len(legal))]

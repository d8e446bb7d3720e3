"""The random bot: a uniformly random legal action (the baseline)."""

from __future__ import annotations

from ..actions import Action
from ..rng import Rng
from ..view import PlayerView
from .base import Decided


class RandomBot:
    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, view: PlayerView) -> Action:
        if not view.legal:
            raise ValueError("the bot is not the player who decides now")
        return view.legal[self.rng.below(len(view.legal))]

    def start(self, view: PlayerView) -> Decided:
        return Decided(self.choose(view))

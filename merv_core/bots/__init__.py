"""Merv's bots: `random` (a uniform legal action) and `heuristic` (one step ahead,
judged by heuristic.worth). `make_bot(name, seed)` builds one."""

from __future__ import annotations

from collections.abc import Callable

from ..actions import Action
from ..state import GameState
from .heuristic import HeuristicBot
from .random_bot import RandomBot

Bot = Callable[[GameState], Action]
BOTS = ("random", "heuristic")


def make_bot(name: str, seed: int) -> Bot:
    if name == "random":
        return RandomBot(seed)
    if name == "heuristic":
        return HeuristicBot(seed)
    raise ValueError(f"unknown bot {name!r} (known: {', '.join(BOTS)})")


__all__ = ["BOTS", "Bot", "HeuristicBot", "RandomBot", "make_bot"]

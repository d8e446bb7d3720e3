"""Computer opponents. `make_bot(level, seed)` gives a bot; LEVELS lists the levels.

random: a uniformly random legal action (the baseline).
heuristic: the best action over its own turn by an estimate of final scores (fast).
search: information-set Monte Carlo tree search over guesses of the hidden cards.
"""

from __future__ import annotations

from collections.abc import Callable

from .base import Bot, Decided, Thinking
from .heuristic import HeuristicBot
from .random_bot import RandomBot
from .search import SearchBot

_FACTORIES: dict[str, Callable[[int], Bot]] = {
    "random": RandomBot,
    "heuristic": HeuristicBot,
    "search": SearchBot,
}

LEVELS: tuple[str, ...] = tuple(_FACTORIES)


def make_bot(level: str, seed: int = 0) -> Bot:
    """A bot of the given level ("random", "heuristic", "search")."""
    try:
        return _FACTORIES[level](seed)
    except KeyError:
        known = ", ".join(LEVELS)
        raise ValueError(f"unknown bot level {level!r}; choose one of {known}") from None


__all__ = [
    "LEVELS", "Bot", "Decided", "HeuristicBot", "RandomBot", "SearchBot", "Thinking", "make_bot",
]

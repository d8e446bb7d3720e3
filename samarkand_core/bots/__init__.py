"""Computer opponents. `make_bot(level, seed)` gives a bot; LEVELS lists the levels.

random: a uniformly random legal action (the baseline).
heuristic: the best action over its own turn by an estimate of final scores (fast).
search: rollouts of the heuristic's best moves over guesses of the hidden cards, the
    others played as heuristic bots (or, as a variant, a tree search over such guesses).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .base import Bot, Decided, Thinking
from .heuristic import HeuristicBot
from .random_bot import RandomBot

if TYPE_CHECKING:
    from .search import SearchBot


def _search_bot(seed: int) -> Bot:
    # The search module loads with the first Hard bot (or the coach), not with the
    # package: the page starts without it.
    from .search import SearchBot

    return SearchBot(seed)


_FACTORIES: dict[str, Callable[[int], Bot]] = {
    "random": RandomBot,
    "heuristic": HeuristicBot,
    "search": _search_bot,
}

LEVELS: tuple[str, ...] = tuple(_FACTORIES)


def make_bot(level: str, seed: int = 0) -> Bot:
    """A bot of the given level ("random", "heuristic", "search")."""
    try:
        return _FACTORIES[level](seed)
    except KeyError:
        known = ", ".join(LEVELS)
        raise ValueError(f"unknown bot level {level!r}; choose one of {known}") from None


def __getattr__(name: str) -> Any:
    """`SearchBot`, imported on first use (PEP 562)."""
    if name == "SearchBot":
        from .search import SearchBot

        return SearchBot
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "LEVELS", "Bot", "Decided", "HeuristicBot", "RandomBot", "SearchBot", "Thinking", "make_bot",
]

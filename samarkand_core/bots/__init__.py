"""Computer opponents. `make_bot(level, seed)` gives a bot; LEVELS lists the levels."""

from __future__ import annotations

from collections.abc import Callable

from .base import Bot, Decided, Thinking
from .random_bot import RandomBot

_FACTORIES: dict[str, Callable[[int], Bot]] = {"random": RandomBot}

try:  # levels added as they are written
    from .heuristic import HeuristicBot

    _FACTORIES["heuristic"] = HeuristicBot
except ImportError:  # pragma: no cover
    pass
try:
    from .search import SearchBot

    _FACTORIES["search"] = SearchBot
except ImportError:  # pragma: no cover
    pass

LEVELS: tuple[str, ...] = tuple(_FACTORIES)


def make_bot(level: str, seed: int = 0) -> Bot:
    """A bot of the given level ("random", "heuristic", "search")."""
    try:
        return _FACTORIES[level](seed)
    except KeyError:
        choices = ", ".join(LEVELS)
        raise ValueError(f"unknown bot level {level!r}; choose one of {choices}") from None


__all__ = ["LEVELS", "Bot", "Decided", "RandomBot", "Thinking", "make_bot"]

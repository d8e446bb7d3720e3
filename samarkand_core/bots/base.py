"""The bot interface: a bot sees a PlayerView and returns one of its legal actions.

Bots think in slices so that a browser page can keep its main thread free:
`start(view)` returns a `Thinking`, `step(max_ms)` works for at most about
that long and says whether it has finished, `result()` gives the action.
`choose(view)` is the same, all at once (tests, tournaments, the CLI): `to_end`, which
runs any work done in slices (a bot's thinking, the coach's, the analysis's) at once.
"""

from __future__ import annotations

from typing import Protocol, TypeVar

from ..actions import Action
from ..view import PlayerView

R = TypeVar("R", covariant=True)


class Sliced(Protocol[R]):
    """Work done in slices: `step(max_ms)` until True, then `result()`."""

    def step(self, max_ms: float) -> bool: ...

    def result(self) -> R: ...


def to_end(work: Sliced[R]) -> R:
    """`work` all at once: its steps until it is done, then its result."""
    while not work.step(1000.0):
        pass
    return work.result()


class Thinking(Protocol):
    def step(self, max_ms: float) -> bool:
        """Think for about `max_ms` at most; True once the decision is made."""
        ...

    def result(self) -> Action: ...


class Bot(Protocol):
    name: str

    def start(self, view: PlayerView) -> Thinking: ...

    def choose(self, view: PlayerView) -> Action: ...


class Decided:
    """A Thinking whose decision is already made (bots that do not search)."""

    __slots__ = ("action",)

    def __init__(self, action: Action) -> None:
        self.action = action

    def step(self, max_ms: float) -> bool:
        return True

    def result(self) -> Action:
        return self.action

"""Seeded randomness that gives the same numbers on every Python version.

`random.Random` is not promised to be stable across versions, so the engine
uses SplitMix64: tiny, fast in pure Python, and fully specified by its state,
which is one integer that a game state can carry and copy for free.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15

T = TypeVar("T")


def next_u64(state: int) -> tuple[int, int]:
    """Return (new_state, 64-bit output)."""
    state = (state + _GAMMA) & _MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return state, z ^ (z >> 31)


def below(state: int, n: int) -> tuple[int, int]:
    """Return (new_state, an integer in range(n)).

    The modulo bias is below 2**-58 for the small n a board game needs, and a
    fixed formula keeps CPython and Pyodide in step.
    """
    # next_u64 inlined: this runs for every shuffle and random move, and a Python call
    # costs several times more in Pyodide than in CPython. Same numbers (tests pin them).
    state = (state + _GAMMA) & _MASK
    z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return state, (z ^ (z >> 31)) % n


def shuffled(state: int, items: Sequence[T]) -> tuple[int, list[T]]:
    """Fisher-Yates shuffle; returns (new_state, shuffled copy)."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        # j = below(state, i + 1), inlined (see below): same numbers, no call per card.
        state = (state + _GAMMA) & _MASK
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        j = (z ^ (z >> 31)) % (i + 1)
        out[i], out[j] = out[j], out[i]
    return state, out


def seed_state(seed: int) -> int:
    """Turn any integer seed (negative or huge too) into a 64-bit state."""
    return seed & _MASK


class Rng:
    """A small object wrapper for callers that prefer methods (bots, CLI)."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed_state(seed)

    def below(self, n: int) -> int:
        state = (self.state + _GAMMA) & _MASK  # below() inlined, as there
        self.state = state
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return (z ^ (z >> 31)) % n

    def random(self) -> float:
        self.state, x = next_u64(self.state)
        return (x >> 11) * (1.0 / (1 << 53))

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: list[T]) -> None:
        self.state, out = shuffled(self.state, items)
        items[:] = out

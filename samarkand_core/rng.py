"""Seeded randomness that gives the same numbers on every Python version.

`random.Random` is not promised to be stable across versions, so the engine
uses SplitMix64: tiny, fast in pure Python, and fully specified by its state,
which is one integer that a game state can carry and copy for free.
"""

from __future__ import annotations

import struct
from collections.abc import Sequence
from typing import TypeVar

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15
_MIX1 = 0xBF58476D1CE4E5B9
_MIX2 = 0x94D049BB133111EB

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


# outputs(): many steps at once, side by side in 128-bit lanes of one Python int. A lane
# holds a 64-bit value and leaves room for its product with a 64-bit constant, so each
# operation of the mix works on every lane at once (the spill of a right shift into the
# lane below is masked away). A dozen big-int operations then make up to _LANES numbers
# instead of a dozen each: in Python an operation costs far more than its arithmetic, and
# in Pyodide (where every new int is a malloc) most of all.
_LANE_BITS = 128
_LANES = 32
_LANE_CONSTANTS: dict[int, tuple[int, int, int, struct.Struct]] = {}


def _lane_constants(k: int) -> tuple[int, int, int, struct.Struct]:
    found = _LANE_CONSTANTS.get(k)
    if found is None:
        ones = sum(1 << (_LANE_BITS * i) for i in range(k))  # 1 in every lane
        steps = sum(((i + 1) * _GAMMA) << (_LANE_BITS * i) for i in range(k))
        found = _LANE_CONSTANTS[k] = (ones, steps, _MASK * ones, struct.Struct(f"<{2 * k}Q"))
    return found


def outputs(state: int, count: int) -> tuple[int, list[int]]:
    """Return (new_state, the next `count` 64-bit outputs): the same numbers as `count`
    calls of next_u64, made side by side (see _LANE_BITS)."""
    out: list[int] = []
    while count > 0:
        k = min(count, _LANES)
        ones, steps, mask, unpack = _lane_constants(k)
        z = (state * ones + steps) & mask  # lane i: state + (i + 1) * gamma, mod 2**64
        z ^= (z >> 30) & mask
        z = (z * _MIX1) & mask
        z ^= (z >> 27) & mask
        z = (z * _MIX2) & mask
        z ^= (z >> 31) & mask
        out += unpack.unpack(z.to_bytes(16 * k, "little"))[::2]  # each lane's low half
        state = (state + k * _GAMMA) & _MASK
        count -= k
    return state, out


def shuffled(state: int, items: Sequence[T]) -> tuple[int, list[T]]:
    """Fisher-Yates shuffle; returns (new_state, shuffled copy).

    Position i (from the last down) swaps with below(state, i + 1) of the next step, as
    written out in the test; the steps' outputs are made at once (outputs())."""
    out = list(items)
    n = len(out)
    if n < 2:
        return state, out
    state, draws = outputs(state, n - 1)
    for i, z in zip(range(n - 1, 0, -1), draws, strict=True):
        j = z % (i + 1)
        out[i], out[j] = out[j], out[i]
    return state, out


def seed_state(seed: int) -> int:
    """Turn any integer seed (negative or huge too) into a 64-bit state."""
    return seed & _MASK


def mix(salt: int, *parts: int) -> int:
    """A 64-bit seed from several integers, the same on every Python version; `salt`
    starts the chain, so that two users of mix() draw apart from the same parts."""
    state = salt
    for p in parts:
        state, x = next_u64((state ^ (p & _MASK)) & _MASK)
        state = x
    return state


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

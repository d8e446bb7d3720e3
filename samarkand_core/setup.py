"""Validation of what a game is set up with (names, seed, first player, sale timing).

Plain Python checks (no pydantic: new_game is on every page's and every bot's path).
A refused setup raises SetupError, a ValueError whose message says what is wrong.
"""

from __future__ import annotations

from .rules import SaleTiming

MIN_PLAYERS = 2
MAX_PLAYERS = 5
MAX_NAME = 24
MAX_SEED = 1 << 64


class SetupError(ValueError):
    """The names, seed or first player of a new game are not valid; the message says why."""


class GameSetup:
    """Checked setup: names stripped of surrounding blanks, seed and first player checked.

    Strict like the model it replaces: names must be texts, the seed and the first player
    ints (a bool or a float is refused, not converted)."""

    __slots__ = ("names", "seed", "first_player", "sale_timing")
    names: tuple[str, ...]
    seed: int
    first_player: int | None
    sale_timing: SaleTiming

    def __init__(
        self, names: tuple[str, ...], seed: int, first_player: int | None = None,
        sale_timing: SaleTiming = SaleTiming.AT_ONCE,
    ) -> None:
        self.names = _check_names(names)
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise SetupError(f"the seed must be a whole number, not {seed!r}")
        if not 0 <= seed < MAX_SEED:
            raise SetupError(f"the seed {seed} is not in 0..2**64-1")
        self.seed = seed
        if first_player is not None:
            last = len(self.names) - 1
            if (not isinstance(first_player, int) or isinstance(first_player, bool)
                    or not 0 <= first_player <= last):
                raise SetupError(f"first player {first_player} is not a seat 0..{last}")
        self.first_player = first_player
        if not isinstance(sale_timing, SaleTiming):
            raise SetupError(f"the sale timing must be a SaleTiming, not {sale_timing!r}")
        self.sale_timing = sale_timing


def _check_names(names: tuple[str, ...]) -> tuple[str, ...]:
    if not isinstance(names, tuple):
        raise SetupError("the player names must be a tuple of texts")
    if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        raise SetupError(
            f"a game has {MIN_PLAYERS} to {MAX_PLAYERS} players, not {len(names)}"
        )
    for n in names:
        if not isinstance(n, str):
            raise SetupError(f"player name {n!r} is not a text")
    cleaned = tuple(n.strip() for n in names)
    for n in cleaned:
        if not n:
            raise SetupError("a player name is empty")
        if len(n) > MAX_NAME:
            raise SetupError(f"player name {n[:10]!r}... is longer than {MAX_NAME}")
        if not n.isprintable():  # (true of a text whose every character is printable)
            raise SetupError(f"player name {n!r} has a control character")
    if len(set(cleaned)) != len(cleaned):
        raise SetupError("two players have the same name")
    return cleaned

"""The city's geometry: a 5 x 5 grid of cells (row by row, 0 at the north-west), the camel
market in the middle, an action path round it (five spaces a side, clockwise from the
north-west corner) and a wall or gate space at each end of every row and column."""

from __future__ import annotations

from .components import GRID

CENTRE = GRID * GRID // 2  # the camel market's cell


def line_cells(round_: int, space: int) -> list[int]:
    """The cells activated from action space `space` (0-4, clockwise) of round 1-4's side:
    north (columns west to east), east (rows north to south), south (columns east to
    west), west (rows south to north)."""
    side = (round_ - 1) % 4
    i = space if side < 2 else GRID - 1 - space
    if side % 2 == 0:
        return [r * GRID + i for r in range(GRID)]
    return [i * GRID + c for c in range(GRID)]


def wall_cells(w: int) -> tuple[int, int]:
    """The two tiles nearest wall space w (side * 5 + line, sides N E S W, line = the
    column or row): what it protects from the invasion and what its builder gains
    influence for."""
    side, line = divmod(w, GRID)
    last = GRID - 1
    if side == 0:
        return line, GRID + line
    if side == 1:
        return line * GRID + last, line * GRID + last - 1
    if side == 2:
        return last * GRID + line, (last - 1) * GRID + line
    return line * GRID, line * GRID + 1

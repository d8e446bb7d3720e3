"""What every map must be, for the Board (board.py) and its validation (board_schema.py)
alike: the counts of families and goods, the range of spaces, the families' symbols, and
distances over a map's graph. Its own module so that the schema needs nothing of board.py,
which imports the schema (lazily) to validate a map.
"""

from __future__ import annotations

from collections import deque
from typing import Literal

N_FAMILIES = 10
N_GOODS = 33
MIN_SPACES = 100
MAX_SPACES = 140

Symbol = Literal[
    "circle", "square", "triangle", "diamond", "star", "cross", "hexagon", "crescent", "ring",
    "bar",
]


def distances(neighbours: tuple[tuple[int, ...], ...], start: int) -> list[int]:
    """Steps from `start` to every space over the neighbour lists (-1: out of reach)."""
    dist = [-1] * len(neighbours)
    dist[start] = 0
    queue = deque([start])
    while queue:
        u = queue.popleft()
        for v in neighbours[u]:
            if 0 <= v < len(dist) and dist[v] < 0:
                dist[v] = dist[u] + 1
                queue.append(v)
    return dist

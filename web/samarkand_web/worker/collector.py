"""Python's cyclic garbage collector kept out of a click's answer (docs/phone.md, "The
click's round trip"): the worker's Python holds the collector off while it answers a
message (`hold()`), and runs the collections that came due meanwhile once the answer is
posted (`due()`, which worker.js calls in a task of its own), when they no longer delay
the Paint the click waits for. In CPython over a game's clicks, a collection inside the
answer made its slowest ones 1.5 to 2 times as slow."""

from __future__ import annotations

import gc


def hold() -> None:
    """No automatic collection from now on, until `due()`."""
    gc.disable()


def due() -> int | None:
    """The collector on again, and the oldest generation whose count is past its
    threshold collected now, as the collector would have done at its next allocation
    (that generation, or None when none was due)."""
    # read while the collector is off: an allocation with it on would collect at once
    counts, limits = gc.get_count(), gc.get_threshold()
    ripe = [g for g in range(len(counts)) if limits[g] and counts[g] > limits[g]]
    generation = ripe[-1] if ripe else None
    if generation is not None:
        gc.collect(generation)
    gc.enable()
    return generation

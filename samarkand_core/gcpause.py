"""Pause Python's cyclic garbage collector around hot loops.

The engine makes no reference cycles (states, tuples and the history list are
freed by reference counting), yet it allocates enough containers to set off
the collector every few thousand objects. Under Pyodide (Python 3.14 in
WebAssembly) those collections made random play about ten times slower, so
selfplay and the search bot pause the collector while they run.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def gc_paused() -> Iterator[None]:
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()

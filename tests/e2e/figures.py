"""Figures the end-to-end tests measure and keep beside their screenshots, for the
closing notes and `make bench` to read: build/e2e/<name>.json, one JSON object a file.

`make test` runs on every core (pytest-xdist), and the tests of one module, on different
workers, add to the same file at once (test_fit's 32 tests: fit.json). So each addition
reads, merges and writes the file under an exclusive lock (fcntl.flock on a lock file of
its own), and the new text replaces the file whole (os.replace): no figure is lost and no
reader sees half a file.
"""

from __future__ import annotations

import fcntl
import json
import os
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any

RESULTS = Path(__file__).resolve().parents[2] / "build" / "e2e"


@contextmanager
def _held(path: Path) -> Iterator[None]:
    with open(path.with_name(path.name + ".lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes
        yield


def keep(name: str, figures: Mapping[str, Any]) -> None:
    """Add `figures` to build/e2e/`name` (a JSON object), keeping what other tests wrote."""
    RESULTS.mkdir(parents=True, exist_ok=True)
    out = RESULTS / name
    with _held(out):
        data = json.loads(out.read_text()) if out.is_file() else {}
        data.update(figures)
        part = out.with_name(f".{out.name}.{os.getpid()}")
        part.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")
        os.replace(part, out)

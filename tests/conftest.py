"""What every test starts from."""

from __future__ import annotations

import gc
import os
from collections.abc import Iterator

import pytest
from hypothesis import settings

# The property tests draw the same examples on every run unless asked otherwise: a run of
# `make test` (and CI's) is reproducible, and a failure seen once is seen again. To look
# further, draw fresh examples: HYPOTHESIS_PROFILE=explore make test (what that finds
# goes into the test as an @example).
# No deadline either: Hypothesis's 200 ms per example is a wall-clock check, and on a
# loaded machine with every core running tests (pytest-xdist) an example of a fraction
# of a millisecond once took 264 ms and failed the run (speed lives in `make bench`).
settings.register_profile("repeatable", derandomize=True, deadline=None)
settings.register_profile("explore", derandomize=False, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "repeatable"))


@pytest.hookimpl(trylast=True)  # after pytest's own grouping by fixture parameters
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The longest tests first: those marked `slow`, the end-to-end ones among them
    before the rest, each group in the order collected (a module's tests stay
    together, sharing its fixtures). Under `--dist worksteal` the first worker's share
    then starts with them, and the other takes over the quick tests at the end of its
    queue as it runs dry: no worker is left alone at the end with a long test."""
    def rank(item: pytest.Item) -> int:
        if item.get_closest_marker("slow") is None:
            return 2
        return 0 if "e2e" in item.path.parts else 1

    items.sort(key=rank)  # stable: the order collected inside each rank


@pytest.fixture(autouse=True)
def collector_on() -> Iterator[None]:
    """Python's cyclic collector is on at each test's start: the page's Tasks turns it
    off while a person's move is handled, until the frame after it, which a fake window
    runs only when a test says so."""
    gc.enable()
    yield
    gc.enable()

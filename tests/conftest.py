"""What every test starts from."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest


@pytest.fixture(autouse=True)
def collector_on() -> Iterator[None]:
    """Python's cyclic collector is on at each test's start: the page's Tasks turns it
    off while a person's move is handled, until the frame after it, which a fake window
    runs only when a test says so."""
    gc.enable()
    yield
    gc.enable()

"""Fixtures of the page's tests."""

from __future__ import annotations

import pytest

from samarkand_core import SaleTiming


@pytest.fixture
def sale_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """New games by link started as before the sale at the holder's turn: the rulebook's
    sale at once, with its sale round (old games by link keep it: their codes say so)."""
    import samarkand_web.handlers.remote as handlers

    monkeypatch.setattr(handlers, "NEW_GAMES_SALE", SaleTiming.AT_ONCE)

"""Bots think in bounded slices: each
``Thinking.step(max_ms)`` stops once its budget is spent, whatever the machine's speed.
Time here is a fake clock that moves on by a fixed amount at every reading, so the
test measures how much work a slice does per budget, never the wall clock; the page
runs each slice in a task of its own and starts none while input waits (main.py, and
tests/e2e/test_game.py::test_no_bot_task_starts_while_input_waits)."""

from __future__ import annotations

import time

import pytest

from samarkand_core import view_for
from samarkand_core.bots import make_bot
from samarkand_core.state import MAIN
from tests.support.web_support import play_until

TICK_MS = 0.25  # the fake clock moves on this much at each reading
BUDGET_MS = 1.0  # smaller than the page's (BOT_SLICE_MS): each decision takes many slices


class FakeClock:
    def __init__(self) -> None:
        self.now = 1000.0
        self.reads = 0

    def __call__(self) -> float:
        self.reads += 1
        self.now += TICK_MS / 1000.0
        return self.now


@pytest.mark.parametrize("level", ["heuristic", "search"])
def test_a_thinking_slice_stops_once_its_budget_is_spent(
        level: str, monkeypatch: pytest.MonkeyPatch) -> None:
    state = play_until(lambda s: s.phase == MAIN and s.turn >= 4 and s.turn_player == 1
                       and len(view_for(s, 1).legal) > 20, players=3)
    clock = FakeClock()
    monkeypatch.setattr(time, "perf_counter", clock)
    thinking = make_bot(level, seed=3).start(view_for(state, 1))
    budget_reads = BUDGET_MS / TICK_MS  # readings that fill one slice's budget
    slices = 0
    while True:
        before = clock.reads
        done = thinking.step(BUDGET_MS)
        slices += 1
        # a slice looks at the clock after each unit of work and stops when it is
        # over budget: a few readings of bookkeeping more, never a whole decision
        assert clock.reads - before <= budget_reads + 8, (level, slices)
        if done:
            break
        assert slices < 100_000
    assert slices > 1, "the decision was not cut into slices"
    assert thinking.result() in view_for(state, 1).legal

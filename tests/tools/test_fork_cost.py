"""benchmarks/fork_cost.py: the cost of preparing a click's answer on a copy of the
worker's host (issue 33's prepared answers, docs/phone.md). What the bench relies on: a
copy that shares the game's states answers every legal click exactly as a whole copy
does, and the real host is left as it was."""

from __future__ import annotations

from benchmarks.fork_cost import figures, measure


def test_a_copy_sharing_the_game_states_answers_every_target_as_a_whole_copy() -> None:
    out = measure(decisions=6, seed=5)
    assert out["decisions"] == 6
    assert out["targets"] >= out["decisions"]  # every decision had a target at least
    assert out["answers_that_differ"] == 0


def test_the_figures_are_named_for_make_bench() -> None:
    out = figures(decisions=2, seed=5)
    for name in ("copy_whole", "copy_sharing_states", "answer_on_copy"):
        for q in ("median", "p95"):
            assert out[f"fork_ms.{name}_{q}"] > 0, name
    assert out["fork_ms.answers_that_differ"] == 0

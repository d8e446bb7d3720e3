"""What it would cost the worker to prepare the answer of every legal click ahead (issue
33's one design that could meet its click targets: docs/phone.md, "Prepared answers"):
for each decision of a game against a random bot, a copy of the worker's host
(samarkand_web/worker/host.py) per legal target, and that target's click answered on the
copy. Run in CPython (Pyodide is slower), driven by messages only, as the worker's
headless tests drive it (tests/support/worker_main.py).

Two copies are timed: the whole host (`copy.deepcopy`), and one that shares the game's
states (`GameState`, which the core never changes in place: apply_action returns a new
one). Every answer on the sharing copy is checked against the whole copy's (the same
messages), so a saving that changed an answer would show.

    .venv/bin/python benchmarks/fork_cost.py [--decisions 40] [--seed 3]
"""

from __future__ import annotations

import argparse
import copy
import json
import random
import statistics
import sys
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web"))  # samarkand_web

from samarkand_web.view.patches import PageDiff  # noqa: E402

from tests.support.worker_main import ASIDE, over, settle, start_main  # noqa: E402

GAME = "?players=Ann,bot:random&seed=81&first=1&speed=instant"


def ms_since(start: float) -> float:
    return (time.perf_counter() - start) * 1000


def every_value(diff: PageDiff) -> PageDiff:
    """A copy of what the host holds as drawn with every value copied too (PageDiff's
    own copy shares its values): the whole copy the sharing one is checked against."""
    other = PageDiff.__new__(PageDiff)
    for name, value in vars(diff).items():
        setattr(other, name, copy.deepcopy(value))
    return other


def measure(decisions: int, seed: int) -> dict[str, Any]:
    m = start_main(search=GAME)
    rng = random.Random(seed)
    whole: list[float] = []
    shared: list[float] = []
    answer: list[float] = []
    per_decision: list[int] = []
    differ = 0
    for _ in range(decisions):
        settle(m)
        if over(m):
            break
        host = m.host
        targets = [e for e in m.targets() if e.action not in ASIDE]
        per_decision.append(len(targets))
        assert host.app is not None and host.app.game.ctl is not None  # a game is on
        ctl = host.app.game.ctl
        for target in targets:
            event = replace(target, seq=m.seq + 1).to_json()
            start = time.perf_counter()
            full = copy.deepcopy(host, {id(host.diff): every_value(host.diff)})
            whole.append(ms_since(start))
            start = time.perf_counter()
            fork = copy.deepcopy(host, {id(ctl.state): ctl.state,
                                        id(ctl.committed): ctl.committed})
            shared.append(ms_since(start))
            start = time.perf_counter()
            out = [o.to_json() for o in fork.handle(event)]
            answer.append(ms_since(start))
            differ += out != [o.to_json() for o in full.handle(event)]
        m.send(replace(targets[rng.randrange(len(targets))], seq=m.next_seq()))

    def figures(values: list[float]) -> dict[str, float]:
        return {"median": round(statistics.median(values), 2),
                "p95": round(statistics.quantiles(values, n=20)[-1], 2)}

    return {"decisions": len(per_decision), "targets": len(whole),
            "targets_a_decision_median": statistics.median(per_decision),
            "targets_a_decision_max": max(per_decision),
            "copy_whole_ms": figures(whole), "copy_sharing_states_ms": figures(shared),
            "answer_on_copy_ms": figures(answer), "answers_that_differ": differ}


def figures(decisions: int = 40, seed: int = 3) -> dict[str, Any]:
    """measure()'s figures under `make bench`'s names (benchmarks/results.json)."""
    out = measure(decisions, seed)
    flat: dict[str, Any] = {f"fork_ms.{k}": v for k, v in out.items()
                            if not isinstance(v, dict)}
    for name in ("copy_whole_ms", "copy_sharing_states_ms", "answer_on_copy_ms"):
        for q, value in out[name].items():
            flat[f"fork_ms.{name.removesuffix('_ms')}_{q}"] = value
    return flat


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("--decisions", type=int, default=40)
    ap.add_argument("--seed", type=int, default=3)
    args = ap.parse_args(argv)
    print(json.dumps(measure(args.decisions, args.seed), indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())

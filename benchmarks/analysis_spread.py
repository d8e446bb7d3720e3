"""How far two analyses of the same decisions with different seeds disagree (issue 35).

The analysis judges a decision on guesses of the hidden cards drawn from its seed: the
same decision analysed with two seeds gives two estimates of the winning chance lost.
This plays a few bot games (2 to 5 players; the judged seat plays as the Random or the
Medium level, the others as the Medium level), judges some decisions of seat 1 with
each seed, and prints the distribution of the disagreements (every pair of seeds, in
points of winning chance, i.e. percent), how often the ranges shown (loss ± NOISE_Z
standard errors) overlap, and how often the two agree on the kind and on the mark:

    python benchmarks/analysis_spread.py [--seeds 4] [--decisions 6] [--json out.json]

One core, about a second per judgement at the Hard level's full budget.
"""

from __future__ import annotations

import argparse
import itertools
import json
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from samarkand_core.analysis import MARKED, NOISE_Z, DecisionThinking, Judgement
from samarkand_core.bots import make_bot
from samarkand_core.engine import apply_action, legal_actions, new_game
from samarkand_core.state import GameState
from samarkand_core.view import view_for

# (players, the judged seat's level, game seed)
GAMES = ((2, "heuristic", 11), (3, "random", 12), (4, "heuristic", 13), (5, "random", 14),
         (3, "heuristic", 15))


@dataclass(frozen=True, slots=True)
class Pair:
    players: int
    turn: int
    win_loss: tuple[float, float]
    win_err: tuple[float, float]
    loss: tuple[float, float]
    kind: tuple[str, str]
    same_best: bool

    @property
    def gap(self) -> float:
        return 100 * abs(self.win_loss[0] - self.win_loss[1])

    @property
    def overlap(self) -> bool:
        (a, b), (ea, eb) = self.win_loss, self.win_err
        return abs(a - b) <= NOISE_Z * (ea + eb)


def positions(n: int, level: str, seed: int, decisions: int) -> list[tuple[GameState, int]]:
    """Evenly spaced decisions (positions with a choice) of seat 0 in one bot game."""
    s = new_game([f"P{i + 1}" for i in range(n)], seed)
    bots = [make_bot(level if i == 0 else "heuristic", seed + i) for i in range(n)]
    found: list[tuple[GameState, int]] = []
    while not s.is_over:
        p = s.current_player
        a = bots[p].choose(view_for(s, p))
        if p == 0 and len(legal_actions(s)) > 1:
            found.append((s, legal_actions(s).index(a)))
        s = apply_action(s, a)
    step = max(1, len(found) // decisions)
    return found[::step][:decisions]


def measure(seeds: int, decisions: int) -> tuple[list[Pair], list[dict[str, object]], float]:
    pairs: list[Pair] = []
    rows: list[dict[str, object]] = []
    judged, spent = 0, 0.0
    for n, level, game_seed in GAMES:
        for s, i in positions(n, level, game_seed, decisions):
            view = view_for(s, 0)
            t0 = time.perf_counter()
            js: list[Judgement] = [DecisionThinking(view, view.legal[i], seed=seed).run()
                                   for seed in range(seeds)]
            spent += time.perf_counter() - t0
            judged += seeds
            rows.extend({"players": n, "turn": s.turn, "seed": k, "kind": j.kind,
                         "loss": j.loss, "win_loss": j.win_loss, "win_err": j.win_err,
                         "best": repr(j.best)} for k, j in enumerate(js))
            for a, b in itertools.combinations(js, 2):
                pairs.append(Pair(n, s.turn, (a.win_loss, b.win_loss),
                                  (a.win_err, b.win_err), (a.loss, b.loss),
                                  (a.kind, b.kind), a.best == b.best))
    return pairs, rows, spent / max(1, judged)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=4)
    parser.add_argument("--decisions", type=int, default=6, help="per game")
    parser.add_argument("--json", type=Path, help="write every judgement here")
    args = parser.parse_args()
    pairs, rows, per = measure(args.seeds, args.decisions)
    gaps = sorted(p.gap for p in pairs)
    q = statistics.quantiles(gaps, n=20)
    out = {
        "pairs": len(pairs),
        "gap_median": round(statistics.median(gaps), 1),
        "gap_p90": round(q[17], 1),
        "gap_p95": round(q[18], 1),
        "gap_max": round(gaps[-1], 1),
        "within_5": round(sum(g <= 5 for g in gaps) / len(gaps), 3),
        "ranges_overlap": round(sum(p.overlap for p in pairs) / len(pairs), 3),
        "same_best": round(sum(p.same_best for p in pairs) / len(pairs), 3),
        "same_kind": round(sum(p.kind[0] == p.kind[1] for p in pairs) / len(pairs), 3),
        "same_marked": round(sum((p.kind[0] in MARKED) == (p.kind[1] in MARKED)
                                 for p in pairs) / len(pairs), 3),
        "points_gap_max": round(max(abs(p.loss[0] - p.loss[1]) for p in pairs), 1),
        "err_median": round(100 * statistics.median(float(r["win_err"]) for r in rows), 1),
        "seconds_per_judgement": round(per, 2),
    }
    print(json.dumps(out, indent=1))
    if args.json:
        args.json.write_text(json.dumps(rows, indent=0))


if __name__ == "__main__":
    main()

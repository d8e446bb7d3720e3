"""Bot tournaments: `python -m samarkand_core tournament --players 3 --bots a,b,c --games G`.

Game i seats the bots rotated by i places and lets seat 0 start, so over a multiple of
N games every bot starts equally often and sits in every seat equally often. Seeds
for the games and the bots come from --seed alone, so a tournament is repeatable, also
with --jobs (games are played in worker processes but collected in order).

A level named twice (search,heuristic,heuristic) is reported per seat-independent
bot, the second one as "heuristic#2": each line is then one player's record, and the
win rates of a line are comparable with a bot that appears once.
"""

from __future__ import annotations

import argparse
import json
import math
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from ..engine import apply_action, new_game
from ..rng import next_u64
from ..scoring import final_scores
from ..view import view_for
from . import LEVELS, make_bot

_MASK = (1 << 64) - 1
Z95 = 1.959963984540054


@dataclass(frozen=True, slots=True)
class GameResult:
    """One game, by bot (not by seat): scores, who won, thinking time and decisions."""

    scores: tuple[int, ...]
    winners: tuple[bool, ...]
    seconds: tuple[float, ...]
    decisions: tuple[int, ...]
    steps: int


def bot_names(levels: Sequence[str]) -> list[str]:
    """Unique names: a level's second and later copies get "#2", "#3"."""
    seen: dict[str, int] = {}
    out = []
    for level in levels:
        seen[level] = seen.get(level, 0) + 1
        out.append(level if seen[level] == 1 else f"{level}#{seen[level]}")
    return out


def _mix(*parts: int) -> int:
    """A 64-bit seed from several integers, the same on every Python version."""
    state = 0x51A7_2C4E
    for p in parts:
        state, x = next_u64((state ^ (p & _MASK)) & _MASK)
        state = x
    return state


def seating(n: int, index: int) -> list[int]:
    """Which bot sits in each seat in game `index`: rotated by one seat a game."""
    return [(k + index) % n for k in range(n)]


def play_game(levels: Sequence[str], seed: int, index: int) -> GameResult:
    """Play game `index` of a tournament; results are listed in the order of `levels`."""
    n = len(levels)
    seat_bot = seating(n, index)
    bots = [make_bot(levels[b], _mix(seed, index, b)) for b in seat_bot]
    state = new_game([f"P{k + 1}" for k in range(n)], _mix(seed, index), first_player=0)
    seconds = [0.0] * n
    decisions = [0] * n
    steps = 0
    while not state.is_over:
        p = state.current_player
        view = view_for(state, p)
        t0 = time.perf_counter()
        action = bots[p].choose(view)
        seconds[p] += time.perf_counter() - t0
        decisions[p] += 1
        state = apply_action(state, action)
        steps += 1
    fs = final_scores(state)
    by_bot_score = [0] * n
    by_bot_win = [False] * n
    by_bot_sec = [0.0] * n
    by_bot_dec = [0] * n
    for k in range(n):
        b = seat_bot[k]
        by_bot_score[b] = fs.scores[k].total
        by_bot_win[b] = k in fs.winners
        by_bot_sec[b] = seconds[k]
        by_bot_dec[b] = decisions[k]
    return GameResult(
        tuple(by_bot_score), tuple(by_bot_win), tuple(by_bot_sec), tuple(by_bot_dec), steps
    )


def _play_star(args: tuple[tuple[str, ...], int, int]) -> GameResult:
    return play_game(*args)


def run_games(
    levels: Sequence[str], games: int, seed: int, jobs: int = 1
) -> Iterator[GameResult]:
    """Every game's result in game order (the same for any number of jobs)."""
    work = [(tuple(levels), seed, i) for i in range(games)]
    if jobs <= 1:
        for w in work:
            yield _play_star(w)
        return
    import multiprocessing

    with multiprocessing.get_context("spawn").Pool(jobs) as pool:
        yield from pool.imap(_play_star, work, chunksize=1)


def wilson(wins: int, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a proportion: sound also near 0 and 1 and for small n."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    # At 0 or n wins one end is exactly 0 or 1; floating point would miss it by a hair.
    lo = 0.0 if wins == 0 else max(0.0, centre - half)
    hi = 1.0 if wins == n else min(1.0, centre + half)
    return lo, hi


def summarise(levels: Sequence[str], results: Sequence[GameResult]) -> dict[str, Any]:
    names = bot_names(levels)
    g = len(results)
    bots: dict[str, Any] = {}
    for b, name in enumerate(names):
        wins = sum(1 for r in results if r.winners[b])
        lo, hi = wilson(wins, g)
        decisions = sum(r.decisions[b] for r in results)
        secs = sum(r.seconds[b] for r in results)
        bots[name] = {
            "win_rate": round(wins / g, 4) if g else 0.0,
            "ci95": [round(lo, 4), round(hi, 4)],
            "avg_score": round(sum(r.scores[b] for r in results) / g, 2) if g else 0.0,
            "wins": wins,
            "ms_per_decision": round(1000 * secs / decisions, 2) if decisions else 0.0,
        }
    return {"bots": bots, "games": g}


def _tournament(args: argparse.Namespace) -> int:
    levels = [b.strip() for b in args.bots.split(",") if b.strip()]
    if len(levels) != args.players:
        raise SystemExit(
            f"--bots names {len(levels)} bots for {args.players} players; name one per seat"
        )
    for level in levels:
        if level not in LEVELS:
            raise SystemExit(f"unknown bot level {level!r}; choose from {', '.join(LEVELS)}")
    if args.games < 1:
        raise SystemExit("--games must be at least 1")
    t0 = time.perf_counter()
    results = list(run_games(levels, args.games, args.seed, args.jobs))
    elapsed = time.perf_counter() - t0
    summary = summarise(levels, results)
    if args.json:
        out = {
            "bots": {
                name: {k: rec[k] for k in ("win_rate", "ci95", "avg_score")}
                for name, rec in summary["bots"].items()
            },
            "games": summary["games"],
        }
        print(json.dumps(out))
        return 0
    print(f"{args.games} games, {args.players} players, seed {args.seed}, "
          f"{elapsed:.1f} s (a shared win counts for each winner)")
    print(f"{'bot':14} {'wins':>5} {'win rate':>9} {'95% CI (Wilson)':>17} "
          f"{'avg score':>10} {'ms/decision':>12}")
    for name, rec in summary["bots"].items():
        lo, hi = rec["ci95"]
        print(f"{name:14} {rec['wins']:5d} {rec['win_rate']:9.1%} "
              f"{f'{lo:.1%} - {hi:.1%}':>17} {rec['avg_score']:10.2f} "
              f"{rec['ms_per_decision']:12.2f}")
    return 0


def add_parser(subparsers: Any) -> None:
    """Register the `tournament` command on the package's command line."""
    tp = subparsers.add_parser(
        "tournament", help="bots play each other; win rates with 95%% confidence intervals"
    )
    tp.add_argument("--players", type=int, default=3, help="2 to 5")
    tp.add_argument("--games", type=int, default=100)
    tp.add_argument(
        "--bots", default="heuristic,random,random",
        help=f"one level per seat, comma separated, from: {', '.join(LEVELS)}",
    )
    tp.add_argument("--seed", type=int, default=1)
    tp.add_argument("--json", action="store_true", help="print one JSON object")
    tp.add_argument("--jobs", type=int, default=1, help="worker processes (results unchanged)")
    tp.set_defaults(func=_tournament)

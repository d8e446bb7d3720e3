"""The estimate's weights, fitted by least squares on heuristic self-play.

At the start of each turn of many self-play games, each player's estimated final score is
split into what is already won (money, markers, cards by the camels already on their
spaces) and the parts the estimate hopes for (`parts`). The fit explains how much more
(or less) each player went on to score than the others, beyond what it had won already,
by those parts measured against the other players' in the same position: only
differences between players decide who wins.

    rows = collect(5, 300, seed=7000, jobs=2)
    coefficients = fit(rows)   # {"own": 1.09, "stray": 3.33, "families_turns": ..., ...}
    weights = weights_from(coefficients)

or `samarkand fit --players 5 --games 300 --seed 7000 --jobs 2`, which also prints the
weights as a tournament variant (`search:w_own_reach=...`) to try them against others.

A coefficient c of a part maps onto the weights as: own_reach = c_own, stray = 0.15 *
c_stray, meeting = 2.5 * c_fam, slot = 0.6 * c_slot (the default weights' values times
c), and the *_turns terms directly. FITTED_WEIGHTS came from 3 and 4 players on the first
map; TABLE_WEIGHTS (4 and 5 players) from this command on the tuned map.
"""
from __future__ import annotations

import argparse
import dataclasses
import json
from collections.abc import Iterator, Sequence
from typing import Any

from ..bots.heuristic import DEFAULT_WEIGHTS, Estimator, HeuristicBot, Weights
from ..engine import apply_action, new_game
from ..scoring import final_scores
from ..state import MAIN, GameState
from ..view import view_for
from .tournament import in_order

PARTS = ("own", "stray", "fam", "slot", "families_turns", "camels_turns", "hand_turns")

Row = tuple[list[list[float]], list[float], list[float]]  # parts, realised, final score


def parts(state: GameState, q: int, weights: Weights = DEFAULT_WEIGHTS) -> tuple[
    float, list[float]
]:
    """Player q's realised score and the estimate's parts for it, in PARTS order."""
    est = Estimator(state, weights)
    w = est.w
    tiles = state.tiles[q]
    hand = state.hands[q]

    # The cards' terms from the estimate itself (Estimator.cards_value), read apart by
    # turning its two hopes off and on: `now`, what the camels already there give; `own`,
    # what own families may still add (own_reach 1); `stray`, what others may.
    def cards(own_reach: float, stray: float) -> float:
        hopes = dataclasses.replace(w, own_reach=own_reach, stray=stray)
        return Estimator(state, hopes).cards_value(q, hand)

    now = cards(0.0, 0.0)
    own = cards(1.0, 0.0) - now
    stray = cards(0.0, w.stray) - now
    fam = sum(est.family_value(f) for f in range(len(tiles)) if tiles[f])
    room = state.limit - len(state.hands[q]) - len(state.sold[q])
    slot = w.slot * est.time * min(room, 3) if room > 0 else 0.0
    realised = state.money[q] + len(state.goods_markers[q]) + len(state.rel_markers[q]) + now
    ot = est.own_turns
    held = [f for f in range(len(tiles)) if tiles[f]]
    camels = sum(state.camels_left[f] for f in held)
    return realised, [own, stray, fam, slot, ot * len(held), ot * camels / 10.0,
                      ot * len(state.hands[q])]


def game_rows(players: int, seed: int) -> list[Row]:
    """One row per turn start of one heuristic self-play game dealt by `seed`."""
    bots = [HeuristicBot(k) for k in range(players)]
    s = new_game([f"P{k + 1}" for k in range(players)], seed, 0)
    pending: list[tuple[list[list[float]], list[float]]] = []
    while not s.is_over:
        if s.phase == MAIN and Estimator(s).own_turns > 0.0:
            got = [parts(s, q) for q in range(players)]
            pending.append(([p for _, p in got], [r for r, _ in got]))
        p = s.current_player
        s = apply_action(s, bots[p].choose(view_for(s, p)))
    final = [float(x.total) for x in final_scores(s).scores]
    return [(ps, rs, final) for ps, rs in pending]


def _star(args: tuple[int, int]) -> list[Row]:
    return game_rows(*args)


def collect(players: int, games: int, seed: int, jobs: int = 1) -> list[Row]:
    """One row per turn start of `games` heuristic self-play games (seeds seed, seed + 1,
    ...); the same rows in the same order for any number of worker processes."""
    return [row for rows in iter_games(players, games, seed, jobs) for row in rows]


def iter_games(players: int, games: int, seed: int, jobs: int = 1) -> Iterator[list[Row]]:
    """Each game's rows, in order, as it ends."""
    work = [(players, seed + i) for i in range(games)]
    return in_order(_star, work, jobs, chunksize=2)


def fit(rows: Sequence[Row]) -> dict[str, float]:
    """Least-squares coefficients of PARTS, on differences from each position's mean."""
    xs: list[list[float]] = []
    ys: list[float] = []
    for ps, realised, final in rows:
        n = len(ps)
        mean = [sum(p[j] for p in ps) / n for j in range(len(PARTS))]
        mf, mr = sum(final) / n, sum(realised) / n
        for q in range(n):
            xs.append([ps[q][j] - mean[j] for j in range(len(PARTS))])
            ys.append((final[q] - mf) - (realised[q] - mr))
    k = len(PARTS)
    m = [[sum(x[a] * x[b] for x in xs) for b in range(k)]
         + [sum(x[a] * y for x, y in zip(xs, ys, strict=True))] for a in range(k)]
    for c in range(k):  # Gauss-Jordan with partial pivoting
        piv = max(range(c, k), key=lambda r: abs(m[r][c]))
        m[c], m[piv] = m[piv], m[c]
        for r in range(k):
            if r != c and m[c][c]:
                f = m[r][c] / m[c][c]
                m[r] = [m[r][j] - f * m[c][j] for j in range(k + 1)]
    return {name: m[i][k] / m[i][i] if m[i][i] else 0.0 for i, name in enumerate(PARTS)}


def weights_from(coefficients: dict[str, float]) -> Weights:
    """The estimate's weights that a fit's coefficients stand for (rivals counted in full).

    `parts` measures each part with the default weights, so a coefficient scales the
    default weight of its part; the *_turns terms are weights of their own."""
    d = DEFAULT_WEIGHTS
    return dataclasses.replace(
        d, rival=1.0,
        own_reach=round(d.own_reach * coefficients["own"], 2),
        stray=round(d.stray * coefficients["stray"], 2),
        meeting=round(d.meeting * coefficients["fam"], 2),
        slot=round(d.slot * coefficients["slot"], 2),
        families_turns=round(coefficients["families_turns"], 2),
        camels_turns=round(coefficients["camels_turns"], 2),
        hand_turns=round(coefficients["hand_turns"], 2),
    )


# The weights a fit sets (the others keep their default values).
FIT_FIELDS = ("rival", "own_reach", "stray", "meeting", "slot", "families_turns",
              "camels_turns", "hand_turns")


def variant(weights: Weights) -> str:
    """The fitted part of `weights` as a tournament variant's settings (`search:` + this)."""
    return ":".join(f"w_{name}={getattr(weights, name)}" for name in FIT_FIELDS)


def _fit(args: argparse.Namespace) -> int:
    from ..cli import check_seeds, fail, progress

    if args.games < 2:
        fail("--games must be at least 2 (a fit needs positions of more than one game)")
    check_seeds(args.seed, args.games)
    rows: list[Row] = []
    bar = progress(args.games, "fit", quiet=args.quiet)
    try:
        for game in iter_games(args.players, args.games, args.seed, args.jobs):
            rows += game
            bar.update()
    finally:
        bar.close()
    coefficients = fit(rows)
    weights = weights_from(coefficients)
    if args.json:
        print(json.dumps({"positions": len(rows), "coefficients": coefficients,
                          "weights": dataclasses.asdict(weights), "variant": variant(weights)}))
    else:
        print(f"{len(rows)} positions from {args.games} games of {args.players} players")
        for name in PARTS:
            print(f"  {name:15} {coefficients[name]:+.3f}")
        print("weights:", variant(weights))
    return 0


def add_parser(subparsers: Any) -> None:
    """Register the `fit` command on the package's command line."""
    from ..cli import add_run_command

    add_run_command(
        subparsers, "fit", _fit, games=300, seed=7000,
        help="fit the estimate's weights on heuristic self-play (least squares)",
        description="Fit the estimate's weights by least squares on heuristic self-play "
        "(game i is dealt by seed + i); prints them as a tournament variant.",
    )


__all__ = ["FIT_FIELDS", "PARTS", "add_parser", "collect", "fit", "game_rows", "parts", "variant",
           "weights_from"]

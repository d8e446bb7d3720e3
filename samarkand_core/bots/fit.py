"""How FITTED_WEIGHTS were found: least squares on heuristic self-play.

At the start of each turn of many self-play games, each player's estimated final score is
split into what is already won (money, markers, cards by the camels already on their
spaces) and the parts the estimate hopes for (`parts`). The fit explains how much more
(or less) each player went on to score than the others, beyond what it had won already,
by those parts measured against the other players' in the same position: only
differences between players decide who wins.

    rows = collect(3, 120, seed=5000) + collect(4, 100, seed=5000)
    coefficients = fit(rows)   # {"own": 0.84, "stray": ..., "families_turns": ..., ...}

A coefficient c of a part maps onto the weights as: own_reach = c_own, stray = 0.15 *
c_stray, meeting = 2.5 * c_fam, slot = 0.6 * c_slot (the default weights' values times
c), and the *_turns terms directly.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..engine import apply_action, new_game
from ..scoring import final_scores
from ..state import MAIN, GameState
from ..view import view_for
from .heuristic import DEFAULT_WEIGHTS, OTHER, OWN, Estimator, HeuristicBot, Weights

PARTS = ("own", "stray", "fam", "slot", "families_turns", "camels_turns", "hand_turns")

Row = tuple[list[list[float]], list[float], list[float]]  # parts, realised, final score


def parts(state: GameState, q: int, weights: Weights = DEFAULT_WEIGHTS) -> tuple[
    float, list[float]
]:
    """Player q's realised score and the estimate's parts for it, in PARTS order."""
    est = Estimator(state, weights)
    w = est.w
    tiles = state.tiles[q]
    now = own = stray = 0.0
    movers = est.movers(q)
    for g in state.hands[q]:
        space = state.board.good_space[g]
        occ = state.occ[space]
        k = len(occ)
        for f in occ:
            now += OWN if tiles[f] else OTHER
        if k < 2 and est.own_turns > 0:
            best = 0.0
            for f, dm, steps in movers:
                if f not in occ:
                    best = max(best, (steps + 1.0 - dm[space]) / (steps + 1.0))
            best *= w.reach_cap
            own += OWN * best
            stray += OTHER * w.stray * (2 - k - best)
    fam = sum(est.family_value(f) for f in range(len(tiles)) if tiles[f])
    room = state.limit - len(state.hands[q]) - len(state.sold[q])
    slot = w.slot * est.time * min(room, 3) if room > 0 else 0.0
    realised = state.money[q] + len(state.goods_markers[q]) + len(state.rel_markers[q]) + now
    ot = est.own_turns
    held = [f for f in range(len(tiles)) if tiles[f]]
    camels = sum(state.camels_left[f] for f in held)
    return realised, [own, stray, fam, slot, ot * len(held), ot * camels / 10.0,
                      ot * len(state.hands[q])]


def collect(players: int, games: int, seed: int) -> list[Row]:
    """One row per turn start of `games` heuristic self-play games."""
    rows: list[Row] = []
    for i in range(games):
        bots = [HeuristicBot(k) for k in range(players)]
        s = new_game([f"P{k + 1}" for k in range(players)], seed + i, 0)
        pending: list[tuple[list[list[float]], list[float]]] = []
        while not s.is_over:
            if s.phase == MAIN and Estimator(s).own_turns > 0.0:
                got = [parts(s, q) for q in range(players)]
                pending.append(([p for _, p in got], [r for r, _ in got]))
            p = s.current_player
            s = apply_action(s, bots[p].choose(view_for(s, p)))
        final = [float(x.total) for x in final_scores(s).scores]
        rows += [(ps, rs, final) for ps, rs in pending]
    return rows


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


__all__ = ["PARTS", "collect", "fit", "parts"]

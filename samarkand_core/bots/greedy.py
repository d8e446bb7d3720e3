"""A cheap greedy score of actions: the search's priors in its tree, and the policy of
its playouts (what an action gains now, without looking ahead)."""

from __future__ import annotations

from collections.abc import Sequence

from ..actions import Action, Discard, Marry, Place, Sell
from ..engine import legal_actions
from ..rng import Rng
from ..rules import MARKERS_PER_FAMILY
from ..state import GameState


def quick_scores(state: GameState, legal: Sequence[Action]) -> list[float]:
    """A rough worth of each legal action for the player deciding: what it gains now."""
    p = state.current_player
    board = state.board
    fidx = board.family_index
    good_at = board.good_at
    is_water = board.is_water
    all_tiles = state.tiles
    tiles = all_tiles[p]
    hands = state.hands
    n = state.n
    occ_all = state.occ
    card_cache: dict[int, float] = {}
    out: list[float] = []
    for a in legal:
        if isinstance(a, Place):
            f = fidx[a.family]
            sp = a.space
            occ = occ_all[sp]
            v = 0.2
            good = good_at[sp]
            if good:
                if not occ and state.marker_owner[good] < 0:
                    v += 1.0
                for q in range(n):
                    if good in hands[q]:
                        gain = 4.0 if all_tiles[q][f] else 1.0
                        v += gain if q == p else -0.5 * gain
                        break
            if occ and not is_water[sp]:
                g = occ[0]
                lo, hi = (f, g) if f < g else (g, f)
                if not state.met >> (lo * 10 + hi) & 1:
                    v += 3.0 + (1.0 if tiles[g] else 0.0)
                    v += (1.0 if state.markers_left[f] else 0.0)
                    v += (1.0 if state.markers_left[g] else 0.0)
                    for q in range(n):
                        if q != p:
                            t = all_tiles[q]
                            v -= 0.5 * ((3.0 if t[f] else 0.0) + (1.0 if t[g] else 0.0))
            out.append(v)
        elif isinstance(a, Marry):
            f = fidx[a.family]
            held = sum(1 for t in tiles if t)
            portion = board.portion[f]
            v = (4.0 if held == 0 else 2.5 if held == 1 else 0.5) - 0.4 * portion
            v += 0.3 * state.markers_left[f] / MARKERS_PER_FAMILY + 0.1 * state.camels_left[f] / 11
            out.append(v)
        elif isinstance(a, Sell):
            out.append(3.0 - _card_worth(state, p, a.good))
        elif isinstance(a, Discard):
            lost = 0.0
            for g in a.cards:
                c = card_cache.get(g)
                if c is None:
                    c = card_cache[g] = _card_worth(state, p, g)
                lost += c
            out.append(0.4 * len(a.cards) - lost)
        else:  # EndTurn, Keep, Pass
            out.append(0.0)
    return out


def _card_worth(state: GameState, p: int, good: int) -> float:
    """A card now, plus a crude hope: 3 if an own family can reach its space next turn."""
    tiles = state.tiles[p]
    space = state.board.good_space[good]
    occ = state.occ[space]
    v = 0.0
    for f in occ:
        v += 4.0 if tiles[f] else 1.0
    if len(occ) >= 2:
        return v
    for f in range(len(tiles)):
        if tiles[f] and state.camels_left[f] and space in state.frontier[f]:
            return v + 3.0
    return v + 0.5


def greedy_action(state: GameState, rng: Rng | None = None, epsilon: float = 0.0) -> Action:
    """The best action by `quick_scores`, or now and then (epsilon) a random one."""
    legal = legal_actions(state)
    if len(legal) == 1:
        return legal[0]
    if rng is not None and epsilon > 0.0 and rng.random() < epsilon:
        return legal[rng.below(len(legal))]
    scores = quick_scores(state, legal)
    best = 0
    for i in range(1, len(scores)):
        if scores[i] > scores[best]:
            best = i
    return legal[best]

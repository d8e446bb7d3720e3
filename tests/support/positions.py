"""Seeded decision positions: states with a real choice (two or more legal actions) from
random games, two of each kind of decision for three and for four players. The tests of
the bots, the coach and its page, and the accessibility pictures ask for them by
(players, kind, index); each run sees the same ones.
"""

from __future__ import annotations

from typing import Literal

from samarkand_core import GameState, apply_action, legal_actions, new_game
from samarkand_core.rng import Rng
from samarkand_core.state import DISCARD, MAIN, SECOND, SELL, Phase

# "sell_turn": the turn player sells; "sell_other": a card holder decides out of turn
Kind = Literal["main", "second", "discard", "sell_turn", "sell_other"]
KINDS: tuple[Kind, ...] = ("main", "second", "discard", "sell_turn", "sell_other")
# the kind of every other phase a game being played can be in (OVER is no decision)
_KIND_OF_PHASE: dict[Phase, Kind] = {MAIN: "main", SECOND: "second", DISCARD: "discard"}


def kind_of(s: GameState) -> Kind:
    if s.phase == SELL:
        return "sell_turn" if s.pending_holder == s.turn_player else "sell_other"
    return _KIND_OF_PHASE[s.phase]


def collect_positions(players: int, seed: int, per_kind: int = 2) -> dict[Kind, list[GameState]]:
    """States with a real choice (two or more legal actions), per kind of decision."""
    found: dict[Kind, list[GameState]] = {k: [] for k in KINDS}
    game = 0
    while any(len(v) < per_kind for v in found.values()) and game < 200:
        s = new_game([f"P{i + 1}" for i in range(players)], seed + game)
        rng = Rng(seed * 7919 + game)
        game += 1
        while not s.is_over:
            legal = legal_actions(s)
            k = kind_of(s)
            # Later in a game is more varied; take positions from the tenth turn on.
            if len(legal) > 1 and s.turn >= 10 and len(found[k]) < per_kind:
                found[k].append(s)
            s = apply_action(s, legal[rng.below(len(legal))])
    assert all(len(v) == per_kind for v in found.values()), {k: len(v) for k, v in found.items()}
    return found


POSITIONS = {n: collect_positions(n, 100 + n) for n in (3, 4)}
ALL = [(n, k, i) for n in POSITIONS for k in POSITIONS[n] for i in range(len(POSITIONS[n][k]))]


def position(n: int, kind: Kind, i: int) -> GameState:
    return POSITIONS[n][kind][i]

"""Helpers of the Merv tests: states arranged by hand, and random games."""

from __future__ import annotations

from dataclasses import replace
from typing import Any, TypeVar

from merv_core import GameState, apply_action, legal_actions, new_game
from merv_core.actions import Action
from merv_core.engine import decider
from merv_core.rng import Rng

_A = TypeVar("_A", bound=Action)


def legal_of(state: GameState, kind: type[_A]) -> list[_A]:
    """The legal actions, each of them a `kind` (checked), typed as one."""
    actions = legal_actions(state)
    assert all(isinstance(a, kind) for a in actions), actions
    return [a for a in actions if isinstance(a, kind)]


def with_player(state: GameState, seat: int, **changes: Any) -> GameState:
    players = list(state.players)
    players[seat] = replace(players[seat], **changes)
    return replace(state, players=tuple(players))


def cells(state: GameState, **changes: dict[int, int]) -> GameState:
    """Set per-cell tuples: cells(state, buildings={3: 0}, upgrades={...})."""
    out: dict[str, Any] = {}
    for field, values in changes.items():
        now = list(getattr(state, field))
        for cell, v in values.items():
            now[cell] = v
        out[field] = tuple(now)
    return replace(state, **out)


def play(state: GameState, action_type: type, **fields: Any) -> GameState:
    """Apply the one legal action of this kind with these fields (fails if none)."""
    for a in legal_actions(state):
        if isinstance(a, action_type) and all(getattr(a, k) == v for k, v in fields.items()):
            return apply_action(state, a)
    raise AssertionError(f"no legal {action_type.__name__} {fields}: {legal_actions(state)}")


def random_game(n: int, seed: int, limit: int = 5000) -> list[GameState]:
    """Every state of one random game."""
    state = new_game([f"P{i}" for i in range(n)], seed)
    rng = Rng(seed ^ 0xABC)
    states = [state]
    while not state.is_over:
        legal = legal_actions(state)
        assert legal and all(a.player == decider(state) for a in legal)
        state = apply_action(state, legal[rng.below(len(legal))])
        states.append(state)
        assert len(states) < limit
    return states

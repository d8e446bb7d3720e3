"""Games for the replay and chart tests.

`twin_games` plays two games that differ only in what is hidden: other seeds, so other
hands and another deck order, but the same public moves. Every choice is made from
public information only (a seeded pick among the legal marriages and camels, whose
list depends only on the table), every discard is the fewest cards allowed (their
number depends only on public counts) and every goods card up for sale is kept, which
docs/rules.md (Goods) makes a secret. With 3 or more players nothing else depends on the
seed (the 2-player bag draw would).
"""

from __future__ import annotations

from samarkand_core import Action, GameState, apply_action, legal_actions, new_game
from samarkand_core.rng import Rng

NAMES = ("Ann", "Bob", "Cem", "Dee", "Eve")


def _public_choice(state: GameState, rng: Rng) -> Action:
    legal = legal_actions(state)
    kinds = {a.kind for a in legal}
    if "keep" in kinds:
        return next(a for a in legal if a.kind == "keep")
    if "discard" in kinds:
        return min(legal, key=lambda a: len(getattr(a, "cards", ())))
    return legal[rng.below(len(legal))]


def twin_games(players: int = 3, seeds: tuple[int, int] = (11, 13), policy_seed: int = 5,
               max_actions: int = 10_000) -> tuple[GameState, GameState]:
    """Two games with other hidden cards and the same public moves (see the module)."""
    out = []
    for seed in seeds:
        s = new_game(list(NAMES[:players]), seed, first_player=0)
        rng = Rng(policy_seed)
        while not s.is_over and (s.history.length if s.history else 0) < max_actions:
            s = apply_action(s, _public_choice(s, rng))
        out.append(s)
    return out[0], out[1]

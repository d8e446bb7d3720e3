"""Self-play: seeded games between bots, one record per game, then a summary."""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Iterator, Sequence
from typing import Any

from .bots import make_bot
from .components import ACTIONS, default_components
from .engine import apply_action, decider, new_game
from .outcome import outcome
from .savecode import encode_save
from .state import GameState

ACTION_LABELS = (*ACTIONS, "favour", "soldier")


def play_game(bots: Sequence[str], seed: int) -> GameState:
    """One game of the named bots (one per seat) from `seed`."""
    names = [f"P{i + 1}" for i in range(len(bots))]
    state = new_game(names, seed)
    players = [make_bot(b, seed * 7 + i) for i, b in enumerate(bots)]
    while not state.is_over:
        state = apply_action(state, players[decider(state)](state))
    return state


TIE = "tie"


def most_common_label(count: Counter[str]) -> str:
    """The label counted most often; TIE when two or more share the top count, so that a
    tie is never credited to whichever label happens to be listed first."""
    ranked = count.most_common(2)
    if len(ranked) == 2 and ranked[0][1] == ranked[1][1]:
        return TIE
    return ranked[0][0]


def favourite(state: GameState, seat: int) -> str:
    """The action a player took most often (TIE when several share the top count)."""
    taken = state.players[seat].actions_taken
    return most_common_label(Counter(dict(zip(ACTION_LABELS, taken, strict=True))))


def favourite_colour(state: GameState, seat: int) -> str:
    """The colour of most of a player's buildings in the city at the end (TIE when several
    colours share the top count; "none" without buildings)."""
    comp = default_components()
    count: Counter[str] = Counter(comp.building_tiles[state.cell_tiles[c]].colour
                    for c, owner in enumerate(state.buildings) if owner == seat)
    if not count:
        return "none"
    return most_common_label(count)


def selfplay(players: int, games: int, seed: int, bots: Sequence[str]) -> Iterator[dict[str, Any]]:
    start = time.process_time()
    wins: Counter[str] = Counter()
    for i in range(games):
        game_seed = seed + i
        state = play_game(bots, game_seed)
        end = outcome(state)
        assert end is not None
        for s in end.winners:
            wins[bots[s]] += 1
        yield {
            "seed": game_seed, "players": players, "bots": list(bots),
            "scores": list(end.scores), "winners": list(end.winners),
            "decided_by": end.decided_by.value,
            "favourite": [favourite(state, s) for s in range(players)],
            "colour": [favourite_colour(state, s) for s in range(players)],
            "save": encode_save(state),
        }
    cpu = time.process_time() - start
    yield {
        "summary": True, "games": games, "players": players,
        # win_rate: the share of games some seat of this bot won
        "wins": dict(wins),
        "win_rate": {b: round(wins[b] / max(1, games), 3) for b in sorted(set(bots))},
        "cpu_seconds": round(cpu, 2),
    }

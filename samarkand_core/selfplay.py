"""Random self-play: the engine's smoke test and speed benchmark."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

from .engine import apply_action, legal_actions, new_game
from .gcpause import gc_paused
from .rng import Rng, outputs
from .savecode import encode_save
from .scoring import final_scores
from .state import OVER, GameState


def random_game(n_players: int, seed: int) -> tuple[GameState, int]:
    """Play one game of random legal actions; return the end state and its steps."""
    names = [f"P{i + 1}" for i in range(n_players)]
    state = new_game(names, seed)
    # The choices of Rng(seed ^ 0x5EED).below(len(legal)), move after move: the same
    # numbers, made 16 at a time (rng.outputs) rather than one call per move.
    r = Rng(seed ^ 0x5EED).state
    draws: list[int] = []
    k = 0
    with gc_paused():
        while state.phase != OVER:
            legal = legal_actions(state)
            if k == len(draws):
                r, draws = outputs(r, 16)
                k = 0
            state = apply_action(state, legal[draws[k] % len(legal)])
            k += 1
    return state, state.history.length if state.history else 0


def selfplay(players: int, games: int, seed: int,
             codes: bool = False) -> Iterator[dict[str, Any]]:
    """Yield one record per game, then a last record with totals and speed.

    `players` 0 means: rotate through 2 to 5 players. With `codes`, each game's record
    holds its save code ("code"), to replay or analyse it (encoding is not timed apart:
    the speed figures of a run with codes include it).
    """
    start = time.perf_counter()
    cpu_start = time.process_time()
    total_steps = 0
    # The collector stays paused for the whole run, not just each game: re-enabled between
    # games it ran a young-generation collection every few games over the survivors of
    # the last one, for nothing (the engine makes no cycles; see gcpause).
    with gc_paused():
        for i in range(games):
            n = players or 2 + i % 4
            game_seed = seed + i
            state, steps = random_game(n, game_seed)
            total_steps += steps
            scores = final_scores(state)
            record: dict[str, Any] = {
                "seed": game_seed, "players": n, "steps": steps,
                "scores": [s.total for s in scores.scores], "winners": list(scores.winners),
                "end": state.end_reason,
            }
            if codes:
                record["code"] = encode_save(state)
            yield record
    elapsed = time.perf_counter() - start
    # CPU time is what one core gave the games: on a busy machine it is the
    # fairer figure; wall-clock games/s is kept as the headline.
    cpu = time.process_time() - cpu_start
    yield {
        "total": True, "games": games, "steps": total_steps,
        "avg_steps": round(total_steps / games, 2) if games else 0,
        "seconds": round(elapsed, 3),
        "games_per_s": round(games / elapsed, 1) if elapsed else None,
        "steps_per_s": round(total_steps / elapsed, 1) if elapsed else None,
        "cpu_seconds": round(cpu, 3),
        "games_per_cpu_s": round(games / cpu, 1) if cpu else None,
    }

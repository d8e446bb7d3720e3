"""CPython speed of the engine and the search bot.

Each measure is a function returning a number, so a runner (``make bench``, a browser
harness printing the same keys for Pyodide) can import them; run as a script, this prints
them all as one JSON object:

    python benchmarks/engine_bench.py [--games 200] [--seed 1]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

if __package__ in (None, ""):
    # Run as a script: make the checkout's package importable without installing it.
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from samarkand_core.bots.search import TREE_PARAMS, SearchBot
from samarkand_core.engine import apply_action, legal_actions, new_game
from samarkand_core.rng import Rng
from samarkand_core.selfplay import selfplay
from samarkand_core.state import GameState
from samarkand_core.view import view_for

# Untimed play before the timed games, in both runtimes alike: at least this many games
# and this much time, so that both are measured warm. V8 runs WebAssembly first as
# compiled by its baseline compiler (Liftoff) and moves hot functions (the interpreter
# loop above all) to its optimising one (TurboFan) only after a while, in the
# background; after 5 warm-up games (as before), part of the timed Pyodide games still
# ran on baseline code (fresh browser pages: about a third more games per second after
# 300 warm-up games than after 5). CPython needs only the engine's caches filled.
WARMUP_GAMES = 20
WARMUP_SECONDS = 1.0


def _warm_up(seed: int) -> None:
    start = time.perf_counter()
    game = 0
    while game < WARMUP_GAMES or time.perf_counter() - start < WARMUP_SECONDS:
        for _ in selfplay(4, 10, seed + 1_000_000 + game):
            pass
        game += 10


def _random_selfplay(games: int, seed: int) -> dict[str, float]:
    """Totals of `games` random 4-player games, as samarkand_core.selfplay reports them,
    after a warm-up (see WARMUP_SECONDS)."""
    _warm_up(seed)
    total: dict[str, float] = {}
    for record in selfplay(4, games, seed):
        if record.get("total"):
            total = {k: float(v) for k, v in record.items() if isinstance(v, (int, float))}
    return total


def cpython_games_per_s(games: int = 200, seed: int = 1) -> float:
    """engine.cpython_games_per_s: random legal 4-player games played per second."""
    return _random_selfplay(games, seed)["games_per_s"]


def cpython_steps_per_s(games: int = 200, seed: int = 1) -> float:
    """engine.cpython_steps_per_s: actions (legal_actions + apply_action) per second."""
    return _random_selfplay(games, seed)["steps_per_s"]


def mid_game_positions(count: int = 4, players: int = 3, seed: int = 1) -> list[GameState]:
    """Positions a dozen turns into random games, at a main-phase decision with choices.

    Random play keeps them cheap to make and the same on every machine; a dozen turns
    in, most players hold families and cards, as in a real mid-game.
    """
    out: list[GameState] = []
    game = 0
    while len(out) < count:
        state = new_game([f"P{i + 1}" for i in range(players)], seed + game)
        rng = Rng(seed + game)
        game += 1
        while not state.is_over:
            legal = legal_actions(state)
            if state.turn >= 12 and state.phase == "main" and len(legal) > 3:
                out.append(state)
                break
            state = apply_action(state, legal[rng.below(len(legal))])
    return out


def search_iterations_per_s_cpython(
    iterations: int = 300, positions: int = 4, seed: int = 1
) -> float:
    """bot.search_iterations_per_s_cpython: ISMCTS iterations per second, mid-game (the
    tree search, TREE_PARAMS: the Hard level's rollouts are not iterations of it)."""
    done = 0
    elapsed = 0.0
    for state in mid_game_positions(positions, seed=seed):
        thinking = SearchBot(seed, iterations=iterations, params=TREE_PARAMS).start(
            view_for(state, state.current_player)
        )
        t0 = time.perf_counter()
        while not thinking.step(1000.0):
            pass
        elapsed += time.perf_counter() - t0
        done += thinking.done_iterations
    return done / elapsed if elapsed else 0.0


def run_all(games: int = 200, seed: int = 1) -> dict[str, float]:
    totals = _random_selfplay(games, seed)
    return {
        "engine.cpython_games_per_s": totals["games_per_s"],
        "engine.cpython_steps_per_s": totals["steps_per_s"],
        "bot.search_iterations_per_s_cpython": round(
            search_iterations_per_s_cpython(seed=seed), 1
        ),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=200, help="random games for the engine")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    print(json.dumps(run_all(args.games, args.seed)))
    return 0


if __name__ == "__main__":
    sys.exit(main())

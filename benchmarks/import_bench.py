"""CPython time of importing a backup file of many saves of the same players at the same
turn: the case that grew as the square of the saves (each save of the file was compared
with every such save, rebuilt anew each time). Medians of repetitions, each on an empty
device; run as a script it prints the figures as JSON:

    python benchmarks/import_bench.py [--sizes 100,400,1000] [--reps 5]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web"))

from samarkand_core import GameState, apply_action, legal_actions, new_game  # noqa: E402
from samarkand_core.rng import Rng  # noqa: E402

NAMES = ("Ann", "Bob", "Cem")
TURN = 12  # every save of the file stands at this turn
SIZES = (100, 400, 1000)
REPS = 5


def game_at_turn(seed: int, turn: int = TURN, names: tuple[str, ...] = NAMES) -> GameState:
    """A game of random legal moves (seed `seed`), stopped when turn `turn` begins."""
    state = new_game(list(names), seed)
    rng = Rng(seed * 7919 + 1)
    while state.turn < turn and not state.is_over:
        legal = legal_actions(state)
        state = apply_action(state, legal[rng.below(len(legal))])
    return state


def same_player_backup(n: int, turn: int = TURN, dated: float = 1_700_000_000_000.0) -> str:
    """A backup file of n different games of the same players, all at turn `turn`, as the
    page exports it."""
    from samarkand_web.saves.backup import export_backup
    from samarkand_web.saves.storage import MemoryStore, Saves

    clock = iter(range(10**9))
    ids = iter(range(10**9))
    saves = Saves(MemoryStore(), lambda: dated + next(clock), lambda: f"g{next(ids):05d}")
    for seed in range(1, n + 1):
        saves.create(game_at_turn(seed, turn), ("human",) * len(NAMES))
    text, count = export_backup(saves, dated + n + 1)
    assert count == n
    return text


def time_import(text: str) -> float:
    """Seconds to import the file into an empty device (the file's saves all added)."""
    from samarkand_web.saves.backup import import_backup
    from samarkand_web.saves.storage import MemoryStore, Saves

    clock = iter(range(10**9))
    ids = iter(range(10**9))
    saves = Saves(MemoryStore(), lambda: 1_800_000_000_000.0 + next(clock),
                  lambda: f"n{next(ids):05d}")
    t0 = time.perf_counter()
    report = import_backup(saves, text)
    took = time.perf_counter() - t0
    assert not report.refused and not report.not_saved and not report.already
    return took


def import_figures(sizes: tuple[int, ...] = SIZES, reps: int = REPS) -> dict[str, float]:
    """import.cpython_s_<n>: the median of `reps` imports of n saves (and _min, _max);
    the sizes interleaved in each repetition, so that a busy moment hits them all."""
    files = {n: same_player_backup(n) for n in sizes}
    runs: dict[int, list[float]] = {n: [] for n in sizes}
    for _ in range(reps):
        for n in sizes:
            runs[n].append(time_import(files[n]))
    out: dict[str, float] = {"import.reps": reps, "import.turn": TURN}
    for n, values in runs.items():
        out[f"import.cpython_s_{n}"] = round(statistics.median(values), 3)
        out[f"import.cpython_s_{n}_min"] = round(min(values), 3)
        out[f"import.cpython_s_{n}_max"] = round(max(values), 3)
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sizes", default=",".join(map(str, SIZES)))
    ap.add_argument("--reps", type=int, default=REPS)
    args = ap.parse_args(argv)
    sizes = tuple(int(s) for s in args.sizes.split(","))
    print(json.dumps(import_figures(sizes, args.reps), indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())

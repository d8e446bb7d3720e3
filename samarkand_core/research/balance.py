"""Is the map fair? `python -m samarkand_core balance --players N --games G --jobs J`.

Heuristic bots play each other; seat 0 always starts (the rulebook's seat order: the
seats are reported as they are, the rules are not changed). The report gives, with 95%
intervals:

- per seat: its win share (a shared win counts for each winner, as in tournaments) and
  its average final score;
- per family: the member win rate (of the players who hold a tile of the family at the
  end, the share who win), how many games it was married in at all, and its marriages
  per game.

A family is flagged when its member win rate is more than 3 points away from the base
(1/N) beyond its interval: the interval's nearer end is over 3 points off. `--board`
plays another map (for a tuned candidate), loaded and checked like the shipped one.
"""

from __future__ import annotations

import argparse
import json
import math
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from ..board import Board, default_board, load_board
from ..bots.heuristic import HeuristicBot
from ..engine import apply_action, new_game
from ..gcpause import gc_paused
from ..rng import mix
from ..scoring import final_scores
from ..view import view_for
from .tournament import SALT, Z95, collect_logged, in_order, resumed_games, wilson

FLAG_POINTS = 0.03


@dataclass(frozen=True, slots=True)
class BalanceGame:
    """One self-play game, by seat (seat 0 started)."""

    scores: tuple[int, ...]
    winners: tuple[bool, ...]
    # Per seat: a bit per family whose tile the seat held at the end.
    families: tuple[int, ...]
    # Per family: how many tiles of it were married in this game.
    marriages: tuple[int, ...]
    turns: int


_BOARDS: dict[str, Board] = {}


def _board(path: str) -> Board:
    if not path:
        return default_board()
    b = _BOARDS.get(path)
    if b is None:
        b = _BOARDS[path] = load_board(path)
    return b


def play_balance_game(players: int, seed: int, index: int, board_path: str = "") -> BalanceGame:
    """Game `index` of a balance run: heuristic bots in every seat, seat 0 starts."""
    board = _board(board_path)
    bots = [HeuristicBot(mix(SALT, seed, index, k)) for k in range(players)]
    state = new_game([f"P{k + 1}" for k in range(players)], mix(SALT, seed, index), 0, board)
    with gc_paused():
        while not state.is_over:
            p = state.current_player
            state = apply_action(state, bots[p].choose(view_for(state, p)))
    final = final_scores(state)
    fams = tuple(
        sum(1 << f for f in range(board.n_families) if state.tiles[q][f])
        for q in range(players)
    )
    married = [0] * board.n_families
    for q in range(players):
        for f in range(board.n_families):
            married[f] += state.tiles[q][f]
    return BalanceGame(
        tuple(s.total for s in final.scores), tuple(q in final.winners for q in range(players)),
        fams, tuple(married), state.turn,
    )


def _star(args: tuple[int, int, int, str]) -> BalanceGame:
    return play_balance_game(*args)


def run_balance(
    players: int, games: int, seed: int, jobs: int = 1, board_path: str = "", start: int = 0
) -> Iterator[BalanceGame]:
    """Every game from index `start` on, in order (the same for any number of jobs)."""
    work = [(players, seed, i, board_path) for i in range(start, games)]
    return in_order(_star, work, jobs, chunksize=4)


def _mean_ci(xs: Sequence[float]) -> tuple[float, float, float]:
    """Mean and its normal-approximation 95% interval."""
    n = len(xs)
    if n == 0:
        return 0.0, 0.0, 0.0
    m = sum(xs) / n
    if n < 2:
        return m, m, m
    var = sum((x - m) ** 2 for x in xs) / (n - 1)
    half = Z95 * math.sqrt(var / n)
    return m, m - half, m + half


def _r(x: float) -> float:
    return round(x, 4)


def summarise_balance(
    players: int, results: Sequence[BalanceGame], board: Board
) -> dict[str, Any]:
    """The report as plain data (what --json prints)."""
    g = len(results)
    base = 1.0 / players
    seats = []
    for k in range(players):
        wins = sum(1 for r in results if r.winners[k])
        lo, hi = wilson(wins, g)
        m, mlo, mhi = _mean_ci([float(r.scores[k]) for r in results])
        seats.append({
            "seat": k + 1, "wins": wins, "win_share": _r(wins / g if g else 0.0),
            "ci95": [_r(lo), _r(hi)],
            "avg_score": round(m, 2), "score_ci95": [round(mlo, 2), round(mhi, 2)],
        })
    families = []
    for f in range(board.n_families):
        held = 0
        won = 0
        for r in results:
            for k in range(players):
                if r.families[k] >> f & 1:
                    held += 1
                    won += r.winners[k]
        lo, hi = wilson(won, held)
        rate = won / held if held else 0.0
        games_married = sum(1 for r in results if r.marriages[f])
        glo, ghi = wilson(games_married, g)
        m, mlo, mhi = _mean_ci([float(r.marriages[f]) for r in results])
        off = max(lo - base, base - hi, 0.0) if held else 0.0
        families.append({
            "family": f, "id": board.family_ids[f], "name": board.family_names[f],
            "portion": board.portion[f],
            "members": held, "member_wins": won, "member_win_rate": _r(rate),
            "ci95": [_r(lo), _r(hi)],
            "vs_base": _r(rate - base),
            "flagged": bool(held) and off > FLAG_POINTS,
            "married_games": games_married, "married_share": _r(games_married / g if g else 0.0),
            "married_share_ci95": [_r(glo), _r(ghi)],
            "marriages_per_game": round(m, 3),
            "marriages_per_game_ci95": [round(mlo, 3), round(mhi, 3)],
        })
    shared = sum(1 for r in results if sum(r.winners) > 1)
    t, tlo, thi = _mean_ci([float(r.turns) for r in results])
    return {
        "players": players, "games": g, "base": _r(base), "board": board.data.name,
        "board_fingerprint": f"{board.fingerprint:016x}",
        "shared_wins": shared,
        "avg_turns": round(t, 2), "avg_turns_ci95": [round(tlo, 2), round(thi, 2)],
        "seats": seats, "families": families,
        "flagged": [fam["id"] for fam in families if fam["flagged"]],
    }


def format_balance(report: dict[str, Any]) -> str:
    """The report as text tables."""
    lines = [
        f"{report['games']} heuristic self-play games, {report['players']} players, board "
        f"{report['board']!r} ({report['board_fingerprint']}); base {report['base']:.1%}; "
        f"{report['shared_wins']} shared wins (each winner counts); "
        f"{report['avg_turns']:.1f} turns a game",
        "",
        f"{'seat':>4} {'win share':>9} {'95% CI':>15} {'avg score':>9} {'95% CI':>13}",
    ]
    for s in report["seats"]:
        lo, hi = s["ci95"]
        slo, shi = s["score_ci95"]
        lines.append(
            f"{s['seat']:>4} {s['win_share']:9.1%} {f'{lo:.1%} - {hi:.1%}':>15} "
            f"{s['avg_score']:9.2f} {f'{slo:.1f} - {shi:.1f}':>13}"
        )
    lines += [
        "",
        f"{'family':24} {'portion':>7} {'member win':>10} {'95% CI':>15} {'vs base':>8} "
        f"{'married in':>10} {'per game':>8}  flag",
    ]
    for f in report["families"]:
        lo, hi = f["ci95"]
        label = f"{f['family']} {f['name']}"[:24]
        lines.append(
            f"{label:24} {f['portion']:>7} {f['member_win_rate']:10.1%} "
            f"{f'{lo:.1%} - {hi:.1%}':>15} {f['vs_base'] * 100:+7.1f}p "
            f"{f['married_share']:10.1%} {f['marriages_per_game']:8.2f}  "
            + ("*" if f["flagged"] else "")
        )
    flagged = report["flagged"]
    lines.append("")
    lines.append(
        "* more than 3 points from the base beyond its interval: " + ", ".join(flagged)
        if flagged else "no family is more than 3 points from the base beyond its interval"
    )
    return "\n".join(lines)


def game_record(r: BalanceGame) -> dict[str, Any]:
    return {"scores": r.scores, "winners": r.winners, "families": r.families,
            "marriages": r.marriages, "turns": r.turns}


def game_from_record(d: dict[str, Any]) -> BalanceGame:
    return BalanceGame(tuple(d["scores"]), tuple(d["winners"]), tuple(d["families"]),
                       tuple(d["marriages"]), d["turns"])


def _balance(args: argparse.Namespace) -> int:
    from ..cli import fail

    args.board = args.board or ""  # the shipped map
    try:
        board = _board(args.board)
    except (OSError, ValueError) as exc:
        fail(f"cannot load the board {args.board}: {' '.join(str(exc).split())[:300]}")
    if args.resume and not args.log:
        fail("--resume continues the file of --log: name one")
    t0 = time.perf_counter()
    results = _resumed(args) if args.resume else []
    collect_logged(run_balance(args.players, args.games, args.seed, args.jobs, args.board,
                               start=len(results)),
                   results, total=args.games, what="balance", log=args.log,
                   record=lambda _, r: game_record(r), quiet=args.quiet)
    elapsed = time.perf_counter() - t0
    report = summarise_balance(args.players, results, board)
    if args.json:
        print(json.dumps(report))
    else:
        print(format_balance(report))
        print(f"({elapsed:.1f} s)")
    return 0


def _resumed(args: argparse.Namespace) -> list[BalanceGame]:
    """The games already in --log, for --resume (a game depends only on the players, the
    seed, its index and the board)."""

    def plays_again(index: int, _row: dict[str, Any], game: BalanceGame) -> bool:
        return play_balance_game(args.players, args.seed, index, args.board) == game

    return resumed_games(args.log, "balance", args.games, game_from_record, plays_again,
                         "another seed, board, player count or engine")


def add_parser(subparsers: Any) -> None:
    """Register the `balance` command on the package's command line."""
    from ..cli import add_log_options, add_run_command, in_file

    bp = add_run_command(
        subparsers, "balance", _balance, games=1000, seed=1,
        help="heuristic self-play: seat and family win rates with 95%% intervals",
        description="Heuristic bots play each other (seat 0 starts): each seat's and each "
        "family's win rate with 95% intervals, to judge the map's fairness.",
    )
    bp.add_argument("--board", type=in_file, default=None,
                    help="a board JSON file instead of the shipped map (default: the "
                    "shipped map)")
    add_log_options(bp)

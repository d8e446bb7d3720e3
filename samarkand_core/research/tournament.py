"""Bot tournaments: `python -m samarkand_core tournament --players 3 --bots a,b,c --games G`.

Game i seats the bots rotated by i places and lets seat 0 start, so over a multiple of
N games every bot starts equally often and sits in every seat equally often. Seeds
for the games and the bots come from --seed alone, so a tournament is repeatable, also
with --jobs (games are played in worker processes but collected in order).

A level named twice (search,heuristic,heuristic) is reported per seat-independent
bot, the second one as "heuristic#2": each line is then one player's record, and the
win rates of a line are comparable with a bot that appears once.
"""

from __future__ import annotations

import argparse
import json
import math
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, TextIO, TypeVar

from ..bots import LEVELS, Bot, make_bot
from ..engine import apply_action, new_game
from ..rng import mix
from ..scoring import final_scores
from ..view import view_for

# What the long research runs (this one, balance and fit) share, below: games played in
# worker processes but collected in order, the --log file of one JSON line per finished
# game, and reading it back for --resume.
W = TypeVar("W")
R = TypeVar("R")


def in_order(play: Callable[[W], R], work: Sequence[W], jobs: int = 1,
             chunksize: int = 1) -> Iterator[R]:
    """play(w) for each w of `work`, in order, as each ends; with `jobs` > 1 in that many
    worker processes (spawned: the same on every platform; `play` is a module-level
    function, which the workers import), still in the order of `work`, so that the
    results do not depend on the number of jobs."""
    if jobs <= 1:
        yield from map(play, work)
        return
    import multiprocessing

    with multiprocessing.get_context("spawn").Pool(jobs) as pool:
        yield from pool.imap(play, work, chunksize=chunksize)


def open_log(path: str) -> TextIO:
    """The --log file, opened to append; a path that cannot be written refuses the run."""
    from ..cli import fail

    try:
        return open(path, "a", encoding="utf-8")
    except OSError as exc:
        fail(f"cannot write --log {path}: {exc.strerror or exc}")


def collect_logged(games: Iterable[R], results: list[R], *, total: int, what: str,
                   log: str | None, record: Callable[[int, R], dict[str, Any]],
                   quiet: bool) -> None:
    """Append each of `games` to `results` as it ends, counting it on a progress bar of
    `total` games (`what` names the run) and, with a --log path, writing record(index,
    game) to that file as one JSON line: a long run can be summed up while it goes."""
    from ..cli import progress

    out = open_log(log) if log else None
    bar = progress(total, what, initial=len(results), quiet=quiet)
    try:
        for r in games:
            results.append(r)
            bar.update()
            if out is not None:
                out.write(json.dumps(record(len(results) - 1, r)) + "\n")
                out.flush()
    finally:
        bar.close()
        if out is not None:
            out.close()


def resumed_games(path: str, what: str, games: int, from_record: Callable[[Any], R],
                  plays_again: Callable[[int, Any, R], bool], differs: str) -> list[R]:
    """The games already in a --log file, for --resume: a run cut short goes on where it
    stopped. A game depends only on the run's options and its index, so the log's games
    are the run's first games; the last one is played again (`plays_again(index, row,
    game)`: does this command play it so?) to check that the log belongs to this command
    (`differs` says what else it may belong to in the refusal)."""
    from ..cli import fail

    rows = logged_rows(path, what, games)
    try:
        done = [from_record(d) for d in rows]
    except (ValueError, KeyError, TypeError, AttributeError) as exc:
        fail(f"--resume: {path} is not a {what} log ({exc!r})")
    if done and not plays_again(len(done) - 1, rows[-1], done[-1]):
        fail(f"--resume: game {len(done)} of {path} is not the game this command plays "
             f"({differs})")
    return done


def logged_rows(path: str, what: str, games: int) -> list[Any]:
    """The JSON lines of a --log file, for --resume: none if there is no file yet; a file
    that cannot be read, is not JSON lines, or holds more than `games` games refuses the
    run (`what` names the kind of log in the message)."""
    from ..cli import fail

    try:
        with open(path, encoding="utf-8") as fh:
            rows = [json.loads(line) for line in fh if line.strip()]
    except FileNotFoundError:
        return []
    except OSError as exc:
        fail(f"--resume: cannot read {path}: {exc.strerror or exc}")
    except (ValueError, UnicodeDecodeError) as exc:
        fail(f"--resume: {path} is not a {what} log ({exc})")
    if len(rows) > games:
        fail(f"--resume: {path} already holds {len(rows)} games")
    return rows


SALT = 0x51A7_2C4E  # mix()'s start for the seeds of a tournament (and of a balance run)
Z95 = 1.959963984540054


@dataclass(frozen=True, slots=True)
class GameResult:
    """One game, by bot (not by seat): scores, who won, thinking time and decisions."""

    scores: tuple[int, ...]
    winners: tuple[bool, ...]
    seconds: tuple[float, ...]
    decisions: tuple[int, ...]
    steps: int
    # CPU seconds of each decision with a real choice (two or more legal actions), by bot.
    choice_seconds: tuple[tuple[float, ...], ...] = ()


def bot_names(levels: Sequence[str]) -> list[str]:
    """Unique names: a level's second and later copies get "#2", "#3"."""
    seen: dict[str, int] = {}
    out = []
    for level in levels:
        seen[level] = seen.get(level, 0) + 1
        out.append(level if seen[level] == 1 else f"{level}#{seen[level]}")
    return out


def seating(n: int, index: int) -> list[int]:
    """Which bot sits in each seat in game `index`: rotated by one seat a game."""
    return [(k + index) % n for k in range(n)]


def make_level(spec: str, seed: int) -> Bot:
    """A bot from a level name, or a variant: `search:iterations=400:c_puct=2:w_rival=1`
    (search settings, `w_` for the estimate's weights) or `heuristic:rival=1` (weights).

    The variants exist to compare settings in tournaments; the page knows only LEVELS.
    """
    level, _, rest = spec.partition(":")
    if not rest:
        return make_bot(level, seed)
    options: dict[str, str] = {}
    for item in rest.split(":"):
        key, eq, value = item.partition("=")
        if not eq:
            raise ValueError(f"a setting is key=value, not {item!r}")
        options[key.strip()] = value.strip()
    if level == "heuristic":
        from ..bots.heuristic import HeuristicBot, parse_weights

        return HeuristicBot(seed, parse_weights(options))
    if level != "search":
        raise ValueError(f"only the search and heuristic levels take settings, not {level!r}")
    from ..bots.search import SearchBot

    return SearchBot.from_options(seed, options)


def check_level(spec: str) -> None:
    """Raise ValueError unless `spec` names a level or a valid search variant."""
    make_level(spec, 0)


def play_game(levels: Sequence[str], seed: int, index: int) -> GameResult:
    """Play game `index` of a tournament; results are listed in the order of `levels`."""
    n = len(levels)
    seat_bot = seating(n, index)
    bots = [make_level(levels[b], mix(SALT, seed, index, b)) for b in seat_bot]
    state = new_game([f"P{k + 1}" for k in range(n)], mix(SALT, seed, index), first_player=0)
    seconds = [0.0] * n
    decisions = [0] * n
    choice: list[list[float]] = [[] for _ in range(n)]
    steps = 0
    while not state.is_over:
        p = state.current_player
        view = view_for(state, p)
        # CPU time, not wall-clock: other work on a busy machine does not count.
        t0 = time.process_time()
        action = bots[p].choose(view)
        dt = time.process_time() - t0
        seconds[p] += dt
        if len(view.legal) > 1:
            choice[p].append(dt)
        decisions[p] += 1
        state = apply_action(state, action)
        steps += 1
    fs = final_scores(state)
    by_bot_score = [0] * n
    by_bot_win = [False] * n
    by_bot_sec = [0.0] * n
    by_bot_dec = [0] * n
    by_bot_choice: list[tuple[float, ...]] = [()] * n
    for k in range(n):
        b = seat_bot[k]
        by_bot_score[b] = fs.scores[k].total
        by_bot_win[b] = k in fs.winners
        by_bot_sec[b] = seconds[k]
        by_bot_dec[b] = decisions[k]
        by_bot_choice[b] = tuple(choice[k])
    return GameResult(
        tuple(by_bot_score), tuple(by_bot_win), tuple(by_bot_sec), tuple(by_bot_dec), steps,
        tuple(by_bot_choice),
    )


def _play_star(args: tuple[tuple[str, ...], int, int]) -> GameResult:
    return play_game(*args)


def run_games(
    levels: Sequence[str], games: int, seed: int, jobs: int = 1, start: int = 0
) -> Iterator[GameResult]:
    """Every game's result from index `start` on, in game order (the same for any number
    of jobs)."""
    work = [(tuple(levels), seed, i) for i in range(start, games)]
    return in_order(_play_star, work, jobs)


def wilson(wins: int, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a proportion: sound also near 0 and 1 and for small n."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    # At 0 or n wins one end is exactly 0 or 1; floating point would miss it by a hair.
    lo = 0.0 if wins == 0 else max(0.0, centre - half)
    hi = 1.0 if wins == n else min(1.0, centre + half)
    return lo, hi


def level_ratings(
    levels: Sequence[str],
    results: Sequence[GameResult],
    prior: dict[str, tuple[float, float]] | None = None,
) -> dict[str, dict[str, float]]:
    """An OpenSkill (Plackett-Luce) rating per level from every game, in game order.

    Each game ranks its players by final score (ties share a rank). A level that fills
    several seats plays as that many copies of its rating; after the game the level takes
    the mean of its copies' updated mu and sigma. `prior` (level -> (mu, sigma)) continues
    from earlier results, e.g. other tournaments kept in a ratings file.

    openskill comes with the `tournament` extra and is imported here only: the core
    never needs it (the command checks it is there before its first game).
    """
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    rating: dict[str, tuple[float, float]] = dict(prior or {})
    games: dict[str, int] = {}
    for r in results:
        teams = []
        for level in levels:
            mu, sigma = rating.get(level, (model.mu, model.sigma))
            teams.append([model.rating(mu=mu, sigma=sigma)])
        new = model.rate(teams, scores=[float(x) for x in r.scores])
        acc: dict[str, list[tuple[float, float]]] = {}
        for level, team in zip(levels, new, strict=True):
            acc.setdefault(level, []).append((team[0].mu, team[0].sigma))
        for level, copies in acc.items():
            rating[level] = (
                sum(m for m, _ in copies) / len(copies),
                sum(s for _, s in copies) / len(copies),
            )
            games[level] = games.get(level, 0) + 1
    out: dict[str, dict[str, float]] = {}
    for level, (mu, sigma) in sorted(rating.items(), key=lambda kv: -(kv[1][0] - 3 * kv[1][1])):
        out[level] = {
            "mu": round(mu, 3),
            "sigma": round(sigma, 3),
            # The conservative estimate openskill ranks by: mu - 3 sigma.
            "ordinal": round(mu - 3 * sigma, 3),
        }
    return out


def summarise(levels: Sequence[str], results: Sequence[GameResult]) -> dict[str, Any]:
    names = bot_names(levels)
    g = len(results)
    bots: dict[str, Any] = {}
    for b, name in enumerate(names):
        wins = sum(1 for r in results if r.winners[b])
        lo, hi = wilson(wins, g)
        decisions = sum(r.decisions[b] for r in results)
        secs = sum(r.seconds[b] for r in results)
        choices = sorted(x for r in results if r.choice_seconds for x in r.choice_seconds[b])
        bots[name] = {
            "win_rate": round(wins / g, 4) if g else 0.0,
            "ci95": [round(lo, 4), round(hi, 4)],
            "avg_score": round(sum(r.scores[b] for r in results) / g, 2) if g else 0.0,
            "wins": wins,
            "ms_per_decision": round(1000 * secs / decisions, 2) if decisions else 0.0,
            # Decisions with a real choice only (the others take no thinking): CPU ms.
            "median_choice_ms": round(1000 * _median(choices), 2) if choices else 0.0,
        }
    return {"bots": bots, "games": g}


def _median(xs: Sequence[float]) -> float:
    k = len(xs)
    return xs[k // 2] if k % 2 else (xs[k // 2 - 1] + xs[k // 2]) / 2


def default_bots(players: int) -> str:
    """The tournament's bots when --bots is left out: the heuristic against random bots
    in every other seat, so that any table size from 2 to 5 plays out of the box."""
    return ",".join(["heuristic"] + ["random"] * (players - 1))


def _tournament(args: argparse.Namespace) -> int:
    from ..cli import fail, require

    # The ratings come after the last game: their library must be there before the first,
    # and so must every file the run reads or writes (a bad path must not cost the games).
    require("openskill.models", "tournament")
    spec = args.bots if args.bots is not None else default_bots(args.players)
    levels = [b.strip() for b in spec.split(",") if b.strip()]
    if len(levels) != args.players:
        fail(f"--bots names {len(levels)} bots for {args.players} players; name one per seat")
    for level in levels:
        try:
            check_level(level)
        except ValueError as exc:
            fail(f"--bots: {exc}")
    if args.resume and not args.log:
        fail("--resume continues the file of --log: name one")
    prior = _load_ratings(args.ratings) if args.ratings else None
    t0 = time.perf_counter()
    results = _resumed(args, levels) if args.resume else []
    names = bot_names(levels)

    def record(index: int, r: GameResult) -> dict[str, Any]:
        return {"game": index, "bots": names, "scores": r.scores, "winners": r.winners,
                "choice_seconds": r.choice_seconds, "seconds": r.seconds,
                "decisions": r.decisions, "steps": r.steps}

    collect_logged(run_games(levels, args.games, args.seed, args.jobs, start=len(results)),
                   results, total=args.games, what="tournament", log=args.log,
                   record=record, quiet=args.quiet)
    elapsed = time.perf_counter() - t0
    summary = summarise(levels, results)
    ratings = level_ratings(levels, results, prior)
    if args.ratings:
        _save_ratings(args.ratings, ratings)
    if args.json:
        out = {
            "bots": {
                name: {k: rec[k] for k in ("win_rate", "ci95", "avg_score")}
                for name, rec in summary["bots"].items()
            },
            "games": summary["games"],
            "ratings": ratings,
            # CPU milliseconds: the only part that differs between two runs of a tournament.
            "timing": {
                name: {k: rec[k] for k in ("ms_per_decision", "median_choice_ms")}
                for name, rec in summary["bots"].items()
            },
        }
        print(json.dumps(out))
        return 0
    print(f"{args.games} games, {args.players} players, seed {args.seed}, "
          f"{elapsed:.1f} s (a shared win counts for each winner; ms: CPU time per decision, "
          f"and its median over decisions with a choice)")
    width = max(14, *(len(name) for name in summary["bots"]))
    print(f"{'bot':{width}} {'wins':>5} {'win rate':>9} {'95% CI (Wilson)':>17} "
          f"{'avg score':>10} {'ms/decision':>12} {'median ms':>10}")
    for name, rec in summary["bots"].items():
        lo, hi = rec["ci95"]
        print(f"{name:{width}} {rec['wins']:5d} {rec['win_rate']:9.1%} "
              f"{f'{lo:.1%} - {hi:.1%}':>17} {rec['avg_score']:10.2f} "
              f"{rec['ms_per_decision']:12.2f} {rec['median_choice_ms']:10.2f}")
    print()
    print("rating per level (OpenSkill Plackett-Luce, ranked by final score"
          + (f", continued from {args.ratings}" if args.ratings else "") + ")")
    print(f"{'level':{width}} {'mu':>7} {'sigma':>6} {'ordinal':>8}")
    for level, rating in ratings.items():
        print(f"{level:{width}} {rating['mu']:7.2f} {rating['sigma']:6.2f} "
              f"{rating['ordinal']:8.2f}")
    return 0


def result_from_record(d: dict[str, Any]) -> GameResult:
    """A game back from its --log line (logs written before `seconds`, `decisions` and
    `steps` were logged give their choices' seconds and counts instead)."""
    choice = tuple(tuple(float(x) for x in c) for c in d["choice_seconds"])
    return GameResult(
        tuple(d["scores"]), tuple(bool(w) for w in d["winners"]),
        tuple(d.get("seconds", [sum(c) for c in choice])),
        tuple(d.get("decisions", [len(c) for c in choice])),
        int(d.get("steps", 0)), choice,
    )


def _resumed(args: argparse.Namespace, levels: Sequence[str]) -> list[GameResult]:
    """The games already in --log, for --resume (a game depends only on the levels, the
    seed and its index)."""

    def plays_again(index: int, row: dict[str, Any], game: GameResult) -> bool:
        # The same bots, scores and winners: thinking times differ from run to run.
        if row.get("bots") != bot_names(levels):
            return False
        again = play_game(levels, args.seed, index)
        return (again.scores, again.winners) == (game.scores, game.winners)

    return resumed_games(args.log, "tournament", args.games, result_from_record, plays_again,
                         "other bots, seed or engine")


def _load_ratings(path: str) -> dict[str, tuple[float, float]]:
    """The ratings to continue from, read and checked before the first game: a file that
    is not there is a new one (the run creates it); one that is must be a ratings file."""
    import os

    from ..cli import fail, read_json

    if not os.path.exists(path):
        return {}
    data = read_json(path, "--ratings")
    if not isinstance(data, dict):
        fail(f"--ratings {path} is not a ratings file (a JSON object of levels)")
    prior: dict[str, tuple[float, float]] = {}
    for level, r in data.items():
        try:
            mu, sigma = float(r["mu"]), float(r["sigma"])
        except (KeyError, TypeError, ValueError):
            fail(f"--ratings {path}: level {level!r} has no numbers mu and sigma")
        if not (math.isfinite(mu) and math.isfinite(sigma) and sigma > 0):
            fail(f"--ratings {path}: level {level!r} needs a finite mu and a sigma above 0")
        prior[level] = (mu, sigma)
    return prior


def _save_ratings(path: str, ratings: dict[str, dict[str, float]]) -> None:
    from ..cli import write_text

    write_text(path, json.dumps(ratings, indent=1) + "\n")


def add_parser(subparsers: Any) -> None:
    """Register the `tournament` command on the package's command line."""
    from ..cli import add_log_options, add_run_command, out_file

    tp = add_run_command(
        subparsers, "tournament", _tournament, games=100, seed=1,
        help="bots play each other; win rates with 95%% confidence intervals",
        description="Bots play each other, each seat's bot moving one seat a game: win "
        "rates with 95% intervals, scores, thinking times and OpenSkill ratings.",
    )
    tp.add_argument(
        "--bots", default=None,
        help=f"one level per seat, comma separated, from: {', '.join(LEVELS)} (default: "
        "heuristic, then random in every other seat)",
    )
    tp.add_argument(
        "--ratings", type=out_file, default=None,
        help="a JSON file of level ratings to continue from and to update (created if "
        "missing; read and checked before the first game)",
    )
    add_log_options(tp)

"""Command line: `python -m samarkand_core replay CODE ...` and `... chart CODE ...`.

    replay CODE                    the game as a numbered log of moves (public only)
    replay CODE --to 40            the log up to move 40 and the table at that move
    replay CODE --to 40 --svg b.svg   ... and the board at move 40 as SVG
    replay CODE --all              a finished game with every hand, kept and discarded card
    chart CODE --svg race.svg      each player's projected score by turn (and --table)
    chart CODE --kind breakdown --svg bars.svg   the final scores as stacked bars
    analyse CODE --player 2 [--json] [--svg race.svg] [--lang de]
                                   every decision of player 2 (1-based) of a finished
                                   game, judged by the Hard level from that player's view

Moves are numbered as in the page's replay (see samarkand_core.replay: a camel and
the sale it sets off are one move). Errors go to stderr with exit status 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from typing import Any

from .analysis import (
    KINDS,
    MARKED,
    NOISE_Z,
    Analysis,
    AnalysisResult,
    Judgement,
    judgement_text,
    kind_text,
)
from .analysis_text import ANALYSIS_TEXT
from .bots.search import DEFAULT_ITERATIONS
from .cli import SEED, fail, out_file, say_error, whole, write_text
from .draw.board import board_svg
from .draw.chart import (
    DecisionMark,
    breakdown_rows,
    breakdown_svg,
    race,
    race_svg,
    table_text,
)
from .replay import HiddenHandsError, Replay, move_text
from .savecode import SaveCodeError
from .scoring import Score, final_scores

_CODE_HELP = "a save code (s1-...), or - to read it from stdin"


def _game_command(subparsers: Any, name: str, run: Callable[[argparse.Namespace], int], *,
                  code_help: str = _CODE_HELP, **texts: Any) -> Any:
    """A command that reads one saved game (`name CODE ...`): its parser, run by `run`;
    `texts` are add_parser's (help, description, aliases)."""
    parser = subparsers.add_parser(name, **texts)
    parser.add_argument("code", help=code_help)
    parser.set_defaults(func=run)
    return parser


def _svg_option(parser: Any, what: str) -> None:
    """--svg FILE: where the command writes its picture (`what` says which)."""
    parser.add_argument("--svg", type=out_file, default=None, metavar="FILE", help=what)


def add_parsers(subparsers: Any) -> None:
    """Register `replay`, `chart` and `analyse` on the package's command line."""
    rp = _game_command(subparsers, "replay", _replay,
                       help="a saved game as a numbered log; the board at any move as SVG",
                       description="A saved game as a numbered log of its public moves, the "
                       "table at any move, its board as SVG.")
    rp.add_argument("--to", type=int, default=None, metavar="N",
                    help="stop after move N and show the table there (default: the last "
                    "move)")
    _svg_option(rp, "write the board at move N")
    rp.add_argument("--all", action="store_true",
                    help="show every hand (a finished game only)")
    cp = _game_command(subparsers, "chart", _chart,
                       help="a game's score race or final breakdown as SVG",
                       description="A game's score race (each player's projected score by "
                       "turn) or its final scores as stacked bars, as SVG.")
    _svg_option(cp, "write the chart here (default: print it on stdout)")
    cp.add_argument("--kind", choices=("race", "breakdown"), default="race",
                    help="race: the score by turn; breakdown: the final scores as bars")
    cp.add_argument("--all", action="store_true",
                    help="count cards in hand at every turn (a finished game only)")
    cp.add_argument("--table", action="store_true", help="print the chart's numbers")
    ap = _game_command(
        subparsers, "analyse", _analyse, aliases=["analyze"],
        code_help="a save code (s1-...) of a finished game, or - for stdin",
        help="every decision of one player of a finished game, judged by the Hard level "
             "from that player's view",
        description="Every decision of one player of a finished game, judged by the Hard "
        "level from that player's view (what it knew then).")
    ap.add_argument("--player", type=int, required=True, metavar="N",
                    help="the player to analyse, counted from 1 in the order of the "
                         "code's names (1: the first name, as the replay lists them)")
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    _svg_option(ap, "write the score race with the weak moves marked and each player's "
                "winning chance")
    ap.add_argument("--lang", choices=sorted(ANALYSIS_TEXT), default="en",
                    help="the language of the kinds and reasons (moves, goods, families "
                         "and the chart stay in English, as in the other commands)")
    ap.add_argument("--iterations", type=whole(0), default=DEFAULT_ITERATIONS, metavar="N",
                    help="the search's budget per decision, as the Hard level's (default: "
                         f"{DEFAULT_ITERATIONS}: all 16 rollouts, 9 with four or five "
                         "players); fewer is quicker (4: one guess per candidate; 0: the "
                         "heuristic's look alone)")
    ap.add_argument("--seed", type=SEED, default=0,
                    help="the search's seed (the same seed gives the same analysis)")
    ap.add_argument("--quiet", action="store_true", help="no progress bar on stderr")


def _fail(message: str) -> int:
    say_error(message)
    return 2


def _load(code: str) -> Replay:
    """The game of a command's CODE argument (- reads it from stdin); a code that cannot
    be read is the command's one-line refusal."""
    if code == "-":
        try:
            code = sys.stdin.read().strip()
        except (OSError, UnicodeDecodeError) as exc:
            fail(f"cannot read a save code from stdin ({exc})")
    try:
        return Replay.from_code(code)
    except SaveCodeError as exc:
        fail(str(exc))


def _write(path: str, text: str) -> None:
    write_text(path, text)
    print(f"Wrote {path}")


def _replay(args: argparse.Namespace) -> int:
    rp = _load(args.code)
    if args.all and not rp.is_over:
        return _fail("hands stay hidden until the game is over; leave out --all")
    last = rp.n_moves if args.to is None else args.to
    if not 0 <= last <= rp.n_moves:
        return _fail(f"there is no move {last}: this game has moves 0 to {rp.n_moves}")
    names = rp.names
    print(f"Players: {', '.join(names)}. {names[rp.initial.turn_player]} starts.")
    for m in range(1, last + 1):
        mv = rp.move(m)
        print(f"{m:4d}  turn {mv.turn:3d}  {move_text(rp, m, args.all)}")
    print()
    for line in position_lines(rp, last, args.all):
        print(line)
    if args.svg:
        _write(args.svg, board_svg(rp.public_view(last), last_spaces=rp.camels_of_turn(last)))
    return 0


def position_lines(rp: Replay, m: int, show_all: bool = False) -> list[str]:
    """The table at move m in words: each player's public figures."""
    s = rp.state_after_move(m)
    board = rp.board
    head = (f"After move {m} of {rp.n_moves}, turn {s.turn}"
            + (" (game over)." if s.is_over else "."))
    lines = [head]
    for p in range(s.n):
        fams = ", ".join(board.family_names[f] for f in range(board.n_families)
                         if s.tiles[p][f]) or "none"
        sold = ", ".join(board.good_names[g] for g in s.sold[p]) or "none"
        lines.append(f"  {s.names[p]}: {s.money[p]} dirhams; families: {fams}; "
                     f"{len(s.goods_markers[p])} goods markers; {len(s.rel_markers[p])} "
                     f"relationship markers; {len(s.hands[p])} cards in hand; sold: {sold}")
        if show_all or (s.is_over and m == rp.n_moves):
            cards = ", ".join(f"{board.good_names[g]}-{g}" for g in s.hands[p]) or "none"
            lines.append(f"    hand: {cards}")
    if s.is_over and m == rp.n_moves:
        fs = final_scores(s)
        lines += ["  " + _score_line(sc) for sc in fs.scores]
        lines.append("Winner(s): " + ", ".join(s.names[w] for w in fs.winners))
    return lines


def _score_line(sc: Score) -> str:
    """A player's final score by kind of points, in columns (replay's table, chart's
    --table)."""
    return (f"{sc.name:12} cards {sc.goods_cards:3}  goods {sc.goods_markers:2}"
            f"  relations {sc.relationship_markers:2}  cash {sc.cash:3}  total {sc.total:3}")


def _chart(args: argparse.Namespace) -> int:
    rp = _load(args.code)
    try:
        if args.kind == "breakdown":
            svg = breakdown_svg(rp.final)
            if args.table:
                for sc in breakdown_rows(rp.final):
                    print(_score_line(sc))
        else:
            r = race(rp, all_hands=args.all)
            svg = race_svg(r)
            if args.table:
                print(table_text(r))
    except HiddenHandsError as exc:
        return _fail(f"{exc} (leave out --all, or use --kind race)")
    if args.svg:
        _write(args.svg, svg)
    elif not args.table:
        print(svg)
    return 0


def _analyse(args: argparse.Namespace) -> int:
    from .cli import progress

    rp = _load(args.code)
    n = len(rp.names)
    if not 1 <= args.player <= n:
        return _fail(f"there is no player {args.player}: this game has players 1 to {n}")
    try:
        analysis = Analysis(rp.final, args.player - 1, seed=args.seed,
                            iterations=args.iterations)
    except HiddenHandsError as exc:
        return _fail(str(exc))
    with progress(analysis.total, "analyse", quiet=args.quiet, unit="decision") as bar:
        while not analysis.step(200.0):
            bar.update(analysis.done - bar.n)
        bar.update(analysis.done - bar.n)
    result = analysis.result()
    if args.json:
        print(json.dumps(analysis_json(result, rp, args.lang), ensure_ascii=False))
    else:
        for line in analysis_lines(result, rp, args.lang):
            print(line)
    if args.svg:
        _write_svg(args.svg, result, rp, args.lang, quiet=args.json)
    return 0


def _write_svg(path: str, result: AnalysisResult, rp: Replay, lang: str,
               quiet: bool) -> None:
    write_text(path, analysis_svg(result, rp, lang))
    if not quiet:  # with --json, stdout carries the JSON object alone
        print(f"Wrote {path}")


def analysis_svg(result: AnalysisResult, rp: Replay, lang: str = "en") -> str:
    """The public score race with the player's weak moves and everyone's winning chance."""
    board = rp.board
    table = ANALYSIS_TEXT.get(lang, ANALYSIS_TEXT["en"])
    marks = [
        DecisionMark(d.turn, d.player, d.kind, f"Turn {d.turn}: " + table["analysis.mark"].format(
            kind=kind_text(lang, d.kind), played=d.played.describe(board),
            best=d.best.describe(board)))
        for d in result.decisions if d.kind in MARKED
    ]
    return race_svg(race(rp), decisions=marks, win_chances=result.win_chances)


def _judgement_json(d: Judgement, rp: Replay, lang: str) -> dict[str, object]:
    board = rp.board
    return {
        "index": d.index, "move": d.move, "turn": d.turn,
        "played": d.played.describe(board), "played_action": d.played.as_dict(),
        "best": d.best.describe(board), "best_action": d.best.as_dict(),
        "hard_action": d.hard.as_dict(),
        "points_played": d.points_played, "points_best": d.points_best, "loss": d.loss,
        "win_chance_played": d.win_played, "win_chance_best": d.win_best,
        "win_chance_loss": d.win_loss, "win_chance_loss_error": d.win_err,
        "searched": d.searched,
        "kind": d.kind, "kind_text": kind_text(lang, d.kind),
        "reason": judgement_text(lang, d, board),
        "reasons": [{"key": r.key, "params": dict(r.params)} for r in d.reasons],
    }


def analysis_json(result: AnalysisResult, rp: Replay, lang: str = "en") -> dict[str, object]:
    """The analysis as JSON-ready data: the player counted from 1, as on the command line."""
    n = len(result.names)
    return {
        "player": result.player + 1, "name": result.names[result.player],
        "names": list(result.names), "lang": lang, "seed": result.seed,
        "iterations": result.iterations,
        "counts": {k: result.count(k) for k in KINDS},
        "decisions": [_judgement_json(d, rp, lang) for d in result.decisions],
        # win_chance[p][t]: player p's chance at the start (t = 0) and after turn t.
        "win_chance": [[row[p] for row in result.win_chances] for p in range(n)],
    }


def analysis_lines(result: AnalysisResult, rp: Replay, lang: str = "en") -> list[str]:
    """The analysis as a readable table: a line per decision, its reason below."""
    board = rp.board
    p = result.player
    counts = ", ".join(f"{kind_text(lang, k)} {result.count(k)}" for k in KINDS)
    lines = [f"{result.names[p]} (player {p + 1}): {len(result.decisions)} decisions: "
             f"{counts}.",
             f"{'move':>4} {'turn':>4}  {'kind':<14} {'loss':>5} {'win':>13}  move played",
             ]
    better = ANALYSIS_TEXT.get(lang, ANALYSIS_TEXT["en"])["analysis.better"]
    for d in result.decisions:
        win = f"{100 * d.win_played:.0f}%"
        if d.kind != "best" and d.win_best > d.win_played:
            win = f"{100 * d.win_played:.0f}/{100 * d.win_best:.0f}%"
        if d.win_err > 0:  # the margin of error of the winning chance lost
            win += f" ±{100 * NOISE_Z * d.win_err:.0f}"
        lines.append(f"{d.move:>4} {d.turn:>4}  {kind_text(lang, d.kind):<14} "
                     f"{d.loss:>5.1f} {win:>13}  {d.played.describe(board)}")
        if d.best is not d.played:
            lines.append(f"{'':>48}{better}: {d.best.describe(board)}")
        lines.append(f"{'':>48}{judgement_text(lang, d, board)}")
    fs = final_scores(rp.final)
    lines.append("Final scores: " + ", ".join(f"{s.name} {s.total}" for s in fs.scores)
                 + ". Loss: points against the best rival, as the Hard level estimates "
                   "them; win: winning chance after the move played / after the better, "
                   "± the margin of error of the difference.")
    return lines


__all__ = ["add_parsers", "analysis_json", "analysis_lines", "analysis_svg",
           "position_lines"]

"""Command line: `python -m samarkand_core replay CODE ...` and `... chart CODE ...`.

    replay CODE                    the game as a numbered log of moves (public only)
    replay CODE --to 40            the log up to move 40 and the table at that move
    replay CODE --to 40 --svg b.svg   ... and the board at move 40 as SVG
    replay CODE --all              a finished game with every hand, kept and discarded card
    chart CODE --svg race.svg      each player's projected score by turn (and --table)
    chart CODE --kind breakdown --svg bars.svg   the final scores as stacked bars

Moves are numbered as in the page's replay (see samarkand_core.replay: a camel and
the sale it sets off are one move). Errors go to stderr with exit status 2.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from .chart import breakdown_rows, breakdown_svg, race, race_svg, table_text
from .replay import HiddenHandsError, Replay, move_text
from .savecode import SaveCodeError
from .scoring import final_scores
from .svg import board_svg


def add_parsers(subparsers: Any) -> None:
    """Register `replay` and `chart` on the package's command line."""
    rp = subparsers.add_parser("replay", help="a saved game as a numbered log; the board "
                               "at any move as SVG")
    rp.add_argument("code", help="a save code (s1-...), or - to read it from stdin")
    rp.add_argument("--to", type=int, default=None, metavar="N",
                    help="stop after move N and show the table there")
    rp.add_argument("--svg", default=None, metavar="FILE", help="write the board at move N")
    rp.add_argument("--all", action="store_true",
                    help="show every hand (a finished game only)")
    rp.set_defaults(func=_replay)
    cp = subparsers.add_parser("chart", help="a game's score race or final breakdown as SVG")
    cp.add_argument("code", help="a save code (s1-...), or - to read it from stdin")
    cp.add_argument("--svg", default=None, metavar="FILE", help="write the chart here")
    cp.add_argument("--kind", choices=("race", "breakdown"), default="race")
    cp.add_argument("--all", action="store_true",
                    help="count cards in hand at every turn (a finished game only)")
    cp.add_argument("--table", action="store_true", help="print the chart's numbers")
    cp.set_defaults(func=_chart)


def _fail(message: str) -> int:
    print(f"error: {message}", file=sys.stderr)
    return 2


def _load(code: str) -> Replay:
    if code == "-":
        code = sys.stdin.read().strip()
    return Replay.from_code(code)


def _write(path: str, text: str) -> None:
    Path(path).write_text(text, encoding="utf-8")
    print(f"Wrote {path}")


def _replay(args: argparse.Namespace) -> int:
    try:
        rp = _load(args.code)
    except SaveCodeError as exc:
        return _fail(str(exc))
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
        for sc in fs.scores:
            lines.append(f"  {sc.name:12} cards {sc.goods_cards:3}  goods {sc.goods_markers:2}"
                         f"  relations {sc.relationship_markers:2}  cash {sc.cash:3}  "
                         f"total {sc.total:3}")
        lines.append("Winner(s): " + ", ".join(s.names[w] for w in fs.winners))
    return lines


def _chart(args: argparse.Namespace) -> int:
    try:
        rp = _load(args.code)
    except SaveCodeError as exc:
        return _fail(str(exc))
    try:
        if args.kind == "breakdown":
            svg = breakdown_svg(rp.final)
            if args.table:
                for sc in breakdown_rows(rp.final):
                    print(f"{sc.name:12} cards {sc.goods_cards:3}  goods {sc.goods_markers:2}"
                          f"  relations {sc.relationship_markers:2}  cash {sc.cash:3}  "
                          f"total {sc.total:3}")
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


__all__ = ["add_parsers", "position_lines"]

"""Command line: `samarkand selfplay|play|tournament|balance|fit|replay|chart|analyse ...` (the
console script) or `python -m samarkand_core ...`; `--version` names the package version
and the save-code format.

The long commands (selfplay, tournament, balance, fit, analyse) show a progress bar on stderr
when it is a terminal (samarkand_core.cli); stdout carries only their results.
"""

from __future__ import annotations

import argparse
import json
import os
import sys

from . import __version__
from .bots.balance import add_parser as add_balance_parser
from .bots.fit import add_parser as add_fit_parser
from .bots.tournament import add_parser as add_tournament_parser
from .engine import apply_action, legal_actions, new_game
from .replay_cli import add_parsers as add_replay_parsers
from .rng import Rng
from .savecode import SAVE_FORMAT, encode_save
from .scoring import final_scores
from .selfplay import selfplay

VERSION_TEXT = (f"samarkand-core {__version__} (save codes: format {SAVE_FORMAT}, "
                f"s{SAVE_FORMAT}-...)")


def _selfplay(args: argparse.Namespace) -> int:
    from .cli import emit, progress

    with progress(args.games, "selfplay", quiet=args.quiet) as bar:
        for record in selfplay(args.players, args.games, args.seed):
            if "total" not in record:
                bar.update()
                if args.quiet:
                    continue
            emit(json.dumps(record), bar)
    return 0


def _play(args: argparse.Namespace) -> int:
    """One random game in the terminal with its public log in words and the scores."""
    default = [f"Player {i + 1}" for i in range(args.players)]
    names = args.names.split(",") if args.names else default
    state = new_game(names, args.seed)
    rng = Rng(args.seed)
    board = state.board
    while not state.is_over:
        legal = legal_actions(state)
        action = legal[rng.below(len(legal))]
        who, turn = state.names[state.current_player], state.turn
        state = apply_action(state, action)
        if action.kind != "keep":  # a kept card is its holder's secret (docs/rules.md, Goods)
            print(f"{turn:3d}  {who} {action.describe(board)}")
    print(f"Game over: {state.end_reason}.")
    scores = final_scores(state)
    for s in scores.scores:
        print(f"  {s.name:12} cards {s.goods_cards:3}  goods {s.goods_markers:2}  "
              f"relations {s.relationship_markers:2}  cash {s.cash:3}  total {s.total:3}")
    print("Winner(s): " + ", ".join(state.names[p] for p in scores.winners))
    print("Save code: " + encode_save(state))
    return 0


def _prog() -> str:
    """The name the command was started by, for usage lines: the console script or -m."""
    started = os.path.basename(sys.argv[0]) if sys.argv else ""
    return "python -m samarkand_core" if started == "__main__.py" else "samarkand"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog=_prog())
    parser.add_argument("--version", action="version", version=VERSION_TEXT)
    sub = parser.add_subparsers(dest="command", required=True)
    sp = sub.add_parser("selfplay", help="random legal games; prints JSON lines and games/s")
    sp.add_argument("--players", type=int, default=4, help="2 to 5, or 0 to rotate 2-5")
    sp.add_argument("--games", type=int, default=100)
    sp.add_argument("--seed", type=int, default=1)
    sp.add_argument("--quiet", action="store_true",
                    help="print only the totals line, and no progress bar")
    sp.set_defaults(func=_selfplay)
    pl = sub.add_parser("play", help="one random game printed as a log")
    pl.add_argument("--players", type=int, default=3)
    pl.add_argument("--names", default="")
    pl.add_argument("--seed", type=int, default=1)
    pl.set_defaults(func=_play)
    add_tournament_parser(sub)
    add_balance_parser(sub)
    add_fit_parser(sub)
    add_replay_parsers(sub)
    args = parser.parse_args(argv)
    try:
        result: int = args.func(args)
    except BrokenPipeError:
        # The reader went away (`samarkand selfplay | head`): stop without a traceback.
        # stdout points at devnull so that the interpreter's last flush cannot fail again
        # (the recipe of Python's signal docs).
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1
    return result


if __name__ == "__main__":
    sys.exit(main())

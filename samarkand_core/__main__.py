"""Command line: `samarkand selfplay|play|tournament|balance|fit|replay|chart|analyse ...` (the
console script) or `python -m samarkand_core ...`; `--version` names the package version
and the save-code format.

The long commands (selfplay, tournament, balance, fit, analyse) show a progress bar on stderr
when it is a terminal (samarkand_core.cli); stdout carries only their results.

Exit status: 0 done; 2 a user's mistake, refused in one line `samarkand: error: ...`
before any work; 1 the reader of stdout went away; 130 interrupted (Ctrl-C); 70 an
internal error (a bug: one line saying so and where to report it; SAMARKAND_DEBUG=1
shows its traceback).
"""

from __future__ import annotations

import argparse
import json
import os
import sys

from . import __version__
from .cli import (
    GAMES,
    ISSUES_URL,
    PLAYERS,
    SEED,
    USAGE_STATUS,
    Parser,
    UsageError,
    check_seeds,
    fail,
    say_error,
    whole,
)
from .engine import apply_action, legal_actions, new_game
from .replay_cli import add_parsers as add_replay_parsers
from .research.balance import add_parser as add_balance_parser
from .research.fit import add_parser as add_fit_parser
from .research.tournament import add_parser as add_tournament_parser
from .rng import Rng
from .savecode import SAVE_FORMAT, encode_save
from .scoring import final_scores
from .selfplay import selfplay
from .setup import GameSetup, SetupError

VERSION_TEXT = (f"samarkand-core {__version__} (save codes: format {SAVE_FORMAT}, "
                f"s{SAVE_FORMAT}-...)")
# An internal error's exit status (EX_SOFTWARE of sysexits.h): not 2, a user's mistake.
INTERNAL_STATUS = 70
INTERRUPTED_STATUS = 130


def _selfplay(args: argparse.Namespace) -> int:
    from .cli import emit, progress

    check_seeds(args.seed, args.games)
    with progress(args.games, "selfplay", quiet=args.quiet) as bar:
        for record in selfplay(args.players, args.games, args.seed, codes=args.codes):
            if "total" not in record:
                bar.update()
                if args.quiet:
                    continue
            emit(json.dumps(record), bar)
    return 0


def _play(args: argparse.Namespace) -> int:
    """One random game in the terminal with its public log in words and the scores."""
    names = args.names.split(",") if args.names else []
    players = args.players if args.players is not None else len(names) or 3
    if names and len(names) != players:
        fail(f"--names names {len(names)} players and --players says {players}; "
             "give one name per seat (or leave out --players)")
    names = names or [f"Player {i + 1}" for i in range(players)]
    try:
        GameSetup(tuple(names), args.seed)  # the names new_game would refuse, refused here
    except SetupError as exc:
        fail(f"--names: {exc}")
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


def build_parser() -> Parser:
    """The whole command line: every command and option (tests walk it for --help)."""
    parser = Parser(prog=_prog(), description="Samarkand's rules engine, bots and save "
                    "codes on the command line: `samarkand COMMAND --help` for each.")
    parser.add_argument("--version", action="version", version=VERSION_TEXT)
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    sp = sub.add_parser("selfplay", help="random legal games; prints JSON lines and games/s",
                        description="Random legal games: one JSON line per game, then a "
                        "line of totals and speed.")
    sp.add_argument("--players", type=whole(2, 5, also=(0,), what="2 to 5, or 0"), default=4,
                    help="2 to 5, or 0 to rotate 2-5")
    sp.add_argument("--games", type=GAMES, default=100, help="how many games to play")
    sp.add_argument("--seed", type=SEED, default=1,
                    help="the first game's seed (game i has seed + i)")
    sp.add_argument("--codes", action="store_true",
                    help="put each game's save code in its line (`samarkand replay CODE`)")
    sp.add_argument("--quiet", action="store_true",
                    help="print only the totals line, and no progress bar")
    sp.set_defaults(func=_selfplay)
    pl = sub.add_parser("play", help="one random game printed as a log",
                        description="One game of random legal moves, printed as its public "
                        "log, the scores and its save code.")
    pl.add_argument("--players", type=PLAYERS, default=None,
                    help="2 to 5 (default: as many as --names, else 3)")
    pl.add_argument("--names", default="",
                    help="the players' names, comma separated (default: Player 1, ...)")
    pl.add_argument("--seed", type=SEED, default=1, help="the deal and the moves' seed")
    pl.set_defaults(func=_play)
    add_tournament_parser(sub)
    add_balance_parser(sub)
    add_fit_parser(sub)
    add_replay_parsers(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run one command; its exit status (argparse's refusals raise SystemExit(2))."""
    args = build_parser().parse_args(argv)
    try:
        result: int = args.func(args)
    except UsageError as exc:
        say_error(str(exc))
        return USAGE_STATUS
    except BrokenPipeError:
        # The reader went away (`samarkand selfplay | head`): stop without a traceback.
        # stdout points at devnull so that the interpreter's last flush cannot fail again
        # (the recipe of Python's signal docs).
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1
    except KeyboardInterrupt:
        print("samarkand: interrupted", file=sys.stderr)
        return INTERRUPTED_STATUS
    except Exception as exc:
        if os.environ.get("SAMARKAND_DEBUG"):
            raise
        message = " ".join(f"{type(exc).__name__}: {exc}".split())[:300]
        print(f"samarkand: internal error (a bug, not your mistake): {message}; please "
              f"report it with the command you ran at {ISSUES_URL} (SAMARKAND_DEBUG=1 "
              "shows the traceback)", file=sys.stderr)
        return INTERNAL_STATUS
    return result


if __name__ == "__main__":
    sys.exit(main())

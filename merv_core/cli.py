"""Command line: `python -m merv_core selfplay|play ...`.

    python -m merv_core selfplay --players 2 --games 40 --seed 1 --bots heuristic,random
    python -m merv_core play --players 3 --seed 5 --bots heuristic

Errors are one line, `merv: error: ...`, with exit status 2 and no traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import NoReturn

from .bots import BOTS
from .components import ComponentsError
from .outcome import outcome
from .savecode import encode_save
from .selfplay import favourite, play_game, selfplay


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        print(f"merv: error: {message}", file=sys.stderr)
        raise SystemExit(2)


def _bots(text: str, players: int) -> list[str]:
    names = [b.strip() for b in text.split(",") if b.strip()]
    if not names:
        raise ValueError("--bots names at least one bot")
    for b in names:
        if b not in BOTS:
            raise ValueError(f"unknown bot {b!r} (known: {', '.join(BOTS)})")
    if len(names) == 1:
        names = names * players
    if len(names) != players:
        raise ValueError(f"--bots names {len(names)} bots for {players} players "
                         "(one bot for every seat, or one for all)")
    return names


def _check(args: argparse.Namespace) -> list[str]:
    if not 2 <= args.players <= 4:
        raise ValueError(f"--players is 2, 3 or 4, not {args.players}")
    if not 0 <= args.seed < 1 << 63:
        raise ValueError("--seed is a whole number from 0 to 2**63 - 1")
    return _bots(args.bots, args.players)


def _selfplay(args: argparse.Namespace) -> int:
    bots = _check(args)
    if args.games < 1:
        raise ValueError("--games is at least 1")
    for record in selfplay(args.players, args.games, args.seed, bots):
        if args.quiet and "summary" not in record:
            continue
        print(json.dumps(record), flush=True)
    return 0


def _play(args: argparse.Namespace) -> int:
    bots = _check(args)
    state = play_game(bots, args.seed)
    end = outcome(state)
    assert end is not None
    for seat, name in enumerate(state.names):
        print(f"{name:4} ({bots[seat]:9}) {end.scores[seat]:3} points, favourite action "
              f"{favourite(state, seat)}")
    print("Winner: " + ", ".join(state.names[s] for s in end.winners)
          + f" (decided by {end.decided_by.value})")
    print("Save code: " + encode_save(state))
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = _Parser(prog="merv", description="Merv (our own component set): bots and games")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    for name, func, help_text in (("selfplay", _selfplay, "games between bots, JSON lines"),
                                  ("play", _play, "one game between bots, with its save code")):
        sp = sub.add_parser(name, help=help_text)
        sp.add_argument("--players", type=int, default=2)
        sp.add_argument("--seed", type=int, default=1)
        sp.add_argument("--bots", default="heuristic,random" if name == "selfplay" else "random",
                        help=f"one bot per seat, comma-separated ({', '.join(BOTS)})")
        if name == "selfplay":
            sp.add_argument("--games", type=int, default=10)
            sp.add_argument("--quiet", action="store_true", help="print the summary only")
        sp.set_defaults(func=func)
    args = parser.parse_args(argv)
    try:
        result: int = args.func(args)
    except (ValueError, ComponentsError) as exc:
        parser.error(str(exc))
    except BrokenPipeError:
        return 1
    return result

"""What the command line needs and the page never loads: its parser (one-line errors,
every option's default in --help), the checks of what a user gives it, progress bars and
the check that an optional extra is installed.

A user's mistake (a table size, a name, a seed, a count, a path) is refused before any
work with one line `samarkand: error: ...` on stderr and exit status 2 (UsageError, or
argparse's own errors through Parser.error); anything else that goes wrong is an
internal error, said as such in one line with where to report it (samarkand_core.__main__).

tqdm is imported here and nowhere else, and only the commands import this module
(web/tools/build.py lists it in NOT_IN_THE_PAGE; tests/tools/test_build.py checks that no module
the page reaches names tqdm).
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn, TextIO

from .setup import MAX_PLAYERS, MAX_SEED, MIN_PLAYERS

if TYPE_CHECKING:
    from tqdm import tqdm

# Installed with `pip install 'samarkand-core[EXTRA]'`: {module: extra}.
EXTRAS = {"openskill": "tournament"}

# Where an internal error (a bug, not the user's mistake) asks to be reported.
ISSUES_URL = "https://github.com/samarkand-in-the-browser/samarkand/issues"
# The most games one run plays: the commands list their games' work up front, and a
# count past this is a slip of the keyboard rather than a plan (a million heuristic
# games are days of one core).
MAX_GAMES = 1_000_000
# Worker processes: more than this is more than any machine we run on has cores.
MAX_JOBS = 256
USAGE_STATUS = 2


class UsageError(Exception):
    """A user's mistake on the command line; its message is the one line said about it."""


def fail(message: str) -> NoReturn:
    """Refuse the command: `samarkand: error: <message>`, exit status 2 (by main)."""
    raise UsageError(message)


def say_error(message: str) -> None:
    """The one line every refusal is: `samarkand: error: ...` on stderr."""
    print("samarkand: error: " + " ".join(message.split()), file=sys.stderr)


class HelpFormatter(argparse.ArgumentDefaultsHelpFormatter):
    """--help names every option's default: `(default: 3)`, `(default: off)` for a flag,
    `(default: none)` where leaving the option out means "none" (no file, every move)."""

    def _get_help_string(self, action: argparse.Action) -> str:
        text = action.help or ""
        if ("%(default)" in text or "(default:" in text or action.required
                or action.default is argparse.SUPPRESS or not action.option_strings):
            return text
        if isinstance(action, argparse._StoreTrueAction):
            return text + " (default: off)"
        if action.default is None or action.default == "":
            return text + " (default: none)"
        return text + " (default: %(default)s)"


class Parser(argparse.ArgumentParser):
    """argparse with the project's refusals: one line `samarkand: error: ...` and exit 2
    (argparse's own prints the usage first); every option's default in --help. The
    subcommands' parsers are of this class too (add_subparsers makes its parent's)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", HelpFormatter)
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> NoReturn:
        say_error(f"{message} (see `{self.prog} --help`)")
        raise SystemExit(USAGE_STATUS)


def require(module: str, command: str) -> None:
    """Return if `module` imports; otherwise refuse, saying what to install.

    A command calls this first, before any game: a long run must not end in an
    ImportError after its last game."""
    try:
        importlib.import_module(module)
    except ImportError:
        extra = EXTRAS[module.split(".")[0]]
        fail(f"`samarkand {command}` needs {module.split('.')[0]}, which the {extra!r} "
             f"extra installs: pip install 'samarkand-core[{extra}]'")


# ----------------------------------------------------------------------- argument types
# Each checks one option's value as argparse reads it, so that a bad value is refused
# before the command starts (argparse names the option: "argument --players: ...").


def whole(low: int, high: int | None = None, *, also: tuple[int, ...] = (),
          what: str = "") -> Callable[[str], int]:
    """An argparse type: a whole number from `low` to `high` (no bound if None), or one of
    `also`; `what` says the range in words where the bounds alone would not."""
    span = what or (f"{low} to {high}" if high is not None else f"at least {low}")

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(
                f"{text!r} is not a whole number ({span})") from None
        if value in also or (low <= value and (high is None or value <= high)):
            return value
        raise argparse.ArgumentTypeError(f"{value} is not allowed: {span}")

    parse.__name__ = "whole number"
    return parse


PLAYERS = whole(MIN_PLAYERS, MAX_PLAYERS)
GAMES = whole(1, MAX_GAMES)
SEED = whole(0, MAX_SEED - 1, what="0 to 2**64-1")
JOBS = whole(1, MAX_JOBS)


def out_file(text: str) -> str:
    """An argparse type: a file the command will write. Its folder must exist and it must
    not be a folder itself, checked now so that no work is lost to a typo."""
    if not text:
        raise argparse.ArgumentTypeError("the file name is empty")
    path = Path(text)
    folder = path.parent
    try:
        if not folder.is_dir():
            reason = f"there is no folder {folder}"
        elif path.is_dir():
            reason = "it is a folder"
        elif not os.access(folder, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
            reason = "permission denied"
        else:
            return text
    except OSError as exc:  # a name too long for the file system, say
        reason = exc.strerror or str(exc)
    raise argparse.ArgumentTypeError(f"cannot write {text}: {reason}")


def in_file(text: str) -> str:
    """An argparse type: a file the command will read; it must be there and be a file."""
    path = Path(text)
    try:
        if path.is_file():
            return text
        reason = "it is a folder" if path.is_dir() else "there is no such file"
    except OSError as exc:
        reason = exc.strerror or str(exc)
    raise argparse.ArgumentTypeError(f"cannot read {text}: {reason}")


def write_text(path: str, text: str) -> None:
    """Write a file the command was asked for; a failure (a full disk, a file removed
    since it was checked) is refused in one line like any other."""
    try:
        Path(path).write_text(text, encoding="utf-8")
    except OSError as exc:
        fail(f"cannot write {path}: {exc.strerror or exc}")


def read_json(path: str, what: str) -> Any:
    """A JSON file the command reads (`what` names it in the refusal)."""
    try:
        with open(path, encoding="utf-8") as fh:
            return json.load(fh)
    except OSError as exc:
        fail(f"cannot read {what} {path}: {exc.strerror or exc}")
    except (ValueError, UnicodeDecodeError) as exc:
        fail(f"{what} {path} is not JSON ({exc})")


def check_seeds(seed: int, count: int) -> None:
    """Refuse a run whose games take seeds seed, seed + 1, ... past the last seed."""
    if seed + count - 1 >= MAX_SEED:
        fail(f"--seed {seed} with --games {count}: the games' seeds (seed, seed + 1, ...) "
             "must stay below 2**64")


def add_run_command(subparsers: Any, name: str, run: Callable[[argparse.Namespace], int], *,
                    games: int, seed: int, **texts: Any) -> Any:
    """A command that plays many games (`tournament`, `balance`, `fit`), run by `run`, with
    the options each such command takes: --players, --games, --seed, --jobs, --json and
    --quiet (`games` and `seed` their defaults; `texts` are add_parser's help and
    description). Returns its parser for the command's own options."""
    parser = subparsers.add_parser(name, **texts)
    parser.set_defaults(func=run)
    parser.add_argument("--players", type=PLAYERS, default=3, help="2 to 5")
    parser.add_argument("--games", type=GAMES, default=games, help="how many games to play")
    parser.add_argument("--seed", type=SEED, default=seed,
                        help="the run's seed: the same seed plays the same games")
    parser.add_argument("--jobs", type=JOBS, default=1,
                        help="worker processes (results unchanged)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--quiet", action="store_true", help="no progress bar on stderr")
    return parser


def add_log_options(parser: Any) -> None:
    """--log FILE and --resume: a run that keeps its games in a file and can go on from it
    (tournament.collect_logged and resumed_games write and read it)."""
    parser.add_argument("--log", type=out_file, default=None,
                        help="append one JSON line per finished game to this file")
    parser.add_argument(
        "--resume", action="store_true",
        help="count the games already in --log and play on from there (checks the last one)",
    )


def progress(total: int, what: str, *, initial: int = 0, quiet: bool = False,
             stream: TextIO | None = None, unit: str = "game") -> tqdm[NoReturn]:
    """A progress bar on stderr for `total` games (games done, rate, time left), `initial`
    of them done already (a resumed run); `unit` names what is counted if not games. Off
    with `quiet` or when stderr is not a terminal, so that logs and pipes get no control
    characters; stdout is never used."""
    from tqdm import tqdm  # here: building the command line (add_run_command) needs none

    out = sys.stderr if stream is None else stream
    disable = quiet or not out.isatty()
    try:
        columns = os.get_terminal_size(out.fileno()).columns
    except (OSError, ValueError):
        columns = 0
    # A terminal that reports no size (a bare pseudo-terminal) would get no bar at all
    # from tqdm (0 rows, 0 columns): it gets 80 by 24 instead.
    size = {"dynamic_ncols": True} if columns else {"ncols": 80, "nrows": 24}
    return tqdm(total=total, initial=initial, desc=what, unit=unit, file=out,
                disable=disable, **size)


def emit(line: str, bar: tqdm[NoReturn]) -> None:
    """Print `line` to stdout; when stdout and the bar share a terminal, through tqdm, so
    that the bar stays below the lines instead of being written over."""
    if not bar.disable and sys.stdout.isatty():
        bar.write(line, file=sys.stdout)
    else:
        print(line, flush=False)


__all__ = ["EXTRAS", "GAMES", "ISSUES_URL", "JOBS", "PLAYERS", "SEED", "HelpFormatter",
           "Parser", "UsageError", "add_log_options", "add_run_command", "check_seeds", "emit",
           "fail", "in_file", "out_file", "progress", "read_json", "require", "say_error",
           "whole", "write_text"]

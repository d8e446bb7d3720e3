"""What the command line needs and the page never loads: progress bars and the check
that an optional extra is installed.

tqdm is imported here and nowhere else, and only the commands import this module
(web/build.py lists it in NOT_IN_THE_PAGE; tests/test_build.py checks that no module
the page reaches names tqdm).
"""

from __future__ import annotations

import importlib
import os
import sys
from typing import TYPE_CHECKING, Any, NoReturn, TextIO

if TYPE_CHECKING:
    from tqdm import tqdm

# Installed with `pip install 'samarkand-core[EXTRA]'`: {module: extra}.
EXTRAS = {"openskill": "tournament"}


def require(module: str, command: str) -> None:
    """Return if `module` imports; otherwise say what to install and exit with status 2.

    A command calls this first, before any game: a long run must not end in an
    ImportError after its last game."""
    try:
        importlib.import_module(module)
    except ImportError:
        extra = EXTRAS[module.split(".")[0]]
        print(f"error: `samarkand {command}` needs {module.split('.')[0]}, which the "
              f"{extra!r} extra installs:\n  pip install 'samarkand-core[{extra}]'",
              file=sys.stderr)
        raise SystemExit(2) from None


def add_run_arguments(parser: Any, *, games: int, seed: int) -> None:
    """The options every command that plays many games takes: --players, --games,
    --seed, --jobs, --json and --quiet."""
    parser.add_argument("--players", type=int, default=3, help="2 to 5")
    parser.add_argument("--games", type=int, default=games)
    parser.add_argument("--seed", type=int, default=seed)
    parser.add_argument("--jobs", type=int, default=1,
                        help="worker processes (results unchanged)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--quiet", action="store_true", help="no progress bar on stderr")


def progress(total: int, what: str, *, initial: int = 0, quiet: bool = False,
             stream: TextIO | None = None, unit: str = "game") -> tqdm[NoReturn]:
    """A progress bar on stderr for `total` games (games done, rate, time left), `initial`
    of them done already (a resumed run); `unit` names what is counted if not games. Off
    with `quiet` or when stderr is not a terminal, so that logs and pipes get no control
    characters; stdout is never used."""
    from tqdm import tqdm  # here: building the command line (add_run_arguments) needs none

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


__all__ = ["EXTRAS", "add_run_arguments", "emit", "progress", "require"]

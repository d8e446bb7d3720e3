"""Run by start_page.render_first_screen in a Python of its own: write the start
screen's templates (the templates() of the module named by argv[2], from the page's
package in the folder argv[1]) to stdout."""

from __future__ import annotations

import importlib
import sys


def main(argv: list[str]) -> None:
    # In place of this script's folder, whose modules are the build's, not the page's.
    sys.path[0] = argv[1]
    sys.stdout.write(importlib.import_module(argv[2]).templates())


if __name__ == "__main__":
    main(sys.argv)

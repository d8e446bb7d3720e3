#!/usr/bin/env python3
"""Build the site: web/vendor/ (the pinned, hash-checked, offline runtime, our code
bundle and the start page) and the site folder site/, what a static host publishes.

Run with `make web` (or `.venv/bin/python web/tools/build.py`); `--test-tools` (`make
test-tools`) fetches the test-only tools instead. The steps are the modules of
web/tools/sitebuild/ (its __init__ lists them). Downloads are skipped when the cached file
has the locked hash, so a second run takes well under a second. The runtime (Pyodide,
PyScript) is pinned in package.json and package-lock.json and installed with `npm ci
--ignore-scripts`, which stops on a tarball that is not what the lock's integrity says
(bump it with `npm install pyodide@VERSION --package-lock-only --ignore-scripts`). The
test tools are pinned in tests/e2e/test-tools.lock.json; `--test-tools --update-lock`
records the hashes and file names of what was downloaded instead of checking them.
"""

from __future__ import annotations

import argparse
import sys

from sitebuild.layout import ROOT, SITE, TEST_TOOLS, WEB

# The build imports web/boot.py (it reads the code bundle the build writes), a file that
# ships: web/, the folder above the build's own, goes on the path.
if str(WEB) not in sys.path:
    sys.path.insert(1, str(WEB))

from sitebuild.files import BuildError  # noqa: E402
from sitebuild.pipeline import build, summary  # noqa: E402
from sitebuild.test_tools import build_test_tools  # noqa: E402

__all__ = ["ROOT", "SITE", "TEST_TOOLS", "BuildError", "build", "build_test_tools", "main"]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("--update-lock", action="store_true",
                    help="with --test-tools: record file names and sha256 of what is "
                         "downloaded in tests/e2e/test-tools.lock.json instead of "
                         "checking them")
    ap.add_argument("--test-tools", action="store_true",
                    help="fetch the test-only tools of tests/e2e/test-tools.lock.json "
                         "(axe-core) into build/test-tools/ instead of building web/vendor")
    args = ap.parse_args(argv)
    try:
        if args.test_tools:
            for name, where in build_test_tools(update_lock=args.update_lock).items():
                print(f"{name}: {where.relative_to(ROOT)}")
            return 0
        if args.update_lock:
            raise BuildError("--update-lock is for --test-tools; the runtime's pins are "
                             "package.json and package-lock.json (npm install "
                             "--package-lock-only --ignore-scripts)")
        manifest = build()
    except BuildError as e:
        print(f"build.py: error: {e}", file=sys.stderr)
        return 1
    print(summary(SITE, manifest))
    return 0


if __name__ == "__main__":
    sys.exit(main())

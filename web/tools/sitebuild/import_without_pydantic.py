"""Run by imports.page_needs_pydantic in a Python of its own: import the modules named
after argv[1] (a directory put first on the import path) with pydantic blocked, so that
an import of it anywhere they reach fails as it would in the page."""

from __future__ import annotations

import importlib
import importlib.abc
import sys
from collections.abc import Sequence
from importlib.machinery import ModuleSpec
from types import ModuleType


class NoPydantic(importlib.abc.MetaPathFinder):
    def find_spec(self, name: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> ModuleSpec | None:
        if name == "pydantic" or name.startswith(("pydantic.", "pydantic_core")):
            raise ImportError("the site ships no pydantic")
        return None


def main(argv: list[str]) -> None:
    sys.meta_path.insert(0, NoPydantic())
    # In place of this script's folder, whose modules are the build's, not the page's.
    sys.path[0] = argv[1]
    for name in argv[2:]:
        importlib.import_module(name)


if __name__ == "__main__":
    main(sys.argv)

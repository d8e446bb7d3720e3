"""Compiled methods for the page's dataclasses, made at build time.

When a dataclass is defined, dataclasses writes its methods (__init__, __repr__,
__eq__, __hash__, a frozen one's __setattr__ and __delattr__) as Python source and
compiles it. In Pyodide that compile is about 2.4 of the 2.9 ms a frozen dataclass
takes, and the page defines some thirty before its first board. web/tools/build.py imports
the page's modules once in the served Pyodide's own Python (in Node), keeps the
compiled code of each such source under the source's digest (marshal: the same
interpreter reads it back) and ships the table in our wheel as classcode.bin.
`install()` makes dataclasses look a source up there before compiling it; a source
not there (a class the build did not see) is compiled as before, so only the time
differs, never the class.
"""

from __future__ import annotations

import builtins
import dataclasses
import marshal
import os
from types import CodeType
from typing import TYPE_CHECKING, Any

# Not samarkand_core.weblike's sha256: importing it would import samarkand_core, whose
# dataclasses must wait for install() (the same fallback as there, without hashlib).
if TYPE_CHECKING:
    from hashlib import sha256
else:
    try:
        from _sha2 import sha256
    except ImportError:  # Python 3.11 (_sha256) or a build without it
        from hashlib import sha256

FILE = "classcode.bin"


def key(source: str) -> bytes:
    """A source's key in the table: its digest (the sources themselves would make the
    table a third bigger)."""
    return sha256(source.encode()).digest()[:16]


def compile_like_exec(source: str) -> CodeType:
    """What exec(source) compiles when dataclasses calls it (its module has no
    __future__ imports, so none is inherited)."""
    return compile(source, "<string>", "exec", dont_inherit=True)


class CodeTable:
    """dataclasses' `exec`: the compiled code of a known source, else a compile.
    `record`: sources compiled here are kept (the build makes the table so)."""

    def __init__(self, table: dict[bytes, CodeType], record: bool = False) -> None:
        self.table = table
        self.record = record
        self.hits = 0
        self.misses = 0

    def __call__(self, source: Any, globals: Any = None, locals: Any = None, /) -> None:
        if isinstance(source, str):
            digest = key(source)
            code = self.table.get(digest)
            if code is None:
                self.misses += 1
                code = compile_like_exec(source)
                if self.record:
                    self.table[digest] = code
            else:
                self.hits += 1
            source = code
        builtins.exec(source, globals, locals)


def load(path: str | None = None) -> dict[bytes, CodeType]:
    """The table shipped beside this module ({} if there is none, or it is not one
    this Python can read: then every class compiles its methods as usual)."""
    path = path or os.path.join(os.path.dirname(__file__), FILE)
    try:
        with open(path, "rb") as file:
            data = file.read()  # marshal.load(file) reads piece by piece: 20 ms more
        table = marshal.loads(data)
    except (OSError, EOFError, ValueError, TypeError):
        return {}
    return table if isinstance(table, dict) else {}


def install(table: dict[bytes, CodeType] | None = None, record: bool = False) -> CodeTable:
    """dataclasses compiles through a CodeTable from now on (the shipped one by default)."""
    hook = CodeTable(load() if table is None else table, record)
    dataclasses.exec = hook  # type: ignore[attr-defined]  # shadows the builtin there
    return hook


def uninstall() -> None:
    dataclasses.__dict__.pop("exec", None)

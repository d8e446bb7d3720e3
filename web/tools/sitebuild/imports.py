"""Which of our modules the page can import: those it cannot reach stay out of its
download (layout.NOT_IN_THE_PAGE), checked against every import statement, lazy ones
included; and the page's readers must import without pydantic, which the site does not
ship."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from collections.abc import Iterable
from pathlib import Path

from .files import BuildError, sha256_file
from .layout import (
    APP_PACKAGE,
    BOARD_DIGEST,
    BOARD_JSON,
    BOARD_SCHEMA,
    MAIN,
    NOT_IN_THE_PAGE,
    PACKAGE,
    PAGE_READERS,
    SHARED,
)

HERE = Path(__file__).resolve().parent


def _module_file(name: str, roots: dict[str, Path]) -> Path | None:
    base = roots.get(name.split(".")[0])
    if base is None:
        return None
    p = base.joinpath(*name.split("."))
    for f in (p / "__init__.py", p.with_suffix(".py")):
        if f.is_file():
            return f
    return None


def imported_names(name: str, path: Path) -> set[str]:
    """Every module an import statement of `path` (the module `name`) names, at the top
    or inside a function (lazy imports count), relative ones resolved, `from m import x`
    giving m and m.x (x may be a submodule)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_bytes(), str(path))):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            module = _from_module(node, package)
            out.add(module)
            out |= {f"{module}.{a.name}" for a in node.names}
    return out


def _from_module(node: ast.ImportFrom, package: str) -> str:
    """The module a `from ... import` statement of `package` reads from."""
    if not node.level:
        return node.module or ""
    parts = package.split(".")
    parts = parts[:len(parts) - node.level + 1]
    return ".".join(parts + ([node.module] if node.module else []))


def page_modules(main: Path, roots: dict[str, Path]) -> dict[str, str]:
    """{archive name (samarkand_core/board.py): the module that first imports it} of
    every module of our packages (`roots`: top-level package -> directory holding it)
    that the page's main.py can reach through import statements, lazy ones included."""
    reached: dict[str, str] = {}
    todo = [("__main__", main)]
    while todo:
        importer, path = todo.pop()
        name = "" if importer == "__main__" else importer
        for imported in sorted(imported_names(name, path)):
            parts = imported.split(".")
            for i in range(1, len(parts) + 1):  # a module imports its parents first
                module = ".".join(parts[:i])
                f = _module_file(module, roots)
                if f is None:
                    continue
                rel = f.relative_to(roots[parts[0]]).as_posix()
                if rel not in reached:
                    reached[rel] = importer
                    todo.append((module, f))
    return reached


def page_roots(root: Path, web: Path) -> dict[str, Path]:
    """page_modules' roots: the core and the packages it shares (SHARED) in the
    repository `root`, the page's package in `web`."""
    return {PACKAGE: root, **dict.fromkeys(SHARED, root), APP_PACKAGE: web}


def module_name(archive_name: str) -> str:
    """samarkand_core/bots/__init__.py -> samarkand_core.bots"""
    parts = archive_name.removesuffix(".py").split("/")
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def board_digest_current(src: Path) -> bool:
    """Whether `src`'s board.json has the digest its board_digest.py records (the page
    then loads it without board_schema's models)."""
    digest = re.search(r'^BOARD_JSON_SHA256 = "([0-9a-f]{64})"',
                       (src / BOARD_DIGEST).read_text(), re.MULTILINE)
    return digest is not None and sha256_file(src / BOARD_JSON) == digest.group(1)


def left_out_of_the_page(web: Path, src: Path) -> tuple[str, ...]:
    """NOT_IN_THE_PAGE, and BOARD_SCHEMA while the shipped board's digest is current;
    a BuildError if main.py's imports reach one of them (the page would fail there)."""
    out = NOT_IN_THE_PAGE + ((BOARD_SCHEMA,) if board_digest_current(src) else ())
    main = web / MAIN
    if not main.is_file():
        return out
    reached = page_modules(main, page_roots(src.parent, web))
    for rel in out:
        if rel in reached and rel != BOARD_SCHEMA:
            raise BuildError(f"{rel} is imported by {reached[rel]} in the page: take it "
                             "out of NOT_IN_THE_PAGE")
    return out


def page_needs_pydantic(web: Path, modules: Iterable[str] = PAGE_READERS) -> str:
    """"" when the page's `modules` import without pydantic (the site does not ship it),
    else why not (the import error). Imported in a Python of their own
    (import_without_pydantic.py), so that nothing the build imported counts."""
    proc = subprocess.run([sys.executable, str(HERE / "import_without_pydantic.py"),
                           str(web), *modules], capture_output=True, text=True)
    if proc.returncode == 0:
        return ""
    return (proc.stderr.strip().splitlines() or ["failed"])[-1]

"""No test module imports another test module (issue 36, item 5: shared helpers written
once): what two test modules share lives in a helper module (tests/support/, or
tests/e2e/'s pages.py, links.py, ...), so that no test file is the library of another
and importing one never brings another's setup along.

import-linter cannot say it in pyproject: its module expressions take a wildcard only
for a whole module name (`tests.**.test_*` is no valid expression), so this test walks
every module under tests/ with ast, each import statement at any depth (inside a
function too): `import tests.x.test_y`, `from tests.x.test_y import z`, `from tests.x
import test_y` and their relative forms."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TESTS = ROOT / "tests"


def module_name(path: Path, root: Path = ROOT) -> str:
    parts = path.relative_to(root).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def is_test_module(name: str, root: Path = ROOT) -> bool:
    """A module of the tests package that pytest collects: a test_*.py file under tests/
    (a function or fixture named test_... inside a helper module is none)."""
    *package, last = name.split(".")
    return (name.startswith("tests.") and last.startswith("test_")
            and root.joinpath(*package, last + ".py").is_file())


def imported_modules(source: str, name: str, is_package: bool = False
                     ) -> list[tuple[int, str]]:
    """(line, module) for every module an import statement of the module `name` may
    import, wherever the statement stands: `from p import m` may import p.m."""
    package = name if is_package else name.rpartition(".")[0]
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                up = parts[: len(parts) - node.level + 1]
                base = ".".join(up + ([base] if base else []))
            found.append((node.lineno, base))
            found += [(node.lineno, f"{base}.{alias.name}") for alias in node.names]
    return found


def imports_of_test_modules(root: Path = ROOT) -> list[str]:
    """Every import of a test module by a module under `root`/tests, as path:line."""
    out = []
    for path in sorted((root / "tests").rglob("*.py")):
        name = module_name(path, root)
        for line, module in imported_modules(path.read_text(encoding="utf-8"), name,
                                             path.name == "__init__.py"):
            if module != name and is_test_module(module, root):
                out.append(f"{path.relative_to(root)}:{line} imports {module}")
    return out


def test_no_test_module_imports_another() -> None:
    """A helper two test modules need is in a helper module, never in one of them."""
    assert imports_of_test_modules() == []


def test_every_form_of_importing_a_test_module_is_found(tmp_path: Path) -> None:
    """The check above sees each way of writing such an import: absolute, from the
    package, relative, and inside a function; a helper module's function named test_...
    and a helper module are not test modules."""
    pkg = tmp_path / "tests" / "e2e"
    pkg.mkdir(parents=True)
    for name in ("__init__.py", "test_guide.py", "guide_steps.py"):
        (pkg / name).write_text("def test_x() -> None: ...\n")
    (tmp_path / "tests" / "__init__.py").write_text("")
    (pkg / "test_side.py").write_text(
        "import tests.e2e.test_guide\n"
        "from tests.e2e.test_guide import take_step\n"
        "from tests.e2e import test_guide\n"
        "from .test_guide import take_step as step\n"
        "from . import test_guide as guide\n"
        "from tests.e2e.guide_steps import test_x\n"
        "from tests.e2e import guide_steps\n"
        "def f() -> None:\n"
        "    from tests.e2e.test_guide import SIGNATURE\n")
    side = Path("tests", "e2e", "test_side.py").as_posix()  # (not a file of the repository)
    assert imports_of_test_modules(tmp_path) == [
        f"{side}:{line} imports tests.e2e.test_guide" for line in (1, 2, 3, 4, 5, 9)]

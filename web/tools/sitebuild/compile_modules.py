"""Run in Pyodide by bytecode.Bytecode (run_in_pyodide.mjs): compile each job of
/work/jobs.json into /work/out/<n>.pyc. A module that does not compile is listed in
/work/out/failed.json (it is simply served as source).

jobs.json: {"lean": bool, "jobs": [[source file under /work/src, runtime file name]]};
the runtime name is what tracebacks show.

Lean (for our sourceless modules, smaller): compiled without docstrings (the syntax tree
loses them; the code keeps its line numbers), those of modules, functions and classes
but decorated classes' (a dataclass without one builds a docstring from
inspect.signature when it is defined: time at import). The build also starts the
interpreter without column ranges then (PYTHONNODEBUGRANGES): tracebacks keep file and
line and lose only the ^^^ under the source line's text, which a sourceless module
cannot show anyway. Pycs are unchecked-hash ones: deterministic, never stat-checked.
"""

from __future__ import annotations

import ast
import importlib.util
import json
import py_compile
from importlib._bootstrap_external import _code_to_hash_pyc  # type: ignore[attr-defined]

DOCUMENTED = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)


def strip_docstrings(tree: ast.Module) -> ast.Module:
    """`tree` without docstrings (lean, above); in place."""
    for node in ast.walk(tree):
        if not isinstance(node, DOCUMENTED):
            continue
        if isinstance(node, ast.ClassDef) and node.decorator_list:
            continue
        body = node.body
        first = body[0] if body else None
        if (isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant)
                and isinstance(first.value.value, str)):
            if len(body) == 1:  # the body of a function that is only a docstring
                body[0] = ast.copy_location(ast.Pass(), first)
            else:
                del body[0]
    return tree


def compile_lean(src: str, dfile: str, out: str) -> None:
    with open(src, "rb") as f:
        source = f.read()
    code = compile(strip_docstrings(ast.parse(source, dfile)), dfile, "exec",
                   dont_inherit=True)
    pyc = _code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False)
    with open(out, "wb") as f:
        f.write(pyc)


def compile_full(src: str, dfile: str, out: str) -> None:
    py_compile.compile(src, out, dfile=dfile, doraise=True,
                       invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)


def main() -> None:
    with open("/work/jobs.json") as f:
        work = json.load(f)
    compile_one = compile_lean if work["lean"] else compile_full
    failed = []
    for n, (src, dfile) in enumerate(work["jobs"]):
        try:
            compile_one("/work/src/" + src, dfile, f"/work/out/{n}.pyc")
        except Exception as exc:
            failed.append([dfile, str(exc)[:200]])
    with open("/work/out/failed.json", "w") as f:
        json.dump(failed, f)


if __name__ == "__main__":
    main()

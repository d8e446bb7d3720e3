"""Bytecode made by the served Pyodide's own Python, run in Node.

Pyodide's python_stdlib.zip holds only .py sources, so every start compiled each module
it imported (about half of the import time in the browser). The build compiles once:
the served python_stdlib.zip holds .pyc files instead of sources, and our code bundle
is sourceless and lean (compile_modules.py says how). Compiled files are cached in
build/cache/pyc/; without Node the build warns and serves sources.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import tempfile
from collections.abc import Iterable
from pathlib import Path

from .files import ensure_dir, sha256_bytes, sha256_file, write_if_changed, write_zip, zip_entries

HERE = Path(__file__).resolve().parent
RUNNER = HERE / "run_in_pyodide.mjs"
COMPILE = HERE / "compile_modules.py"


def run_in_pyodide(node: str, pyodide_dir: Path, program: Path, mounts: dict[str, Path],
                   env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """Run the Python `program` in the Pyodide of `pyodide_dir` under Node, with the
    host folders `mounts` ({folder in Pyodide: host folder}) and `env`."""
    options = {"mounts": {d: str(p.resolve()) for d, p in mounts.items()}, "env": env or {}}
    return subprocess.run([node, str(RUNNER), str(pyodide_dir.resolve()), str(program),
                           json.dumps(options)], capture_output=True, text=True)


class Bytecode:
    """Compiles Python sources with the served Pyodide's own interpreter (in Node).

    `compile({runtime file name: source})` gives {runtime file name: .pyc bytes}; the
    runtime name (e.g. /lib/python3.14/site-packages/samarkand_core/board.py) is what
    tracebacks show. Results are cached by (Pyodide, name, source) in cache_dir, so a
    build that changed one file starts Node once, and an unchanged build not at all.
    """

    def __init__(self, pyodide_dir: Path, pyodide_id: str, cache_dir: Path) -> None:
        self.pyodide_dir = pyodide_dir
        self.pyodide_id = pyodide_id
        self.cache = cache_dir
        self.node = shutil.which("node")
        self.warned = False

    def _key(self, name: str, source: bytes, lean: bool) -> str:
        return sha256_bytes(self.pyodide_id.encode() + b"\0" + name.encode() + b"\0"
                            + (b"lean\0" if lean else b"") + source)

    def compile(self, sources: dict[str, bytes], lean: Iterable[str] = ()) -> dict[str, bytes]:
        """`lean`: the names of `sources` compiled smaller, for sourceless modules
        (compile_modules.py)."""
        small = set(lean)
        out: dict[str, bytes] = {}
        todo: dict[bool, dict[str, bytes]] = {False: {}, True: {}}
        for name, src in sources.items():
            cached = self.cache / (self._key(name, src, name in small) + ".pyc")
            if cached.is_file():
                out[name] = cached.read_bytes()
            else:
                todo[name in small][name] = src
        for mode, group in todo.items():
            if group:
                out.update(self._compile_in_node(group, mode))
        return out

    def available(self) -> bool:
        """Whether Node is there (else warn once: sources are served)."""
        if not self.node and not self.warned:
            print("  warning: no `node`: serving Python sources without bytecode "
                  "(the game starts slower)")
            self.warned = True
        return bool(self.node)

    def _compile_in_node(self, todo: dict[str, bytes], lean: bool) -> dict[str, bytes]:
        if not self.available():
            return {}
        print(f"  compiling {len(todo)} modules with Pyodide's Python (node)"
              + (", lean" if lean else ""))
        with tempfile.TemporaryDirectory(dir=ensure_dir(self.cache)) as tmp:
            work = Path(tmp)
            names = sorted(todo)
            for n, name in enumerate(names):
                write_if_changed(work / "src" / f"{n}.py", todo[name])
            jobs = [[f"{n}.py", name] for n, name in enumerate(names)]
            (work / "jobs.json").write_text(json.dumps({"lean": lean, "jobs": jobs}))
            return self._read_compiled(work, names, todo, lean)

    def _read_compiled(self, work: Path, names: list[str], todo: dict[str, bytes],
                       lean: bool) -> dict[str, bytes]:
        """Run compile_modules.py on `work` and take (and cache) what it compiled."""
        ensure_dir(work / "out")
        assert self.node is not None  # _compile_in_node checked
        proc = run_in_pyodide(self.node, self.pyodide_dir, COMPILE, {"/work": work},
                              {"PYTHONNODEBUGRANGES": "1"} if lean else None)
        failed_file = work / "out" / "failed.json"
        if proc.returncode != 0 or not failed_file.is_file():
            print("  warning: compiling with Pyodide in node failed, serving sources:\n"
                  + proc.stderr.strip()[-2000:])
            return {}
        for name, why in json.loads(failed_file.read_text()):
            print(f"  note: {name} not compiled ({why}); served as source")
        out: dict[str, bytes] = {}
        for n, name in enumerate(names):
            pyc = work / "out" / f"{n}.pyc"
            if pyc.is_file():
                out[name] = pyc.read_bytes()
                write_if_changed(self.cache / (self._key(name, todo[name], lean) + ".pyc"),
                                 out[name])
        return out


def compiled_stdlib(stock: Path, bytecode: Bytecode, zip_name: str) -> bytes:
    """python_stdlib.zip with each module as .pyc instead of .py (zipimport reads
    `mod.pyc` beside where `mod.py` was); other files unchanged. `zip_name` is where
    Pyodide mounts it (/lib/python314.zip), for the file names in tracebacks."""
    entries = zip_entries(stock)
    sources = {f"{zip_name}/{i.filename}": d for i, d in entries
               if i.filename.endswith(".py")}
    pyc = bytecode.compile(sources)
    out = []
    for info, data in entries:
        runtime = f"{zip_name}/{info.filename}"
        if runtime in pyc:
            out.append((info.filename + "c", pyc[runtime]))
        else:
            out.append((info.filename, data))
    return write_zip(out)


def serve_stdlib(stdlib: Path, bytecode: Bytecode, zip_name: str, cache: Path) -> Path:
    """Replace the extracted (stock) `stdlib` zip by its compiled one, cached in `cache`
    under the stock zip's hash (every build extracts the stock zip first)."""
    compiled = cache / f"python_stdlib-{sha256_file(stdlib)[:16]}.zip"
    if compiled.is_file():
        data = compiled.read_bytes()
    else:
        data = compiled_stdlib(stdlib, bytecode, zip_name)
        if bytecode.node:
            write_if_changed(compiled, data)
    write_if_changed(stdlib, data)
    return stdlib

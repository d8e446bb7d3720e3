"""The build's code bundle (web/tools/sitebuild/bundle.py, bytecode.py, imports.py) without a
browser: made straight from the source tree, compiled lean by Pyodide's Python, holding
what the page imports and nothing it leaves out."""

from __future__ import annotations

import ast
import base64
import hashlib
import io
import shutil
import zipfile
from pathlib import Path

import boot  # web/boot.py, which writes and reads the code bundle
import pytest
from sitebuild import bundle, bytecode, imports, layout
from sitebuild.files import BuildError

from tests.support.build_support import ROOT, WEB, built, built_bundle, sha
from tests.support.web_support import load_module

# Run in Pyodide by the build; its docstring stripping is tested here in CPython.
compile_modules = load_module("samarkand_build_compile_modules",
                              WEB / "tools" / "sitebuild" / "compile_modules.py")


# --------------------------------------------------------------------------- code bundle

SITE_PACKAGES = "/lib/python3.14/site-packages"


def _source_tree(tmp_path: Path) -> tuple[Path, Path]:
    """(root, web) of a small source tree: the rules core at the root, the page's
    package and main.py under web/, with what the bundle must leave behind."""
    root, web = tmp_path / "root", tmp_path / "root" / "web"
    files = {
        root / "samarkand_core" / "__init__.py": '"""Core."""\nX = 1\n',
        root / "samarkand_core" / "bots" / "__init__.py": "",
        root / "samarkand_core" / "cli.py": "import tqdm\n",
        root / "samarkand_core" / "board.json": "{}",
        root / "samarkand_core" / "boards" / "old.json": "[]",
        root / "samarkand_core" / "py.typed": "",
        root / "samarkand_core" / "notes.txt": "not shipped",
        root / "samarkand_core" / "__pycache__" / "x.cpython-311.pyc": "\0",
        web / "samarkand_web" / "__init__.py": "",
        web / "samarkand_web" / "app.py": "Y = 2\n",
        web / "main.py": "import samarkand_web.app\n",
    }
    for path, text in files.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return root, web


class FakePyodide:
    """Stands in for Pyodide-in-Node: a .pyc of a 16-byte header (the magic first) and
    b"code of " + the runtime name; `fail`: names that do not compile."""

    node = "fake"

    def __init__(self, magic: bytes = b"MAG\n", fail: frozenset[str] = frozenset()) -> None:
        self.magic, self.fail = magic, fail

    def compile(self, sources: dict[str, bytes], lean: object = ()) -> dict[str, bytes]:
        return {k: self.magic + bytes(12) + b"code of " + k.encode() for k in sources
                if k not in self.fail}


def test_the_code_bundle_is_made_straight_from_the_source_tree(tmp_path: Path) -> None:
    """Its modules and data files come from the packages' folders (no wheel in between):
    compiled code without the .pyc header, the data files the code opens, nothing of
    __pycache__, py.typed or other files, nothing left out of the page."""
    root, web = _source_tree(tmp_path)
    files = bundle.bundle_sources(root, web, exclude=["samarkand_core/cli.py"])
    assert list(files) == [
        "samarkand_core/__init__.py", "samarkand_core/board.json",
        "samarkand_core/boards/old.json", "samarkand_core/bots/__init__.py",
        "samarkand_web/__init__.py", "samarkand_web/app.py", f"{layout.PAGE_MODULE}.py"]
    assert files[f"{layout.PAGE_MODULE}.py"] == (web / "main.py").read_bytes()
    sources = bundle.runtime_sources(files, SITE_PACKAGES)
    assert f"{SITE_PACKAGES}/samarkand_core/__init__.py" in sources
    assert not [k for k in sources if k.endswith(".json")]
    blob = bundle.code_bundle(files, FakePyodide().compile(sources), SITE_PACKAGES,
                              {layout.CLASSCODE: b"table"})
    body = boot.read(blob)
    assert body["python"] == b"MAG\n" and body["root"] == SITE_PACKAGES
    assert body["modules"]["samarkand_core"] == (
        True, b"code of " + f"{SITE_PACKAGES}/samarkand_core/__init__.py".encode())
    assert body["modules"]["samarkand_web.app"][0] is False
    assert set(body["modules"]) == {"samarkand_core", "samarkand_core.bots", "samarkand_web",
                                    "samarkand_web.app", layout.PAGE_MODULE}
    assert body["files"] == {"samarkand_core/board.json": b"{}",
                             "samarkand_core/boards/old.json": b"[]",
                             layout.CLASSCODE: b"table"}
    # the same tree, the same bytes (the bundle is named after its hash)
    again = bundle.code_bundle(bundle.bundle_sources(root, web, ["samarkand_core/cli.py"]),
                               FakePyodide().compile(sources), SITE_PACKAGES,
                               {layout.CLASSCODE: b"table"})
    assert again == blob


def test_a_module_that_did_not_compile_ships_as_source(tmp_path: Path) -> None:
    root, web = _source_tree(tmp_path)
    files = bundle.bundle_sources(root, web, ())
    sources = bundle.runtime_sources(files, SITE_PACKAGES)
    broken = f"{SITE_PACKAGES}/samarkand_web/app.py"
    body = boot.read(bundle.code_bundle(
        files, FakePyodide(fail=frozenset({broken})).compile(sources), SITE_PACKAGES))
    assert body["modules"]["samarkand_web.app"] == (False, "Y = 2\n")
    assert isinstance(body["modules"]["samarkand_core"][1], bytes)
    # without Node nothing is compiled: every module is its source, no magic
    plain = boot.read(bundle.code_bundle(files, {}, SITE_PACKAGES))
    assert plain["python"] == b"" and plain["modules"]["samarkand_core"] == (
        True, '"""Core."""\nX = 1\n')


def test_a_bundle_compiled_by_two_pythons_stops_the_build(tmp_path: Path) -> None:
    root, web = _source_tree(tmp_path)
    files = bundle.bundle_sources(root, web, ())
    sources = bundle.runtime_sources(files, SITE_PACKAGES)
    pyc = FakePyodide().compile(sources)
    pyc[f"{SITE_PACKAGES}/samarkand_web/app.py"] = b"OTH\n" + bytes(12) + b"code"
    with pytest.raises(BuildError, match="different Pythons"):
        bundle.code_bundle(files, pyc, SITE_PACKAGES)


def test_the_sources_digest_changes_with_any_name_or_content(tmp_path: Path) -> None:
    """The dataclass table is cached under it: an edited module makes a new table."""
    root, web = _source_tree(tmp_path)
    first = bundle.sources_digest(bundle.bundle_sources(root, web, ()))
    assert first == bundle.sources_digest(bundle.bundle_sources(root, web, ()))
    (web / "samarkand_web" / "app.py").write_text("Y = 3\n")
    edited = bundle.sources_digest(bundle.bundle_sources(root, web, ()))
    (web / "samarkand_web" / "app.py").rename(web / "samarkand_web" / "app2.py")
    renamed = bundle.sources_digest(bundle.bundle_sources(root, web, ()))
    assert len({first, edited, renamed}) == 3


def test_the_code_bundle_is_named_after_its_hash(tmp_path: Path) -> None:
    path, code = bundle.write_code_bundle(tmp_path, b"bundle")
    assert path == tmp_path / layout.CODE_DIR / f"samarkand-{sha(b'bundle')[:16]}.bin"
    assert path.read_bytes() == b"bundle"
    assert code == {"url": f"./{layout.CODE_DIR}/{path.name}", "integrity": "sha256-"
                    + base64.b64encode(hashlib.sha256(b"bundle").digest()).decode()}


# --------------------------------------------------------------------------- bytecode

class FakeBytecode:
    """Stands in for Pyodide-in-Node: 'compiles' a source to b"PYC:" + its name."""

    node = "fake"

    def __init__(self, fail: set[str] = frozenset()) -> None:  # type: ignore[assignment]
        self.fail = fail
        self.asked: list[str] = []

    def compile(self, sources: dict[str, bytes],
                lean: object = ()) -> dict[str, bytes]:
        self.asked += sorted(sources)
        return {k: b"PYC:" + k.encode() for k in sources if k not in self.fail}


def _zip(path: Path, files: dict[str, bytes]) -> Path:
    with zipfile.ZipFile(path, "w") as zf:
        for name, data in files.items():
            zf.writestr(name, data)
    return path


@pytest.mark.slow
@built
@pytest.mark.skipif(not shutil.which("node"), reason="the build compiles with Node; "
                    "without it the site serves sources (tested above)")
def test_pyodide_in_node_compiles_full_and_lean_and_the_cache_answers_next_time(
        tmp_path: Path) -> None:
    """The build's programs (run_in_pyodide.mjs, compile_modules.py) compile with the
    served Pyodide: .pyc of its Python's magic (the stdlib's), unchecked-hash; lean ones
    without the docstring. A second build asks the cache, not Node."""
    pyodide = WEB / "vendor" / "pyodide"
    with zipfile.ZipFile(pyodide / "python_stdlib.zip") as zf:
        magic = zf.read("typing.pyc")[:4]
    compiler = bytecode.Bytecode(pyodide, "test", tmp_path / "pyc")
    source = b'"""A docstring nothing reads."""\nX = 1\n'
    sources = {"/m_full.py": source, "/m_lean.py": source, "/bad.py": b"def (\n"}
    pyc = compiler.compile(sources, lean=["/m_lean.py"])
    assert set(pyc) == {"/m_full.py", "/m_lean.py"}  # a module that fails is left out
    for code in pyc.values():
        assert code[:4] == magic and int.from_bytes(code[4:8], "little") == 0b01
    assert b"A docstring nothing reads." in pyc["/m_full.py"]
    assert b"A docstring nothing reads." not in pyc["/m_lean.py"]
    compiler.node = None  # Node gone: what was compiled comes from the cache
    assert compiler.compile({k: sources[k] for k in pyc}, lean=["/m_lean.py"]) == pyc


def test_stdlib_zip_holds_bytecode_instead_of_sources(tmp_path: Path) -> None:
    stock = _zip(tmp_path / "python_stdlib.zip", {
        "typing.py": b"T = 1\n", "re/__init__.py": b"", "broken.py": b"def (",
        "site-packages/README.txt": b"hi"})
    fake = FakeBytecode(fail={"/lib/python314.zip/broken.py"})
    with zipfile.ZipFile(io.BytesIO(bytecode.compiled_stdlib(stock, fake,  # type: ignore[arg-type]
                                                          "/lib/python314.zip"))) as zf:
        names = set(zf.namelist())
        assert zf.read("typing.pyc") == b"PYC:/lib/python314.zip/typing.py"
    # a module that did not compile stays a source; other files are unchanged
    assert names == {"typing.pyc", "re/__init__.pyc", "broken.py", "site-packages/README.txt"}


# --------------------------------------------------------------------------- lean bundle

def test_no_import_of_the_page_reaches_a_module_left_out_of_its_code_bundle() -> None:
    """Every import statement main.py can reach (those inside functions too): none names
    a module of NOT_IN_THE_PAGE, and board_schema only through board.parse_board (a
    board.json whose digest is stale; the build ships it then)."""
    reached = imports.page_modules(WEB / "main.py", {"samarkand_core": ROOT,
                                                   "samarkand_web": WEB})
    assert "samarkand_web/state/app.py" in reached and "samarkand_core/engine.py" in reached
    assert "samarkand_core/bots/coach.py" in reached  # lazily imported: still counted
    assert not set(layout.NOT_IN_THE_PAGE) & set(reached)
    assert reached[layout.BOARD_SCHEMA] == "samarkand_core.board"
    board = (ROOT / "samarkand_core" / "board.py").read_text()
    parse = board[board.index("def parse_board"):board.index("def validate_board_file")]
    assert "from .board_schema import" in parse
    assert board.count("board_schema import") == 1


def test_no_module_of_the_page_imports_a_command_line_library() -> None:
    """tqdm (the commands' progress bars) and openskill (the tournament extra) are for
    the command line only: no import statement of a module main.py can reach names
    them, lazy ones included (the page ships neither wheel), and the module that does
    import tqdm, samarkand_core/cli.py, is one the page never reaches."""
    reached = imports.page_modules(WEB / "main.py", {"samarkand_core": ROOT,
                                                   "samarkand_web": WEB})
    assert "samarkand_core/engine.py" in reached and "samarkand_core/draw/chart.py" in reached
    assert "samarkand_core/cli.py" in layout.NOT_IN_THE_PAGE
    cli = imports.imported_names("samarkand_core.cli", ROOT / "samarkand_core" / "cli.py")
    assert "tqdm" in cli  # the scan sees the import it looks for
    for rel in reached:
        root = WEB if rel.startswith("samarkand_web/") else ROOT
        name = imports.module_name(rel)
        imported = {m.split(".")[0] for m in imports.imported_names(name, root / rel)}
        assert not imported & {"tqdm", "openskill"}, rel


def test_page_modules_follow_lazy_and_relative_imports(tmp_path: Path) -> None:
    pkg = tmp_path / "pk"
    (pkg / "sub").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("def f():\n    from .sub import b\n")
    (pkg / "sub" / "__init__.py").write_text("")
    (pkg / "sub" / "b.py").write_text("from ..c import X\nimport json\n")
    (pkg / "c.py").write_text("X = 1\n")
    (pkg / "unused.py").write_text("")
    main = tmp_path / "main.py"
    main.write_text("import os\nfrom pk import a\n")
    reached = imports.page_modules(main, {"pk": tmp_path})
    assert set(reached) == {"pk/__init__.py", "pk/a.py", "pk/sub/__init__.py",
                            "pk/sub/b.py", "pk/c.py"}
    assert reached["pk/c.py"] == "pk.sub.b"


def _board_src(tmp_path: Path, recorded: str) -> Path:
    src = tmp_path / "samarkand_core"
    src.mkdir(parents=True)
    (src / "board.json").write_text("{}")
    (src / "board_digest.py").write_text(f'BOARD_JSON_SHA256 = "{recorded}"\n')
    return src


def test_board_schema_leaves_the_bundle_only_while_the_board_digest_is_current(
        tmp_path: Path) -> None:
    """The page loads board.json without board_schema only when its bytes have the
    recorded digest (samarkand_core/board.py); an edited board that was not renewed
    is validated in the page, so its models are shipped."""
    current = _board_src(tmp_path / "a", sha(b"{}"))
    assert layout.BOARD_SCHEMA in imports.left_out_of_the_page(tmp_path / "a", current)
    stale = _board_src(tmp_path / "b", sha(b"[]"))
    left_out = imports.left_out_of_the_page(tmp_path / "b", stale)
    assert layout.BOARD_SCHEMA not in left_out
    assert set(layout.NOT_IN_THE_PAGE) <= set(left_out)


def test_the_build_stops_when_the_page_imports_a_module_left_out(tmp_path: Path) -> None:
    web = tmp_path / "web"
    (web / "samarkand_web").mkdir(parents=True)
    (web / "samarkand_web" / "__init__.py").write_text("")
    (web / "main.py").write_text("def later():\n    import samarkand_core.replay_cli\n")
    src = _board_src(tmp_path, sha(b"{}"))
    (src / "__init__.py").write_text("")
    (src / "replay_cli.py").write_text("")
    with pytest.raises(BuildError, match=r"samarkand_core/replay_cli.py is imported "
                                               r"by __main__"):
        imports.left_out_of_the_page(web, src)


def test_what_make_bench_plays_in_pyodide_is_in_the_code_bundle() -> None:
    """benchmarks/engine_bench.py runs in Pyodide on the served code bundle (make bench):
    none of the modules it imports may be left out of it."""
    bench = Path(__file__).resolve().parents[2] / "benchmarks" / "engine_bench.py"
    imported = imports.imported_names("", bench)
    ours = {m.replace(".", "/") + ".py" for m in imported if m.startswith("samarkand_core.")}
    assert "samarkand_core/selfplay.py" in ours  # the check sees what the bench plays
    assert not ours & set(layout.NOT_IN_THE_PAGE)


def _strip(source: str) -> dict:
    """`source` compiled as a lean build compiles it (without its docstrings), run."""
    code = compile(compile_modules.strip_docstrings(ast.parse(source)), "m.py", "exec",
                   dont_inherit=True)
    module: dict = {}
    exec(code, module)
    return module


LEAN_SOURCE = '''"""The module's docstring."""
from __future__ import annotations

import dataclasses


@dataclasses.dataclass
class Kept:
    """A decorated class keeps its docstring."""
    x: int


class Plain:
    """Stripped."""

    def method(self) -> int:
        """Stripped too."""
        return 1 // 0


def only_a_docstring() -> None:
    """Nothing else."""


def fails() -> None:
    """Raises on line 28."""
    x = {}
    return x["missing"]
'''


def test_lean_bytecode_has_no_docstrings_and_the_same_line_numbers() -> None:
    """A sourceless module's traceback names file and line: stripping the docstrings
    must not move a line."""
    import traceback

    lean = _strip(LEAN_SOURCE)
    full: dict = {}
    exec(compile(LEAN_SOURCE, "m.py", "exec", dont_inherit=True), full)
    assert full["__doc__"] and lean.get("__doc__") is None
    assert lean["Plain"].__doc__ is None and lean["Plain"].method.__doc__ is None
    assert lean["fails"].__doc__ is None and lean["only_a_docstring"]() is None
    assert lean["Kept"].__doc__ == "A decorated class keeps its docstring."
    assert lean["Kept"](3).x == 3
    for name in ("fails", "only_a_docstring"):
        assert lean[name].__code__.co_firstlineno == full[name].__code__.co_firstlineno
    lines = []
    for ns, call in ((lean, lambda n: n["fails"]()),
                     (full, lambda n: n["fails"]()),
                     (lean, lambda n: n["Plain"]().method())):
        try:
            call(ns)
        except (KeyError, ZeroDivisionError) as exc:
            lines.append(traceback.extract_tb(exc.__traceback__)[-1].lineno)
    assert lines == [28, 28, 18]
    assert LEAN_SOURCE.splitlines()[27].strip() == 'return x["missing"]'
    assert LEAN_SOURCE.splitlines()[17].strip() == "return 1 // 0"


@built
def test_built_code_bundle_is_lean() -> None:
    """Our sourceless modules carry no docstrings (the bytes of a module docstring are
    not in its code, a string the code uses is)."""
    engine = built_bundle()["modules"]["samarkand_core.engine"][1]
    if isinstance(engine, str):
        pytest.skip("built without node: no bytecode")
    source = (ROOT / "samarkand_core" / "engine.py").read_text()
    doc = ast.get_docstring(ast.parse(source), clean=False)
    assert doc and doc.splitlines()[0].encode() not in engine
    assert b"/lib/python3.14/site-packages/samarkand_core/engine.py" in engine


@built
def test_built_runtime_carries_bytecode_for_pyodide() -> None:
    """The served stdlib holds .pyc made by Pyodide's own Python (when the
    build had Node): its magic number is the one of the Python in pyodide-lock.json."""
    stdlib = WEB / "vendor" / "pyodide" / "python_stdlib.zip"
    with zipfile.ZipFile(stdlib) as zf:
        names = set(zf.namelist())
        if "typing.pyc" not in names:
            pytest.skip("built without node: no bytecode")
        magic = zf.read("typing.pyc")[:4]
        assert "typing.py" not in names
        flags = int.from_bytes(zf.read("typing.pyc")[4:8], "little")
        assert flags == 0b01  # hash-based, unchecked: never compared with a source
    # our code bundle is sourceless, compiled by the same Python
    body = built_bundle()
    assert body["python"] == magic
    assert all(isinstance(code, bytes) for _package, code in body["modules"].values())


def test_the_build_finds_out_whether_the_page_needs_pydantic(tmp_path: Path) -> None:
    """The site ships no pydantic: a page module importing it stops the build (a lazy
    import inside a function the page never calls does not)."""
    pkg = tmp_path / "pagepkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "plain.py").write_text("import json\n")
    (pkg / "eager.py").write_text("import pydantic\n")
    (pkg / "lazy.py").write_text("def f():\n    import pydantic\n")
    assert imports.page_needs_pydantic(tmp_path, ["pagepkg.plain", "pagepkg.lazy"]) == ""
    why = imports.page_needs_pydantic(tmp_path, ["pagepkg.plain", "pagepkg.eager"])
    assert "pydantic" in why

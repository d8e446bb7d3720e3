"""web/boot.py, the page's first Python: our code imported from the code bundle
(one compressed file of compiled modules) instead of an installed wheel. Run here in
CPython with bundles compiled by this Python; the e2e tests run it in Pyodide."""

from __future__ import annotations

import importlib
import importlib.util
import marshal
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import boot  # web/boot.py (web/ is on the tests' path, as for samarkand_web)
import pytest

PKG = "bundled_pkg_t"  # names no other test imports


def code(source: str, filename: str) -> bytes:
    return marshal.dumps(compile(source, filename, "exec"))


@pytest.fixture
def installed(tmp_path: Path) -> Iterator[tuple[Any, Path]]:
    """A bundle of a package (compiled), a submodule given as source, and a data file
    the package opens beside itself, installed under tmp_path; removed afterwards."""
    root = tmp_path / "site"
    modules: dict[str, tuple[bool, bytes | str]] = {
        PKG: (True, code(
            "import os\n"
            "def data():\n"
            "    with open(os.path.join(os.path.dirname(__file__), 'board.json')) as f:\n"
            "        return f.read()\n", f"{root}/{PKG}/__init__.py")),
        f"{PKG}.rules": (False, "from . import data\nVALUE = 6 * 7\nLOADED = data()\n"),
    }
    blob = boot.pack(modules, {f"{PKG}/board.json": b'{"spaces": 3}'}, str(root),
                     importlib.util.MAGIC_NUMBER)
    finder = boot.install(blob)
    try:
        yield finder, root
    finally:
        sys.meta_path.remove(finder)
        for name in [n for n in sys.modules if n == PKG or n.startswith(PKG + ".")]:
            del sys.modules[name]


def test_after_a_snapshots_restore_the_files_are_written_again_and_no_finder_added(
        installed: tuple[Any, Path], tmp_path: Path) -> None:
    """A start restored from the start's memory snapshot (web/snapshot.js) has the
    bundle's finder and modules in memory but a new, empty file system: restore_files
    writes the bundle's files again, and adds no second finder."""
    finder, root = installed
    data = root / PKG / "board.json"
    data.unlink()
    finders = list(sys.meta_path)
    blob = boot.pack({}, {f"{PKG}/board.json": b'{"spaces": 3}'}, str(root),
                     importlib.util.MAGIC_NUMBER)
    boot.restore_files(blob)
    assert data.read_bytes() == b'{"spaces": 3}'
    assert sys.meta_path == finders


def test_the_bundles_modules_import_from_memory_and_find_their_data_files(
        installed: tuple[Any, Path]) -> None:
    finder, root = installed
    assert sys.meta_path[0] is finder  # asked before any search along sys.path
    rules = importlib.import_module(f"{PKG}.rules")
    assert rules.VALUE == 42
    assert rules.LOADED == '{"spaces": 3}'  # the package opened the file beside it
    package = sys.modules[PKG]
    assert package.__file__ == f"{root}/{PKG}/__init__.py"
    assert package.__path__ == [f"{root}/{PKG}"]
    assert rules.__file__ == f"{root}/{PKG}/rules.py"
    assert (root / PKG / "board.json").read_bytes() == b'{"spaces": 3}'
    # no module file was written: the code came from the bundle
    assert sorted(p.name for p in (root / PKG).iterdir()) == ["board.json"]


def test_the_finder_leaves_every_other_module_to_the_import_system(
        installed: tuple[Any, Path]) -> None:
    finder, _root = installed
    assert finder.find_spec("json") is None
    assert finder.find_spec(f"{PKG}.missing") is None
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module(f"{PKG}.missing")


def test_a_bundle_compiled_for_another_python_is_refused_with_what_to_do() -> None:
    blob = boot.pack({"m": (False, code("x = 1", "m.py"))}, {}, "/site", b"\x00\x00\r\n")
    with pytest.raises(boot.BundleError, match=r"another Python.*make web"):
        boot.install(blob)


def test_a_bundle_of_sources_loads_on_any_python(tmp_path: Path) -> None:
    """A build without Node ships sources (b"" for the Python): they compile here."""
    blob = boot.pack({"m": (False, "x = 1")}, {}, str(tmp_path), b"")
    assert boot.unpack(blob)["modules"] == {"m": (False, "x = 1")}


def test_what_is_not_a_bundle_is_refused() -> None:
    for blob in (b"", b"PK\x03\x04 a zip", boot.BUNDLE_MAGIC.replace(b"1", b"2") + b"x"):
        with pytest.raises(boot.BundleError, match="not a Samarkand code bundle"):
            boot.unpack(blob)


def run(coroutine: Any) -> Any:
    """Run a coroutine whose awaits are all resolved (the fakes below), without an event
    loop (the browser tests' Playwright may be running one in this thread)."""
    try:
        coroutine.send(None)
    except StopIteration as done:
        return done.value
    raise AssertionError("the coroutine waited for something")


class _Buffer:
    def __init__(self, data: bytes) -> None:
        self.data = data

    def to_bytes(self) -> bytes:
        return self.data


class _resolved:  # noqa: N801 (used like a function: a JavaScript promise, resolved)
    def __init__(self, value: Any) -> None:
        self.value = value

    def __await__(self) -> Iterator[Any]:
        return self.value
        yield  # a generator: awaited, it gives the value at once


class _Early:
    """first.js's window.samarkandCode: the URL and the pending download."""

    def __init__(self, url: str, data: bytes) -> None:
        self.url = url
        self.bytes = _resolved(_Buffer(data))


class _Window:
    def __init__(self, early: _Early | None) -> None:
        if early is not None:
            self.samarkandCode = early
        self.fetched: list[tuple[str, Any]] = []

    class Object:
        fromEntries = dict

    def fetch(self, url: str, options: Any) -> Any:
        self.fetched.append((url, options))
        return _resolved(_Response(b"fetched bytes"))


class _Response:
    ok, status = True, 200

    def __init__(self, data: bytes) -> None:
        self.data = data

    def arrayBuffer(self) -> Any:  # noqa: N802 (the browser's name)
        return _resolved(_Buffer(self.data))


@pytest.fixture
def fake_pyodide(monkeypatch: pytest.MonkeyPatch) -> None:
    """pyodide.ffi.to_js as far as fetch_bundle uses it (a dict becomes the fetch options)."""
    ffi = ModuleType("pyodide.ffi")
    ffi.to_js = lambda value, dict_converter=None: dict_converter(value.items())  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "pyodide", ModuleType("pyodide"))
    monkeypatch.setitem(sys.modules, "pyodide.ffi", ffi)


def test_the_download_first_js_started_is_taken_when_it_is_this_bundles() -> None:
    window = _Window(_Early("./vendor/app/samarkand-ab.bin", b"bundle bytes"))
    data = run(boot.fetch_bundle(window, "./vendor/app/samarkand-ab.bin",
                                         "sha256-x"))
    assert data == b"bundle bytes" and window.fetched == []


def test_without_that_download_the_bundle_is_fetched_with_its_sha256(
        fake_pyodide: None) -> None:
    """The smoke page has no first.js, and a download of another URL (a page of an older
    build) is not this bundle: fetched now, checked by the browser against `integrity`."""
    for early in (None, _Early("./vendor/app/samarkand-old.bin", b"old bytes")):
        window = _Window(early)
        data = run(boot.fetch_bundle(window, "./vendor/app/samarkand-ab.bin",
                                             "sha256-x"))
        assert data == b"fetched bytes"
        assert window.fetched == [("./vendor/app/samarkand-ab.bin", {"integrity": "sha256-x"})]

"""The page's first Python: our code (samarkand_core, samarkand_web and the page's
binding, samarkand_page) imported from the code bundle, one file that
web/tools/build.py writes into vendor/app/.

Why a bundle and not our wheel: Pyodide installs a wheel while the interpreter boots
(loadPackage), and that install imports tarfile, email and importlib.metadata, unpacks
80 files in Python and writes them to the file system; PyScript also fetches its package
graph first when the config names packages. Here the download starts with the page
(first.js), and an import reads a module's compiled code from memory: no file system,
no search along sys.path. (In interleaved A/B runs of cold loads against the
wheel, medians of 8 to 12 loads each, the board was clickable 17 to 157 ms sooner; the
machine's noise is of that size.)

The bundle: BUNDLE_MAGIC, then zlib-compressed marshal data of a dict
  {"python": the importlib MAGIC_NUMBER its code was compiled for (b"" when it holds
             sources: a build without Node),
   "root": the directory the modules seem to live in (site-packages; their __file__,
           and the file names in their compiled code),
   "modules": {dotted name: (is a package, marshal data of its code object, or its
              source as str)},
   "files": {path under root: bytes}}  (data the code opens: board.json, ...)
The data files are written under root, so that code opening a file beside its module
finds it. The download's integrity is checked by the browser (fetch's `integrity`, a
sha256 the build writes beside the URL).

This file is plain Python for 3.11 (the tests) and Pyodide's: web/tools/build.py inlines
it into the start page's script, and web/pages/smoke.html runs it as a script of its own.
"""

from __future__ import annotations

import marshal
import os
import sys
import zlib
from importlib.machinery import ModuleSpec
from importlib.util import MAGIC_NUMBER
from types import ModuleType
from typing import Any

BUNDLE_MAGIC = b"samarkand-code-bundle 1\n"


class BundleError(Exception):
    """The bundle is not one this Python can load (say which, and what to do)."""


def pack(modules: dict[str, tuple[bool, bytes | str]], files: dict[str, bytes], root: str,
         python: bytes) -> bytes:
    """A bundle (web/tools/build.py): `modules` as above, compiled for `python` (a MAGIC_NUMBER;
    b"" when the modules are sources)."""
    body = {"python": python, "root": root, "modules": modules, "files": files}
    return BUNDLE_MAGIC + zlib.compress(marshal.dumps(body, 4), 9)


def read(blob: bytes) -> dict[str, Any]:
    """The bundle's dict (any Python may read it: the build's tests do)."""
    if not blob.startswith(BUNDLE_MAGIC):
        raise BundleError("this is not a Samarkand code bundle (or not of this version)")
    body: dict[str, Any] = marshal.loads(zlib.decompress(blob[len(BUNDLE_MAGIC):]))
    return body


def unpack(blob: bytes) -> dict[str, Any]:
    """The bundle's dict, if this Python can run its code."""
    body = read(blob)
    compiled = any(isinstance(code, bytes) for _pkg, code in body["modules"].values())
    if compiled and body["python"] != MAGIC_NUMBER:
        raise BundleError("the code bundle was compiled for another Python than this one: "
                          "rebuild the site (make web)")
    return body


class BundleFinder:
    """A meta path finder (first in sys.meta_path) for the bundle's modules, and their
    loader: a module's code object is unmarshalled when it is imported."""

    def __init__(self, body: dict[str, Any]) -> None:
        self.root: str = body["root"]
        self.modules: dict[str, tuple[bool, bytes | str]] = body["modules"]

    def _path(self, name: str, package: bool) -> str:
        rel = name.replace(".", "/")
        return f"{self.root}/{rel}/__init__.py" if package else f"{self.root}/{rel}.py"

    def find_spec(self, name: str, path: Any = None, target: Any = None) -> ModuleSpec | None:
        entry = self.modules.get(name)
        if entry is None:
            return None
        package = entry[0]
        spec = ModuleSpec(name, self, origin=self._path(name, package), is_package=package)
        if package:
            spec.submodule_search_locations = [f"{self.root}/{name.replace('.', '/')}"]
        spec.has_location = True  # __file__: data files are opened beside it
        return spec

    def create_module(self, spec: ModuleSpec) -> None:
        return None  # the default module

    def exec_module(self, module: ModuleType) -> None:
        package, code = self.modules[module.__name__]
        if isinstance(code, str):
            compiled = compile(code, self._path(module.__name__, package), "exec")
        else:
            compiled = marshal.loads(code)
        exec(compiled, module.__dict__)


def write_files(body: dict[str, Any]) -> None:
    """The bundle's files under its root."""
    for rel, data in body["files"].items():
        path = os.path.join(body["root"], rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as file:
            file.write(data)


def install(blob: bytes) -> BundleFinder:
    """Put the bundle's modules first on the import path and its files under its root."""
    body = unpack(blob)
    write_files(body)
    finder = BundleFinder(body)
    sys.meta_path.insert(0, finder)
    return finder


def restore_files(blob: bytes) -> None:
    """After Python's memory was restored from a snapshot taken once `blob` had been
    installed (web/snapshot.js): its finder and modules are in that memory, its files
    were not (the file system lives outside it), so they are written again."""
    write_files(unpack(blob))


async def fetch_bundle(window: Any, url: str, integrity: str) -> bytes:
    """The bundle's bytes: from the download first.js started with the page when it is
    this URL's (window.samarkandCode), else fetched now; either way checked against
    `integrity` by the browser. A failed or tampered download raises (the page says
    that loading failed)."""
    early = getattr(window, "samarkandCode", None)
    if early is not None and str(early.url) == url:
        buffer = await early.bytes
    else:
        from pyodide.ffi import to_js

        options = to_js({"integrity": integrity}, dict_converter=window.Object.fromEntries)
        response = await window.fetch(url, options)
        if not response.ok:
            raise BundleError(f"{url}: HTTP {response.status}")
        buffer = await response.arrayBuffer()
    return buffer.to_bytes()  # one copy out of JavaScript's memory


async def load(window: Any, config: Any) -> BundleFinder:
    """Install the bundle that the PyScript config names ("code": {"url", "integrity"})."""
    code = config["code"]
    return install(await fetch_bundle(window, str(code["url"]), str(code["integrity"])))

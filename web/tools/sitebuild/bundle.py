"""Our code as the code bundle (web/boot.py says why, and its format): every module of
samarkand_core, samarkand_web and web/main.py (as PAGE_MODULE) that the page can reach,
taken straight from the source tree and compiled lean by Pyodide's Python, the data
files they open, and the dataclasses' compiled methods (CLASSCODE). Served as
web/vendor/app/samarkand-<hash>.bin, with its URL and sha256 in the config (first.js
fetches it with that integrity)."""

from __future__ import annotations

import base64
import hashlib
import json
import tempfile
from collections.abc import Iterable
from pathlib import Path

import boot  # web/boot.py: it reads the code bundle this module writes

from .bytecode import Bytecode, run_in_pyodide
from .files import BuildError, ensure_dir, sha256_bytes, write_if_changed
from .layout import APP_PACKAGE, CLASSCODE_MODULE, CODE_DIR, MAIN, PACKAGE, PAGE_MODULE, SHARED

HERE = Path(__file__).resolve().parent
RECORD_CLASSCODE = HERE / "record_classcode.py"
# What the bundle takes of a package: its modules and the data they open.
SHIPPED_SUFFIXES = (".py", ".json")


def package_files(src: Path, exclude: Iterable[str] = ()) -> dict[str, bytes]:
    """{path under site-packages: content} of a package's modules and data files,
    sorted, but those named in `exclude`."""
    skip = set(exclude)
    files: dict[str, bytes] = {}
    for p in sorted(src.rglob("*")):
        rel = p.relative_to(src.parent).as_posix()
        if p.is_file() and "__pycache__" not in p.parts and p.suffix in SHIPPED_SUFFIXES \
                and rel not in skip:
            files[rel] = p.read_bytes()
    return files


def bundle_sources(root: Path, web: Path, exclude: Iterable[str]) -> dict[str, bytes]:
    """{path under site-packages: content} of everything the bundle ships from the
    source tree: the rules core and the packages it shares with Merv (SHARED), the
    page's package and main.py as PAGE_MODULE."""
    exclude = tuple(exclude)
    files = package_files(root / PACKAGE, exclude)
    for shared in SHARED:
        if (root / shared).is_dir():
            files.update(package_files(root / shared, exclude))
    if (web / APP_PACKAGE).is_dir():
        files.update(package_files(web / APP_PACKAGE, exclude))
    if (web / MAIN).is_file():
        files[f"{PAGE_MODULE}.py"] = (web / MAIN).read_bytes()
    return files


def sources_digest(files: dict[str, bytes]) -> str:
    """A hash of the bundle's sources (names and contents): what it is made of."""
    h = hashlib.sha256()
    for rel, data in files.items():
        h.update(rel.encode() + b"\0" + hashlib.sha256(data).digest())
    return h.hexdigest()


def runtime_sources(files: dict[str, bytes], site_packages: str) -> dict[str, bytes]:
    """{runtime file name (what tracebacks show): source} of the bundle's modules."""
    return {f"{site_packages}/{rel}": data for rel, data in files.items()
            if rel.endswith(".py")}


def code_bundle(files: dict[str, bytes], pyc: dict[str, bytes], site_packages: str,
                extra: dict[str, bytes] | None = None) -> bytes:
    """The code bundle of `files` (bundle_sources): each module's code compiled by
    Pyodide (`pyc`, keyed by runtime file name; a module missing there ships as source),
    the other files and `extra` ({name: content}) as data files under site-packages."""
    modules: dict[str, tuple[bool, bytes | str]] = {}
    data_files: dict[str, bytes] = {}
    magic: set[bytes] = set()
    for name, data in files.items():
        if not name.endswith(".py"):
            data_files[name] = data
            continue
        package = name.endswith("/__init__.py")
        module = (name[:-len("/__init__.py")] if package else name[:-3]).replace("/", ".")
        compiled = pyc.get(f"{site_packages}/{name}")
        if compiled:
            magic.add(compiled[:4])
            modules[module] = (package, compiled[16:])  # the code after the .pyc header
        else:
            modules[module] = (package, data.decode("utf-8"))
    if len(magic) > 1:
        raise BuildError("the code bundle's modules were compiled by different Pythons")
    data_files.update(extra or {})
    return boot.pack(modules, data_files, site_packages, magic.pop() if magic else b"")


def write_code_bundle(web: Path, bundle: bytes) -> tuple[Path, dict[str, str]]:
    """vendor/app/samarkand-<hash>.bin and the config's "code" entry for it: its URL and
    the sha256 the browser checks the download against (fetch's `integrity`)."""
    digest = hashlib.sha256(bundle).digest()
    path = web / CODE_DIR / f"samarkand-{digest.hex()[:16]}.bin"
    write_if_changed(path, bundle)
    return path, {"url": f"./{CODE_DIR}/{path.name}",
                  "integrity": "sha256-" + base64.b64encode(digest).decode()}


def class_code(bytecode: Bytecode, root: Path, web: Path, modules: list[str],
               key: str) -> bytes | None:
    """The compiled methods of the dataclasses that `modules` define (see the page's
    CLASSCODE_MODULE), made by the served Pyodide in Node importing them from
    the source tree (record_classcode.py); cached by `key` (the Pyodide and the
    sources' hash). None without Node (the page then compiles them itself)."""
    cached = bytecode.cache / f"classcode-{sha256_bytes(key.encode())[:24]}.bin"
    if cached.is_file():
        return cached.read_bytes()
    if not bytecode.available():
        return None
    assert bytecode.node is not None  # available()
    with tempfile.TemporaryDirectory(dir=ensure_dir(bytecode.cache)) as tmp:
        work = Path(tmp)
        ensure_dir(work / "out")
        (work / "job.json").write_text(classcode_job(["/src", "/web"], modules))
        proc = run_in_pyodide(bytecode.node, bytecode.pyodide_dir, RECORD_CLASSCODE,
                              {"/work": work, "/src": root, "/web": web})
        out = work / "out" / "classcode.bin"
        if proc.returncode != 0 or not out.is_file():
            print("  warning: no dataclass code table (Pyodide in node failed):\n"
                  + proc.stderr.strip()[-2000:])
            return None
        data = out.read_bytes()
    write_if_changed(cached, data)
    return data


def classcode_job(paths: list[str], modules: list[str]) -> str:
    """record_classcode.py's job: where the sources are, the recording module, and the
    modules to import."""
    return json.dumps({"path": paths, "hook": CLASSCODE_MODULE, "modules": modules})

"""The build (web/tools/build.py, web/tools/sitebuild/) without a browser and without the network:
hash checks, the test tools' lock and the runtime's npm pins. The code bundle and the
bytecode are in test_build_bundle.py, the start page and the built site in
test_build_site.py."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from sitebuild import fetch, runtime
from sitebuild.files import BuildError

from tests.support.build_support import WEB, sha
from tests.support.web_support import load_module, npm_tarball

serve = load_module("samarkand_web_serve_t", WEB / "tools" / "serve.py")


# --------------------------------------------------------------------------- hashes

def test_check_hash_rejects_a_mismatch_with_a_clear_message(tmp_path: Path) -> None:
    f = tmp_path / "pydantic-2.14.3-py3-none-any.whl"
    f.write_bytes(b"not the real wheel")
    expected = "0" * 64
    with pytest.raises(BuildError) as err:
        fetch.check_hash(f, expected, "PyPI pydantic==2.14.3")
    msg = str(err.value)
    assert "pydantic-2.14.3-py3-none-any.whl" in msg
    assert expected in msg
    assert sha(b"not the real wheel") in msg
    assert "mismatch" in msg


def test_check_hash_accepts_the_right_file(tmp_path: Path) -> None:
    f = tmp_path / "x.whl"
    f.write_bytes(b"abc")
    assert fetch.check_hash(f, sha(b"abc"), "x") == sha(b"abc")


def test_check_hash_refuses_an_unlocked_file(tmp_path: Path) -> None:
    f = tmp_path / "x.whl"
    f.write_bytes(b"abc")
    with pytest.raises(BuildError, match="no sha256"):
        fetch.check_hash(f, None, "x")


def _fake_pip(monkeypatch: pytest.MonkeyPatch, content: bytes, name: str) -> list[dict]:
    calls: list[dict] = []

    def pip_download(entry: dict, dest: Path) -> Path:
        calls.append(entry)
        out = dest / name
        out.write_bytes(content)
        return out

    monkeypatch.setattr(fetch, "pip_download", pip_download)
    return calls


def test_downloaded_wheel_with_wrong_hash_is_rejected(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    name = "typing_extensions-4.16.0-py3-none-any.whl"
    _fake_pip(monkeypatch, b"tampered", name)
    entry = {"name": "typing-extensions", "version": "4.16.0", "file": name,
             "sha256": sha(b"genuine")}
    with pytest.raises(BuildError) as err:
        fetch.fetch_wheel(entry, update=False, cache_root=tmp_path)
    msg = str(err.value)
    assert name in msg and sha(b"genuine") in msg and sha(b"tampered") in msg
    # nothing unverified is left in the cache
    assert not (tmp_path / "wheels" / name).exists()


def test_wheel_is_cached_and_not_downloaded_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    name = "annotated_types-0.7.0-py3-none-any.whl"
    calls = _fake_pip(monkeypatch, b"genuine", name)
    entry = {"name": "annotated-types", "version": "0.7.0", "file": name,
             "sha256": sha(b"genuine")}
    first = fetch.fetch_wheel(entry, update=False, cache_root=tmp_path)
    second = fetch.fetch_wheel(entry, update=False, cache_root=tmp_path)
    assert first == second == tmp_path / "wheels" / name
    assert len(calls) == 1


def test_cached_file_with_wrong_hash_is_fetched_again_and_checked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    name = "annotated_types-0.7.0-py3-none-any.whl"
    (tmp_path / "wheels").mkdir()
    (tmp_path / "wheels" / name).write_bytes(b"corrupt")
    calls = _fake_pip(monkeypatch, b"genuine", name)
    entry = {"name": "annotated-types", "version": "0.7.0", "file": name,
             "sha256": sha(b"genuine")}
    path = fetch.fetch_wheel(entry, update=False, cache_root=tmp_path)
    assert path.read_bytes() == b"genuine" and len(calls) == 1


def test_update_lock_records_what_was_downloaded(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    name = "micropip-0.11.1-py3-none-any.whl"
    _fake_pip(monkeypatch, b"new", name)
    entry = {"name": "micropip", "version": "0.11.1"}
    fetch.fetch_wheel(entry, update=True, cache_root=tmp_path)
    assert entry["file"] == name and entry["sha256"] == sha(b"new")


def test_npm_tarball_with_wrong_hash_is_rejected(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def npm_pack(name: str, version: str, dest: Path) -> Path:
        return npm_tarball(dest / f"pyodide-{version}.tgz", {"pyodide.mjs": b"evil"})

    monkeypatch.setattr(fetch, "npm_pack", npm_pack)
    entry = {"name": "pyodide", "version": "314.0.7", "file": "pyodide-314.0.7.tgz",
             "sha256": "f" * 64}
    with pytest.raises(BuildError) as err:
        fetch.fetch_npm(entry, update=False, cache_root=tmp_path)
    assert "pyodide-314.0.7.tgz" in str(err.value) and "f" * 64 in str(err.value)


def test_extract_npm_takes_only_the_listed_files(tmp_path: Path) -> None:
    tgz = npm_tarball(tmp_path / "core.tgz", {
        "dist/core.js": b"js", "dist/core.js.map": b"map", "dist/core.css": b"css",
        "src/core.js": b"src", "LICENSE": b"license"})
    out = fetch.extract_npm(tgz, ["dist/*.js", "dist/*.css", "LICENSE"], tmp_path / "out")
    assert sorted(p.name for p in out) == ["LICENSE", "core.css", "core.js"]
    assert (tmp_path / "out" / "core.js").read_bytes() == b"js"
    with pytest.raises(BuildError, match="pyodide.mjs"):
        fetch.extract_npm(tgz, ["pyodide.mjs"], tmp_path / "out2")


# --------------------------------------------------------------------------- runtime pins

ROOT = WEB.parent


def test_package_json_pins_the_runtime_exactly_and_the_lock_holds_its_integrity() -> None:
    """Pyodide and PyScript at today's versions, each at one exact version in
    package.json (what dependabot bumps) and in package-lock.json with the sha512
    integrity npm ci checks every tarball against."""
    pins = runtime.runtime_pins()
    assert {n: p.version for n, p in pins.items()} == {"pyodide": "314.0.7",
                                                       "@pyscript/core": "0.7.31"}
    for pin in pins.values():
        assert pin.integrity.startswith("sha512-") and len(pin.integrity) > 80
    # the site ships no pydantic and no wheel at all: nothing else is pinned for it
    deps = json.loads((ROOT / "package.json").read_text())["dependencies"]
    assert set(deps) == {"pyodide", "@pyscript/core"}


def _pins(tmp_path: Path, version: str, locked: str, integrity: str) -> Path:
    (tmp_path / "package.json").write_text(json.dumps({"dependencies": {
        "pyodide": version, "@pyscript/core": "0.7.31"}}))
    (tmp_path / "package-lock.json").write_text(json.dumps({"packages": {
        "node_modules/pyodide": {"version": locked, "integrity": integrity},
        "node_modules/@pyscript/core": {"version": "0.7.31", "integrity": "sha512-x"}}}))
    return tmp_path


@pytest.mark.parametrize("version,locked,integrity,message", [
    ("^314.0.7", "314.0.7", "sha512-x", "one exact version"),
    ("314.0.7", "314.0.6", "sha512-x", "has pyodide 314.0.6"),
    ("314.0.7", "314.0.7", "", "no sha512 integrity"),
    ("314.0.7", "314.0.7", "sha1-abc", "no sha512 integrity"),
])
def test_loose_or_unlocked_runtime_pins_stop_the_build(
        tmp_path: Path, version: str, locked: str, integrity: str, message: str) -> None:
    root = _pins(tmp_path, version, locked, integrity)
    with pytest.raises(BuildError, match=message):
        runtime.runtime_pins(root / "package.json", root / "package-lock.json")


def test_an_installed_package_of_another_version_stops_the_build(tmp_path: Path) -> None:
    root = _pins(tmp_path, "314.0.7", "314.0.7", "sha512-x")
    pins = runtime.runtime_pins(root / "package.json", root / "package-lock.json")
    for name, version in (("pyodide", "314.0.6"), ("@pyscript/core", "0.7.31")):
        folder = root / "node_modules" / name
        folder.mkdir(parents=True)
        (folder / "package.json").write_text(json.dumps({"version": version}))
    with pytest.raises(BuildError, match="pyodide 314.0.6, the lock pins 314.0.7"):
        runtime.installed(root, pins)


def test_copy_package_takes_only_the_listed_files_and_drops_dangling_source_maps(
        tmp_path: Path) -> None:
    pkg = tmp_path / "core"
    files = {"dist/core.js": b"let a;\n//# sourceMappingURL=core.js.map\n",
             "dist/core.js.map": b"{}", "dist/core.css": b"a{}",
             "dist/inline.js": b"b;\n//# sourceMappingURL=data:application/json;base64,e30=",
             "src/core.js": b"src", "LICENSE": b"license"}
    for name, data in files.items():
        (pkg / name).parent.mkdir(parents=True, exist_ok=True)
        (pkg / name).write_bytes(data)
    out = runtime.copy_package(pkg, ["dist/*.js", "dist/*.css", "LICENSE"], tmp_path / "out")
    assert sorted(p.name for p in out) == ["LICENSE", "core.css", "core.js", "inline.js"]
    assert (tmp_path / "out" / "core.js").read_bytes() == b"let a;\n"
    # a map that is shipped, or one inline, keeps its comment
    assert (tmp_path / "out" / "inline.js").read_bytes() == files["dist/inline.js"]
    kept = runtime.copy_package(pkg, ["dist/core.js", "dist/core.js.map"], tmp_path / "o2")
    assert (tmp_path / "o2" / "core.js").read_bytes() == files["dist/core.js"] and kept
    with pytest.raises(BuildError, match="pyodide.mjs"):
        runtime.copy_package(pkg, ["pyodide.mjs"], tmp_path / "out3")


def test_a_runtime_file_changed_since_npm_ci_checked_it_means_installing_again(
        tmp_path: Path) -> None:
    """The build skips `npm ci` only while package-lock.json and every file of the
    runtime packages are what they were right after npm checked them."""
    for name in runtime.NPM_FILES:
        (tmp_path / "node_modules" / name).mkdir(parents=True)
        (tmp_path / "node_modules" / name / "x.js").write_text(name)
    files = runtime._runtime_files(tmp_path)
    assert set(files) == {"pyodide/x.js", "@pyscript/core/x.js"}
    stamp = tmp_path / "node_modules" / runtime.INSTALLED
    stamp.write_text(json.dumps({"lock": "a" * 64, "files": files}))
    assert runtime._still_installed(tmp_path, stamp, "a" * 64)
    assert not runtime._still_installed(tmp_path, stamp, "b" * 64)  # another lock
    (tmp_path / "node_modules" / "pyodide" / "x.js").write_text("changed")
    assert not runtime._still_installed(tmp_path, stamp, "a" * 64)

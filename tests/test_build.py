"""The build (web/build.py, web/sitebuild/) without a browser and without the network:
hash checks, the lock and the pyodide-lock patch. The code bundle and the bytecode are
in test_build_bundle.py, the start page and the built site in test_build_site.py."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from build_support import WEB, sha
from sitebuild import fetch, runtime
from sitebuild.files import BuildError
from web_support import load_module, npm_tarball

serve = load_module("samarkand_web_serve_t", WEB / "serve.py")


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


# --------------------------------------------------------------------------- lock

def test_lock_pins_every_file_with_a_sha256() -> None:
    lock = fetch.load_lock(WEB / "vendor.lock.json")
    names = {e["name"] for e in lock["npm"]} | {e["name"] for e in lock["wheels"]}
    assert {"pyodide", "@pyscript/core", "micropip"} <= names
    # the site ships no pydantic: the page reads its saves with its own strict reader,
    # so that saving never waits for a download that can fail
    assert not names & {"pydantic", "pydantic-core"}
    for e in lock["npm"] + lock["wheels"]:
        assert e["version"] and e["file"], e
        assert len(e["sha256"]) == 64 and int(e["sha256"], 16) >= 0, e
        assert e["version"] in e["file"], e
    pins = {e["name"]: e["version"] for e in lock["npm"] + lock["wheels"]}
    assert pins["pyodide"] == "314.0.7" and pins["@pyscript/core"] == "0.7.31"
    assert pins["micropip"] == "0.11.1"


def test_pyodide_abi_mismatch_is_caught() -> None:
    lock = json.dumps({"info": {"abi_version": "2025_0", "python": "3.13.2"}}).encode()
    wheels = [{"name": "pydantic-core", "platform": "pyemscripten_2026_0_wasm32",
               "python_version": "3.14"}]
    with pytest.raises(BuildError, match="abi"):
        runtime.check_pyodide_matches_wheels(lock, wheels)


def test_patch_pyodide_lock_points_micropip_at_our_wheel(tmp_path: Path) -> None:
    whl = tmp_path / "micropip-0.11.1-py3-none-any.whl"
    whl.write_bytes(b"micropip from PyPI")
    original = json.dumps({"info": {}, "packages": {
        "micropip": {"name": "micropip", "file_name": "micropip-0.11.1-py3-none-any.whl",
                     "sha256": "e" * 64, "version": "0.11.1", "depends": []},
        "numpy": {"name": "numpy", "sha256": "a" * 64}}}).encode()
    patched = json.loads(runtime.patch_pyodide_lock(original, whl))
    entry = patched["packages"]["micropip"]
    assert entry["sha256"] == sha(b"micropip from PyPI")
    assert entry["file_name"] == whl.name and entry["version"] == "0.11.1"
    assert patched["packages"]["numpy"] == {"name": "numpy", "sha256": "a" * 64}


def test_the_lock_may_pin_no_wheel_but_micropip(tmp_path: Path) -> None:
    """The site serves no wheel but micropip (our code is the code bundle): a lock that
    pins another stops the build instead of fetching what nothing serves."""
    pinned = [{"name": "micropip", "version": "0.11.1"},
              {"name": "pydantic", "version": "2.14.3"}]
    with pytest.raises(BuildError, match="pins pydantic"):
        runtime.fetch_micropip(pinned, update=False, cache=tmp_path)
    with pytest.raises(BuildError, match="no micropip"):
        runtime.fetch_micropip([], update=False, cache=tmp_path)

"""Hashes, and writing files only when their content changes (so that an unchanged build
touches nothing and a second `make web` takes well under a second)."""

from __future__ import annotations

import hashlib
import io
import os
import shutil
import zipfile
from collections.abc import Iterable
from pathlib import Path


class BuildError(Exception):
    """A build step failed; the message says which file and why."""


def sha256_bytes(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def sha256_file(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def ensure_dir(p: Path) -> Path:
    p.mkdir(parents=True, exist_ok=True)
    return p


def write_if_changed(path: Path, data: bytes) -> bool:
    """Write `data` to `path` unless it already holds exactly that. True if written.
    Written beside and renamed: a reader never sees half a file."""
    if path.is_file() and path.stat().st_size == len(data) and path.read_bytes() == data:
        return False
    ensure_dir(path.parent)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_bytes(data)
    os.replace(tmp, path)
    return True


def copy_if_changed(src: Path, dst: Path) -> bool:
    if dst.is_file() and dst.stat().st_size == src.stat().st_size \
            and sha256_file(dst) == sha256_file(src):
        return False
    ensure_dir(dst.parent)
    shutil.copyfile(src, dst)
    return True


def prune(directory: Path, keep: Iterable[Path]) -> list[Path]:
    """Delete files under `directory` that are not in `keep` (stale versions), and the
    folders that leaves empty."""
    keep_set = {p.resolve() for p in keep}
    removed: list[Path] = []
    if not directory.is_dir():
        return removed
    for p in sorted(directory.rglob("*"), reverse=True):
        if p.is_file() and p.resolve() not in keep_set:
            p.unlink()
            removed.append(p)
        elif p.is_dir() and not any(p.iterdir()):
            p.rmdir()
    return removed


def zip_entries(path: Path) -> list[tuple[zipfile.ZipInfo, bytes]]:
    with zipfile.ZipFile(path) as zf:
        return [(i, zf.read(i)) for i in zf.infolist() if not i.is_dir()]


def write_zip(entries: Iterable[tuple[str, bytes]]) -> bytes:
    """A zip of `entries` with fixed dates and modes: the same files, the same bytes."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        for name, data in entries:
            info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            info.external_attr = 0o644 << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            zf.writestr(info, data)
    return buf.getvalue()

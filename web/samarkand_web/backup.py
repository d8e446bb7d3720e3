"""Backups of the saved games: every save in one JSON file, and back again.

A player who must clear the site's data, or moves to another device, exports
the saves to a file and imports it there. The file:

    {"format": "samarkand-saves", "version": 1, "exported": <ms since 1970>,
     "saves": [<a stored entry, exactly as in localStorage>, ...]}

Import is checked strictly: the envelope as a whole (a file that is not a
backup of ours is refused with a clear message and changes nothing), then each
save on its own (one damaged save does not cost the others), and its save code
is replayed by the engine. It merges by the rules of share links and never
overwrites anything: a game already saved here (the same game, with all the
file's moves) is not added twice; any other becomes a new save, under its own id
when that id is free here (so ``?game=<id>`` addresses still work), else a new one.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

from samarkand_core import GameState

from .storage import (
    MAX_TIME_MS,
    EntryError,
    SaveEntry,
    SaveProblem,
    Saves,
    StorageFull,
    StorageUnavailable,
)

FORMAT = "samarkand-saves"
BACKUP_VERSION = 1
MAX_BACKUP_CHARS = 20_000_000  # far more than a browser's storage holds (about 5 MB)
MAX_BACKUP_SAVES = 10_000
MIME = "application/json"


@dataclass(frozen=True, slots=True)
class BackupFile:
    """The envelope; the saves are checked one by one (see import_backup)."""

    exported: float
    saves: tuple[Any, ...]


class BackupProblem(Exception):
    """The file is not a backup this page can read; `key` is an i18n key."""

    def __init__(self, key: str, detail: str = "") -> None:
        super().__init__(f"{key}: {detail}")
        self.key = key
        self.detail = detail


@dataclass(slots=True)
class ImportReport:
    """What an import did, for the message: counts, and why saves were refused."""

    added: list[str] = field(default_factory=list)  # the new saves' ids
    already: int = 0  # games this device already holds (with all the file's moves)
    refused: list[str] = field(default_factory=list)  # one reason per damaged save
    not_saved: int = 0  # valid saves that did not fit (full or disabled storage)
    storage_problem: str = ""  # "full" or "off" when not_saved > 0


def export_backup(saves: Saves, now_ms: float) -> tuple[str, int]:
    """The backup file's text and how many saves it holds (damaged entries are left
    out: they cannot be read here either, and they stay where they are)."""
    good, _ = saves.list()
    doc = {
        "format": FORMAT,
        "version": BACKUP_VERSION,
        "exported": now_ms,
        "saves": [e.as_dict() for e in sorted(good, key=lambda e: e.id)],
    }
    return json.dumps(doc, ensure_ascii=False, indent=1) + "\n", len(good)


def backup_filename(now_ms: float) -> str:
    """samarkand-saves-2025-03-01.json (UTC; the same day for every device)."""
    ms = 0.0 if math.isnan(now_ms) else min(max(now_ms, 0.0), MAX_TIME_MS)
    day = datetime(1970, 1, 1, tzinfo=UTC) + timedelta(milliseconds=ms)
    return f"samarkand-saves-{day:%Y-%m-%d}.json"


def read_backup(text: str) -> BackupFile:
    """The file's envelope; BackupProblem if the file is not one of our backups."""
    if len(text) > MAX_BACKUP_CHARS:
        raise BackupProblem("backup.too_big")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise BackupProblem("backup.not_json", type(exc).__name__) from None
    if type(data) is not dict or data.get("format") != FORMAT:
        raise BackupProblem("backup.not_ours", "format: not a backup of saved games")
    if data.get("version") != BACKUP_VERSION or type(data.get("version")) is not int:
        raise BackupProblem("backup.version", f"version: {str(data.get('version'))[:20]}")
    extra = sorted(str(k) for k in data if k not in ("format", "version", "exported", "saves"))
    if extra:
        raise BackupProblem("backup.not_ours", f"{extra[0][:40]}: not a field of a backup")
    exported, saves = data.get("exported"), data.get("saves")
    if type(exported) not in (int, float) or not 0 <= exported <= MAX_TIME_MS:
        raise BackupProblem("backup.not_ours", "exported: not a time")
    if type(saves) is not list or len(saves) > MAX_BACKUP_SAVES:
        raise BackupProblem("backup.not_ours", f"saves: not a list of at most "
                            f"{MAX_BACKUP_SAVES} saves")
    return BackupFile(float(exported), tuple(saves))


def _one(item: Any, n: int) -> SaveEntry | str:
    """The n-th save of a file, checked; a reason (for people) when it is damaged."""
    try:
        return SaveEntry.from_obj(item)
    except EntryError as exc:
        return f"#{n}: {exc}"[:200]


def import_backup(saves: Saves, text: str) -> ImportReport:
    """Merge a backup file into the saves; never overwrites or deletes anything.
    BackupProblem when the file as a whole cannot be read (nothing is changed)."""
    backup = read_backup(text)
    report = ImportReport()
    here = saves.list()[0]  # read once; the saves added below join it
    for n, item in enumerate(backup.saves, 1):
        checked = _one(item, n)
        if isinstance(checked, str):
            report.refused.append(checked)
            continue
        try:
            _, state = saves.rebuild(checked)
        except SaveProblem as exc:
            report.refused.append(f"#{n}: {exc.detail}"[:200])
            continue
        if saves.find_same_game(state, here) is not None:
            report.already += 1
        elif report.not_saved:  # the store refused a write: try no more, count the rest
            report.not_saved += 1
        else:
            new = _add(saves, checked, state, report)
            if new is not None:
                here.append(new)
    return report


def _add(saves: Saves, entry: SaveEntry, state: GameState,
         report: ImportReport) -> SaveEntry | None:
    try:
        new = saves.create(state, entry.seats, "file", save_id=entry.id,
                           times=(entry.created, max(entry.updated, entry.created)),
                           coach=entry.coach, coach_used=entry.coach_used)
    except (StorageFull, StorageUnavailable) as exc:
        report.not_saved += 1
        report.storage_problem = "full" if isinstance(exc, StorageFull) else "off"
        return None
    report.added.append(new.id)
    return new

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
A save dated later than now is dated now (one from year 9999 would stay at the top of
the list forever).

The import runs in steps (BackupImport), in linear time: the page runs a slice of them
per task and shows how far it is, so that a file of a thousand saves never freezes it.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

from samarkand_core import GameState
from samarkand_web.saves.jsonread import JsonRefused, read_json
from samarkand_web.saves.storage import (
    MAX_TIME_MS,
    PREFIX,
    BadEntry,
    EntryError,
    SameGames,
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
    future_dates: int = 0  # saves added whose dates were later than now (set to now)


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
        data = read_json(text, max_chars=MAX_BACKUP_CHARS)
    except JsonRefused as exc:  # measured before it is parsed: no depth can crash the page
        key = {"depth": "backup.too_deep", "size": "backup.too_big"}.get(exc.what,
                                                                         "backup.not_json")
        raise BackupProblem(key, str(exc)) from None
    if type(data) is not dict or data.get("format") != FORMAT:
        raise BackupProblem("backup.not_ours", "format: not a backup of saved games")
    if data.get("version") != BACKUP_VERSION or type(data.get("version")) is not int:
        raise BackupProblem("backup.version", f"version: {str(data.get('version'))[:20]}")
    extra = sorted(str(k) for k in data if k not in ("format", "version", "exported", "saves"))
    if extra:
        raise BackupProblem("backup.not_ours", f"{extra[0][:40]}: not a field of a backup")
    exported, saves = data.get("exported"), data.get("saves")
    # (type(), not isinstance: a bool is no time)
    if type(exported) not in (int, float) or not isinstance(exported, (int, float)) or not (
            0 <= exported <= MAX_TIME_MS):
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
    job = BackupImport(saves, text)
    while not job.step(MAX_BACKUP_SAVES):
        pass
    return job.report


# Steps of an import run in one slice of the page (each step is one save of the file or
# of this device, checked or rebuilt: a few ms in the browser), and the time after which
# a slice stops early: the worker reads the page's messages (clicks) between slices.
SLICE_STEPS = 100
SLICE_MS = 30.0
_DONE = object()  # what the steps give when there are no more


class BackupImport:
    """An import in steps, so that the page stays live while it runs (the worker's host
    runs one slice per step, ``step``); ``import_backup`` runs it all at once.

    The saves already here are read and indexed once (SameGames), and each save of the
    file is checked, rebuilt and compared against that index, which learns every save
    added: the work grows with the number of saves, not with its square. A step is one
    save read from the store, one save of this device rebuilt for comparison, or one
    save of the file; ``done`` counts the file's saves handled, of ``total``."""

    def __init__(self, saves: Saves, text: str) -> None:
        self.saves = saves
        self.backup = read_backup(text)  # BackupProblem: nothing is changed
        self.report = ImportReport()
        self.total = len(self.backup.saves)
        self.done = 0
        self.steps = 0  # steps run so far (the tests bound them per slice)
        self.finished = False
        # Dates later than now become now: a save dated 9999 would top the list forever.
        self.now = saves.now()
        self.taken: set[str] = set()  # every stored key of ours: ids a new save cannot have
        self.index: SameGames | None = None  # the saves here, once read (and those added)
        self._run = self._steps()

    def step(self, max_steps: int = SLICE_STEPS, max_ms: float | None = None,
             clock: Callable[[], float] | None = None) -> bool:
        """Run at most `max_steps` steps (and stop after `max_ms` by `clock`, in ms, after
        at least one); True once the import is finished. StorageUnavailable passes up."""
        t0 = clock() if clock is not None and max_ms is not None else 0.0
        for i in range(max(max_steps, 1)):
            if self.finished:
                break
            if next(self._run, _DONE) is _DONE:
                self.finished = True
                break
            self.steps += 1
            if clock is not None and max_ms is not None and i and clock() - t0 >= max_ms:
                break
        return self.finished

    def _steps(self) -> Iterator[object]:
        here: list[SaveEntry] = []
        for entry in self.saves.entries():
            if isinstance(entry, BadEntry):
                self.taken.add(entry.key)
            else:
                self.taken.add(PREFIX + entry.id)
                here.append(entry)
            yield None
        index = self.index = SameGames(here)
        for n, item in enumerate(self.backup.saves, 1):
            yield from self._one_save(index, n, item)
            self.done = n
            yield None

    def _one_save(self, index: SameGames, n: int, item: Any) -> Iterator[object]:
        report = self.report
        checked = _one(item, n)
        if isinstance(checked, str):
            report.refused.append(checked)
            return
        try:
            _, state = self.saves.rebuild(checked)
        except SaveProblem as exc:
            report.refused.append(f"#{n}: {exc.detail}"[:200])
            return
        if not index.same_code(state):
            yield from index.prepare(state)
        if index.same_code(state) or index.held(state):
            report.already += 1
        elif report.not_saved:  # the store refused a write: try no more, count the rest
            report.not_saved += 1
        else:
            new = self._add(checked, state)
            if new is not None:
                index.add(new, state)

    def _free_id(self, wanted: str) -> str:
        """The file's id if no entry here has it (``?game=<id>`` addresses still work),
        else a new one: chosen here, as Saves would, without reading every key again."""
        if PREFIX + wanted not in self.taken:
            return wanted
        for _ in range(100):
            sid = self.saves.new_id()
            if PREFIX + sid not in self.taken:
                return sid
        raise StorageFull("no free id")  # pragma: no cover - 100 collisions of 40 bits

    def _add(self, entry: SaveEntry, state: GameState) -> SaveEntry | None:
        report = self.report
        created, updated = entry.created, max(entry.updated, entry.created)
        if updated > self.now:
            report.future_dates += 1
            created, updated = min(created, self.now), self.now
        try:
            new = self.saves.create(state, entry.seats, "file",
                                    save_id=self._free_id(entry.id), times=(created, updated),
                                    coach=entry.coach, coach_used=entry.coach_used,
                                    analyses=entry.analyses)
        except (StorageFull, StorageUnavailable) as exc:
            report.not_saved += 1
            report.storage_problem = "full" if isinstance(exc, StorageFull) else "off"
            return None
        self.taken.add(PREFIX + new.id)
        report.added.append(new.id)
        return new

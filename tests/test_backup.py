"""Backups (samarkand_web.backup, issue 10 item 9): "Export all saves" writes every save
into one versioned JSON file; "Import" checks it with pydantic and merges it by the rules
of share links, never overwriting or deleting anything. A player who clears the site's
data, or moves to another device, loses nothing."""

from __future__ import annotations

import json

import pytest
from samarkand_web.backup import (
    BackupProblem,
    backup_filename,
    export_backup,
    import_backup,
    read_backup,
)
from samarkand_web.storage import PREFIX, MemoryStore, Saves
from web_support import Clock, Ids, random_game

from samarkand_core import apply_action, encode_save, legal_actions, new_game


LATER = 1_800_000_000_000.0  # a device the backup comes to: its clock is past the file's dates


def saves(store: MemoryStore | None = None, start: float = 1_700_000_000_000.0) -> Saves:
    return Saves(store if store is not None else MemoryStore(), Clock(start), Ids())


def device_with_three_saves() -> tuple[MemoryStore, Saves]:
    store = MemoryStore({"other.app": "kept"})
    sv = saves(store)
    sv.create(new_game(["Ann", "Bob"], 1), ("human", "random"))
    sv.create(random_game(3, 2), ("human", "human", "heuristic"))
    sv.open_code(encode_save(random_game(4, 3)))
    return store, sv


def test_export_then_import_on_an_empty_device_gives_every_save_back() -> None:
    store, sv = device_with_three_saves()
    text, n = export_backup(sv, 1_750_000_000_000.0)
    assert n == 3
    doc = json.loads(text)
    assert doc["format"] == "samarkand-saves" and doc["version"] == 1
    before = {e.id: e for e in sv.list()[0]}
    fresh = saves(MemoryStore(), LATER)  # site data cleared, or another device
    report = import_backup(fresh, text)
    assert sorted(report.added) == sorted(before) and report.already == 0
    assert not report.refused and not report.not_saved
    for entry in fresh.list()[0]:
        old = before[entry.id]  # the same ids: ?game=<id> addresses still work
        assert (entry.code, entry.names, entry.seats, entry.created, entry.updated) == (
            old.code, old.names, old.seats, old.created, old.updated)
        assert entry.origin == "file"
        fresh.load(entry.id)  # replays


def test_importing_into_a_device_that_has_the_games_adds_nothing_and_changes_nothing(
        ) -> None:
    store, sv = device_with_three_saves()
    text, _ = export_backup(sv, 1_750_000_000_000.0)
    before = dict(store.data)
    report = import_backup(sv, text)
    assert report.added == [] and report.already == 3
    assert store.data == before


def test_import_merges_without_overwriting_a_save_with_the_same_id() -> None:
    _, sv = device_with_three_saves()
    text, _ = export_backup(sv, 1.0)
    other_store = MemoryStore()
    other = Saves(other_store, Clock(LATER), Ids())  # the same ids save0001.. for other games
    mine = other.create(new_game(["Cem", "Dee"], 9), ("human", "human"))
    kept = other_store.data[PREFIX + mine.id]
    report = import_backup(other, text)
    assert len(report.added) == 3 and mine.id not in report.added
    assert other_store.data[PREFIX + mine.id] == kept
    assert len(other.list()[0]) == 4


def test_a_saved_game_played_on_here_is_not_replaced_by_its_older_backup() -> None:
    store = MemoryStore()
    sv = saves(store)
    start = new_game(["Ann", "Bob"], 4)
    entry = sv.create(start, ("human", "human"))
    text, _ = export_backup(sv, 1.0)
    later = start
    for _ in range(6):
        later = apply_action(later, legal_actions(later)[0])
    sv.save_game(entry, later)
    report = import_backup(sv, text)
    assert report.already == 1 and report.added == []
    assert sv.get(entry.id).code == encode_save(later)


def test_a_damaged_save_in_the_file_is_refused_and_the_others_come_in() -> None:
    _, sv = device_with_three_saves()
    doc = json.loads(export_backup(sv, 1.0)[0])
    doc["saves"][0]["updated"] = 1e16
    doc["saves"][1]["code"] = "s1-AAAAnotagame"
    doc["saves"].append("hello")
    report = import_backup(saves(MemoryStore()), json.dumps(doc))
    assert len(report.added) == 1 and len(report.refused) == 3
    assert report.refused[0].startswith("#1: updated")


@pytest.mark.parametrize("text,key", [
    ("", "backup.not_json"),
    ("{not json", "backup.not_json"),
    ("[1, 2]", "backup.not_ours"),
    (json.dumps({"hello": "world"}), "backup.not_ours"),
    (json.dumps({"format": "samarkand-saves", "version": 2, "exported": 1.0, "saves": []}),
     "backup.version"),
    (json.dumps({"format": "samarkand-saves", "version": 1, "exported": 1e300,
                 "saves": []}), "backup.not_ours"),
    (json.dumps({"format": "samarkand-saves", "version": 1, "exported": 1.0,
                 "saves": {}}), "backup.not_ours"),
    ("[" * 100_000, "backup.not_json"),
])
def test_a_file_that_is_not_one_of_our_backups_is_refused_and_changes_nothing(
        text: str, key: str) -> None:
    store, sv = device_with_three_saves()
    before = dict(store.data)
    with pytest.raises(BackupProblem) as exc:
        import_backup(sv, text)
    assert exc.value.key == key
    assert store.data == before


def test_a_file_too_big_to_be_a_backup_is_refused_before_it_is_read() -> None:
    with pytest.raises(BackupProblem) as exc:
        read_backup(" " * 20_000_001)
    assert exc.value.key == "backup.too_big"


def test_import_into_a_full_store_says_how_many_did_not_fit() -> None:
    _, sv = device_with_three_saves()
    text, _ = export_backup(sv, 1.0)
    store = MemoryStore()
    target = saves(store)
    target.create(new_game(["Eve", "Fay"], 1), ("human", "human"))
    store.quota = sum(len(k) + len(v) for k, v in store.data.items()) + 900
    report = import_backup(target, text)
    assert report.not_saved >= 1 and report.storage_problem == "full"
    assert len(report.added) + report.not_saved == 3
    assert len(target.list()[0]) == 1 + len(report.added)


def test_damaged_entries_on_the_device_are_left_out_of_the_export_and_left_in_place(
        ) -> None:
    store, sv = device_with_three_saves()
    store.data[PREFIX + "junk"] = "{broken"
    text, n = export_backup(sv, 1.0)
    assert n == 3 and "junk" not in text and store.data[PREFIX + "junk"] == "{broken"


def test_backup_file_name_has_the_day() -> None:
    assert backup_filename(1_750_000_000_000.0) == "samarkand-saves-2025-06-15.json"
    assert backup_filename(float("inf")) == "samarkand-saves-9999-12-31.json"

"""Backups (samarkand_web.saves.backup): "Export all saves" writes every save
into one versioned JSON file; "Import" checks it with pydantic and merges it by the rules
of share links, never overwriting or deleting anything. A player who clears the site's
data, or moves to another device, loses nothing."""

from __future__ import annotations

import json

import pytest
from samarkand_web.saves.backup import (
    BackupImport,
    BackupProblem,
    backup_filename,
    export_backup,
    import_backup,
    read_backup,
)
from samarkand_web.saves.storage import PREFIX, MemoryStore, SameGames, Saves

from benchmarks.import_bench import game_at_turn, same_player_backup
from samarkand_core import (
    GameState,
    apply_action,
    decode_save,
    encode_save,
    legal_actions,
    new_game,
)
from tests.support.web_support import Clock, Ids, random_game

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
    ("[" * 100_000, "backup.too_deep"),
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


# -- imports that stay fast: linear work, in slices, and dates no later than now


def decodes_counted(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Count every save code the store rebuilds (Saves.rebuild decodes through it)."""
    from samarkand_web.saves import storage

    calls = [0]
    real = decode_save  # the core's, which storage imported

    def counting(code: str, board: object = None) -> GameState:
        calls[0] += 1
        return real(code)

    monkeypatch.setattr(storage, "decode_save", counting)
    return calls


def import_counting(monkeypatch: pytest.MonkeyPatch, text: str,
                    sv: Saves | None = None) -> tuple[int, int, BackupImport]:
    """Import the file; the codes rebuilt and the index's work (moves walked)."""
    sv = sv if sv is not None else saves(MemoryStore(), LATER)
    calls = decodes_counted(monkeypatch)
    job = BackupImport(sv, text)
    while not job.step():
        pass
    monkeypatch.undo()
    assert job.index is not None
    return calls[0], job.index.work, job


def moves_in(text: str) -> int:
    return sum(len(decode_save(s["code"]).actions) for s in json.loads(text)["saves"])


def test_import_work_grows_linearly_with_saves_of_the_same_players_at_the_same_turn(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # The case that grew as the square: every save of the file was compared with every
    # save of the same players at its turn or later, each rebuilt anew. Counted, not
    # timed: each save is rebuilt once, and the index walks each move at most twice
    # (once to look for the game, once to add it).
    work = {}
    for n in (100, 400):
        text = same_player_backup(n)
        decodes, walked, job = import_counting(monkeypatch, text)
        assert len(job.report.added) == n and job.report.already == 0
        assert decodes == n
        assert walked <= 2 * moves_in(text)
        work[n] = decodes + walked
    assert work[400] <= 4 * work[100] * 1.1  # the games' lengths vary a little


def test_saves_already_here_are_rebuilt_at_most_once_however_many_the_file_holds(
        monkeypatch: pytest.MonkeyPatch) -> None:
    here = saves(MemoryStore(), LATER)
    for seed in range(500, 560):  # 60 other games of the same players at the same turn
        here.create(game_at_turn(seed), ("human",) * 3)
    text = same_player_backup(150)
    decodes, _, job = import_counting(monkeypatch, text, here)
    assert len(job.report.added) == 150
    assert decodes == 150 + 60
    # and a second import of the same file finds every game by its code: nothing rebuilt
    # but the file's own saves (each is checked by the engine)
    decodes, _, job = import_counting(monkeypatch, text, here)
    assert job.report.already == 150 and decodes == 150


def test_an_import_in_slices_is_bounded_per_slice_reports_progress_and_equals_one_import(
        ) -> None:
    text = same_player_backup(40)
    one_store, sliced_store = MemoryStore(), MemoryStore()
    for store in (one_store, sliced_store):  # the same games here beforehand
        Saves(store, Clock(LATER), Ids()).create(game_at_turn(3), ("human",) * 3)
    one = import_backup(Saves(one_store, Clock(LATER), Ids()), text)
    job = BackupImport(Saves(sliced_store, Clock(LATER), Ids()), text)
    slices, progress, steps = 0, [], job.steps
    while not job.step(7):
        slices += 1
        assert 1 <= job.steps - steps <= 7  # a slice never does more than it may
        steps = job.steps
        progress.append(job.done)
    assert slices > 5 and job.done == job.total == 40
    assert progress == sorted(progress) and 0 < progress[len(progress) // 2] < 40
    assert job.report == one and len(one.added) == 39 and one.already == 1
    assert sliced_store.data == one_store.data


def test_a_slice_stops_early_when_its_time_is_spent_but_always_makes_progress() -> None:
    job = BackupImport(saves(MemoryStore(), LATER), same_player_backup(5))
    ticks = iter(range(0, 10_000, 50))  # every look at the clock: 50 ms later
    job.step(100, max_ms=30.0, clock=lambda: float(next(ticks)))
    assert job.steps == 2  # the first step is always made, then the time is up
    while not job.step(100, max_ms=30.0, clock=lambda: float(next(ticks))):
        pass
    assert len(job.report.added) == 5


def line_of(seed: int, pick: int, names: tuple[str, ...] = ("Ann", "Bob", "Cem"),
            ) -> list[GameState]:
    """One line of play: its positions after 0, 6, 12, 18 and 24 moves."""
    state, points = new_game(list(names), seed), []
    for k in range(25):
        if k % 6 == 0:
            points.append(state)
        legal = legal_actions(state)
        state = apply_action(state, legal[(pick + k) % len(legal)])
    return points


def test_the_index_says_exactly_what_find_same_game_says() -> None:
    # For every game, "a save here holds it" is find_same_game's answer: the same start,
    # all of its moves, the save's listed players and listed turn (a hand-edited turn
    # counts as it does there), and a save whose code no longer replays holds nothing.
    sv = saves(MemoryStore(), LATER)
    a, b, c, d = line_of(1, 0), line_of(1, 1), line_of(2, 0), line_of(3, 0)
    other = line_of(1, 0, ("Bob", "Ann", "Cem"))
    human = ("human",) * 3
    a24 = sv.create(a[4], human).changed(turn=0)  # listed before it began
    b12 = sv.create(b[2], human)
    c6 = sv.create(c[1], human).changed(turn=c[1].turn + 40)
    d12 = sv.create(d[2], human)
    d12 = d12.changed(code=d12.code[:-6] + "AAAAAA")  # no longer replays
    among = [a24, b12, c6, d12]
    index = SameGames(among)
    answers = {}
    for name, line in (("a", a), ("b", b), ("c", c), ("d", d), ("other", other)):
        for i, state in enumerate(line):
            expected = sv.find_same_game(state, among) is not None
            if index.same_code(state):
                got = True
            else:
                for _ in index.prepare(state):
                    pass
                got = index.held(state)
            assert got == expected, (name, i)
            answers[name, i] = got
    assert answers["a", 4] and not answers["a", 2]  # its code, yet a listed turn too early
    assert answers["b", 0] and answers["b", 2] and not answers["b", 3]
    assert answers["c", 0] and answers["c", 1] and not answers["c", 2]
    assert not any(answers["d", i] for i in range(5))
    assert not any(answers["other", i] for i in range(5))


def test_dates_later_than_now_in_a_file_become_now_and_earlier_ones_stay() -> None:
    _, sv = device_with_three_saves()
    doc = json.loads(export_backup(sv, 1.0)[0])
    doc["saves"][0]["created"] = doc["saves"][0]["updated"] = 253_402_300_799_999.0  # 9999
    doc["saves"][1]["updated"] = 253_402_300_799_999.0
    past = (doc["saves"][2]["created"], doc["saves"][2]["updated"])
    clock = Clock(LATER)
    fresh = Saves(MemoryStore(), clock, Ids())
    report = import_backup(fresh, json.dumps(doc))
    assert len(report.added) == 3 and report.future_dates == 2
    now = LATER + 1000.0  # the one look at the clock the import made
    got = {e.id: (e.created, e.updated) for e in fresh.list()[0]}
    assert got[doc["saves"][0]["id"]] == (now, now)
    assert got[doc["saves"][1]["id"]] == (doc["saves"][1]["created"], now)
    assert got[doc["saves"][2]["id"]] == past
    assert fresh.list()[0][0].updated <= now  # none stays at the top for ever

"""Saved games (samarkand_web.storage): every entry validated on read, damaged or foreign
entries reported and kept, shared games always imported as new saves, full or disabled
storage reported without losing anything."""

from __future__ import annotations

import json

import pytest
from samarkand_web.storage import (
    PREFIX,
    PREFS_KEY,
    BadEntry,
    MemoryStore,
    Prefs,
    SaveEntry,
    SaveProblem,
    Saves,
    StorageFull,
    StorageUnavailable,
    load_prefs,
    parse_entry,
    save_prefs,
)
from web_support import Clock, Ids, random_game

from samarkand_core import encode_save, new_game

HUMANS = ("human", "human", "human")


def saves(store: MemoryStore | None = None) -> Saves:
    return Saves(store if store is not None else MemoryStore(), Clock(), Ids())


def test_create_load_and_update_a_save_round_trip() -> None:
    sv = saves()
    state = new_game(["Ann", "Bob", "Cem"], 7)
    entry = sv.create(state, HUMANS)
    assert entry.id == "save0001" and entry.turn == 1 and not entry.over
    loaded, again = sv.load(entry.id)
    assert loaded == entry and encode_save(again) == encode_save(state)
    finished = random_game(3, 2)
    updated = sv.update(entry, finished)
    assert updated.id == entry.id and updated.over and updated.winners
    assert updated.updated > entry.updated and updated.created == entry.created
    _, state2 = sv.load(entry.id)
    assert encode_save(state2) == encode_save(finished)


def test_list_is_newest_first_and_ignores_keys_that_are_not_ours() -> None:
    store = MemoryStore({"other.app": "{not ours", "theme": "dark"})
    sv = saves(store)
    a = sv.create(new_game(["Ann", "Bob"], 1), ("human", "human"))
    b = sv.create(new_game(["Cem", "Dee"], 2), ("human", "random"))
    good, bad = sv.list()
    assert [e.id for e in good] == [b.id, a.id] and bad == []
    assert store.data["other.app"] == "{not ours" and store.data["theme"] == "dark"


@pytest.mark.parametrize("raw", [
    "{not json",
    "[]",
    json.dumps({"v": 1}),
    json.dumps({"hello": "world"}),
    "",
])
def test_a_damaged_or_foreign_entry_is_reported_and_kept_and_others_still_load(
        raw: str) -> None:
    store = MemoryStore()
    sv = saves(store)
    good_entry = sv.create(new_game(["Ann", "Bob"], 1), ("human", "human"))
    store.data[PREFIX + "zzzz"] = raw
    good, bad = sv.list()
    assert [e.id for e in good] == [good_entry.id]
    assert [b.key for b in bad] == [PREFIX + "zzzz"] and bad[0].reason
    assert store.data[PREFIX + "zzzz"] == raw  # nothing deleted behind the user's back
    assert sv.load(good_entry.id)[0] == good_entry
    with pytest.raises(SaveProblem) as exc:
        sv.load("zzzz")
    assert exc.value.key == "problem.damaged"


def test_entry_whose_id_does_not_match_its_key_is_bad() -> None:
    sv = saves()
    entry = sv.create(new_game(["Ann", "Bob"], 1), ("human", "human"))
    assert isinstance(parse_entry(PREFIX + "elsewhere", entry.model_dump_json()), BadEntry)


def test_entry_with_a_tampered_save_code_loads_with_a_clear_problem() -> None:
    store = MemoryStore()
    sv = saves(store)
    entry = sv.create(new_game(["Ann", "Bob"], 1), ("human", "human"))
    tampered = entry.model_copy(update={"code": "s1-AAAAAAAA"})
    store.data[PREFIX + entry.id] = tampered.model_dump_json()
    with pytest.raises(SaveProblem) as exc:
        sv.load(entry.id)
    assert exc.value.key == "problem.bad_code" and exc.value.detail


def test_loading_a_missing_save() -> None:
    with pytest.raises(SaveProblem) as exc:
        saves().load("nothere")
    assert exc.value.key == "problem.missing"


def test_importing_a_shared_code_always_makes_a_new_save() -> None:
    store = MemoryStore()
    sv = saves(store)
    state = random_game(2, 3)
    mine = sv.create(new_game(["Ann", "Bob"], 1), ("human", "human"))
    before = dict(store.data)
    a, sa = sv.import_code(encode_save(state))
    b, _ = sv.import_code(encode_save(state))
    assert len({mine.id, a.id, b.id}) == 3
    assert a.origin == "link" and encode_save(sa) == encode_save(state)
    for key, value in before.items():
        assert store.data[key] == value  # no other save was touched


def test_importing_a_code_whose_seats_do_not_match_falls_back_to_people() -> None:
    entry, _ = saves().import_code(encode_save(new_game(["Ann", "Bob"], 1)), ["random"] * 3)
    assert entry.seats == ("human", "human")


@pytest.mark.parametrize("code", [
    "", "hello", "s1-", "s1-!!!!", "s9-AAAA", "s1-" + "A" * 20_000,
])
def test_a_bad_or_tampered_link_gives_a_problem_and_saves_nothing(code: str) -> None:
    store = MemoryStore()
    sv = saves(store)
    sv.create(new_game(["Ann", "Bob"], 1), ("human", "human"))
    before = dict(store.data)
    with pytest.raises(SaveProblem) as exc:
        sv.import_code(code)
    assert exc.value.key == "problem.bad_link"
    assert store.data == before


def test_a_code_with_a_flipped_character_is_refused() -> None:
    code = encode_save(random_game(3, 4))
    flipped = code[:-6] + ("A" if code[-6] != "A" else "B") + code[-5:]
    with pytest.raises(SaveProblem):
        saves().import_code(flipped)


def test_full_storage_raises_storage_full_and_keeps_the_other_saves() -> None:
    store = MemoryStore()
    sv = saves(store)
    kept = sv.create(new_game(["Ann", "Bob"], 1), ("human", "human"))
    store.quota = sum(len(k) + len(v) for k, v in store.data.items()) + 50
    before = dict(store.data)
    with pytest.raises(StorageFull):
        sv.create(random_game(3, 5), HUMANS)
    assert store.data == before
    assert sv.load(kept.id)[0] == kept


def test_disabled_storage_raises_storage_unavailable() -> None:
    sv = saves(MemoryStore(broken=True))
    with pytest.raises(StorageUnavailable):
        sv.create(new_game(["Ann", "Bob"], 1), ("human", "human"))
    with pytest.raises(StorageUnavailable):
        sv.list()


def test_delete_removes_only_that_entry() -> None:
    store = MemoryStore({"unrelated": "x"})
    sv = saves(store)
    a = sv.create(new_game(["Ann", "Bob"], 1), ("human", "human"))
    b = sv.create(new_game(["Ann", "Bob"], 2), ("human", "human"))
    sv.delete(a.id)
    assert [e.id for e in sv.list()[0]] == [b.id] and store.data["unrelated"] == "x"
    store.data[PREFIX + "junk"] = "junk"
    sv.delete(PREFIX + "junk")  # a bad entry is deleted by its key
    assert sv.list() == ([sv.get(b.id)], [])


def test_save_entry_is_strict() -> None:
    entry = saves().create(new_game(["Ann", "Bob"], 1), ("human", "human"))
    data = json.loads(entry.model_dump_json())
    for change in ({"turn": "3"}, {"extra": 1}, {"v": 2}, {"code": "not a code"},
                   {"seats": ["Human!", "x"]}, {"origin": "elsewhere"}):
        with pytest.raises(ValueError):
            SaveEntry.model_validate_json(json.dumps({**data, **change}))


def test_prefs_round_trip_and_damaged_prefs_fall_back_to_defaults() -> None:
    store = MemoryStore()
    save_prefs(store, Prefs(lang="de", speed="fast"))
    assert load_prefs(store) == Prefs(lang="de", speed="fast")
    store.data[PREFS_KEY] = "{broken"
    assert load_prefs(store) == Prefs()
    assert load_prefs(MemoryStore(broken=True)) == Prefs()

"""Saved games (samarkand_web.saves.storage): every entry validated on read, damaged or foreign
entries reported and kept, shared games always imported as new saves, full or disabled
storage reported without losing anything."""

from __future__ import annotations

import json

import pytest
from samarkand_web.saves.storage import (
    PREFIX,
    PREFS_KEY,
    BadEntry,
    MemoryStore,
    SaveProblem,
    Saves,
    StorageFull,
    StorageUnavailable,
    holds,
    load_prefs,
    parse_entry,
    probe,
    save_prefs,
)
from samarkand_web.saves.storage_models import Prefs, SaveEntry

from samarkand_core import decode_save, encode_save, new_game
from tests.support.web_support import Clock, Ids, played, random_game

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
    assert isinstance(parse_entry(PREFIX + "elsewhere", entry.to_json()), BadEntry)


def test_entry_with_a_tampered_save_code_loads_with_a_clear_problem() -> None:
    store = MemoryStore()
    sv = saves(store)
    entry = sv.create(new_game(["Ann", "Bob"], 1), ("human", "human"))
    tampered = entry.changed(code="s1-AAAAAAAA")
    store.data[PREFIX + entry.id] = tampered.to_json()
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
    data = entry.as_dict()
    for change in ({"turn": "3"}, {"extra": 1}, {"v": 2}, {"code": "not a code"},
                   {"seats": ["Human!", "x"]}, {"origin": "elsewhere"}):
        with pytest.raises(ValueError):
            SaveEntry.from_json(json.dumps({**data, **change}))


def test_prefs_round_trip_and_damaged_prefs_fall_back_to_defaults() -> None:
    store = MemoryStore()
    save_prefs(store, Prefs(lang="de", speed="fast"))
    assert load_prefs(store) == Prefs(lang="de", speed="fast")
    store.data[PREFS_KEY] = "{broken"
    assert load_prefs(store) == Prefs()
    assert load_prefs(MemoryStore(broken=True)) == Prefs()


# -- storage under stress


def test_probe_tells_a_full_store_from_one_that_cannot_be_read() -> None:
    # A full store still reads; only a store that cannot be read is "off".
    store = MemoryStore()
    assert probe(store) == "ok" and store.data == {}
    saves(store).create(new_game(["Ann", "Bob"], 1), ("human", "human"))
    store.quota = sum(len(k) + len(v) for k, v in store.data.items())
    assert probe(store) == "full"
    assert probe(MemoryStore(broken=True)) == "off"


def test_a_full_store_still_lists_and_opens_every_save() -> None:
    # Reading keeps working when writing does not.
    store = MemoryStore()
    sv = saves(store)
    a = sv.create(new_game(["Ann", "Bob"], 1), ("human", "human"))
    b = sv.create(random_game(3, 2), HUMANS)
    store.quota = sum(len(k) + len(v) for k, v in store.data.items())
    assert probe(store) == "full"
    assert {e.id for e in sv.list()[0]} == {a.id, b.id}
    assert sv.load(b.id)[0] == b
    with pytest.raises(StorageFull):
        sv.save_game(a, played(decode_save(a.code), 3))
    assert sv.get(a.id) == a  # the failed write changed nothing


@pytest.mark.parametrize("field,value", [
    ("updated", 253402300800000),  # 10000-01-01: past the last date a list can show
    ("updated", 1e16),
    ("updated", float("inf")),
    ("updated", float("nan")),
    ("created", float("-inf")),
    ("created", -1),
    ("turn", 10**12),
    ("turn", -1),
    ("winners", [7]),
    ("winners", [0, 0]),
    ("names", ["", "Bob"]),
    ("names", ["A" * 200, "Bob"]),
    ("rev", -1),
    ("rev", 2**40),
    ("seats", ["human", "human", "human"]),
])
def test_every_field_of_a_stored_entry_is_checked_for_its_range(field: str, value: object
                                                                ) -> None:
    # A value out of range makes a BadEntry, listed as damaged; the others load.
    store = MemoryStore()
    sv = saves(store)
    good = sv.create(new_game(["Ann", "Bob"], 1), ("human", "human"))
    other = sv.create(random_game(2, 3), ("human", "human"))
    data = other.as_dict()
    data[field] = value
    store.data[PREFIX + other.id] = json.dumps(data)  # Python writes inf as Infinity
    listed, bad = sv.list()
    assert [e.id for e in listed] == [good.id]
    assert [b.key for b in bad] == [PREFIX + other.id] and field in bad[0].reason


def test_the_largest_time_a_date_can_show_is_still_a_good_entry() -> None:
    store = MemoryStore()
    sv = saves(store)
    entry = sv.create(new_game(["Ann", "Bob"], 1), ("human", "human"))
    data = entry.as_dict()
    data["updated"] = 253402300799999
    store.data[PREFIX + entry.id] = json.dumps(data)
    assert sv.list()[0][0].updated == 253402300799999


def test_an_entry_of_the_first_version_without_a_revision_still_loads() -> None:
    # Old saves keep loading: `rev` was added later and defaults to 0.
    store = MemoryStore()
    sv = saves(store)
    entry = sv.create(new_game(["Ann", "Bob"], 1), ("human", "human"))
    data = entry.as_dict()
    del data["rev"]
    store.data[PREFIX + entry.id] = json.dumps(data)
    assert sv.get(entry.id).rev == 0


def two_tabs() -> tuple[MemoryStore, Saves, Saves]:
    """Two tabs: two Saves on one shared dict (one localStorage)."""
    a, b = MemoryStore(), MemoryStore()
    b.data = a.data
    clock = Clock()
    ids = Ids()
    return a, Saves(a, clock, ids), Saves(b, clock, ids)


def test_a_stale_tab_never_overwrites_another_tabs_moves_it_keeps_both_lines() -> None:
    # Two tabs: A and B open one save; A makes 5 moves, B (still at the
    # start, told nothing) makes 2 others. A's 5 stay in the save; B's line is a copy.
    store, tab_a, tab_b = two_tabs()
    start = new_game(["Ann", "Bob"], 7)
    entry = tab_a.create(start, ("human", "human"))
    b_entry = tab_b.get(entry.id)
    a_state = played(start, 5)
    written = tab_a.save_game(entry, a_state)
    assert written.outcome == "saved" and written.entry.rev == entry.rev + 1
    b_state = played(start, 2, pick=1)
    assert not holds(a_state, b_state)  # the two lines went apart
    written_b = tab_b.save_game(b_entry, b_state)
    assert written_b.outcome == "copy" and written_b.entry.id != entry.id
    assert written_b.entry.origin == "copy"
    assert tab_a.get(entry.id).code == encode_save(a_state)
    assert tab_a.get(written_b.entry.id).code == encode_save(b_state)


def test_a_tab_ahead_on_the_same_line_writes_on_and_one_behind_takes_the_stored_line(
        ) -> None:
    # No copy when nothing would be lost.
    _, tab_a, tab_b = two_tabs()
    start = new_game(["Ann", "Bob"], 7)
    entry = tab_a.create(start, ("human", "human"))
    b_entry = tab_b.get(entry.id)
    two = played(start, 2)
    a_entry = tab_a.save_game(entry, two).entry
    # B, still at the start, plays the same 2 moves and 3 more: it holds A's line
    five = played(start, 5)
    written = tab_b.save_game(b_entry, five)
    assert written.outcome == "saved" and written.entry.rev == a_entry.rev + 1
    # A, at move 2, plays move 3 as B did: the store is ahead, A takes its line over
    written_a = tab_a.save_game(a_entry, played(start, 3))
    assert written_a.outcome == "behind" and written_a.state is not None
    assert encode_save(written_a.state) == encode_save(five)
    assert tab_a.get(entry.id).code == encode_save(five)  # nothing was written


def test_a_save_deleted_in_another_tab_is_written_again_by_the_tab_that_plays_it() -> None:
    _, tab_a, tab_b = two_tabs()
    start = new_game(["Ann", "Bob"], 7)
    entry = tab_a.create(start, ("human", "human"))
    tab_b.delete(entry.id)
    written = tab_a.save_game(entry, played(start, 1))
    assert written.outcome == "again" and tab_b.get(entry.id).turn == written.entry.turn


def test_sync_tells_a_tab_what_another_tabs_write_means() -> None:
    # The storage event's handler asks sync() and brings a stale tab up to date.
    _, tab_a, tab_b = two_tabs()
    start = new_game(["Ann", "Bob"], 7)
    entry = tab_a.create(start, ("human", "human"))
    assert tab_b.sync(entry, start).outcome == "same"
    a = tab_a.save_game(entry, played(start, 4)).entry
    synced = tab_b.sync(entry, start)
    assert synced.outcome == "newer" and synced.entry == a and synced.state is not None
    assert encode_save(synced.state) == a.code
    # B's own unsaved moves that went another way: its next move becomes a copy
    assert tab_b.sync(entry, played(start, 2, pick=1)).outcome == "apart"
    # A took its last 2 moves back: B, with nothing unsaved, shows that too
    back = tab_a.save_game(a, played(start, 2)).entry
    synced = tab_b.sync(a, played(start, 4))
    assert synced.outcome == "newer" and synced.entry == back
    tab_a.delete(entry.id)
    assert tab_b.sync(entry, start).outcome == "deleted"


def test_the_same_shared_game_opened_twice_opens_the_save_that_holds_it() -> None:
    # The same code, or an earlier position of a saved game, is that saved game.
    store = MemoryStore()
    sv = saves(store)
    game = played(new_game(["Ann", "Bob"], 5), 6)
    first, _, found = sv.open_code(encode_save(game))
    assert not found
    again, state, found = sv.open_code(encode_save(game))
    assert found and again.id == first.id and encode_save(state) == encode_save(game)
    # played on in its save, the old link still finds it (with the later moves)
    later = played(game, 4)
    sv.save_game(again, later)
    entry, state, found = sv.open_code(encode_save(game))
    assert found and entry.id == first.id and encode_save(state) == encode_save(later)
    assert len(sv.list()[0]) == 1


def test_a_shared_game_that_went_further_or_elsewhere_is_a_new_save() -> None:
    # A link with moves the save does not have never overwrites it.
    store = MemoryStore()
    sv = saves(store)
    start = new_game(["Ann", "Bob"], 5)
    mine = sv.create(played(start, 3), ("human", "human"))
    further, _, found = sv.open_code(encode_save(played(start, 6)))
    assert not found and further.id != mine.id
    elsewhere, _, found = sv.open_code(encode_save(played(start, 3, pick=1)))
    assert not found and elsewhere.id not in (mine.id, further.id)
    other_seed, _, found = sv.open_code(encode_save(new_game(["Ann", "Bob"], 6)))
    assert not found
    assert sv.get(mine.id) == mine and len(sv.list()[0]) == 4

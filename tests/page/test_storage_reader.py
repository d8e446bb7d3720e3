"""The page reads its saves with a strict reader of its own (samarkand_web/saves/storage_models.py),
so that saving never depends on a download (the site ships no pydantic). It must be as
strict as the pydantic schema the page used before: the same entries accepted and
refused, the same values read. The oracle is that schema (tests/support/storage_oracle.py)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pydantic import ValidationError
from samarkand_web.saves.storage import MemoryStore, Prefs, Saves, load_prefs
from samarkand_web.saves.storage_models import EntryError, SaveEntry
from samarkand_web.state.analysis import to_stored

from samarkand_core.analysis import Analysis
from samarkand_core.replay import Replay
from tests.support.storage_oracle import Prefs as OraclePrefs
from tests.support.storage_oracle import SaveEntry as OracleEntry
from tests.support.web_support import Clock, play_until, random_game

FIELDS = ("v", "id", "code", "names", "seats", "created", "updated", "turn", "over",
          "winners", "origin", "rev", "coach", "coach_used", "analyses")
EDGE = st.sampled_from([
    0, 1, 2, -1, 3, 5, 10_000, 10_001, 2**31 - 1, 2**31, 100_000, 100_001, 1.0, 0.5, -0.0,
    253402300799999, 253402300799999.5, 253402300800000, float("inf"), float("nan"),
    True, False, None, "", "3", "new", "file", "elsewhere", "abcd", "ab", "ABCD",
    "abcdefghijklmnopqrstuvwxy", "human", "Human", "s1-AAAA", "s1-", "s12345-A", "x" * 25,
    "٣", "s١-AAAA", "abc\n", [], [0], [0, 0], [1, 0], [5], ["Ann", "Bob"], ["human"] * 2,
    ["a"] * 6, [0, 1, 2, 3, 4, 5], {}, {"a": 1},
    # the limits of a stored analysis
    1000, 1001, 4000, 4001, -100_000, -100_001, "best", "blunder", "Best", "coach.reason.x",
    "x" * 61, {"n": 1}, {"N": 1}, {"n": 1.5}, [[500, 500]], [[500]], [[1001, 0]]])
JSON: st.SearchStrategy[Any] = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=30) | EDGE,
    lambda inner: st.lists(inner, max_size=6) | st.dictionaries(st.text(max_size=8), inner,
                                                                max_size=3),
    max_leaves=8)


def real_entries() -> list[dict[str, Any]]:
    """Entries as the page writes them: a game in play, a finished one with winners,
    coach counts and an analysis (a quick one: the heuristic's look alone)."""
    sv = Saves(MemoryStore(), Clock(), lambda: "real0001")
    playing = sv.create(play_until(lambda s: s.turn >= 6, 3, seed0=4),
                        ("human", "heuristic", "human"))
    done = random_game(2, 5)
    judged = to_stored(Analysis(done, 1, iterations=0).run(), Replay.from_state(done))
    finished = Saves(MemoryStore(), Clock(), lambda: "done0002").create(
        done, ("human", "search"), coach=False, coach_used=(2, 0), analyses=(judged,))
    return [playing.as_dict(), finished.as_dict()]


REAL = real_entries()


def oracle(raw: str) -> dict[str, Any] | None:
    try:
        return json.loads(OracleEntry.model_validate_json(raw).model_dump_json())
    except ValidationError:
        return None


def reader(raw: str) -> dict[str, Any] | None:
    try:
        return SaveEntry.from_json(raw).as_dict()
    except EntryError:
        return None


def stricter(data: Any) -> bool:
    """Where the reader is knowingly stricter than the schema: pydantic's Literal[1]
    takes the JSON values true and 1.0 for the version (both == 1 in Python); the reader
    takes only the whole number 1, the one the page writes."""
    return type(data) is dict and type(data.get("v")) in (bool, float)


def agree(data: Any) -> None:
    raw = json.dumps(data)
    mine, theirs = reader(raw), oracle(raw)
    if mine is None and theirs is not None and stricter(data):
        return
    assert mine == theirs, raw


def test_entries_the_page_writes_are_read_back_alike() -> None:
    for data in REAL:
        assert reader(json.dumps(data)) == data
        agree(data)


@pytest.mark.slow
@settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(REAL), st.lists(st.tuples(st.sampled_from(FIELDS), JSON), max_size=3),
       st.lists(st.sampled_from(FIELDS), max_size=2))
def test_the_reader_accepts_exactly_what_the_schema_accepts(
        base: dict[str, Any], changes: list[tuple[str, Any]], dropped: list[str]) -> None:
    """Real entries with fields replaced by any JSON value or dropped: accepted by both
    or refused by both, and read as the same values."""
    data = dict(base)
    for key, value in changes:
        data[key] = value
    for key in dropped:
        data.pop(key, None)
    agree(data)


@settings(max_examples=300, deadline=None)
@given(JSON)
def test_any_json_value_is_refused_or_read_alike(data: Any) -> None:
    agree(data)


@pytest.mark.parametrize("raw", [
    "", "not json", "[]", "null", '{"v": 1', "NaN", '{"v": 1, "v": 2}',
    '{"v": 1, "id": "abcd", "extra": 1}',
])
def test_texts_that_are_not_entries(raw: str) -> None:
    assert reader(raw) is None and oracle(raw) is None


@pytest.mark.parametrize("raw", [
    None, "", "not json", "[]", "42", '"de"', "{}", '{"lang": "de"}',
    '{"lang": "de", "speed": "fast"}', '{"lang": 5, "speed": ["fast"]}',
    '{"lang": null, "speed": "slow", "other": 1}', '{"lang": "xx-YY", "speed": "warp"}',
])
def test_preferences_are_read_as_the_schema_read_them(raw: str | None) -> None:
    store = MemoryStore({"samarkand.prefs": raw} if raw is not None else {})
    try:
        expected = OraclePrefs.model_validate(json.loads(raw)) if raw else OraclePrefs()
    except (ValidationError, ValueError):
        expected = OraclePrefs()
    assert load_prefs(store) == Prefs(expected.lang, expected.speed)


def test_an_entry_made_out_of_range_is_refused_when_made() -> None:
    """The page's own entries pass the same check as the ones it reads back."""
    good = SaveEntry.from_obj(REAL[0])
    with pytest.raises(EntryError):
        good.changed(turn=-1)
    with pytest.raises(EntryError):
        good.changed(winners=(0,))  # a game in play has no winners


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place inside a JSON value (keys of objects, indexes of lists)."""
    out = [path]
    if isinstance(value, dict):
        for k, v in value.items():
            out += _paths(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value[:3]):
            out += _paths(v, (*path, i))
    return out


ANALYSIS_PATHS = _paths(REAL[1]["analyses"])


@pytest.mark.slow
@settings(max_examples=800, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(st.sampled_from(ANALYSIS_PATHS), JSON | st.just("__drop__")),
                min_size=1, max_size=2))
def test_a_stored_analysis_is_read_exactly_as_the_schema_reads_it(
        changes: list[tuple[tuple[Any, ...], Any]]) -> None:
    """Inside a real entry's analysis (every object, list and number of it): any value
    replaced by any JSON value, or dropped, is accepted or refused by both alike."""
    data = json.loads(json.dumps(REAL[1]))
    for path, value in changes:
        if not path:
            continue
        try:
            holder = data["analyses"]
            for step in path[:-1]:
                holder = holder[step]
            if value == "__drop__":
                del holder[path[-1]]
            else:
                holder[path[-1]] = value
        except (KeyError, IndexError, TypeError):
            continue  # an earlier change took this place away
    agree(data)


BOUNDS: tuple[object, ...] = (
    -1, 0, 1, 4, 5, 8, 9, 12, 13, 1000, 1001, 4000, 4001, 10_000, 10_001, 100_000, 100_001,
    -100_000, -100_001, 1.0, True, None, "", "x" * 61, "best", [], {})


@pytest.mark.slow
def test_every_limit_of_a_stored_analysis_is_the_schemas() -> None:
    """Each place of a real analysis set to each value at or past a limit of ours."""
    for path in ANALYSIS_PATHS[1:]:
        for value in BOUNDS:
            data = json.loads(json.dumps(REAL[1]))
            holder = data["analyses"]
            for step in path[:-1]:
                holder = holder[step]
            holder[path[-1]] = value
            agree(data)


@pytest.mark.parametrize("version", [True, 1.0])
def test_the_reader_takes_only_the_whole_number_one_as_the_version(version: Any) -> None:
    """The one place the reader is stricter than the schema (see stricter above)."""
    data = dict(REAL[0], v=version)
    assert oracle(json.dumps(data)) is not None
    assert reader(json.dumps(data)) is None

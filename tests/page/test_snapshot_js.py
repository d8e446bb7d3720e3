"""The start's memory snapshot (web/snapshot.js; docs/speed.md, "The page's start from a
snapshot"), run in Node on a Cache Storage of fakes: a snapshot is stored compressed,
marked with its build, and read back whole for that build only; a damaged entry is
refused and deleted, so that the start boots Python and makes a new one; a store that
is missing or full stores nothing and says so in the console, never to the player; a
start is marked, so that the next one knows the site was started here before."""

from __future__ import annotations

from typing import Any

from tests.support.js_support import CASES, run


def snapshot_case(name: str) -> Any:
    return run([str(CASES / "snapshot_cases.mjs"), name])


def test_a_snapshot_is_read_back_whole_for_its_own_build_only() -> None:
    out = snapshot_case("stored_and_read_back")
    assert out["stored"] is True and out["same"] is True
    assert out["header"] == "./vendor/app/samarkand-1.bin"
    assert out["storedBytes"] < out["size"] / 10  # gzip: the memory is mostly zeros
    assert out["other"] is None  # another build's code: its memory would not fit
    assert out["keptAfterOther"] is True  # replaced when that build has made its own
    assert out["unknownBuild"] is None  # vendor/code.json not read: no restore
    assert out["bothKept"] is True  # one entry for each folder the site is served from


def test_a_damaged_snapshot_is_refused_and_deleted() -> None:
    """gzip's CRC-32 and length: a flipped byte or a cut end rejects the read, and the
    entry goes (worker.js then boots Python as on a first start)."""
    out = snapshot_case("damaged_entry_is_deleted")
    for damage in ("flipped", "cut"):
        assert out[damage] == {"found": True, "rejected": True, "left": False}, damage


def test_without_cache_storage_or_with_a_full_one_nothing_is_kept() -> None:
    out = snapshot_case("no_store_or_a_full_one")
    assert out["stored"] is False and out["entry"] is False and out["warned"] == 1
    assert out["noCachesRead"] is None and out["noCachesStored"] is False
    assert out["nothingStored"] is None


def test_a_start_leaves_a_mark_that_the_next_start_reads() -> None:
    """A first visit keeps no snapshot, only the mark that Python started here
    (worker.js: the snapshot is made from the second start on)."""
    out = snapshot_case("a_start_is_marked")
    assert out["before"] is False and out["marked"] is True and out["after"] is True
    assert out["elsewhere"] is False  # each folder the site is served from has its own
    assert out["snapshotLeft"] is False and out["markIsNotTheSnapshot"] is True
    # a store that refuses keeps no mark: the next start is a first one again
    assert out["fullMarked"] is False and out["fullBefore"] is False
    assert out["noCaches"] == [False, False]


def test_pyodides_memory_is_grown_to_the_snapshots_size_before_the_restore() -> None:
    out = snapshot_case("memory_grown_to_hold_it")
    assert out["grown"] == [100]  # the small module grown; the big one left as it is

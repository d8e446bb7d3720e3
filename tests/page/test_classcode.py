"""samarkand_web.classcode: the page's dataclasses take their methods' code
from a table the build made, instead of compiling it at every start. What a class is
must not depend on where its code came from; a source missing from the table (or a
damaged table) compiles as before."""

from __future__ import annotations

import dataclasses
import marshal
from collections.abc import Iterator
from pathlib import Path

import pytest
from samarkand_web import classcode


@pytest.fixture(autouse=True)
def _uninstalled() -> Iterator[None]:
    yield
    classcode.uninstall()


def define() -> type:
    @dataclasses.dataclass(frozen=True, slots=True)
    class Point:
        x: int
        y: int = 2
        tags: tuple[str, ...] = dataclasses.field(default_factory=tuple)

    return Point


def test_a_recorded_table_gives_the_same_class_without_compiling() -> None:
    recorder = classcode.install(record=True)
    first = define()
    # one exec per class in Python 3.13+, one per method before
    assert recorder.misses >= 1 and len(recorder.table) == recorder.misses
    reader = classcode.install(dict(recorder.table))
    second = define()
    assert (reader.hits, reader.misses) == (recorder.misses, 0)
    classcode.uninstall()
    plain = define()
    for cls in (first, second, plain):
        p = cls(1)
        assert (p.x, p.y, p.tags) == (1, 2, ())
        assert p == cls(1, 2) and hash(p) == hash(cls(1, 2)) and p != cls(1, 3)
        assert repr(p).endswith("Point(x=1, y=2, tags=())")
        with pytest.raises(dataclasses.FrozenInstanceError):
            p.x = 5  # type: ignore[misc]
        # each class's own __init__ (the one its dataclass wrote), from its namespace
        assert vars(cls)["__init__"].__code__.co_code == vars(plain)["__init__"].__code__.co_code


def test_a_source_not_in_the_table_compiles_as_before() -> None:
    hook = classcode.install({})
    cls = define()
    assert hook.hits == 0 and hook.misses >= 1 and hook.table == {}  # not recorded
    assert cls(3).y == 2


def test_a_missing_or_damaged_table_is_an_empty_one(tmp_path: Path) -> None:
    assert classcode.load(str(tmp_path / "absent.bin")) == {}
    bad = tmp_path / "bad.bin"
    bad.write_bytes(b"\x00garbage")
    assert classcode.load(str(bad)) == {}
    bad.write_bytes(marshal.dumps([1, 2]))  # readable, but not a table
    assert classcode.load(str(bad)) == {}
    good = tmp_path / "good.bin"
    table = {classcode.key("x = 1"): classcode.compile_like_exec("x = 1")}
    good.write_bytes(marshal.dumps(table))
    assert classcode.load(str(good)) == table


def test_uninstall_gives_dataclasses_the_builtin_exec_back() -> None:
    classcode.install({})
    assert "exec" in vars(dataclasses)
    classcode.uninstall()
    assert "exec" not in vars(dataclasses)
    assert define()(1).y == 2

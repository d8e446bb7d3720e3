"""Every kind of event the engine emits is known to the core (EVENT_KINDS) and classed for
taking a move back (REVEALING_EVENTS, reveals_hidden): a move whose events bring hidden
information into play (cards drawn, a holder asked to sell, a bag draw) is final
(docs/play.md, "Take back"; docs/rules.md, Goods: the holder's secret)."""

from __future__ import annotations

import ast
import dataclasses
import inspect

import pytest
from samarkand_web.state.controller import REFUSAL_BY_EVENT

from samarkand_core import (
    EVENT_KINDS,
    PRIVATE_EVENTS,
    REVEALING_EVENTS,
    GameEvent,
    apply_action,
    decode_save,
    encode_save,
    engine,
    events,
    first_revealing,
    new_game,
    reveals_hidden,
    tables,
)
from samarkand_core.events import (
    ENGINE_EVENTS,
    CamelPlaced,
    CardsDiscarded,
    CardsDrawn,
    MarkerTaken,
    TurnEnded,
)
from tests.support.helpers import random_game


def kinds_in_the_engines_source() -> set[str]:
    """The kinds the engine's code makes: the event classes it calls (directly or through
    the events module's `made_*` constructors), in the engine and in the tables it makes
    some events ahead in (tables.Tables.pay_events)."""
    made = {name: getattr(events, name).__wrapped__ for name in dir(events)
            if name.startswith("made_")}
    found = set()
    source = inspect.getsource(engine) + inspect.getsource(tables)
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            name = node.func.id
            cls = made.get(name) or getattr(events, name, None)
            if isinstance(cls, type) and issubclass(cls, GameEvent):
                found.add(cls.kind)
    return found


def kinds_in_play() -> set[str]:
    seen: set[str] = set()
    for n in (2, 3, 4, 5):
        for seed in range(1, 6):
            _, states = random_game(n, seed)
            for s in states:
                seen.update(e.kind for e in s.events)
    return seen


def test_every_kind_the_engine_emits_is_listed() -> None:
    """The kinds made in the engine's code and those met in random games of every size are
    exactly EVENT_KINDS (a new kind must be listed, and so classed below)."""
    assert kinds_in_the_engines_source() == EVENT_KINDS
    assert kinds_in_play() == EVENT_KINDS


def test_every_kind_is_classed_and_the_private_ones_are_revealing() -> None:
    assert REVEALING_EVENTS <= EVENT_KINDS and PRIVATE_EVENTS <= EVENT_KINDS
    # The holder's secret events happen only with a goods marker taken: never undoable.
    assert PRIVATE_EVENTS <= REVEALING_EVENTS
    for cls in ENGINE_EVENTS:
        assert reveals_hidden([one_of(cls)]) is (cls.kind in REVEALING_EVENTS), cls.kind
    # Placing camels, bonuses, relationships, a marriage before its draw, passes: nothing
    # hidden comes out (docs/play.md, "Take back": a placement may be taken back).
    assert EVENT_KINDS - REVEALING_EVENTS == {
        "marry", "treasury_pays", "camel", "relationship", "bonus", "rel_marker", "pass",
        "game_over"}


def test_first_revealing_names_the_first_such_event() -> None:
    evs = [CamelPlaced(0, 1, 2), MarkerTaken(0, 3), CardsDrawn(0, 3)]
    assert first_revealing(evs) == "goods_marker"
    assert first_revealing(evs[:1]) is None and not reveals_hidden(evs[:1])


def test_the_page_has_a_reason_for_every_revealing_kind_and_no_other() -> None:
    """The page keeps only the words: its refusal keys cover the core's revealing kinds."""
    assert set(REFUSAL_BY_EVENT) == REVEALING_EVENTS


def one_of(cls: type[GameEvent]) -> GameEvent:
    """An event of class `cls` with every field 1 (a sentence for GameOver's reason)."""
    values = {f.name: "x" if f.type in ("str", str) else 1 for f in dataclasses.fields(cls)}
    return cls(**values)


def test_every_event_is_a_frozen_dataclass_with_named_fields() -> None:
    """Issue 36: the core's events are typed records, not tuples read by position: each
    class a frozen dataclass with slots and named fields, its kind listed once."""
    classes = [*ENGINE_EVENTS, TurnEnded, CardsDiscarded]
    assert len({cls.kind for cls in classes}) == len(classes)
    assert {cls.kind for cls in ENGINE_EVENTS} == EVENT_KINDS
    for cls in classes:
        assert dataclasses.is_dataclass(cls) and issubclass(cls, GameEvent)
        # __dataclass_params__ is the dataclass's own record of its options: typeshed
        # declares it on no class (mypy reports it per member of the union of classes)
        assert cls.__dataclass_params__.frozen, cls  # type: ignore[attr-defined,union-attr]
        assert "__slots__" in cls.__dict__ and not hasattr(one_of(cls), "__dict__"), cls
        assert dataclasses.fields(cls), cls
        event = one_of(cls)
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(event, dataclasses.fields(cls)[0].name, 2)
        assert not isinstance(event, tuple)


def test_events_round_trip_through_the_save_code() -> None:
    """Events are not stored: a save code stores the actions, and decoding it plays them
    again. A decoded game's actions, played from its start, give back every action's
    events equal field by field, in games of every size; the code is the same again."""
    for n in (2, 3, 4, 5):
        for seed in (1, 2):
            last, states = random_game(n, seed)
            code = encode_save(last)
            again = decode_save(code)
            assert encode_save(again) == code
            s = new_game(list(again.names), again.options.seed, again.options.first_player)
            assert len(again.actions) == len(states) - 1
            for action, original in zip(again.actions, states[1:], strict=True):
                s = apply_action(s, action)
                assert s.events == original.events
                assert all(isinstance(e, GameEvent) for e in s.events)

"""Every kind of event the engine emits is known to the core (EVENT_KINDS) and classed for
taking a move back (REVEALING_EVENTS, reveals_hidden): a move whose events bring hidden
information into play (cards drawn, a holder asked to sell, a bag draw) is final
(docs/play.md, "Take back"; docs/rules.md, Goods: the holder's secret)."""

from __future__ import annotations

import ast
import inspect

from helpers import random_game
from samarkand_web.state.controller import REFUSAL_BY_EVENT

from samarkand_core import (
    EVENT_KINDS,
    PRIVATE_EVENTS,
    REVEALING_EVENTS,
    engine,
    first_revealing,
    reveals_hidden,
    tables,
)


def kinds_in_the_engines_source() -> set[str]:
    """The kinds the engine's code makes: ("kind", (args...)) tuples, in the engine and
    in the tables it makes some events ahead in (tables.Tables.pay_events)."""
    found = set()
    source = inspect.getsource(engine) + inspect.getsource(tables)
    for node in ast.walk(ast.parse(source)):
        if (isinstance(node, ast.Tuple) and len(node.elts) == 2
                and isinstance(node.elts[0], ast.Constant) and isinstance(node.elts[0].value, str)
                and isinstance(node.elts[1], ast.Tuple)):
            found.add(node.elts[0].value)
    return found


def kinds_in_play() -> set[str]:
    seen: set[str] = set()
    for n in (2, 3, 4, 5):
        for seed in range(1, 6):
            _, states = random_game(n, seed)
            for s in states:
                seen.update(kind for kind, _ in s.events)
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
    for kind in sorted(EVENT_KINDS):
        assert reveals_hidden([(kind, ())]) is (kind in REVEALING_EVENTS), kind
    # Placing camels, bonuses, relationships, a marriage before its draw, passes: nothing
    # hidden comes out (docs/play.md, "Take back": a placement may be taken back).
    assert EVENT_KINDS - REVEALING_EVENTS == {
        "marry", "treasury_pays", "camel", "relationship", "bonus", "rel_marker", "pass",
        "game_over"}


def test_first_revealing_names_the_first_such_event() -> None:
    events = [("camel", (0, 1, 2)), ("goods_marker", (0, 3)), ("draw", (0, 3))]
    assert first_revealing(events) == "goods_marker"
    assert first_revealing(events[:1]) is None and not reveals_hidden(events[:1])


def test_the_page_has_a_reason_for_every_revealing_kind_and_no_other() -> None:
    """The page keeps only the words: its refusal keys cover the core's revealing kinds."""
    assert set(REFUSAL_BY_EVENT) == REVEALING_EVENTS

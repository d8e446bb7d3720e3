"""Property: whatever is stored under the save keys, the page's code
draws the saves list, one line per key, and a game can still be left for the list.

A stored entry with a far-future or non-finite time (253402300800000, 1e16, Infinity)
once passed validation and then made datetime.fromtimestamp raise while the list was
drawn: the loading spinner stayed forever, and "Saved games" failed from inside a game.
Here hypothesis stores arbitrary JSON values: whole entries, and real entries with some
fields replaced (so that values reach the drawing, not only the validation)."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from samarkand_web.saves.storage import PREFIX, MemoryStore, Saves
from samarkand_web.view.render import render

from samarkand_core import new_game
from tests.support.web_support import Clock, Ids, make_app

FIELDS = ("v", "id", "code", "names", "seats", "created", "updated", "turn", "over",
          "winners", "origin", "rev")
EDGE_NUMBERS = st.sampled_from([
    253402300800000, 253402300799999, 1e16, 1e308, -1e308, float("inf"), float("-inf"),
    float("nan"), 0, -1, 2**63, 2**31 - 1, 2**31, 0.5, -0.0])
JSON: st.SearchStrategy[Any] = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | EDGE_NUMBERS | st.text(),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(), inner,
                                                                 max_size=5),
    max_leaves=12)


def real_entry() -> dict[str, Any]:
    store = MemoryStore()
    entry = Saves(store, Clock(), lambda: "real0001").create(new_game(["Ann", "Bob"], 1),
                                                             ("human", "random"))
    data: dict[str, Any] = entry.as_dict()
    return data


REAL = real_entry()


@st.composite
def stored_item(draw: st.DrawFn) -> tuple[str, str]:
    """(key, raw text) under the save prefix."""
    kind = draw(st.sampled_from(["mutated", "json", "text"]))
    if kind == "mutated":
        data = dict(REAL)
        for field in draw(st.lists(st.sampled_from(FIELDS), min_size=1, max_size=4)):
            data[field] = draw(JSON | EDGE_NUMBERS)
        if draw(st.booleans()):
            data["id"] = draw(st.from_regex(r"[a-z0-9]{4,12}", fullmatch=True))
        key = PREFIX + (data["id"] if isinstance(data.get("id"), str) else draw(st.text()))
        return key, json.dumps(data)  # Infinity and NaN as JavaScript would not, but may
    key = PREFIX + draw(st.text())
    raw = json.dumps(draw(JSON)) if kind == "json" else draw(st.text())
    return key, raw


@pytest.mark.slow
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(stored_item(), max_size=6))
def test_the_saves_list_is_always_drawn_with_one_line_per_stored_key(
        items: list[tuple[str, str]]) -> None:
    store = MemoryStore()
    app = make_app(store, new_id=Ids())
    app.boot("?players=Cem,Dee&seed=3", "")  # a game open, as when "Saved games" is clicked
    for key, raw in items:
        store.data[key] = raw
    app.dispatch("home")
    home = render(app).regions["home"]
    keys = [k for k in store.data if k.startswith(PREFIX)]
    assert 'id="saves"' in home
    assert len(re.findall(r'<li class="save[ "]', home)) == len(keys)
    assert app.boot("", "") is not None and 'id="saves"' in render(app).regions["home"]

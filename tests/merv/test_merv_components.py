"""Our own component set: components.json and its schema (issue 38: one data file with a
schema, validated when loaded, declared as ours)."""

from __future__ import annotations

import json

import pytest

from merv_core.components import PATH, ComponentsError, load_components, parse_components


def test_shipped_component_set_validates_and_says_it_is_ours() -> None:
    comp = load_components()
    assert "our own component set, not the published components" in comp.description
    assert len(comp.building_tiles) == 24  # 5 x 5 city, the camel market in the middle


def test_a_bad_value_fails_with_a_message_naming_it() -> None:
    data = json.loads(PATH.read_text())
    data["buildings_per_player"] = "nine"
    with pytest.raises(ComponentsError, match="buildings_per_player"):
        parse_components(json.dumps(data))


def test_a_set_not_declared_as_ours_is_refused() -> None:
    data = json.loads(PATH.read_text())
    data["description"] = "the published components"
    with pytest.raises(ComponentsError, match="our own component set"):
        parse_components(json.dumps(data))


def test_missing_wall_space_is_refused() -> None:
    data = json.loads(PATH.read_text())
    data["walls"][0]["line"] = 1  # two walls at N1, none at N0
    with pytest.raises(ComponentsError, match="one wall or gate space"):
        parse_components(json.dumps(data))


def test_unreadable_file_is_a_components_error(tmp_path: object) -> None:
    with pytest.raises(ComponentsError, match="cannot read"):
        load_components("/nonexistent/merv.json")
    with pytest.raises(ComponentsError):
        parse_components("{not json")


def test_recorded_digest_is_the_shipped_files_and_it_loads_without_pydantic() -> None:
    """The shipped file is read without pydantic only while its digest is the one
    recorded when it last passed the schema (renew: python -m merv_core.components_schema
    --renew)."""
    import subprocess
    import sys

    from merv_core.components import sha256
    from merv_core.components_digest import DIGEST

    assert sha256(PATH.read_text(encoding="utf-8")) == DIGEST
    code = ("import sys; sys.modules['pydantic'] = None\n"
            "from merv_core import new_game, legal_actions\n"
            "s = new_game(['A', 'B'], 1); print(len(legal_actions(s)))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=PATH.parents[1], timeout=60)
    assert out.returncode == 0, out.stderr
    assert "pydantic" not in out.stderr

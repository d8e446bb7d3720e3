"""benchmarks/phone_taps.py: what it reads from a trace (the style recalculations and
the inline style changes before them), on events made here."""

from __future__ import annotations

from typing import Any

from benchmarks.phone_taps import WHOLE_PAGE, style_figures


def recalc(elements: int, ms: float) -> dict[str, Any]:
    return {"name": "UpdateLayoutTree", "ph": "X", "dur": ms * 1000,
            "args": {"elementCount": elements}}


def inline(node: str) -> dict[str, Any]:
    return {"name": "StyleRecalcInvalidationTracking", "ph": "I",
            "args": {"data": {"reason": "Inline CSS style declaration was mutated",
                              "nodeName": node}}}


def test_style_figures_count_whole_page_recalcs_and_inline_changes_by_element() -> None:
    events: list[dict[str, Any]] = [
        recalc(3, 1.5), inline("HTML"), recalc(WHOLE_PAGE + 1, 40.0), inline("HTML"),
        recalc(WHOLE_PAGE, 20.0), inline("DIV id='game'"),
        {"name": "StyleRecalcInvalidationTracking", "args": {"data": {
            "reason": "Related style rule", "nodeName": "g"}}},
        {"name": "UpdateLayoutTree", "ph": "B"}]  # only complete events count
    out = style_figures(events)
    assert out["recalcs"] == 3
    assert out["elements_styled"] == 3 + WHOLE_PAGE + 1 + WHOLE_PAGE
    assert out["style_ms"] == 61.5
    assert out["whole_page_recalcs"] == 1 and out["whole_page_ms"] == 40.0
    assert out["inline_style_changes"] == {"HTML": 2, "DIV id='game'": 1}

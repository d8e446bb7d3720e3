"""The guided first game's steps as a person takes them in Chromium: what the page shows
of the guide's current step (SIGNATURE), whether it waits for the person (WAITING), the
board's piece a step names, a step taken (its target checked legal and marked, then
used) and the next step awaited. Shared by tests/e2e/test_guide.py and
test_side_column.py.
"""

from __future__ import annotations

import re

from playwright.sync_api import Locator, Page, expect

STEP_MS = 60_000  # the bots' turns between two steps, on a loaded 2-core machine

# What the page shows of the guide's current step: its words, its target (the panel's
# data-target, drawn from the step's data), the board's marked pieces, its marked control.
SIGNATURE = """() => {
  const g = document.querySelector('#guide');
  if (!g) return 'none';
  const pieces = [...document.querySelectorAll('#board .suggested')]
    .map(p => p.getAttribute('data-space') || p.getAttribute('data-family')).join(',');
  const ctl = document.querySelector('#actions button.guided');
  return [g.textContent, g.dataset.target, pieces,
          ctl ? (ctl.dataset.action || '') + ':' + (ctl.dataset.value || '') : ''].join('|');
}"""
# The guide waits for the person (a target named), or has ended (no panel).
WAITING = """() => { const g = document.querySelector('#guide');
                    return !g || !!g.dataset.target; }"""


def board_piece(page: Page, target: str) -> Locator | None:
    """The board's piece a target names ("space:12", "family:changan"), None for a
    control of the decision."""
    kind, _, value = target.partition(":")
    if kind == "space":
        return page.locator(f'#board [data-space="{value}"]')
    if kind == "family":
        return page.locator(f'#board [data-family="{value}"]')
    return None


def take_step(page: Page) -> str:
    """Wait for the guide's target, check that it is legal now and marked (and the only
    mark), and use it; returns what was used ("space:12", "button:end-turn", ...)."""
    page.wait_for_function(WAITING, timeout=STEP_MS)
    target = page.locator("#guide").get_attribute("data-target") or ""
    piece = board_piece(page, target)
    if piece is not None:
        expect(piece).to_have_class(_has("legal"))  # the board marks it legal too
        expect(piece).to_have_class(_has("suggested"))  # the coach's ring and star
        expect(page.locator("#board .suggested")).to_have_count(1)
        named = piece.locator("xpath=descendant-or-self::*[@aria-label]").first
        expect(named).to_have_attribute("aria-label", re.compile(r"\(the guide.s next step\)$"))
        piece.click()  # (as the page's other tests click a domain: its <g>)
        return target
    expect(page.locator("#board .suggested")).to_have_count(0)
    control = page.locator("#actions button.guided")
    expect(control).to_have_count(1)
    expect(control).to_be_enabled()
    action = control.get_attribute("data-action") or ""
    control.click()
    return "button:" + action


def _has(cls: str) -> re.Pattern[str]:
    return re.compile(rf"(^|\s){cls}(\s|$)")


def next_signature(page: Page, before: str) -> str:
    """The move was accepted: the guide shows another step (or has ended)."""
    page.wait_for_function(f"() => ({SIGNATURE})() !== {before!r}", timeout=STEP_MS)
    expect(page.locator("#messages .message.error")).to_have_count(0)
    return str(page.evaluate(SIGNATURE))

"""The page's stylesheets keep a change's style work to the elements it is about
(docs/phone.md, "The decision bar's height"): a custom property is inherited by every
element under the one it is set on, so a rule that sets one on a container of the whole
game, under a condition that changes while a game is played (a :has(), a state class),
makes each change work out the style of about 1,000 elements again."""

from __future__ import annotations

import re
from pathlib import Path

ASSETS = Path(__file__).resolve().parents[2] / "web" / "assets"
# what holds the whole game screen (the board's thousand elements among them)
CONTAINERS = ("html", ":root", "body", "main", "#main", ".game", "#game")


def rules() -> list[tuple[str, str, str]]:
    """(file, selector, declarations) of every style rule of web/assets/*.css, comments
    left out, at-rules' own lines (@media, @property, @keyframes) skipped."""
    out = []
    for css in sorted(ASSETS.glob("*.css")):
        text = re.sub(r"/\*.*?\*/", "", css.read_text(), flags=re.S)
        for selectors, body in re.findall(r"([^{};]+)\{([^{}]*)\}", text):
            for selector in top_level(selectors):
                selector = selector.strip()
                if selector and not selector.startswith("@"):
                    out.append((css.name, selector, body))
    return out


def top_level(selectors: str) -> list[str]:
    """A selector list split at its commas outside parentheses."""
    out, depth, start = [], 0, 0
    for i, ch in enumerate(selectors):
        depth += {"(": 1, ")": -1}.get(ch, 0)
        if ch == "," and depth == 0:
            out.append(selectors[start:i])
            start = i + 1
    return [*out, selectors[start:]]


def subject(selector: str) -> str:
    """The compound a selector styles (after its last combinator), its :has() and other
    functional pseudo-classes left out: `.game:has(> .side) > .decision-bar` ->
    `.decision-bar`."""
    flat, before = selector, ""
    while flat != before:  # innermost parentheses first
        before, flat = flat, re.sub(r"\([^()]*\)", "", flat)
    last = re.split(r"\s*[ >+~]\s*", flat.strip())[-1]
    return re.sub(r":[\w-]+", "", last)


def test_subject_reads_the_styled_compound() -> None:
    assert subject(".game:has(> .side > #recap:not(:empty)) > .decision-bar") == ".decision-bar"
    assert subject(".game:has(> .side > #recap:not(:empty))") == ".game"
    assert subject("body:has(#guide) .board .suggested .coach-mark") == ".coach-mark"


def test_no_changing_condition_sets_a_custom_property_on_the_whole_game() -> None:
    """A rule that styles html, body, main or .game under a condition (a :has(), or any
    selector but the bare container's own) sets no custom property: set there, it would
    restyle the whole game each time the condition changes (.game's :has() for the
    recap set --side-least there, and restyled 1,000 to 1,200 elements at 15 of 25
    clicks of a desk game: benchmarks/phone_taps.py --screen desk)."""
    found = []
    for name, selector, body in rules():
        if selector in CONTAINERS or subject(selector) not in CONTAINERS:
            continue
        if re.search(r"(^|;)\s*--[\w-]+\s*:", body):
            found.append((name, selector))
    assert found == []


def test_the_side_columns_least_is_set_on_the_decision_bar_its_one_reader() -> None:
    setters = {subject(sel) for _, sel, body in rules() if re.search(r"--side-least\s*:", body)}
    readers = {subject(sel) for _, sel, body in rules() if "var(--side-least)" in body}
    assert setters == readers == {".decision-bar"}


def test_the_boards_zoom_is_read_by_its_box_alone_and_not_inherited() -> None:
    """zoompan.js sets --zoom on #board at each step of a pinch or a zoom button: it is
    registered as not inherited and read by the board's box itself (its width), so that
    a step restyles that box, not the drawing's 780 elements under it (a trace of four
    zoom buttons on a phone: 779 elements restyled at each step before, 1 after)."""
    css = "".join(re.sub(r"/\*.*?\*/", "", f.read_text(), flags=re.S)
                  for f in sorted(ASSETS.glob("*.css")))
    assert re.search(r"@property --zoom \{[^}]*inherits: false", css)
    readers = {subject(sel) for _, sel, body in rules() if "var(--zoom" in body}
    assert readers == {".board-box"}

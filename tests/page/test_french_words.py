"""French speaks one register and one typography everywhere (the page's catalog and the
coach's): "vous", as the rulebook speaks (never a tu-form beside it), "robot" for a
bot (as in "Robot 2 (Moyen)"), and the French typographic rule for the high marks: a
no-break space (U+00A0) before a colon, a narrow no-break space (U+202F) before ; ! ?
and inside « »."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from samarkand_core.bots.coach_catalog import TRANSLATIONS

ROOT = Path(__file__).resolve().parents[2]
PAGE = json.loads((ROOT / "web/samarkand_web/words/catalog.json").read_text("utf-8"))

# the second person singular: its pronouns and possessives, "-toi", and imperatives
# that only a tu-form spells so (choisis, prends, ...)
TU = re.compile(r"(?<![\w’'-])(tu|te|toi|ton|ta|tes|t['’])(?![\w-])|-toi\b|"
                r"(?<![\w’'-])(choisis|prends|finis|vends|attends|fais|reviens|mets)(?![\w-])",
                re.I)
BOT = re.compile(r"\bbots?\b", re.I)
# a high mark that ends a clause (followed by a space, the end or a closing mark)
COLON = re.compile(r"(.?):(?=[\s»)]|$)")
OTHERS = re.compile(r"(.?)[;!?](?=[\s»)]|$)")


# These name the analysis's marks ?!, ? and ?? (glyphs, not punctuation): the rule
# for ; ! ? does not apply to them (the colon's does, below).
GLYPHS = ("chart.legend_decision", "chart.decisions_desc")


def french() -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    for table in (PAGE["fr"], TRANSLATIONS["fr"]):
        for key, value in table.items():
            for text in (value,) if isinstance(value, str) else value:
                out.append((key, text))
    return out


TEXTS = french()


def test_there_are_french_texts_to_check() -> None:
    assert len(TEXTS) > 500


def test_french_says_vous_never_tu() -> None:
    tu = [(k, m.group(0)) for k, text in TEXTS for m in [TU.search(text)] if m]
    assert tu == []


def test_french_says_robot_for_a_bot() -> None:
    assert [(k, t) for k, t in TEXTS if BOT.search(t)] == []


@pytest.mark.parametrize(("mark", "space"), [(COLON, "\u00a0"), (OTHERS, "\u202f")])
def test_french_puts_the_typographic_space_before_high_marks(
        mark: re.Pattern[str], space: str) -> None:
    wrong = [(k, t) for k, t in TEXTS for m in mark.finditer(t)
             if m.group(1) != space and not (m.start() == 0 and m.group(1) == "")
             and not (mark is OTHERS and k in GLYPHS)]
    assert wrong == []


def test_french_guillemets_hold_a_narrow_no_break_space() -> None:
    wrong = [(k, t) for k, t in TEXTS
             if re.search(r"«(?!\u202f)|(?<!\u202f)»", t)]
    assert wrong == []


def test_a_label_the_page_writes_takes_the_french_colon() -> None:
    """The colons the page's own markup puts after a label (the end screen's coach line,
    a player's card values, the end gauge's label) follow the same rule (i18n.colon):
    "Suggestions du coach :", never "Suggestions du coach:"."""
    from samarkand_web.view.render import render

    from tests.support.app_play import open_state
    from tests.support.web_support import bot_game

    game = bot_game(["random", "random", "random"], 31)
    app = open_state(game, "2:heuristic,3:heuristic", lang="fr")
    text = re.sub(r"<[^>]+>", "", render(app).regions["overlay"])
    assert "Suggestions du coach\u00a0:" in text
    assert not re.search(r"\w:[\s\u00a0]", text), re.findall(r".{20}\w:[\s\u00a0].{10}", text)

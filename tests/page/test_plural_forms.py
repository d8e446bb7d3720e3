"""Every counted phrase of the page and of the coach, rendered for 0, 1, 2 and 5 in
English, German, French and Italian, takes the form its language's plural rule picks
(CLDR, as Babel states it): no "1 cards", "1 dirhams", "1 Karten", "0 cartes".

The expected form is read from the .po catalogs themselves with Babel (msgstr[i], i the
index of the count's CLDR category), apart from the compiled tables and from
samarkand_core.plurals that the page uses: a wrong table, a wrong rule or a phrase
missing its singular fails here. English has no catalog: its singular is the phrase
under `<key>_one`, its plural the one under `<key>` (the .pot's msgid and msgid_plural).
"""

from __future__ import annotations

import string
from collections.abc import Callable
from pathlib import Path

import catalogs
import pytest
from babel import Locale
from babel.messages.catalog import Message
from samarkand_web.words import i18n

from samarkand_core.analysis_text import ANALYSIS_EN, analysis_text
from samarkand_core.bots.coach_text import coach_text

ROOT = Path(__file__).resolve().parents[2]
DOMAINS = {d.name: d for d in catalogs.domains(ROOT)}
COUNTS = (0, 1, 2, 5)
LANGS = ("en", *catalogs.LANGS)


def core_text(lang: str, key: str, **values: object) -> str:
    """The core's domain holds the coach's sentences and the analysis's."""
    render = analysis_text if key in ANALYSIS_EN else coach_text
    return render(lang, key, **values)


RENDER: dict[str, Callable[..., str]] = {"samarkand": i18n.t, "coach": core_text}


def counted(domain: str) -> dict[str, Message]:
    """The .pot's counted phrases (msgid and msgid_plural), by key."""
    pot = catalogs.read(DOMAINS[domain].pot, None)
    out: dict[str, Message] = {}
    for m in pot:
        if m.id and m.pluralizable:
            assert m.context, m.id  # each phrase of ours has its key as msgctxt
            out[m.context] = m
    return out


def cldr_form(lang: str, forms: tuple[str, ...], n: int) -> str:
    """The form of `n`: CLDR's category for n in the order gettext numbers the forms
    (one, [many,] other; Babel writes the catalogs' Plural-Forms in that order)."""
    category = Locale(lang).plural_form(n)
    order = ["one", "many", "other"] if len(forms) == 3 else ["one", "other"]
    return forms[order.index(category)]


def values_for(template: str) -> dict[str, object]:
    """A value for every {name} of the phrase besides n."""
    names = {f for _, f, _, _ in string.Formatter().parse(template) if f}
    return {name: "X" for name in names if name != "n"}


CASES = [(domain, key, lang) for domain in DOMAINS for key in counted(domain) for lang in LANGS]


def test_there_are_counted_phrases_in_both_catalogs() -> None:
    assert len(counted("samarkand")) > 20 and "coach.reason.draw" in counted("coach")
    assert "analysis.reason.loss" in counted("coach")
    assert {"table.discard", "coach.used"} <= set(counted("samarkand"))


@pytest.mark.parametrize(("domain", "key", "lang"), CASES)
def test_a_counted_phrase_takes_the_form_its_languages_rule_picks(
        domain: str, key: str, lang: str) -> None:
    """Plurals (CLDR): English and German one is 1; French one is 0 and 1; Italian one is
    1; every other count of 0, 1, 2, 5 is other."""
    message = counted(domain)[key]
    english = tuple(message.id)
    if lang == "en":
        forms = english
    else:
        po = catalogs.by_key(catalogs.read(DOMAINS[domain].po(lang), lang))
        translated = po[key].string
        assert isinstance(translated, (tuple, list)), key  # a counted phrase's forms
        forms = tuple(translated)
    values = values_for(english[1])
    for n in COUNTS:
        got = RENDER[domain](lang, key, n=n, **values)
        assert got == cldr_form(lang, forms, n).format(n=n, **values), (key, lang, n)
    if lang != "fr":  # French says 0 in the singular: its 0 and 1 share a form
        assert got != RENDER[domain](lang, key, n=1, **values) or forms[0] == forms[-1]

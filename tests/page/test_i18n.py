"""Every word of the page in English, German, French and Italian (samarkand_web.words.i18n:
English in the code, the other languages compiled from the gettext catalogs)."""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest
from samarkand_web.words import i18n

from samarkand_core import default_board

WEB = Path(__file__).resolve().parents[2] / "web" / "samarkand_web"
BOARD = default_board()


def placeholders(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def english_keys() -> list[str]:
    """Every phrase of the page: its keys, a counted phrase once (`<key>_one` is its
    English singular)."""
    return [k for k in i18n.EN if not (k.endswith("_one") and k[:-4] in i18n.EN)]


def forms(lang: str, key: str) -> tuple[str, ...]:
    """The translation of `key` in `lang` as compiled from the catalogs (every plural
    form), English where there is none."""
    found = i18n.TRANSLATIONS[lang].get(key)
    if found is None:
        return ()
    return found if isinstance(found, tuple) else (found,)


def english_forms(key: str) -> tuple[str, ...]:
    return tuple(i18n.EN[k] for k in (key + "_one", key) if k in i18n.EN)


@pytest.mark.parametrize("lang", ["de", "fr", "it"])
def test_every_key_exists_in_every_language(lang: str) -> None:
    """Every phrase of the page and the coach is translated (the compiled catalogs)."""
    table = i18n.TRANSLATIONS[lang]
    assert sorted(set(english_keys()) - set(table)) == []
    assert sorted(set(table) - set(english_keys())) == []


@pytest.mark.parametrize("lang", ["de", "fr", "it"])
def test_every_translation_has_the_same_placeholders(lang: str) -> None:
    """Every form holds the English placeholders; a singular may write the count {n} or
    not (German "Ein Spiel", French "{n} partie"), the other values it must keep."""
    for key in english_keys():
        english = set().union(*(placeholders(e) for e in english_forms(key)))
        for form in forms(lang, key):
            assert placeholders(form) - {"n"} == english - {"n"}, (key, form)
            assert placeholders(form) <= english, (key, form)


@pytest.mark.parametrize("lang", list(i18n.LANGUAGES))
def test_templates_hold_no_markup_and_format_cleanly(lang: str) -> None:
    for key in english_keys():
        for template in forms(lang, key) if lang != "en" else english_forms(key):
            assert not re.search(r"[<>&]", template), key
            assert template.strip() == template and template, key
        values = dict.fromkeys(set().union(*map(placeholders, english_forms(key))), "X")
        for n in (0, 1, 2):
            assert "{" not in i18n.t(lang, key, **{**values, "n": n}), key


def test_singular_keys_have_a_plural_base() -> None:
    for key in i18n.EN:
        if key.endswith("_one"):
            assert key[:-4] in i18n.EN, key
    assert i18n.t("en", "log.draw", player="Ann", n=1) == "Ann draws 1 card."
    assert i18n.t("en", "log.draw", player="Ann", n=3) == "Ann draws 3 cards."


def test_every_key_the_code_uses_exists() -> None:
    prefixes = tuple(sorted({k.split(".")[0] + "." for k in i18n.EN if "." in k}))
    used: set[str] = set()
    for path in WEB.rglob("*.py"):
        if path.name == "i18n.py":
            continue
        for literal in re.findall(r'["\']([a-z_]+\.[a-z_0-9]+)["\']', path.read_text()):
            if literal.startswith(prefixes):
                used.add(literal)
    for template in re.findall(r't\(f["\']([a-z_]+)\.\{', "".join(
            p.read_text() for p in WEB.rglob("*.py"))):
        assert any(k.startswith(template + ".") for k in i18n.EN), template
    missing = sorted(k for k in used if k not in i18n.EN)
    assert missing == []
    assert len(used) > 100


def test_board_names_are_translated() -> None:
    for lang in ("de", "fr", "it"):
        table = i18n.TRANSLATIONS[lang]
        for g in range(1, BOARD.n_goods + 1):
            assert "good:" + BOARD.good_names[g] in table, BOARD.good_names[g]
        for sea in BOARD.data.seas:
            assert "sea:" + sea.name in table, sea.name


def test_svg_strings_name_families_goods_and_seas_in_the_language() -> None:
    de = i18n.svg_strings("de", BOARD)
    assert de.married_label == ", eingeheiratet: {players}"
    city = BOARD.space_names[BOARD.home[0]]
    assert de.family_names[BOARD.family_ids[0]] == f"Haus {city}"
    assert set(de.good_names) == set(range(1, BOARD.n_goods + 1))
    en = i18n.svg_strings("en", BOARD)
    assert [en.family_names[f] for f in BOARD.family_ids] == list(BOARD.family_names)
    assert i18n.svg_strings("de", BOARD) is de  # one instance per language: caches work
    assert i18n.family_label("fr", "Alexandria") == "Maison d'Alexandria"


def test_pick_language_follows_the_browser_and_falls_back_to_english() -> None:
    assert i18n.pick_language(["de-AT"]) == "de"
    assert i18n.pick_language(["", "fr_CA"]) == "fr"
    assert i18n.pick_language(["pt-BR", "it"]) == "it"
    assert i18n.pick_language(["ja"]) == "en"
    assert set(i18n.LANGUAGES) == set(i18n.STRINGS)


def test_unknown_keys_and_languages_degrade_gracefully() -> None:
    assert i18n.t("xx", "nav.home") == "Saved games"
    assert i18n.t("en", "no.such.key") == "no.such.key"
    assert i18n.t("en", "log.draw") == "{player} draws {n} cards."  # missing values


def test_feature_word_tables_define_each_key_once() -> None:
    """The words of each feature (samarkand_web/words/texts/) are merged into the tables above,
    so the checks of this file cover them; a key may be defined only once."""
    assert i18n.DUPLICATE_KEYS == []


def test_markup_escapes_the_template_and_the_values_once() -> None:
    """Escaping by construction: a name with markup characters is escaped exactly once,
    a value that is Markup already stays as it is."""
    from samarkand_web.view.markup import Markup, escape, tr

    out = tr("en", "saves.won_by", winners="Tom & Jerry")
    assert isinstance(out, Markup)
    assert "Tom &amp; Jerry" in out and "&amp;amp;" not in out
    assert escape(out) == out
    chip = Markup('<b class="x">A</b>')
    assert '<b class="x">A</b>' in tr("en", "saves.won_by", winners=chip)


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_a_familys_chip_keeps_the_punctuation_that_touches_it_on_its_line(lang: str) -> None:
    """A family's chip and name (.fam, one inline-flex box) with the punctuation around
    it, as in the bag's message ("… of the House of Merv. Nobody …", German "… ein
    Plättchen (Haus Merv). Noch …"): Chromium breaks a line on either side of such a
    box, so the placeholder and the characters that touch it are wrapped in one span
    that does not break (.glue); a space still lets the line break."""
    from samarkand_web.view.markup import Markup, escape, tr
    from samarkand_web.words.i18n import template

    chip = Markup('<span class="fam"><svg class="chip"></svg>House of Merv</span>')
    for key in ("log.bag_removed", "log.bag_domain"):
        words = template(lang, key, None)
        assert words is not None
        before, after = words.split("{family}")
        touching = (re.search(r"\S*$", before).group(0),  # type: ignore[union-attr]
                    re.match(r"\S*", after).group(0))  # type: ignore[union-attr]
        out = tr(lang, key, family=chip)
        if touching == ("", ""):
            assert 'class="glue"' not in out
            continue
        glue = re.search(r'<span class="glue">(.*?</span>)([^<]*)</span>', out)
        assert glue is not None, out
        assert glue.group(1) == escape(touching[0]) + chip, out
        assert glue.group(2) == escape(touching[1]), out
        assert not re.search(r"\s", glue.group(2))
        assert 'class="glue"' not in tr(lang, key, family="House of Merv")  # no chip: text
    assert ".glue { white-space: nowrap; }" in (WEB.parent / "assets" / "style.css").read_text()

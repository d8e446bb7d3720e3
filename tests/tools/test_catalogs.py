"""The gettext catalogs of the words (web/tools/catalogs.py; docs/words.md): every phrase of
the page and of the coach translated into German, French and Italian, none stale, the
compiled tables what the catalogs say, and counted phrases in the plural forms of each
language's CLDR rule."""

from __future__ import annotations

import gettext
import os
import shutil
import subprocess
import sys
from pathlib import Path

import catalogs
import pytest
from babel import Locale
from babel.messages.plurals import get_plural
from samarkand_web.words import catalog as page_catalog
from samarkand_web.words import i18n

from samarkand_core import plurals
from samarkand_core.bots import coach_catalog
from samarkand_core.bots.coach_text import coach_text

ROOT = Path(__file__).resolve().parents[2]
DOMAINS = {d.name: d for d in catalogs.domains(ROOT)}
CASES = [(name, lang) for name in DOMAINS for lang in catalogs.LANGS]
# Counts that show every form: French one (0, 1), the others' one (1), other (2, 5).
COUNTS = (0, 1, 2, 5)


def test_templates_hold_the_english_of_the_code() -> None:
    """Each .pot is what extraction over the English tables gives now: a phrase added or
    changed in the code without `catalogs.py update` fails here."""
    for domain in DOMAINS.values():
        fresh = [(m.context, m.id) for m in catalogs.template(domain, ROOT) if m.id]
        stored = [(m.context, m.id) for m in catalogs.read(domain.pot, None) if m.id]
        assert stored == fresh, domain.pot
        assert len(fresh) > (400 if domain.name == "samarkand" else 20)


@pytest.mark.parametrize(("name", "lang"), CASES)
def test_every_phrase_is_translated_and_current(name: str, lang: str) -> None:
    """Every msgctxt of the .pot is in the .po, translated (every plural form), not
    fuzzy, and translates the current English (its msgid and msgid_plural are the .pot's:
    a translation of older English is stale)."""
    domain = DOMAINS[name]
    po = catalogs.by_key(catalogs.read(domain.po(lang), lang))
    missing, empty, fuzzy, stale = [], [], [], []
    for m in catalogs.read(domain.pot, None):
        if not m.id:
            continue
        got = po.get(m.context) if m.context is not None else None
        if got is None:
            missing.append(m.context)
            continue
        if got.id != m.id:
            stale.append(m.context)
        if got.fuzzy:
            fuzzy.append(m.context)
        strings = got.string if isinstance(got.string, tuple) else (got.string,)
        if not all(strings) or (m.pluralizable and len(strings) != plurals.NPLURALS[lang]):
            empty.append(m.context)
    assert (missing, empty, fuzzy, stale) == ([], [], [], [])


def test_the_check_command_finds_nothing() -> None:
    assert catalogs.problems(ROOT) == []


def test_compiled_tables_match_the_catalogs() -> None:
    """What the page and the core load (words/catalog.json through words/catalog.py,
    bots/coach_catalog.py) is the catalogs compiled now: a .po edited without `compile`
    fails here."""
    loaded = ((DOMAINS["samarkand"], page_catalog.translations()),
              (DOMAINS["coach"], coach_catalog.TRANSLATIONS))
    for domain, table in loaded:
        assert domain.table.read_text(encoding="utf-8") == catalogs.table_source(domain)
        assert table == catalogs.compiled(domain)
        for lang in catalogs.LANGS:
            po = catalogs.read(domain.po(lang), lang)
            assert len(table[lang]) == len([m for m in po if m.id])


def test_the_page_catalog_is_data_read_from_its_package() -> None:
    """The page's compiled words are a data file of its package (catalog.json, which the
    code bundle ships as it ships board.json), not generated code: its plural forms come
    back as tuples, as the words pick them."""
    domain = DOMAINS["samarkand"]
    assert domain.table == ROOT / "web/samarkand_web/words/catalog.json"
    table = page_catalog.load(domain.table.read_bytes())
    assert table == page_catalog.translations()
    assert table["fr"]["table.discard"] == ("défausse\u00a0: {n} carte",  # French spacing
                                            "défausse\u00a0: {n} cartes",
                                            "défausse\u00a0: {n} cartes")
    assert page_catalog.translations() is page_catalog.translations()  # parsed once


@pytest.mark.parametrize("lang", ["en", *catalogs.LANGS])
def test_plural_rules_are_the_cldr_rules_of_the_catalogs(lang: str) -> None:
    """samarkand_core.plurals picks the form gettext's Plural-Forms header picks (the
    header Babel writes from CLDR, which each .po carries) and the CLDR category Babel
    names: one, many (exact millions in French and Italian), other."""
    header = plurals.PLURAL_FORMS[lang]
    count, expr = get_plural(lang)
    assert header == f"nplurals={count}; plural={expr};"
    assert plurals.NPLURALS[lang] == count
    if lang != "en":
        for domain in DOMAINS.values():
            assert catalogs.read(domain.po(lang), lang).plural_forms == header
    gettext_rule = gettext.c2py(expr)
    cldr = Locale(lang).plural_form
    order = ["one", "many", "other"] if count == 3 else ["one", "other"]
    for n in [*range(0, 2_100), 1_000_000, 2_000_000, 1_000_001, 10_000_000]:
        assert plurals.plural_index(lang, n) == gettext_rule(n), n
        assert plurals.plural_index(lang, n) == order.index(cldr(n)), n


# Counted phrases at 0, 1, 2 and 5 in each language (key, values, language: the four texts).
PHRASES = {
    ("table.discard", ()): {
        "en": ("discard pile: 0 cards", "discard pile: 1 card", "discard pile: 2 cards",
               "discard pile: 5 cards"),
        "de": ("Ablagestapel: 0 Karten", "Ablagestapel: 1 Karte", "Ablagestapel: 2 Karten",
               "Ablagestapel: 5 Karten"),
        "fr": ("défausse\u00a0: 0 carte", "défausse\u00a0: 1 carte", "défausse\u00a0: 2 cartes",
               "défausse\u00a0: 5 cartes"),
        "it": ("scarti: 0 carte", "scarti: 1 carta", "scarti: 2 carte", "scarti: 5 carte"),
    },
    ("tip.treasury", ()): {
        "en": ("Treasury: 0 dirhams (1 pays for each second camel).",
               "Treasury: 1 dirham (1 pays for each second camel).",
               "Treasury: 2 dirhams (1 pays for each second camel).",
               "Treasury: 5 dirhams (1 pays for each second camel)."),
        "de": ("Schatzkammer: 0 Dirham (1 für jedes zweite Kamel).",
               "Schatzkammer: 1 Dirham (1 für jedes zweite Kamel).",
               "Schatzkammer: 2 Dirham (1 für jedes zweite Kamel).",
               "Schatzkammer: 5 Dirham (1 für jedes zweite Kamel)."),
        "fr": ("Trésor\u00a0: 0 dirham (1 paie chaque second chameau).",
               "Trésor\u00a0: 1 dirham (1 paie chaque second chameau).",
               "Trésor\u00a0: 2 dirhams (1 paie chaque second chameau).",
               "Trésor\u00a0: 5 dirhams (1 paie chaque second chameau)."),
        "it": ("Tesoro: 0 dirham (1 paga ogni secondo cammello).",
               "Tesoro: 1 dirham (1 paga ogni secondo cammello).",
               "Tesoro: 2 dirham (1 paga ogni secondo cammello).",
               "Tesoro: 5 dirham (1 paga ogni secondo cammello)."),
    },
    ("log.draw", (("player", "Ann"),)): {
        "en": ("Ann draws 0 cards.", "Ann draws 1 card.", "Ann draws 2 cards.",
               "Ann draws 5 cards."),
        "de": ("Ann zieht 0 Karten.", "Ann zieht 1 Karte.", "Ann zieht 2 Karten.",
               "Ann zieht 5 Karten."),
        "fr": ("Ann pioche 0 carte.", "Ann pioche 1 carte.", "Ann pioche 2 cartes.",
               "Ann pioche 5 cartes."),
        "it": ("Ann pesca 0 carte.", "Ann pesca 1 carta.", "Ann pesca 2 carte.",
               "Ann pesca 5 carte."),
    },
    ("table.bag", ()): {
        "en": ("bag: 0 family tiles", "bag: 1 family tile", "bag: 2 family tiles",
               "bag: 5 family tiles"),
        "de": ("Beutel: 0 Familienplättchen", "Beutel: 1 Familienplättchen",
               "Beutel: 2 Familienplättchen", "Beutel: 5 Familienplättchen"),
        "fr": ("sac\u00a0: 0 tuile de famille", "sac\u00a0: 1 tuile de famille",
               "sac\u00a0: 2 tuiles de famille", "sac\u00a0: 5 tuiles de famille"),
        "it": ("sacchetto: 0 tessere famiglia", "sacchetto: 1 tessera famiglia",
               "sacchetto: 2 tessere famiglia", "sacchetto: 5 tessere famiglia"),
    },
    ("coach.used", ()): {
        "en": ("0 suggestions", "1 suggestion", "2 suggestions", "5 suggestions"),
        "de": ("0 Vorschläge", "1 Vorschlag", "2 Vorschläge", "5 Vorschläge"),
        "fr": ("0 suggestion", "1 suggestion", "2 suggestions", "5 suggestions"),
        "it": ("0 suggerimenti", "1 suggerimento", "2 suggerimenti", "5 suggerimenti"),
    },
    ("recap.turns", ()): {
        "en": ("0 turns", "1 turn", "2 turns", "5 turns"),
        "de": ("0 Züge", "1 Zug", "2 Züge", "5 Züge"),
        "fr": ("0 tour", "1 tour", "2 tours", "5 tours"),
        "it": ("0 turni", "1 turno", "2 turni", "5 turni"),
    },
    ("strip.sold", ()): {
        "en": ("0 sold", "1 sold", "2 sold", "5 sold"),
        "de": ("0 verkauft", "1 verkauft", "2 verkauft", "5 verkauft"),
        "fr": ("0 vendue", "1 vendue", "2 vendues", "5 vendues"),
        "it": ("0 vendute", "1 venduta", "2 vendute", "5 vendute"),
    },
}


@pytest.mark.parametrize(("key", "values", "lang"),
                         [(k, v, lang) for (k, v) in PHRASES for lang in i18n.LANGUAGES])
def test_counted_phrases_take_the_plural_form_of_the_count(
        key: str, values: tuple[tuple[str, str], ...], lang: str) -> None:
    """Plurals (CLDR): English and German 1 card / 0, 2, 5 cards; French 0 and 1 carte,
    2 and 5 cartes; Italian 1 carta / 0, 2, 5 carte."""
    got = tuple(i18n.t(lang, key, n=n, **dict(values)) for n in COUNTS)
    assert got == PHRASES[(key, values)][lang]


@pytest.mark.parametrize("lang", list(i18n.LANGUAGES))
def test_counted_words_of_the_games_and_the_coach(lang: str) -> None:
    """Saved games and the coach's cards count too (backup import, the coach's draw)."""
    games = {n: i18n.t(lang, "backup.added", n=n) for n in COUNTS}
    draw = {n: coach_text(lang, "coach.reason.draw", n=n, points=2) for n in COUNTS}
    card_word = {"en": ("card", "cards"), "de": ("Warenkarte", "Warenkarten"),
                 "fr": ("carte", "cartes"), "it": ("carta", "carte")}[lang]
    one = {"fr": (0, 1)}.get(lang, (1,))
    for n in COUNTS:
        word = card_word[0] if n in one else card_word[1]
        assert f"{n} {word}" in draw[n] or (lang == "en" and f"{n} goods {word}" in draw[n])
        assert str(n) in games[n] or (n == 1 and lang != "fr")  # "One game" in English
    assert games[1] != games[2]


@pytest.mark.parametrize("lang", catalogs.LANGS)
def test_a_form_that_serves_several_counts_shows_the_count(lang: str) -> None:
    """French uses its singular for 0 and 1: a form written with a fixed "1" or "Une"
    would say "Une partie" for 0 games. Every form that serves more than one count of
    0..200 holds {n} wherever the English plural does."""
    counts_of: dict[int, set[int]] = {}
    for n in range(201):
        counts_of.setdefault(plurals.plural_index(lang, n), set()).add(n)
    for name, table in (("page", page_catalog.translations()),
                        ("coach", coach_catalog.TRANSLATIONS)):
        for key, forms in table[lang].items():
            if not isinstance(forms, tuple) or "{n}" not in i18n.EN.get(key, "{n}"):
                continue
            for index, form in enumerate(forms):
                if len(counts_of.get(index, ())) > 1:
                    assert "{n}" in form, (name, key, index, form)


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    """A copy of the words' sources and catalogs, for the tool to work on."""
    for rel in ("web/samarkand_web/words", "samarkand_core/locale"):
        shutil.copytree(ROOT / rel, tmp_path / rel,
                        ignore=shutil.ignore_patterns("__pycache__"))
    for rel in ("samarkand_core/bots/coach_text.py", "samarkand_core/bots/coach_catalog.py",
                "samarkand_core/analysis_text.py"):
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / rel, tmp_path / rel)
    assert catalogs.problems(tmp_path) == []
    return tmp_path


def test_changed_english_is_stale_then_fuzzy_and_never_compiled(tree: Path) -> None:
    """Stale: the English changed since it was translated. `check` says so; `update`
    keeps the translation as fuzzy with the English it translated (#| msgid), and the
    compiled table leaves it out (the page shows the new English)."""
    i18n_py = tree / "web/samarkand_web/words/i18n.py"
    i18n_py.write_text(i18n_py.read_text().replace(
        '"nav.home": "Saved games"', '"nav.home": "Your saved games"'))
    found = catalogs.problems(tree)
    assert any("samarkand.pot is not the English" in p for p in found)
    catalogs.do_update(tree)
    de = catalogs.domains(tree)[0]
    entry = catalogs.by_key(catalogs.read(de.po("de"), "de"))["nav.home"]
    assert entry.fuzzy and entry.previous_id == ["Saved games"]
    assert entry.string == "Gespeicherte Spiele"
    assert '#| msgid "Saved games"' in de.po("de").read_text()
    catalogs.do_update(tree)  # again: the translator still sees what changed
    again = catalogs.by_key(catalogs.read(de.po("de"), "de"))["nav.home"]
    assert again.fuzzy and again.previous_id == ["Saved games"]
    found = catalogs.problems(tree)
    assert "web/samarkand_web/words/locale/de/LC_MESSAGES/samarkand.po: nav.home: fuzzy" in found
    catalogs.do_compile(tree)
    compiled = (tree / "web/samarkand_web/words/catalog.json").read_text(encoding="utf-8")
    assert '"nav.home"' not in compiled and '"nav.label"' in compiled


def test_a_new_phrase_is_missing_until_translated(tree: Path) -> None:
    table_py = tree / "web/samarkand_web/words/texts/table.py"
    table_py.write_text(table_py.read_text().replace(
        '"hand.heading": "Cards of {name}",',
        '"hand.heading": "Cards of {name}",\n    "hand.new": "A new phrase",'))
    catalogs.do_update(tree)
    found = catalogs.problems(tree)
    for lang in catalogs.LANGS:
        assert (f"web/samarkand_web/words/locale/{lang}/LC_MESSAGES/samarkand.po: hand.new: "
                "not translated") in found


OLD_FORMAT = '''"""Words of a feature written the old way, translations beside the English."""

from __future__ import annotations

EN = {
    "remote.hello": "Hello {name}",
    "remote.games": "{n} games",
    "remote.games_one": "1 game",
}

DE = {
    "remote.hello": "Hallo {name}",
    "remote.games": "{n} Spiele",
    "remote.games_one": "1 Spiel",
}

FR = {
    "remote.hello": "Bonjour {name}",
    "remote.games": "{n} parties",
    "remote.games_one": "1 partie",
}

IT = {
    "remote.hello": "Ciao {name}",
    "remote.games": "{n} partite",
    "remote.games_one": "1 partita",
}

STRINGS: dict[str, dict[str, str]] = {"en": EN, "de": DE, "fr": FR, "it": IT}
'''


def test_migrate_moves_old_format_translations_into_the_catalogs(tree: Path) -> None:
    """What helpers write in parallel (texts/<feature>.py with EN/DE/FR/IT dicts, `_one`
    singulars) moves into the .po files, plural forms and all; the Python module keeps
    its English only, and nothing is left to translate."""
    module = tree / "web/samarkand_web/words/texts/remote.py"
    module.write_text(OLD_FORMAT)
    report = catalogs.migrate(tree)
    assert any("fr/LC_MESSAGES/samarkand.po: 2 translations moved in" in r for r in report)
    assert catalogs.problems(tree) == []
    page = catalogs.domains(tree)[0]
    fr = catalogs.by_key(catalogs.read(page.po("fr"), "fr"))
    assert fr["remote.games"].string == ("{n} partie", "{n} parties", "{n} parties")
    assert fr["remote.hello"].string == "Bonjour {name}"
    de = catalogs.by_key(catalogs.read(page.po("de"), "de"))
    assert de["remote.games"].string == ("{n} Spiel", "{n} Spiele")
    left = module.read_text()
    assert "DE =" not in left and "Bonjour" not in left and '"remote.games_one"' in left
    assert 'STRINGS: dict[str, dict[str, str]] = {"en": EN}' in left
    compile(left, str(module), "exec")
    assert '"remote.games": ["{n} partie"' in page.table.read_text(encoding="utf-8")
    assert catalogs.migrate(tree) == []  # again: nothing left to move


def test_the_page_and_the_core_load_no_babel_and_no_gettext() -> None:
    """Babel is a build tool: the words the page and the core load are compiled tables
    (JSON, a Python module), and reading them brings in neither Babel nor gettext's
    catalog reader."""
    code = ("import sys, samarkand_web.words.i18n, samarkand_core.bots.coach_text\n"
            "samarkand_web.words.i18n.t('de', 'nav.home')\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('babel', 'gettext')))")
    assert python_prints(code) == "[]"


def python_prints(code: str) -> str:
    """What `code` prints in a Python of its own (nothing imported yet), stripped."""
    env = {**os.environ, "PYTHONPATH": f"{ROOT}:{ROOT / 'web'}"}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, cwd=ROOT, env=env)
    return out.stdout.strip()


def test_a_page_in_english_reads_no_catalog() -> None:
    """The translations are read when a word of another language is first wanted, and
    then once: English words, and asking which languages there are, parse nothing."""
    code = ("from samarkand_web.words import catalog, i18n\n"
            "i18n.t('en', 'table.discard', n=2); i18n.pick_language(['de-CH'])\n"
            "assert 'de' in i18n.STRINGS and len(i18n.STRINGS) == 4\n"
            "print(catalog.translations.cache_info().misses)\n"
            "i18n.t('de', 'table.discard', n=2); i18n.t('fr', 'nav.home')\n"
            "print(catalog.translations.cache_info().misses)\n")
    assert python_prints(code).split() == ["0", "1"]

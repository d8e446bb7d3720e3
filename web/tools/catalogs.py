#!/usr/bin/env python3
"""The gettext catalogs of the words: extract, update, compile, check and migrate.

English is the source: the tables ``EN`` of web/samarkand_web/words/i18n.py and
words/texts/*.py (the page) and ``COACH_EN`` of samarkand_core/bots/coach_text.py (the
coach, which the core's CLI uses without the page). A phrase with a count has its
singular under ``<key>_one`` beside ``<key>`` (the count is the value ``n``). Each table
is a gettext domain with a template (.pot) and one catalog (.po) per language:

    web/samarkand_web/words/locale/samarkand.pot, .../locale/{de,fr,it}/LC_MESSAGES/samarkand.po
    samarkand_core/locale/coach.pot,              .../locale/{de,fr,it}/LC_MESSAGES/coach.po

An entry is msgctxt = our key, msgid = the English text (msgid_plural: the English
plural), msgstr = the translation (msgstr[N]: one per plural form of the language,
Plural-Forms as Babel writes it from CLDR). `compile` writes what the programs load, a
table per domain: the page's as data, web/samarkand_web/words/catalog.json (which
words/catalog.py reads, one parse), the coach's (short) as a Python module,
samarkand_core/bots/coach_catalog.py: neither the page nor the core reads a .po or
imports Babel; only this tool does (a dev dependency).

    python web/tools/catalogs.py extract   # English tables -> .pot
    python web/tools/catalogs.py update    # .pot -> each .po (new keys empty, changed
                                           # English fuzzy)
    python web/tools/catalogs.py compile   # .po -> the compiled tables (make web runs it)
    python web/tools/catalogs.py check     # missing, empty, fuzzy or stale translations:
                                           # exit 1
    python web/tools/catalogs.py migrate   # translations still in Python dicts -> .po,
                                           # then all above

`migrate` moves translations written the old way (DE/FR/IT dicts, or the "de"/"fr"/"it"
entries of a module's STRINGS, beside its English) into the .po files and deletes them
from the Python module (`--keep-source` leaves them); an entry the .po already translates
is kept unless `--overwrite`.
"""

from __future__ import annotations

import argparse
import ast
import datetime
import io
import json
import re
import sys
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract
from babel.messages.pofile import escape, read_po, unescape, write_po

ROOT = Path(__file__).resolve().parents[2]  # this file is web/tools/catalogs.py
LANGS = ("de", "fr", "it")
# Fixed dates: the files change only when their words do.
EPOCH = datetime.datetime(2026, 1, 1, tzinfo=datetime.UTC)
KEYWORDS = {"pgettext": ((1, "c"), 2), "npgettext": ((1, "c"), 2, 3)}
PLURAL_NOTE = ("Plural: {n} is the count. Write one form per plural category of the "
               "language; a form that serves several counts (French one: 0 and 1) shows {n}.")
FLAG = "python-brace-format"
ENGLISH_NAMES = ("EN", "COACH_EN", "ANALYSIS_EN")


@dataclass(frozen=True)
class Domain:
    """One gettext domain: its English sources, its catalogs and its compiled table."""

    name: str
    project: str
    sources: tuple[Path, ...]
    locale: Path
    table: Path
    table_doc: str
    root: Path = ROOT

    @property
    def pot(self) -> Path:
        return self.locale / f"{self.name}.pot"

    def po(self, lang: str) -> Path:
        return self.locale / lang / "LC_MESSAGES" / f"{self.name}.po"


def _page_sources(root: Path) -> tuple[Path, ...]:
    words = root / "web" / "samarkand_web" / "words"
    texts = sorted(p for p in (words / "texts").glob("*.py") if p.name != "__init__.py")
    return (words / "i18n.py", *texts)


def domains(root: Path = ROOT) -> tuple[Domain, Domain]:
    """The page's words, then the coach's (the core's, usable without the page)."""
    words = root / "web" / "samarkand_web" / "words"
    core = root / "samarkand_core"
    page = Domain("samarkand", "Samarkand (the page)", _page_sources(root), words / "locale",
                  words / "catalog.json", "The page's words in German, French and Italian",
                  root)
    coach = Domain("coach", "Samarkand (the coach)",
                   (core / "bots" / "coach_text.py", core / "analysis_text.py"),
                   core / "locale", core / "bots" / "coach_catalog.py",
                   "The coach's and the analysis's sentences in German, French and Italian", root)
    return page, coach


# ------------------------------------------------------------------ extraction

def _english_dict(tree: ast.Module) -> ast.Dict | None:
    """The dict literal of the module's English table: `EN = {...}`, `COACH_EN = {...}`
    or the "en" entry of `STRINGS = {...}`."""
    for node in tree.body:
        target, value = _assignment(node)
        if target in ENGLISH_NAMES and isinstance(value, ast.Dict):
            return value
        if target == "STRINGS" and isinstance(value, ast.Dict):
            for k, v in zip(value.keys, value.values, strict=True):
                if isinstance(k, ast.Constant) and k.value == "en" and isinstance(v, ast.Dict):
                    return v
    return None


def _assignment(node: ast.stmt) -> tuple[str | None, ast.expr | None]:
    if isinstance(node, ast.Assign) and len(node.targets) == 1 \
            and isinstance(node.targets[0], ast.Name):
        return node.targets[0].id, node.value
    if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
        return node.target.id, node.value
    return None, None


def _comments_above(lines: list[str], lineno: int) -> list[str]:
    """The `#` comment lines right above line `lineno` (1-based), as translator notes."""
    out: list[str] = []
    i = lineno - 2
    while i >= 0 and lines[i].strip().startswith("#"):
        out.insert(0, lines[i].strip().lstrip("#").strip())
        i -= 1
    return out


def extract_english_table(fileobj: Any, keywords: Mapping[str, Any],
                          comment_tags: Any, options: Mapping[str, Any]) \
        -> Iterator[tuple[int, str, tuple[str, ...], list[str]]]:
    """A Babel extraction method over our English tables (not over `t(...)` calls: many
    keys are built at run time, f"level.{level}", so the calls do not name every phrase,
    and the English text lives in the tables, not at the calls). Yields a pgettext per
    key, an npgettext (singular `<key>_one`, plural `<key>`) per counted phrase."""
    source = fileobj.read().decode("utf-8")
    lines = source.splitlines()
    table = _english_dict(ast.parse(source))
    if table is None:
        return
    items: dict[str, tuple[int, str]] = {}
    for k, v in zip(table.keys, table.values, strict=True):
        if isinstance(k, ast.Constant) and isinstance(k.value, str) \
                and isinstance(v, ast.Constant) and isinstance(v.value, str):
            items[k.value] = (k.lineno, v.value)
    for key, (lineno, text) in items.items():
        notes = _comments_above(lines, lineno)
        if key.endswith("_one") and key[:-4] in items:
            continue
        if key + "_one" in items:
            yield lineno, "npgettext", (key, items[key + "_one"][1], text), notes + [PLURAL_NOTE]
        else:
            yield lineno, "pgettext", (key, text), notes


def template(domain: Domain, root: Path = ROOT) -> Catalog:
    """The domain's .pot, fresh from its English tables."""
    cat = _new_catalog(domain, None)
    for path in domain.sources:
        rel = path.relative_to(root).as_posix()
        with path.open("rb") as f:
            # Babel's stub types the method's keywords more narrowly than it calls it
            for lineno, message, comments, context in extract(
                    extract_english_table, f, KEYWORDS, options={}):  # type: ignore[arg-type]
                if context in by_key(cat):
                    raise CatalogError(f"{rel}: the key {context} is defined twice")
                cat.add(message, None, [(rel, lineno)], flags=[FLAG],
                        auto_comments=comments, context=context)
    return cat


class CatalogError(Exception):
    """A catalog that cannot be used as it is (said in words)."""


def by_key(cat: Catalog) -> dict[str, Message]:
    """The catalog's entries by msgctxt, our key."""
    return {m.context: m for m in cat if m.id and m.context}


def _new_catalog(domain: Domain, lang: str | None) -> Catalog:
    return Catalog(locale=lang, domain=domain.name, project=domain.project, version="1",
                   copyright_holder="The Samarkand-in-the-browser developers",
                   header_comment=f"# {domain.project}: {'template' if lang is None else lang}"
                                  "\n# This file is distributed under the same license "
                                  "as the project (MIT).\n#",
                   creation_date=EPOCH, revision_date=EPOCH,
                   last_translator="The Samarkand-in-the-browser developers",
                   language_team=lang or "LANGUAGE", fuzzy=False)


# ------------------------------------------------------------------ files

def read(path: Path, lang: str | None) -> Catalog:
    with path.open("rb") as f:
        cat = read_po(f, locale=lang, abort_invalid=True)
    # Babel's reader drops the `#| msgid` lines (the English a fuzzy entry translated);
    # read them back, so that they survive the next update for the translator.
    previous = _previous_ids(path.read_text(encoding="utf-8"))
    for key, m in by_key(cat).items():
        if key in previous:
            m.previous_id = previous[key]
    return cat


def _previous_ids(text: str) -> dict[str, list[str]]:
    """{msgctxt: [previous msgid, previous msgid_plural]} of the `#|` comments (one line
    each, as `write` puts them, or continued on `#| "..."` lines, as msgmerge does)."""
    out: dict[str, list[str]] = {}
    parts: list[list[str]] = []
    for line in text.splitlines():
        if line.startswith(("#| msgid ", "#| msgid_plural ")):
            parts.append([unescape(line.split(" ", 2)[2])])
        elif line.startswith('#| "') and parts:
            parts[-1].append(unescape(line[3:]))
        elif line.startswith('msgctxt "'):
            if parts:
                out[unescape(line[8:])] = ["".join(p) for p in parts]
            parts = []
        elif not line.startswith("#"):
            parts = []
    return out


def write(path: Path, cat: Catalog) -> bool:
    """Write `cat` as .po/.pot text; False when the file already holds those bytes."""
    buf = io.BytesIO()
    write_po(buf, cat, width=100, include_lineno=False)
    data = _with_previous_ids(buf.getvalue().decode("utf-8"), cat).encode("utf-8")
    if path.is_file() and path.read_bytes() == data:
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return True


def _with_previous_ids(text: str, cat: Catalog) -> str:
    """`text` with the English each fuzzy entry translated, as `#| msgid "..."` lines
    before its msgctxt (Babel's writer wraps them in a way no reader reads back)."""
    previous = {m.context: m.previous_id for m in cat if m.id and m.context and m.previous_id}
    if not previous:
        return text
    out = []
    for line in text.split("\n"):
        if line.startswith('msgctxt "'):
            ids = previous.get(unescape(line[8:]), [])
            out += [f"#| {tag} {escape(i)}" for tag, i in zip(("msgid", "msgid_plural"), ids,
                                                             strict=False)]
        out.append(line)
    return "\n".join(out)


def catalog_of(domain: Domain, lang: str) -> Catalog:
    path = domain.po(lang)
    return read(path, lang) if path.is_file() else _new_catalog(domain, lang)


def updated(pot: Catalog, old: Catalog, domain: Domain, lang: str) -> Catalog:
    """The .po of `lang` for the template `pot`. Matched by msgctxt, our key, not by the
    English text as msgmerge and Babel's update do: the key is the phrase's identity, its
    English may change. Changed English keeps the translation as fuzzy, with the English
    it translated as `#| msgid`; a key gone from the template goes."""
    known = by_key(old)
    n = _new_catalog(domain, lang).num_plurals
    cat = _new_catalog(domain, lang)
    for m in pot:
        if not m.id:
            continue
        prev = known.get(m.context) if m.context else None
        string: Any = tuple([""] * n) if m.pluralizable else ""
        fuzzy = False
        previous: Any = ()
        if prev is not None:
            string = _reshaped(prev.string, m.pluralizable, n)
            fuzzy = prev.fuzzy
            previous = prev.previous_id
            if prev.id != m.id:
                fuzzy = True
                previous = prev.id
            elif not fuzzy:
                previous = ()
        flags = [FLAG] + (["fuzzy"] if fuzzy and _filled(string) else [])
        cat.add(m.id, string, m.locations, flags=flags, auto_comments=m.auto_comments,
                user_comments=prev.user_comments if prev else (), previous_id=previous,
                context=m.context)
    return cat


def _reshaped(string: Any, plural: bool, n: int) -> Any:
    """A translation in the shape of its entry (a text, or n plural forms)."""
    if not plural:
        return string[-1] if isinstance(string, tuple | list) else string
    forms = list(string) if isinstance(string, tuple | list) else [string] * n
    return tuple((forms + [forms[-1]] * n)[:n])


def _filled(string: Any) -> bool:
    return all(string) if isinstance(string, tuple | list) else bool(string)


# ------------------------------------------------------------------ commands

def do_extract(root: Path = ROOT) -> list[Path]:
    return [d.pot for d in domains(root) if write(d.pot, template(d, root))]


def do_update(root: Path = ROOT) -> list[Path]:
    changed = []
    for d in domains(root):
        pot = template(d, root)
        write(d.pot, pot)
        for lang in LANGS:
            if write(d.po(lang), updated(pot, catalog_of(d, lang), d, lang)):
                changed.append(d.po(lang))
    return changed


def compiled(domain: Domain) -> dict[str, dict[str, str | tuple[str, ...]]]:
    """{lang: {key: text or plural forms}} of the domain's catalogs: every entry that is
    translated and not fuzzy (as msgfmt leaves fuzzy ones out; the page shows English)."""
    from samarkand_core.plurals import PLURAL_FORMS

    out: dict[str, dict[str, str | tuple[str, ...]]] = {}
    for lang in LANGS:
        cat = catalog_of(domain, lang)
        if cat.plural_forms != PLURAL_FORMS[lang]:
            raise CatalogError(f"{domain.po(lang)}: Plural-Forms {cat.plural_forms!r} is not "
                               f"samarkand_core.plurals' {PLURAL_FORMS[lang]!r}")
        table: dict[str, str | tuple[str, ...]] = {}
        for m in cat:
            if m.id and m.context and not m.fuzzy and _filled(m.string):
                text = m.string
                table[m.context] = (tuple(text) if isinstance(text, (tuple, list))
                                    else str(text))
        out[lang] = table
    return out


def table_source(domain: Domain) -> str:
    """The domain's compiled table as the text of its file (deterministic): JSON for a
    .json table, else a Python module."""
    data = compiled(domain)
    if domain.table.suffix == ".json":
        return json_table(data)
    rel = domain.locale.relative_to(domain.root).as_posix()
    lines = [
        "# ruff: noqa: E501",
        f'"""{domain.table_doc}: compiled from {rel}/*/LC_MESSAGES/{domain.name}.po',
        "by `python web/tools/catalogs.py compile` (make web runs it). Do not edit: edit the .po",
        "files. {lang: {key: text, or a tuple of plural forms (samarkand_core.plurals)}}."
        '"""',
        "",
        "from __future__ import annotations",
        "",
        "TRANSLATIONS: dict[str, dict[str, str | tuple[str, ...]]] = {",
    ]
    for lang, table in data.items():
        lines.append(f"    {lang!r}: {{")
        lines += [f"        {k!r}: {v!r}," for k, v in table.items()]
        lines.append("    },")
    lines.append("}")
    return "\n".join(lines) + "\n"


def json_table(data: dict[str, dict[str, str | tuple[str, ...]]]) -> str:
    """{lang: {key: text or [plural forms]}} as JSON, one entry a line (so that a
    changed translation is a one-line diff), in the catalogs' order."""
    lines = ["{"]
    for i, (lang, table) in enumerate(data.items()):
        lines.append(f" {json.dumps(lang)}: {{")
        entries = [f"  {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}"
                   for k, v in table.items()]
        lines.append(",\n".join(entries))
        lines.append(" }" + ("," if i < len(data) - 1 else ""))
    lines.append("}")
    return "\n".join(lines) + "\n"


def do_compile(root: Path = ROOT) -> list[Path]:
    """Write each domain's compiled table; the files that changed."""
    changed = []
    for d in domains(root):
        src = table_source(d).encode()
        if not (d.table.is_file() and d.table.read_bytes() == src):
            d.table.write_bytes(src)
            changed.append(d.table)
    return changed


def compile_all(root: Path = ROOT) -> None:
    """The build's step (web/tools/build.py): the catalogs compiled into the code it ships (a
    tree without catalogs, as some build tests make, has nothing to compile)."""
    if not all(d.pot.is_file() for d in domains(root)):
        return
    for path in do_compile(root):
        print(f"  words: {path.relative_to(root)} compiled")


def problems(root: Path = ROOT) -> list[str]:
    """Every missing, empty, fuzzy or stale translation, and a .pot or compiled table
    that does not match the code or the catalogs, in words."""
    out = []
    for d in domains(root):
        pot = template(d, root)
        if not d.pot.is_file() or _entries(read(d.pot, None)) != _entries(pot):
            out.append(f"{d.pot.relative_to(root)} is not the English of the code: "
                       "run `python web/tools/catalogs.py update`")
        for lang in LANGS:
            have = by_key(catalog_of(d, lang))
            for m in pot:
                if not m.id:
                    continue
                got = have.get(m.context) if m.context else None
                where = f"{d.po(lang).relative_to(root)}: {m.context}"
                if got is None:
                    out.append(f"{where}: missing")
                elif got.id != m.id:
                    out.append(f"{where}: stale (translates older English)")
                elif got.fuzzy:
                    out.append(f"{where}: fuzzy")
                elif not _filled(got.string):
                    out.append(f"{where}: not translated")
        if d.table.is_file() and d.table.read_text(encoding="utf-8") != table_source(d):
            out.append(f"{d.table.relative_to(root)} is not compiled from the catalogs: "
                       "run `python web/tools/catalogs.py compile`")
    return out


def _entries(cat: Catalog) -> list[tuple[Any, ...]]:
    return [(m.context, m.id) for m in cat if m.id]


# ------------------------------------------------------------------ migration

def legacy_translations(domain: Domain) -> dict[str, dict[str, str]]:
    """{lang: {key: text}} still written in Python beside the English (the old format:
    `DE = {...}`, `COACH_DE = {...}`, or a "de" entry of `STRINGS = {...}`), read from
    the sources as literals, without importing them."""
    out: dict[str, dict[str, str]] = {lang: {} for lang in LANGS}
    for path in domain.sources:
        for lang, table in _foreign_tables(ast.parse(path.read_text())):
            out[lang].update({k: v for k, v in table.items()
                              if isinstance(k, str) and isinstance(v, str)})
    return out


def _foreign_tables(tree: ast.Module) -> Iterator[tuple[str, dict[Any, Any]]]:
    names = {f"{p}{lang.upper()}": lang for lang in LANGS for p in ("", "COACH_", "ANALYSIS_")}
    for node in tree.body:
        target, value = _assignment(node)
        if target in names and isinstance(value, ast.Dict):
            yield names[target], _literal(value)
        elif target == "STRINGS" and isinstance(value, ast.Dict):
            for k, v in zip(value.keys, value.values, strict=True):
                if (isinstance(k, ast.Constant) and isinstance(k.value, str)
                        and k.value in LANGS and isinstance(v, ast.Dict)):
                    yield k.value, _literal(v)


def _literal(node: ast.Dict) -> dict[Any, Any]:
    """The entries of a dict literal whose keys and values are plain strings."""
    out = {}
    for k, v in zip(node.keys, node.values, strict=True):
        if isinstance(k, ast.Constant) and isinstance(v, ast.Constant):
            out[k.value] = v.value
    return out


def _forms_from_legacy(legacy: Mapping[str, str], key: str, n: int) -> tuple[str, ...] | None:
    """The plural forms of `key` from an old table ({key: plural, key_one: singular}): the
    singular's literal count 1 becomes {n}, as the one form of French also serves 0; the
    "many" form (exact millions) is the plural."""
    plural, one = legacy.get(key), legacy.get(key + "_one")
    if plural is None:
        return None
    if one is None:
        one = plural
    elif "{n}" in plural:
        one = re.sub(r"(?<![\w{])1(?![\w}])", "{n}", one, count=1)
    return tuple([one] + [plural] * (n - 1))


def migrate(root: Path = ROOT, overwrite: bool = False, keep_source: bool = False) -> list[str]:
    """Move the translations still in Python into the .po files; what was done, in words."""
    report = []
    for d in domains(root):
        legacy = legacy_translations(d)
        pot = template(d, root)
        write(d.pot, pot)
        for lang in LANGS:
            cat = updated(pot, catalog_of(d, lang), d, lang)
            table = legacy[lang]
            moved = 0
            for m in cat:
                if not m.id or m.context not in table:
                    continue
                if _filled(m.string) and not m.fuzzy and not overwrite:
                    continue
                if m.pluralizable:
                    forms = _forms_from_legacy(table, m.context, cat.num_plurals)
                    if forms is None:
                        continue
                    m.string = forms
                else:
                    m.string = table[m.context]
                m.flags.discard("fuzzy")
                m.previous_id = []
                moved += 1
            write(d.po(lang), cat)
            if moved:
                report.append(f"{d.po(lang).relative_to(root)}: {moved} translations moved in")
    if not keep_source:
        for path in (p for d in domains(root) for p in d.sources):
            if strip_translations(path):
                report.append(f"{path.relative_to(root)}: translations deleted (now in .po)")
    do_compile(root)
    return report


def strip_translations(path: Path) -> bool:
    """Delete the German, French and Italian tables from a words module, leaving its
    English: `DE = {...}` (and COACH_DE, ...) go, and so do the "de"/"fr"/"it" entries of
    `STRINGS = {...}`. False when there were none."""
    source = path.read_text()
    lines = source.splitlines(keepends=True)
    tree = ast.parse(source)
    cut: list[tuple[int, int, str]] = []  # (first line, last line, replacement), 1-based
    names = {f"{p}{lang.upper()}" for lang in LANGS for p in ("", "COACH_", "ANALYSIS_")}
    for node in tree.body:
        target, value = _assignment(node)
        end = node.end_lineno or node.lineno
        if target in names:
            while end < len(lines) and not lines[end].strip():
                end += 1
            cut.append((node.lineno, end, ""))
        elif target == "STRINGS" and isinstance(value, ast.Dict):
            items = list(zip(value.keys, value.values, strict=True))
            foreign = [(k, v) for k, v in items
                       if isinstance(k, ast.Constant) and k.value in LANGS]
            if not foreign:
                continue
            if node.lineno == end or all(isinstance(v, ast.Name) for _, v in items):
                en = next((ast.get_source_segment(source, v) for k, v in items
                           if isinstance(k, ast.Constant) and k.value == "en"), "{}")
                cut.append((node.lineno, end,
                            f"STRINGS: dict[str, dict[str, str]] = {{\"en\": {en}}}\n"))
            else:
                for k, v in foreign:
                    cut.append((k.lineno, v.end_lineno or v.lineno, ""))
    if not cut:
        return False
    for first, last, text in sorted(cut, reverse=True):
        lines[first - 1:last] = [text] if text else []
    path.write_text("".join(lines))
    return True


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("command", choices=["extract", "update", "compile", "check", "migrate"])
    ap.add_argument("--overwrite", action="store_true",
                    help="migrate: replace translations the .po files already have")
    ap.add_argument("--keep-source", action="store_true",
                    help="migrate: leave the old translations in the Python modules")
    args = ap.parse_args(argv)
    sys.path[:0] = [str(ROOT), str(ROOT / "web")]
    try:
        if args.command == "check":
            found = problems()
            print("\n".join(found) or "catalogs: every phrase translated and current")
            return 1 if found else 0
        done: list[Any] = {
            "extract": do_extract, "update": do_update, "compile": do_compile,
        }[args.command]() if args.command != "migrate" else \
            migrate(overwrite=args.overwrite, keep_source=args.keep_source)
    except CatalogError as e:
        print(f"catalogs.py: error: {e}", file=sys.stderr)
        return 1
    for item in done:
        print(item.relative_to(ROOT) if isinstance(item, Path) else item)
    if args.command in ("update", "migrate"):
        left = problems()
        if left:
            print(f"{len(left)} entries still need a translator (`check` lists them)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

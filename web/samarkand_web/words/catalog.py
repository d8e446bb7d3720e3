"""The page's words in German, French and Italian, as the catalogs compile them:
catalog.json beside this module ({lang: {key: text, or a list of plural forms}}),
written by `python web/tools/catalogs.py compile` (make web runs it) from words/locale/*/
LC_MESSAGES/samarkand.po. Data, not code (a generated module of 1,900 lines only held
this table): parsed once, when a word of another language than English is first
wanted, so that a page in English never reads it."""

from __future__ import annotations

import json
import os
from functools import lru_cache

from samarkand_core.plurals import Forms

FILE = "catalog.json"


def _read() -> bytes:
    # A plain file beside this module (the source tree, or the page, whose code bundle
    # writes its data files beside its modules); importlib.resources (slow to import)
    # only for an install that is neither.
    try:
        with open(os.path.join(os.path.dirname(__file__), FILE), "rb") as file:
            return file.read()
    except OSError:
        from importlib import resources

        return resources.files(__package__).joinpath(FILE).read_bytes()


def load(data: bytes) -> dict[str, dict[str, Forms]]:
    """The table of catalog.json's bytes; plural forms as tuples, as the words use them
    (changed in place: a new dict per language would cost as much as the parse)."""
    tables: dict[str, dict[str, str | list[str] | tuple[str, ...]]] = json.loads(
        data.decode("utf-8"))
    for table in tables.values():
        for key, text in table.items():
            if isinstance(text, list):
                table[key] = tuple(text)
    return tables  # type: ignore[return-value]  # no list is left


@lru_cache(maxsize=1)
def translations() -> dict[str, dict[str, Forms]]:
    """{lang: {key: text or plural forms}}, read and parsed on the first call."""
    return load(_read())

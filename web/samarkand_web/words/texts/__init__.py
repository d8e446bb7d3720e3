"""The page's words by feature, added to i18n's tables.

Each module here holds the English of one feature of the page, ``EN = {...}`` and
``STRINGS = {"en": EN}`` (so that features add words without touching one big table);
the translations are in the catalogs (words/locale/, docs/words.md). Register a module
by importing it and adding its STRINGS to FEATURES; i18n merges them in this order (a key
defined twice is a mistake the tests report). A module written the old way, with "de",
"fr" and "it" tables beside the English, is moved into the catalogs by
`python web/tools/catalogs.py migrate`.
"""

from __future__ import annotations

from . import (
    analysis,
    board,
    botmoves,
    coach,
    flow,
    guide,
    loading,
    newcomer,
    remote,
    replay,
    rules,
    saves,
    site,
    sound,
    table,
)

FEATURES: tuple[dict[str, dict[str, str]], ...] = (
    board.STRINGS, replay.STRINGS, saves.STRINGS, flow.STRINGS, rules.STRINGS, loading.STRINGS,
    coach.STRINGS, table.STRINGS, site.STRINGS, newcomer.STRINGS, remote.STRINGS,
    analysis.STRINGS, botmoves.STRINGS, guide.STRINGS, sound.STRINGS)

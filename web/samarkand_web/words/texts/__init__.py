"""The page's words by feature, added to i18n's tables.

Each module here holds ``STRINGS = {"en": {...}, "de": {...}, "fr": {...}, "it": {...}}``
for one feature of the page (so that features add words without touching one big
table). Register a module by importing it and adding its STRINGS to FEATURES; i18n
merges them in this order (a key defined twice is a mistake the tests report).
"""

from __future__ import annotations

from . import analysis, board, coach, flow, loading, replay, rules, saves, site, table

FEATURES: tuple[dict[str, dict[str, str]], ...] = (
    board.STRINGS, replay.STRINGS, saves.STRINGS, flow.STRINGS, rules.STRINGS, loading.STRINGS,
    coach.STRINGS, table.STRINGS, site.STRINGS, analysis.STRINGS)

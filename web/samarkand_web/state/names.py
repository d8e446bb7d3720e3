"""Players' names as the page shows them: a bot seat that kept its default name ("Bot 2
(Easy)") is named in the page's language, whatever language the game was started in;
a name a person typed is shown as typed."""

from __future__ import annotations

from functools import lru_cache

from samarkand_web.state.controller import HUMAN
from samarkand_web.words import i18n

# The level words of earlier versions (saved games keep the names made with them).
OLD_LEVEL_WORDS = ("random", "heuristic", "search", "zufällig", "heuristisch", "Suche",
                   "hasard", "heuristique", "recherche", "casuale", "euristico", "ricerca")
LEVELS = ("random", "heuristic", "search")


@lru_cache(maxsize=64)
def default_bot_names(seat: int) -> frozenset[str]:
    """Every default name seat `seat` (0-based) has had as a bot, in any language."""
    words = set(OLD_LEVEL_WORDS)
    for lang in i18n.STRINGS:
        words |= {i18n.t(lang, f"level.{lv}") for lv in LEVELS}
    return frozenset(i18n.t(lang, "bot.name", n=seat + 1, level=w)
                     for lang in i18n.STRINGS for w in words)


def shown_name(lang: str, name: str, seat: int, kind: str) -> str:
    """`name` of the player in `seat`, a bot's default name in `lang`."""
    if kind != HUMAN and name in default_bot_names(seat):
        level = kind if kind in LEVELS else LEVELS[0]
        return i18n.t(lang, "bot.name", n=seat + 1, level=i18n.t(lang, f"level.{level}"))
    return name

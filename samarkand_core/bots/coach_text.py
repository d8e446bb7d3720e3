"""The coach's sentences: English here, German, French and Italian in gettext catalogs.

English is the source (COACH_EN); the translations live in samarkand_core/locale/
{de,fr,it}/LC_MESSAGES/coach.po, compiled into coach_catalog.py (`python web/tools/catalogs.py
compile`, which `make web` runs), so that the core speaks every language without the page
and without Babel (`samarkand analyse --lang de`). Templates are str.format strings
without markup, like the page's own (web/samarkand_web/words/i18n.py), which uses these
too. Placeholders: {good} is the name of a good, {family} and {other} are family names
("House of Merv"), filled in by the page from the reason's numbers (a good number, a
family index); every other placeholder is a number shown as it is. Points are written as
signed numbers in brackets so that no sentence needs a plural. A phrase with a count
{n} has its English singular under `<key>_one`; each language has its own plural forms,
chosen by its CLDR rule (samarkand_core.plurals).
"""

from __future__ import annotations

from collections.abc import Mapping

from ..plurals import Forms, pick, plural_index
from .coach_catalog import TRANSLATIONS

COACH_EN: dict[str, str] = {
    "coach.reason.goods_card": "Your camel of the {family} reaches {good}, where you hold "
                               "the card (+{points}).",
    "coach.reason.goods_marker": "You take the goods marker of {good} (+1).",
    "coach.reason.meeting": "First meeting of the {family} and the {other}: money +{money} "
                            "and relationship markers +{markers} for you.",
    "coach.reason.second_cost": "The second camel costs the {family} 1 dirham from its "
                                "treasury.",
    "coach.reason.sell": "Selling the {good} card brings {money} dirhams now; kept, it is "
                         "worth about {points}.",
    "coach.reason.keep": "Kept, the {good} card is worth about {points}, against {money} "
                         "dirhams for a sale.",
    "coach.reason.marry_cost": "Marrying into the {family} costs its portion of {portion} "
                               "dirhams.",
    "coach.reason.marry_cards": "The camels of the {family} can reach the spaces of your goods "
                                "cards (about +{points} to come).",
    "coach.reason.marry_meetings": "The {family} can still meet other families: bonuses and "
                                   "markers (about +{points} to come).",
    "coach.reason.draw": "You draw up to {n} goods cards (about +{points}).",
    "coach.reason.draw_one": "You draw {n} goods card (about +{points}).",
    "coach.reason.discard": "The cards you discard are worth little (about {points} in all).",
    "coach.reason.keep_all": "Every card in your hand is worth keeping.",
    "coach.reason.end_turn": "No second camel of the {family} gains enough to pay for it.",
    "coach.reason.approach": "The {family} comes closer to the spaces of your goods cards "
                             "(about +{points} to come).",
    "coach.reason.rival_gains": "Careful: it also helps a rival (about +{points} for them).",
    "coach.reason.estimate": "The estimate of your final score changes by about {points}.",
    "coach.reason.then_goods_card": "Then a second camel of the {family} can reach {good}, "
                                    "where you hold the card (+{points}).",
    "coach.reason.then_meeting": "Then a second camel can bring the first meeting of the "
                                 "{family} and the {other} (money +{money} for you).",
    "coach.reason.only_move": "This is the only legal move.",
    "coach.reason.alternative_less": "About {points} less than the suggested move.",
    "coach.points": "{points} points (estimate)",
    "coach.win_chance": "winning chances about {percent}%",
}


def flat_table(english: Mapping[str, str], lang: str) -> dict[str, str]:
    """`lang`'s sentences of the English table `english` as one template per key
    (`<key>_one` for the form of 1; English where a translation is missing), for readers
    that pick the singular themselves (samarkand_core.analysis)."""
    out = dict(english)
    for key, forms in TRANSLATIONS.get(lang, {}).items():
        if key not in english:
            continue
        out[key] = pick(lang, forms, None)
        if isinstance(forms, tuple):
            out[key + "_one"] = forms[plural_index(lang, 1)]
    return out


COACH_TEXT: dict[str, dict[str, str]] = {lang: flat_table(COACH_EN, lang)
                                          for lang in ("en", "de", "fr", "it")}

# Parameters that the page turns into names before formatting; the rest are numbers.
NAME_PARAMS: dict[str, str] = {"good": "good", "family": "family", "other": "family"}


def template_of(english: Mapping[str, str], lang: str, key: str, n: object = None) -> str:
    """The template of `key` (of the English table `english`) in `lang` for the count `n`,
    by the language's plural rule (English where there is no translation)."""
    forms: Forms | None = TRANSLATIONS.get(lang, {}).get(key)
    if forms is not None:
        return pick(lang, forms, n)
    if key + "_one" in english and plural_index("en", n) == 0:
        return english[key + "_one"]
    return english[key]


def coach_template(lang: str, key: str, n: object = None) -> str:
    """The template of `key` in `lang` for the count `n` (English where there is none)."""
    return template_of(COACH_EN, lang, key, n)


def coach_text(lang: str, key: str, **values: object) -> str:
    """A reason's sentence, with names already in `values` (English if `lang` is unknown)."""
    return coach_template(lang, key, values.get("n")).format(**values)


__all__ = ["COACH_EN", "COACH_TEXT", "NAME_PARAMS", "coach_template", "coach_text", "flat_table",
           "template_of"]

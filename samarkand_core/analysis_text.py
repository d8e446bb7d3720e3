"""The analysis's words: English here, German, French and Italian in the coach's catalogs
(samarkand_core/locale/*/LC_MESSAGES/coach.po, compiled into bots/coach_catalog.py by
`python web/tools/catalogs.py compile`), so that `samarkand analyse --lang de` speaks German
without the page; ANALYSIS_TEXT is {lang: {key: template}}.

The same conventions as the coach's sentences (samarkand_core/bots/coach_text.py), whose
reasons an analysis also gives: str.format templates without markup; {good}, {family} and
{other} are names the reader's side puts in from a reason's numbers, every other
placeholder a number shown as it is; a key ending in `_one` is the singular of the key
without it, used when the reason's `n` is 1. "The Hard level" is the page's name of the
search bot (level.search).
"""

from __future__ import annotations

from .bots.coach_text import flat_table, template_of

ANALYSIS_EN: dict[str, str] = {
    "analysis.kind.best": "best",
    "analysis.kind.good": "good",
    "analysis.kind.inaccuracy": "inaccuracy",
    "analysis.kind.mistake": "mistake",
    "analysis.kind.blunder": "blunder",
    "analysis.reason.best": "The Hard level plays this move too.",
    "analysis.reason.as_good": "The Hard level chose another move, but by its estimate this "
                               "one does at least as well.",
    "analysis.reason.loss": "The better move gains about {n} points more against your best "
                            "rival.",
    "analysis.reason.loss_one": "The better move gains about {n} point more against your best "
                                "rival.",
    "analysis.reason.loss_small": "The better move is only a little better.",
    "analysis.reason.win_loss": "Your winning chances: about {chance}% after this move, "
                                "{better}% after the better one.",
    "analysis.reason.within_noise": "That difference in winning chance is within the "
                                    "uncertainty of the estimate.",
    "analysis.reason.better_move": "The better move:",
    "analysis.better": "better",
    "analysis.mark": "{kind}: {played}; better: {best}",
}

ANALYSIS_TEXT: dict[str, dict[str, str]] = {lang: flat_table(ANALYSIS_EN, lang)
                                             for lang in ("en", "de", "fr", "it")}



def analysis_template(lang: str, key: str, n: object = None) -> str:
    """The template of `key` in `lang` for the count `n`, by the language's plural rule
    (French takes the form of one for 0 too)."""
    return template_of(ANALYSIS_EN, lang, key, n)


def analysis_text(lang: str, key: str, **values: object) -> str:
    """One of the analysis's sentences, names already in `values`."""
    return analysis_template(lang, key, values.get("n")).format(**values)


__all__ = ["ANALYSIS_EN", "ANALYSIS_TEXT", "analysis_template", "analysis_text"]

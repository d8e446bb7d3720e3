"""The analysis's words in English, German, French and Italian: {lang: {key: template}}.

The same conventions as the coach's sentences (samarkand_core/bots/coach_text.py), whose
reasons an analysis also gives: str.format templates without markup; {good}, {family} and
{other} are names the reader's side puts in from a reason's numbers, every other
placeholder a number shown as it is; a key ending in `_one` is the singular of the key
without it, used when the reason's `n` is 1. "The Hard level" is the page's name of the
search bot (level.search).
"""

from __future__ import annotations

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
    "analysis.reason.loss_one": "The better move gains about 1 point more against your best "
                                "rival.",
    "analysis.reason.loss_small": "The better move is only a little better.",
    "analysis.reason.win_loss": "Your winning chances: about {chance}% after this move, "
                                "{better}% after the better one.",
    "analysis.reason.better_move": "The better move:",
    "analysis.better": "better",
    "analysis.mark": "{kind}: {played}; better: {best}",
}

ANALYSIS_DE: dict[str, str] = {
    "analysis.kind.best": "bester Zug",
    "analysis.kind.good": "gut",
    "analysis.kind.inaccuracy": "Ungenauigkeit",
    "analysis.kind.mistake": "Fehler",
    "analysis.kind.blunder": "grober Fehler",
    "analysis.reason.best": "Die Stufe Schwer spielt diesen Zug auch.",
    "analysis.reason.as_good": "Die Stufe Schwer wählte einen anderen Zug, aber nach ihrer "
                               "Schätzung ist dieser mindestens so gut.",
    "analysis.reason.loss": "Der bessere Zug bringt gegenüber deinem stärksten Mitspieler "
                            "etwa {n} Punkte mehr.",
    "analysis.reason.loss_one": "Der bessere Zug bringt gegenüber deinem stärksten "
                                "Mitspieler etwa 1 Punkt mehr.",
    "analysis.reason.loss_small": "Der bessere Zug ist nur wenig besser.",
    "analysis.reason.win_loss": "Deine Siegchance: etwa {chance} % nach diesem Zug, "
                                "{better} % nach dem besseren.",
    "analysis.reason.better_move": "Der bessere Zug:",
    "analysis.better": "besser",
    "analysis.mark": "{kind}: {played}; besser: {best}",
}

ANALYSIS_FR: dict[str, str] = {
    "analysis.kind.best": "meilleur coup",
    "analysis.kind.good": "bon",
    "analysis.kind.inaccuracy": "imprécision",
    "analysis.kind.mistake": "erreur",
    "analysis.kind.blunder": "gaffe",
    "analysis.reason.best": "Le niveau Difficile joue aussi ce coup.",
    "analysis.reason.as_good": "Le niveau Difficile a choisi un autre coup, mais selon son "
                               "estimation celui-ci vaut au moins autant.",
    "analysis.reason.loss": "Le meilleur coup rapporte environ {n} points de plus face à "
                            "votre meilleur adversaire.",
    "analysis.reason.loss_one": "Le meilleur coup rapporte environ 1 point de plus face à "
                                "votre meilleur adversaire.",
    "analysis.reason.loss_small": "Le meilleur coup n'est que légèrement meilleur.",
    "analysis.reason.win_loss": "Vos chances de victoire : environ {chance} % après ce "
                                "coup, {better} % après le meilleur.",
    "analysis.reason.better_move": "Le meilleur coup :",
    "analysis.better": "mieux",
    "analysis.mark": "{kind} : {played} ; mieux : {best}",
}

ANALYSIS_IT: dict[str, str] = {
    "analysis.kind.best": "mossa migliore",
    "analysis.kind.good": "buona",
    "analysis.kind.inaccuracy": "imprecisione",
    "analysis.kind.mistake": "errore",
    "analysis.kind.blunder": "errore grave",
    "analysis.reason.best": "Anche il livello Difficile gioca questa mossa.",
    "analysis.reason.as_good": "Il livello Difficile ha scelto un'altra mossa, ma secondo la "
                               "sua stima questa vale almeno altrettanto.",
    "analysis.reason.loss": "La mossa migliore rende circa {n} punti in più rispetto al tuo "
                            "avversario più forte.",
    "analysis.reason.loss_one": "La mossa migliore rende circa 1 punto in più rispetto al "
                                "tuo avversario più forte.",
    "analysis.reason.loss_small": "La mossa migliore è solo di poco migliore.",
    "analysis.reason.win_loss": "Le tue probabilità di vittoria: circa {chance}% dopo questa "
                                "mossa, {better}% dopo la migliore.",
    "analysis.reason.better_move": "La mossa migliore:",
    "analysis.better": "meglio",
    "analysis.mark": "{kind}: {played}; meglio: {best}",
}

ANALYSIS_TEXT: dict[str, dict[str, str]] = {
    "en": ANALYSIS_EN, "de": ANALYSIS_DE, "fr": ANALYSIS_FR, "it": ANALYSIS_IT,
}

__all__ = ["ANALYSIS_TEXT"]

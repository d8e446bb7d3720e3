"""Words of the coach (issue 11): "Suggest a move", its switch, the suggestion with the move
in words, the count on the end screen, the start screen's option. The reasons themselves
are the coach's own sentences (samarkand_core.bots.coach_text), added here so that the
page fills them like every other text: with the game's names in the player's language."""

from __future__ import annotations

from samarkand_core.bots.coach_text import COACH_TEXT

EN = {
    "coach.suggest": "Suggest a move",
    "coach.suggest_short": "Suggest",
    "coach.switch": "Coach",
    "coach.switch_on": "on",
    "coach.switch_off": "off",
    "coach.thinking": "The coach is thinking… You can play on meanwhile.",
    "coach.heading": "The coach suggests",
    "coach.alternative": "Next best",
    "coach.hide_label": "Hide the suggestion",
    "coach.mark": "suggested by the coach",
    "coach.failed": "The coach could not find a suggestion for this position.",
    # the suggested move in words
    "coach.move.marry": "Marry into the {family}",
    "coach.move.place": "Place a camel of the {family} on {space}",
    "coach.move.end_turn": "End the turn without a second camel",
    "coach.move.pass": "Pass",
    "coach.move.discard": "Discard {cards}",
    "coach.move.keep_all": "Keep all your cards",
    "coach.move.sell": "Sell the {good} card for {price} dirhams",
    "coach.move.keep": "Keep the {good} card",
    # the end screen
    "coach.used_title": "Suggestions from the coach",
    "coach.used": "{n} suggestions",
    "coach.used_one": "1 suggestion",
    "coach.used_off": "The coach was switched off in this game.",
    # the start screen and the address
    "coach.form": "Coach",
    "coach.form_on": "On: suggested moves on request",
    "coach.form_off": "Off",
    "link.bad_coach": "The address asks for coach={value}: only on or off is possible.",
}

DE = {
    "coach.suggest": "Zug vorschlagen",
    "coach.suggest_short": "Vorschlag",
    "coach.switch": "Coach",
    "coach.switch_on": "an",
    "coach.switch_off": "aus",
    "coach.thinking": "Der Coach denkt nach … Du kannst derweil weiterspielen.",
    "coach.heading": "Der Coach schlägt vor",
    "coach.alternative": "Zweitbester Zug",
    "coach.hide_label": "Ausblenden: den Vorschlag des Coachs",
    "coach.mark": "vom Coach vorgeschlagen",
    "coach.failed": "Der Coach hat für diese Stellung keinen Vorschlag gefunden.",
    "coach.move.marry": "In {family} einheiraten",
    "coach.move.place": "Ein Kamel von {family} auf {space} setzen",
    "coach.move.end_turn": "Den Zug ohne zweites Kamel beenden",
    "coach.move.pass": "Passen",
    "coach.move.discard": "{cards} abwerfen",
    "coach.move.keep_all": "Alle Karten behalten",
    "coach.move.sell": "Die Karte {good} für {price} Dirham verkaufen",
    "coach.move.keep": "Die Karte {good} behalten",
    "coach.used_title": "Vorschläge des Coachs",
    "coach.used": "{n} Vorschläge",
    "coach.used_one": "1 Vorschlag",
    "coach.used_off": "Der Coach war in diesem Spiel ausgeschaltet.",
    "coach.form": "Coach",
    "coach.form_on": "An: Zugvorschläge auf Wunsch",
    "coach.form_off": "Aus",
    "link.bad_coach": "Die Adresse verlangt coach={value}: Möglich ist nur on oder off.",
}

FR = {
    "coach.suggest": "Suggérer un coup",
    "coach.suggest_short": "Suggérer",
    "coach.switch": "Coach",
    "coach.switch_on": "activé",
    "coach.switch_off": "désactivé",
    "coach.thinking": "Le coach réfléchit… Tu peux continuer à jouer.",
    "coach.heading": "Le coach suggère",
    "coach.alternative": "Deuxième choix",
    "coach.hide_label": "Masquer la suggestion",
    "coach.mark": "suggéré par le coach",
    "coach.failed": "Le coach n'a trouvé aucune suggestion pour cette position.",
    "coach.move.marry": "Entrer dans la {family}",
    "coach.move.place": "Placer un chameau ({family}) sur {space}",
    "coach.move.end_turn": "Finir le tour sans second chameau",
    "coach.move.pass": "Passer",
    "coach.move.discard": "Défausser {cards}",
    "coach.move.keep_all": "Garder toutes tes cartes",
    "coach.move.sell": "Vendre la carte {good} pour {price} dirhams",
    "coach.move.keep": "Garder la carte {good}",
    "coach.used_title": "Suggestions du coach",
    "coach.used": "{n} suggestions",
    "coach.used_one": "1 suggestion",
    "coach.used_off": "Le coach était désactivé dans cette partie.",
    "coach.form": "Coach",
    "coach.form_on": "Activé : coups suggérés à la demande",
    "coach.form_off": "Désactivé",
    "link.bad_coach": "L'adresse demande coach={value} : seuls on et off sont possibles.",
}

IT = {
    "coach.suggest": "Suggerisci una mossa",
    "coach.suggest_short": "Suggerisci",
    "coach.switch": "Coach",
    "coach.switch_on": "attivo",
    "coach.switch_off": "spento",
    "coach.thinking": "Il coach sta pensando… Intanto puoi continuare a giocare.",
    "coach.heading": "Il coach suggerisce",
    "coach.alternative": "Seconda scelta",
    "coach.hide_label": "Nascondi il suggerimento",
    "coach.mark": "suggerito dal coach",
    "coach.failed": "Il coach non ha trovato un suggerimento per questa posizione.",
    "coach.move.marry": "Sposarsi nella {family}",
    "coach.move.place": "Piazzare un cammello ({family}) su {space}",
    "coach.move.end_turn": "Finire il turno senza secondo cammello",
    "coach.move.pass": "Passare",
    "coach.move.discard": "Scartare {cards}",
    "coach.move.keep_all": "Tenere tutte le carte",
    "coach.move.sell": "Vendere la carta {good} per {price} dirham",
    "coach.move.keep": "Tenere la carta {good}",
    "coach.used_title": "Suggerimenti del coach",
    "coach.used": "{n} suggerimenti",
    "coach.used_one": "1 suggerimento",
    "coach.used_off": "Il coach era spento in questa partita.",
    "coach.form": "Coach",
    "coach.form_on": "Attivo: mosse suggerite su richiesta",
    "coach.form_off": "Spento",
    "link.bad_coach": "L'indirizzo chiede coach={value}: sono possibili solo on o off.",
}

# The page's words, then the coach's reasons (keys "coach.reason.*", "coach.points",
# "coach.win_chance"): one table per language, as every feature of texts/ has.
STRINGS = {lang: {**words, **COACH_TEXT[lang]}
           for lang, words in (("en", EN), ("de", DE), ("fr", FR), ("it", IT))}

"""The coach's sentences in English, German, French and Italian: {lang: {key: template}}.

Templates are str.format strings without markup, like the page's own (web/samarkand_web/
i18n.py), which merges these in. Placeholders: {good} is the name of a good, {family} and
{other} are family names ("House of Merv"), filled in by the page from the reason's
numbers (a good number, a family index); every other placeholder is a number shown as it
is. Points are written as signed numbers in brackets so that no sentence needs a plural;
a key ending in `_one` is the page's usual singular of the key without it, for n == 1.
"""

from __future__ import annotations

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
    "coach.reason.draw_one": "You draw 1 goods card (about +{points}).",
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

COACH_DE: dict[str, str] = {
    "coach.reason.goods_card": "Dein Kamel ({family}) erreicht {good}, wo du die Karte hast "
                               "(+{points}).",
    "coach.reason.goods_marker": "Du nimmst das Warenplättchen {good} (+1).",
    "coach.reason.meeting": "Erstes Treffen: {family} und {other}. Für dich Geld +{money} und "
                            "Beziehungssteine +{markers}.",
    "coach.reason.second_cost": "Das zweite Kamel kostet {family} 1 Dirham aus der Kasse.",
    "coach.reason.sell": "Der Verkauf der Karte {good} bringt jetzt {money} Dirham; behalten "
                         "ist sie etwa {points} wert.",
    "coach.reason.keep": "Behalten ist die Karte {good} etwa {points} wert, ein Verkauf "
                         "bringt {money} Dirham.",
    "coach.reason.marry_cost": "Die Heirat in das {family} kostet die Mitgift von "
                               "{portion} Dirham.",
    "coach.reason.marry_cards": "Die Kamele von {family} können die Felder deiner Warenkarten "
                                "erreichen (etwa +{points} später).",
    "coach.reason.marry_meetings": "{family} kann noch andere Familien treffen: Boni und "
                                   "Steine (etwa +{points} später).",
    "coach.reason.draw": "Du ziehst bis zu {n} Warenkarten (etwa +{points}).",
    "coach.reason.draw_one": "Du ziehst 1 Warenkarte (etwa +{points}).",
    "coach.reason.discard": "Die abgeworfenen Karten sind wenig wert (zusammen etwa "
                            "{points}).",
    "coach.reason.keep_all": "Jede Karte auf deiner Hand lohnt sich zu behalten.",
    "coach.reason.end_turn": "Kein zweites Kamel ({family}) bringt genug, um es zu bezahlen.",
    "coach.reason.approach": "{family} kommt den Feldern deiner Warenkarten näher (etwa "
                             "+{points} später).",
    "coach.reason.rival_gains": "Vorsicht: Das hilft auch einem Mitspieler (etwa +{points} "
                                "für ihn).",
    "coach.reason.estimate": "Die Schätzung deines Endergebnisses ändert sich um etwa "
                             "{points}.",
    "coach.reason.then_goods_card": "Danach kann ein zweites Kamel ({family}) {good} "
                                    "erreichen, wo du die Karte hast (+{points}).",
    "coach.reason.then_meeting": "Danach kann ein zweites Kamel das erste Treffen von "
                                 "{family} und {other} bringen (für dich Geld +{money}).",
    "coach.reason.only_move": "Das ist der einzige erlaubte Zug.",
    "coach.reason.alternative_less": "Etwa {points} weniger als der vorgeschlagene Zug.",
    "coach.points": "{points} Punkte (geschätzt)",
    "coach.win_chance": "Siegchance etwa {percent} %",
}

COACH_FR: dict[str, str] = {
    "coach.reason.goods_card": "Votre chameau ({family}) atteint {good}, dont vous avez la "
                               "carte (+{points}).",
    "coach.reason.goods_marker": "Vous prenez le jeton marchandise {good} (+1).",
    "coach.reason.meeting": "Première rencontre : {family} et {other}. Pour vous : argent "
                            "+{money} et jetons de relation +{markers}.",
    "coach.reason.second_cost": "Le second chameau coûte 1 dirham au trésor ({family}).",
    "coach.reason.sell": "Vendre la carte {good} rapporte {money} dirhams tout de suite ; "
                         "gardée, elle vaut environ {points}.",
    "coach.reason.keep": "Gardée, la carte {good} vaut environ {points}, contre {money} "
                         "dirhams pour une vente.",
    "coach.reason.marry_cost": "Entrer dans la {family} coûte sa dot de {portion} dirhams.",
    "coach.reason.marry_cards": "Les chameaux ({family}) peuvent atteindre les cases de vos "
                                "cartes marchandise (environ +{points} à venir).",
    "coach.reason.marry_meetings": "La {family} peut encore rencontrer d'autres familles : "
                                   "primes et jetons (environ +{points} à venir).",
    "coach.reason.draw": "Vous piochez jusqu'à {n} cartes marchandise (environ +{points}).",
    "coach.reason.draw_one": "Vous piochez 1 carte marchandise (environ +{points}).",
    "coach.reason.discard": "Les cartes défaussées valent peu (environ {points} en tout).",
    "coach.reason.keep_all": "Chaque carte de votre main vaut la peine d'être gardée.",
    "coach.reason.end_turn": "Aucun second chameau ({family}) ne rapporte assez pour le payer.",
    "coach.reason.approach": "La {family} se rapproche des cases de vos cartes marchandise "
                             "(environ +{points} à venir).",
    "coach.reason.rival_gains": "Attention : cela aide aussi un adversaire (environ +{points} "
                                "pour lui).",
    "coach.reason.estimate": "L'estimation de votre score final change d'environ {points}.",
    "coach.reason.then_goods_card": "Ensuite, un second chameau ({family}) peut atteindre "
                                    "{good}, dont vous avez la carte (+{points}).",
    "coach.reason.then_meeting": "Ensuite, un second chameau peut provoquer la première "
                                 "rencontre : {family} et {other} (pour vous argent +{money}).",
    "coach.reason.only_move": "C'est le seul coup légal.",
    "coach.reason.alternative_less": "Environ {points} de moins que le coup suggéré.",
    "coach.points": "{points} points (estimation)",
    "coach.win_chance": "chances de victoire environ {percent} %",
}

COACH_IT: dict[str, str] = {
    "coach.reason.goods_card": "Il tuo cammello ({family}) raggiunge {good}, di cui hai la "
                               "carta (+{points}).",
    "coach.reason.goods_marker": "Prendi il segnalino merce {good} (+1).",
    "coach.reason.meeting": "Primo incontro: {family} e {other}. Per te: denaro +{money} e "
                            "segnalini relazione +{markers}.",
    "coach.reason.second_cost": "Il secondo cammello costa 1 dirham al tesoro ({family}).",
    "coach.reason.sell": "Vendere la carta {good} frutta subito {money} dirham; tenuta, vale "
                         "circa {points}.",
    "coach.reason.keep": "Tenuta, la carta {good} vale circa {points}, contro {money} dirham "
                         "per una vendita.",
    "coach.reason.marry_cost": "Sposarsi nella {family} costa la dote di {portion} dirham.",
    "coach.reason.marry_cards": "I cammelli ({family}) possono raggiungere gli spazi delle tue "
                                "carte merce (circa +{points} in futuro).",
    "coach.reason.marry_meetings": "La {family} può ancora incontrare altre famiglie: bonus e "
                                   "segnalini (circa +{points} in futuro).",
    "coach.reason.draw": "Peschi fino a {n} carte merce (circa +{points}).",
    "coach.reason.draw_one": "Peschi 1 carta merce (circa +{points}).",
    "coach.reason.discard": "Le carte scartate valgono poco (circa {points} in tutto).",
    "coach.reason.keep_all": "Ogni carta in mano vale la pena di tenerla.",
    "coach.reason.end_turn": "Nessun secondo cammello ({family}) rende abbastanza da "
                             "pagarlo.",
    "coach.reason.approach": "La {family} si avvicina agli spazi delle tue carte merce (circa "
                             "+{points} in futuro).",
    "coach.reason.rival_gains": "Attenzione: aiuta anche un avversario (circa +{points} per "
                                "lui).",
    "coach.reason.estimate": "La stima del tuo punteggio finale cambia di circa {points}.",
    "coach.reason.then_goods_card": "Poi un secondo cammello ({family}) può raggiungere "
                                    "{good}, di cui hai la carta (+{points}).",
    "coach.reason.then_meeting": "Poi un secondo cammello può portare il primo incontro: "
                                 "{family} e {other} (per te denaro +{money}).",
    "coach.reason.only_move": "È l'unica mossa consentita.",
    "coach.reason.alternative_less": "Circa {points} in meno della mossa suggerita.",
    "coach.points": "{points} punti (stima)",
    "coach.win_chance": "probabilità di vittoria circa {percent}%",
}

COACH_TEXT: dict[str, dict[str, str]] = {
    "en": COACH_EN, "de": COACH_DE, "fr": COACH_FR, "it": COACH_IT,
}

# Parameters that the page turns into names before formatting; the rest are numbers.
NAME_PARAMS: dict[str, str] = {"good": "good", "family": "family", "other": "family"}


def coach_text(lang: str, key: str, **values: object) -> str:
    """A reason's sentence, with names already in `values` (English if `lang` is unknown)."""
    table = COACH_TEXT.get(lang, COACH_EN)
    return (table.get(key) or COACH_EN[key]).format(**values)


__all__ = ["COACH_TEXT", "NAME_PARAMS", "coach_text"]

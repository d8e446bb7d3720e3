"""Words of the table as a player reads it at a glance: the cards in hand in one compact
row, the recap's lines, the cards count in the players strip and the messages that float
over the page."""

from __future__ import annotations

EN = {
    # the hand: its heading and what a card is worth now
    "hand.heading": "Cards of {name}",
    "hand.count": "{n} cards, limit {limit}",
    "hand.count_one": "1 card, limit {limit}",
    "hand.count_sold": "{n} + {sold} sold, limit {limit}",
    "card.toggle_discard_worth": "Discard {card}, worth {n} now",
    "hand.worth_label": "The cards in hand are worth {n} dirhams now",
    # the recap: a camel goes to a space (the arrow's words for screen readers)
    "recap.camel_to": "camel to",
    "recap.e.log.goods_marker_here": "takes its goods marker",
    # the players strip: cards in hand and sold
    "strip.sold": "{n} sold",
    "strip.sold_one": "1 sold",
    # messages over the page
    "message.region": "Messages",
}

DE = {
    "hand.heading": "Karten von {name}",
    "hand.count": "{n} Karten, Limit {limit}",
    "hand.count_one": "1 Karte, Limit {limit}",
    "hand.count_sold": "{n} + {sold} verkauft, Limit {limit}",
    "card.toggle_discard_worth": "{card} abwerfen, jetzt {n} wert",
    "hand.worth_label": "Die Karten auf der Hand sind jetzt {n} Dirham wert",
    "recap.camel_to": "Kamel auf",
    "recap.e.log.goods_marker_here": "nimmt dort das Warenplättchen",
    "strip.sold": "{n} verkauft",
    "strip.sold_one": "1 verkauft",
    "message.region": "Meldungen",
}

FR = {
    "hand.heading": "Cartes de {name}",
    "hand.count": "{n} cartes, limite {limit}",
    "hand.count_one": "1 carte, limite {limit}",
    "hand.count_sold": "{n} + {sold} vendues, limite {limit}",
    "card.toggle_discard_worth": "Défausser {card}, vaut {n} maintenant",
    "hand.worth_label": "Les cartes en main valent {n} dirhams maintenant",
    "recap.camel_to": "chameau sur",
    "recap.e.log.goods_marker_here": "prend son jeton marchandise",
    "strip.sold": "{n} vendues",
    "strip.sold_one": "1 vendue",
    "message.region": "Messages",
}

IT = {
    "hand.heading": "Carte di {name}",
    "hand.count": "{n} carte, limite {limit}",
    "hand.count_one": "1 carta, limite {limit}",
    "hand.count_sold": "{n} + {sold} vendute, limite {limit}",
    "card.toggle_discard_worth": "Scarta {card}, ora vale {n}",
    "hand.worth_label": "Le carte in mano ora valgono {n} dirham",
    "recap.camel_to": "cammello su",
    "recap.e.log.goods_marker_here": "prende il suo segnalino merce",
    "strip.sold": "{n} vendute",
    "strip.sold_one": "1 venduta",
    "message.region": "Messaggi",
}

STRINGS: dict[str, dict[str, str]] = {"en": EN, "de": DE, "fr": FR, "it": IT}

"""Words of the table as a player reads it at a glance: the cards in hand in one compact
row, the recap's lines and the cards count in the players strip."""

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
    # a camel that was the turn's second: the dirham its family paid, in the same line
    "recap.e.second_camel_here": "second camel ({n} dirhams)",
    "recap.e.second_camel_here_one": "second camel (1 dirham)",
    # the players strip: cards in hand and sold
    "strip.sold": "{n} sold",
    "strip.sold_one": "1 sold",
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
    "recap.e.second_camel_here": "zweites Kamel ({n} Dirham)",
    "recap.e.second_camel_here_one": "zweites Kamel (1 Dirham)",
    "strip.sold": "{n} verkauft",
    "strip.sold_one": "1 verkauft",
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
    "recap.e.second_camel_here": "second chameau ({n} dirhams)",
    "recap.e.second_camel_here_one": "second chameau (1 dirham)",
    "strip.sold": "{n} vendues",
    "strip.sold_one": "1 vendue",
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
    "recap.e.second_camel_here": "secondo cammello ({n} dirham)",
    "recap.e.second_camel_here_one": "secondo cammello (1 dirham)",
    "strip.sold": "{n} vendute",
    "strip.sold_one": "1 venduta",
}

STRINGS: dict[str, dict[str, str]] = {"en": EN, "de": DE, "fr": FR, "it": IT}

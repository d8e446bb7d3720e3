"""Words of the table as a player reads it at a glance: the cards in hand in one compact
row, the recap's lines and the cards count in the players strip."""

from __future__ import annotations

EN = {
    # the hand: its heading and what a card is worth now
    "hand.heading": "Cards of {name}",
    "hand.count": "{n} cards, limit {limit}",
    "hand.count_one": "{n} card, limit {limit}",
    "hand.count_sold": "{n} + {sold} sold, limit {limit}",
    "card.toggle_discard_worth": "Discard {card}, worth {n} now",
    "hand.worth_label": "The cards in hand are worth {n} dirhams now",
    "hand.worth_label_one": "The cards in hand are worth {n} dirham now",
    # the recap: a camel goes to a space (the arrow's words for screen readers)
    "recap.camel_to": "camel to",
    "recap.e.log.goods_marker_here": "takes its goods marker",
    # a camel that was the turn's second: the dirham its family paid, in the same line
    "recap.e.second_camel_here": "second camel ({n} dirhams)",
    "recap.e.second_camel_here_one": "second camel ({n} dirham)",
    # the players strip: cards in hand and sold
    "strip.sold": "{n} sold",
    "strip.sold_one": "{n} sold",
}

STRINGS: dict[str, dict[str, str]] = {"en": EN}

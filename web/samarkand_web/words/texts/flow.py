"""Words of the play flow: take back, the confirmed marriage, the held end of a
turn, the recap since your last turn, how close the end is, the keyboard, the skip link
and "More options" on the start screen."""

from __future__ import annotations

EN = {
    # take back
    "takeback.button": "Take back",
    "takeback.label": "Take back your last decision of this turn",
    "takeback.nothing": "There is nothing of this turn to take back.",
    "takeback.no_cards": "Cards have been drawn: what you did this turn can no longer be "
                         "taken back.",
    "takeback.no_goods": "A goods marker was taken, and whoever holds its card may have been "
                         "asked to sell: that camel can no longer be taken back.",
    "takeback.no_bag": "A tile has been drawn from the bag: this can no longer be taken back.",
    # a marriage waits for its cards; a finished turn waits for "End the turn"
    "pending.marry": "Marry into the {family} for {portion} dirhams and draw {n} goods cards? "
                     "You can take it back until the cards are drawn.",
    "pending.marry_one": "Marry into the {family} for {portion} dirhams and draw {n} goods card? "
                         "You can take it back until the card is drawn.",
    "pending.marry_none": "Marry into the {family} for {portion} dirhams? Your hand is at the "
                          "limit, so you draw no cards.",
    "pending.marry_button": "Marry and draw the cards",
    "pending.marry_button_none": "Marry",
    "pending.marry_short": "confirm the marriage, or take it back.",
    "pending.held": "Your turn is complete. End it, or take back your last camel.",
    "pending.held_over": "This camel ends the game. End your turn to see the scores, or take "
                         "the camel back.",
    "pending.held_short": "end your turn, or take back your last camel.",
    # since your last turn
    "recap.title": "Since your last turn",
    "recap.title_first": "Before your first turn",
    "recap.turns": "{n} turns",
    "recap.turns_one": "{n} turn",
    "recap.toggle": "Show or hide what happened since your last turn",
    "recap.turn": "Turn {n}",
    "recap.money": "Money:",
    "recap.nothing": "Nothing happened since your last turn.",
    # how close is the end
    "ending.label": "End of the game",
    "ending.green": "{n} of {total} families still without a trade relationship",
    "ending.green_one": "{n} of {total} families still without a trade relationship",
    "ending.most": "most relationships of one family: {n} of 5",
    "ending.warn_green": "One more turn could end the game: only {n} families still have no "
                         "trade relationship.",
    "ending.warn_green_one": "One more turn could end the game: only {n} family still has no "
                             "trade relationship.",
    "ending.warn_five": "One more turn could end the game: the {family} has {n} of 5 trade "
                        "relationships.",
    # keyboard and screen readers
    "skip.board": "Skip to the board",
    "keys.hint": "Keyboard: Tab moves between controls, Enter chooses, the arrow keys move "
                 "between highlighted spaces, Ctrl+Z takes back, Escape closes a dialog.",
    "board.region": "The board",
    # start screen
    "form.more": "More options",
    # the recap's short phrases (the turn's player is named once, in the turn's head;
    # families by their chip and city)
    "recap.e.log.marry": "marries into the {family} family for {n} dirhams",
    "recap.e.log.marry_one": "marries into the {family} family for {n} dirham",
    "recap.e.log.draw": "draws {n} cards",
    "recap.e.log.draw_one": "draws {n} card",
    "recap.e.log.draw_none": "draws no card (hand limit)",
    "recap.e.log.reshuffle": "the discard pile becomes a new draw pile of {n} cards",
    "recap.e.log.reshuffle_one": "the discard pile becomes a new draw pile of {n} card",
    "recap.e.log.discard": "discards {n} cards",
    "recap.e.log.discard_one": "discards {n} card",
    "recap.e.log.discard_none": "keeps every card",
    "recap.e.log.second_camel_paid": "{family} pays {n} dirhams for a second camel",
    "recap.e.log.second_camel_paid_one": "{family} pays {n} dirham for a second camel",
    "recap.e.log.camel": "{family} {to} {space}",
    "recap.e.log.goods_marker": "takes the goods marker {good}",
    "recap.e.log.sell": "{holder} sells the {good} card for {n} dirhams",
    "recap.e.log.sell_one": "{holder} sells the {good} card for {n} dirham",
    "recap.e.log.relationship": "first trade relationship: {family} and {other}",
    "recap.e.log.bonus": "{player} receives {n} dirhams",
    "recap.e.log.bonus_one": "{player} receives {n} dirham",
    "recap.e.log.rel_marker": "takes a grey relationship marker ({family})",
    "recap.e.log.rel_marker_green": "takes the dark green relationship marker ({family})",
    "recap.e.log.bag_domain": "bag: one {family} tile goes onto its domain",
    "recap.e.log.bag_removed": "bag: one {family} tile leaves the game",
    "recap.e.log.pass": "passes (no legal move)",
}

STRINGS: dict[str, dict[str, str]] = {"en": EN}

"""Words of the guided first game (state/guide.py, view/panels/guide.py): its panel, its
lessons (what to do and why, when each rule first matters), the short why of a move
without a lesson, its start buttons and the address's ``guide=``. The lessons follow the
rulebook and docs/rules.md; "the marked ..." is what the board or the decision
shows with the coach's ring and star."""

from __future__ import annotations

EN = {
    "guide.title": "Guided first game",
    "guide.start": "Start the guided game",
    "guide.start_hint": "Learn by playing: a real game against two Medium bots, the coach "
                        "leads your first turns.",
    "guide.step": "Step {number}",
    "guide.leave": "Leave the guide",
    "guide.mark": "the guide's next step",
    "guide.other": "You chose another move: fine, the guide goes on from there.",
    "guide.bots": "The bots are playing. The guide speaks again on your turn.",
    "guide.finish_button": "Play on alone",
    "link.bad_guide": "The address asks for guide={value}: only guide=1 starts the guided "
                      "first game.",
    # the lessons
    "guide.marry": "Welcome! You play against two Medium bots; the most points wins. First "
                   "marry into a merchant family: you pay its marriage portion into its "
                   "treasury, take one of its tiles and draw 3 goods cards. Only then may you "
                   "extend its trade routes. Choose the marked domain: {family} "
                   "(portion {portion} dirhams).",
    "guide.draw": "Now draw the cards: the 3 top cards of the pile. Until they are drawn you "
                  "can still take the marriage back.",
    "guide.discard": "You may hold up to {limit} cards. After a marriage you may discard up "
                     "to 2, old or new, but you always end with at least one card more. At "
                     "the end a card scores for every camel on its goods space: 4 points for "
                     "a camel of a family you married into, 1 for any other. Keep all your "
                     "cards.",
    # the first expansion, when the camel also takes a goods marker there
    "guide.expand_marker": "Extend your family's trade route: place one of its camels "
                           "next to a space that holds one of its camels. At most 2 "
                           "camels share a space, never two of one family. The first "
                           "camel of a turn is free. Place it on the marked space: a "
                           "goods marker lies there, and your camel takes it (1 point "
                           "at the end).",
    "guide.expand": "Extend your family's trade route: place one of its camels next to a "
                    "space that holds one of its camels. At most 2 camels share a space, "
                    "never two of one family. The first camel of a turn is free. Place it "
                    "on the marked space.",
    "guide.second": "You may place a second camel of the same family: the family pays 1 "
                    "dirham from its treasury (now {n} dirhams). It need not stand next to "
                    "the first. Place it on the marked space.",
    "guide.second_one": "You may place a second camel of the same family: the family pays "
                        "1 dirham from its treasury (now {n} dirham). It need not stand next "
                        "to the first. Place it on the marked space.",
    "guide.end_turn": "Your turn is done. Until you end it, Take back undoes your camels. "
                      "End the turn: the bots play next.",
    "guide.goods": "The marked space has a goods marker: the first camel there takes it "
                   "(1 point at the end). Whoever holds the matching goods card may then "
                   "sell it for {price} dirhams.",
    "guide.sell": "You hold the {good} card of the marker just taken. Sell it now for "
                  "{price} dirhams (a sold card scores nothing), or keep it for what its "
                  "camels will bring (now {n} points). The marked choice is the better one "
                  "here.",
    "guide.sell_one": "You hold the {good} card of the marker just taken. Sell it now for "
                      "{price} dirhams (a sold card scores nothing), or keep it for what its "
                      "camels will bring (now {n} point). The marked choice is the better one "
                      "here.",
    "guide.sell_seen": "A goods card was sold: when a camel takes a goods marker, whoever "
                       "holds the matching card may sell it at once for {price} dirhams. A "
                       "sold card scores nothing.",
    "guide.relation": "A trade relationship: a camel placed on a land space where exactly one "
                      "camel of another family stands. The first meeting of two families "
                      "pays 3 dirhams to every member of the placing family, 1 to every "
                      "member of the other, and you take the top relationship marker of both "
                      "(1 point each). Never on water. Place it on the marked space.",
    "guide.relation_seen": "A trade relationship was made: a camel joined a single camel of "
                           "another family on a land space. The first meeting of two families "
                           "pays their members (3 dirhams to the placing family's, 1 to the "
                           "other's) and gives the player the top relationship marker of both "
                           "(1 point each).",
    "guide.ends": "How the game ends: at once after a turn in which every family has a "
                  "trade relationship (no dark green marker left), or one family has made 5. "
                  "The gauge beside the turn shows how close that is. Then points: cards, "
                  "goods markers, relationship markers and dirhams.",
    "guide.finish": "That is all the guide teaches: you have seen every rule. The game goes "
                    "on as a normal game; Rules, at the top, has them in brief, and Suggest "
                    "a move asks the coach.",
    "guide.finish_early": "The guide ends here. The game goes on as a normal game; Rules, at "
                          "the top, has every rule in brief, and Suggest a move asks the "
                          "coach.",
    # a move without a lesson: what and why
    "guide.do.marry": "Marry into the marked family: more routes to extend and more bonuses.",
    "guide.do.draw": "Draw the cards of this marriage.",
    "guide.do.held": "End the turn (Take back still undoes your camels).",
    "guide.do.own_card": "Place a camel on the marked space: your {good} card scores 4 points "
                         "for every camel of your family there.",
    "guide.do.relation": "Place a camel on the marked space: it meets another family "
                         "(bonuses and two relationship markers).",
    "guide.do.marker": "Place a camel on the marked space: it takes the goods marker (1 "
                       "point).",
    "guide.do.route": "Place a camel on the marked space: it brings the route closer to goods "
                      "spaces and other families.",
    "guide.do.end_turn": "End the turn: a second camel is not worth its dirham here.",
    "guide.do.keep_all": "Keep all your cards: more cards, more chances to score.",
    "guide.do.discard": "Discard the marked cards: your hand is over its limit.",
    "guide.do.sell": "Sell the card: {price} dirhams now are worth more than the card.",
    "guide.do.keep": "Keep the card: it is worth {n} points now and may bring more.",
    "guide.do.keep_one": "Keep the card: it is worth {n} point now and may bring more.",
    "guide.do.any": "Make the marked move.",
}

STRINGS: dict[str, dict[str, str]] = {"en": EN}

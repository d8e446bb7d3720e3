"""The rules in brief, for the "Rules" panel of a game.

Written from the rulebook (four languages) and docs/rules.md, in the
page's own words for the pieces (goods marker, relationship marker, family tile).
Each section is a title and one short paragraph; view/panels/rules.py shows them in SECTIONS
order, four of them beside a labelled picture (view/panels/rules_pictures.py).
"""

from __future__ import annotations

SECTIONS = ("turn", "marry", "cards", "expand", "goods", "window", "meet", "end", "score", "two",
            "page")

EN = {
    "rules.button": "Rules",
    "rules.title": "The rules in brief",
    "rules.close": "Back to the game",
    "rules.turn.title": "Your turn",
    "rules.turn.text": "Players take turns in order. On your turn you do one of two things: marry "
                       "into a merchant family, or expand the trading route of a family you belong "
                       "to. A player with no legal move passes; when every player has passed in a "
                       "row, the game ends.",
    "rules.marry.title": "Marrying",
    "rules.marry.text": "Pay the family's marriage portion (3 to 6 dirhams) from your money into "
                        "its treasury and take one of its family tiles; a tile must be left on "
                        "its domain. With 3 to 5 players you hold at most one tile of a family.",
    "rules.cards.title": "Drawing cards",
    "rules.cards.text": "After marrying, draw 3 goods cards and discard 0 to 2 cards, old or "
                        "new, face down, so that you stay within the hand limit (10 cards with 2 "
                        "or 3 players, 7 with 4, 6 with 5; sold cards count too). After drawing "
                        "you always hold at least one card more than before. At the hand limit "
                        "you may still marry, but you draw no cards. An empty draw pile is "
                        "refilled by shuffling the discard pile.",
    "rules.expand.title": "Expanding a trading route",
    "rules.expand.text": "Place 1 or 2 camels of one family whose tile you hold. Each camel goes "
                         "next to a camel of its own family (one placed earlier in the turn "
                         "counts), on a space with fewer than 2 camels and none of its own family; "
                         "water spaces too. The first camel is free. A second camel of the same "
                         "family costs the family 1 dirham from its treasury, so a family with an "
                         "empty treasury moves one space a turn. The second camel need not stand "
                         "next to the first.",
    "rules.goods.title": "Goods and sales",
    "rules.goods.text": "The first camel on a goods space takes its goods marker for you (1 "
                        "point). Then whoever holds that goods card, you included, may sell it "
                        "at once for 3 dirhams: it lies face up, still counts against the hand "
                        "limit and scores nothing. Nobody has to sell, and a kept card stays "
                        "secret. A camel on a goods space that already holds a camel takes no "
                        "marker, and no card is sold.",
    "rules.window.title": "Sales on this page",
    "rules.window.text": "With bots you are asked only for a card you hold; with several people "
                         "at one device a window after every goods marker taken offers the sale "
                         "(No sale, or I hold it: sell), the same whether anyone holds the card "
                         "or not.",
    "rules.meet.title": "Trade relationships",
    "rules.meet.text": "A camel placed on a land space (never water) that holds one camel of "
                       "another family makes the two families meet. Only their first meeting "
                       "counts: every player with a tile of the moving family gets 3 dirhams, "
                       "every player with a tile of the other family 1 (a player in both gets "
                       "both). Then you take the top relationship marker of both families (1 point "
                       "each); the top one is dark green until the family's first relationship. A "
                       "family with no marker left gives none.",
    "rules.end.title": "End of the game",
    "rules.end.text": "After each turn the game ends at once if every family has a trade "
                      "relationship (no dark green marker left on the board) or if one family has "
                      "made five (no relationship marker left on its domain). The round is not "
                      "finished.",
    "rules.score.title": "Scoring",
    "rules.score.text": "Each goods card in your hand scores for every camel on its goods space: "
                        "4 if you hold a tile of that camel's family, otherwise 1. Each goods "
                        "marker, each relationship marker and each dirham is 1 point. Sold cards "
                        "score nothing. The highest total wins; tied players all win.",
    "rules.two.title": "Two players",
    "rules.two.text": "The hand limit is 10. One tile of each family starts on its domain; the "
                      "other ten go into the bag. At the end of a turn in which a player married, "
                      "a tile is drawn from the bag: if nobody has married into its family, it "
                      "leaves the game; otherwise it goes onto the family's domain. You may marry "
                      "into a family twice; two tiles of one family count as one for bonuses and "
                      "for scoring.",
    "rules.page.title": "On this page",
    "rules.page.text": "Take back (Ctrl+Z) undoes your decisions of this turn until hidden "
                       "information comes out: a marriage until its cards are drawn, a camel "
                       "unless it took a goods marker. Ending your turn makes them final. Only "
                       "final moves are saved and shared.",
    # on a touch screen the rules name no key (ui.Screen.key: "<key>_touch")
    "rules.page.text_touch": "Take back undoes your decisions of this turn until hidden "
                             "information comes out: a marriage until its cards are drawn, a "
                             "camel unless it took a goods marker. Ending your turn makes them "
                             "final. Only final moves are saved and shared.",
    # the labelled pictures (view/panels/rules_pictures.py): what each shows, its key
    "rules.fig.domain": "The domain of the {family} in an example game: its marriage portion, "
                        "treasury, family tiles, camels and relationship markers, numbered as in "
                        "the key below the picture",
    "rules.fig.route": "A trading route in an example game: the camels of the {family} from its "
                       "home city to {space}, numbered as in the key below the picture",
    "rules.fig.sale": "The goods space {good} {number} before and after a camel takes its goods "
                      "marker",
    "rules.fig.end": "The end of an example game: camels of two families on {good} {number}, and "
                     "their domains after their first trade relationship",
    "rules.key.portion": "Marriage portion: {n} dirhams, paid into the treasury by whoever "
                         "marries in",
    "rules.key.portion_one": "Marriage portion: {n} dirham, paid into the treasury by whoever "
                             "marries in",
    "rules.key.treasury": "Treasury: {n} dirhams; a second camel in a turn costs the family 1",
    "rules.key.treasury_one": "Treasury: {n} dirham; a second camel in a turn costs the family 1",
    "rules.key.tiles": "Family tiles: one still on the domain, one taken by {player} (marked "
                       "{badge})",
    "rules.key.camels": "{n} camels still on the domain, to be placed on the map",
    "rules.key.camels_one": "{n} camel still on the domain, to be placed on the map",
    "rules.key.markers": "{n} relationship markers left; the top one stays dark green until the "
                         "family’s first trade relationship",
    "rules.key.markers_one": "{n} relationship marker left; the top one stays dark green until "
                             "the family’s first trade relationship",
    "rules.key.home": "The home city of the {family}: its first camel stands here from the start",
    "rules.key.route": "Camels placed one step at a time, each next to a camel of its own "
                       "family; a second camel in a turn costs the family 1 dirham",
    "rules.key.goods": "{space}: the first camel there took its goods marker for {player} (1 "
                       "point); an empty ring is left",
    "rules.key.marker_waits": "Before: the goods marker {number} ({good}) lies on its space",
    "rules.key.marker_taken": "After: {player}’s camel of the {family} is the first there and "
                              "takes the marker (1 point)",
    "rules.key.sale": "Now whoever holds the {good} {number} card, {player} included, may sell "
                      "it for {n} dirhams: it lies face up, still counts against the hand limit "
                      "and scores nothing.",
    "rules.key.sale_one": "Now whoever holds the {good} {number} card, {player} included, may "
                          "sell it for {n} dirham: it lies face up, still counts against the "
                          "hand limit and scores nothing.",
    "rules.key.card": "A {good} {number} card in hand scores for every camel on this space: "
                      "{own} for a family whose tile you hold, {other} for any other. Here it is "
                      "worth {first_value} to {first} and {second_value} to {second}.",
    "rules.key.met": "{player}’s camel met the {first} here, and {player} took the top "
                     "relationship marker of both (1 point each): the dark green ones are gone "
                     "from the domains of the {first} and the {second}. Once no dark green "
                     "marker is left on the board, the game ends.",
    "rules.key.score": "{player}’s score if the game ended now: goods cards {cards}, goods "
                       "markers {goods}, relationship markers {relationships}, dirhams "
                       "{dirhams}; total {total}.",
}


STRINGS: dict[str, dict[str, str]] = {"en": EN}

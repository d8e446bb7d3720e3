"""Every word the page shows, in English, German, French and Italian.

``t(lang, key, **values)`` fills a str.format template. Templates hold no markup
(no <, > or &), so the page may escape values and insert the result as HTML.
A key ending in ``_one`` is the singular of the key without it, used when the
value ``n`` is 1. The tests check that every key exists in every language with
the same placeholders.

Names from the board (goods, seas, the families' home cities) are translated
here too: ``good:<English name>``, ``sea:<English name>``, and a family is
``family.name`` with its home city.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from typing import Any

from samarkand_core.board import Board
from samarkand_core.svg import SvgStrings
from samarkand_web.view.markup import Markup, escape

LANGUAGES = {"en": "English", "de": "Deutsch", "fr": "Français", "it": "Italiano"}
DEFAULT = "en"

EN: dict[str, str] = {
    "app.title": "Samarkand: the game of the Silk Road",
    "app.name": "Samarkand",
    "app.tagline": "merchant families of the Silk Road",
    "nav.home": "Saved games",
    "nav.share": "Share link",
    "nav.label": "Game menu",
    "nav.language": "Language",
    "message.dismiss": "Dismiss this message",
    # new game
    "form.title": "New game",
    "form.count": "Number of players",
    "form.players": "Players (in order of play)",
    "form.name_label": "Name of player {n}",
    "form.kind_label": "Player {n} is",
    "form.first": "Who starts",
    "form.first_random": "Random",
    "form.seed": "Seed (optional)",
    "form.seed_placeholder": "random",
    "form.start": "Start the game",
    "form.default_name": "Player {n}",
    "form.name_empty": "Every player needs a name.",
    "form.name_long": "The name {name} is too long: at most {n} characters.",
    "form.name_bad": "The name {name} contains characters that cannot be shown.",
    "form.name_twice": "Two players have the same name.",
    "form.invalid": "This game cannot be set up.",
    "seat.human": "a person",
    "seat.bot": "a bot ({level})",
    "seat.bot_short": "bot",
    "level.random": "Easy",
    "level.heuristic": "Medium",
    "level.search": "Hard",
    "bot.name": "Bot {n} ({level})",
    "bot.speed": "Bot speed",
    "bot.pause": "Pause the bots",
    "bot.resume": "Let the bots play on",
    "speed.slow": "slow",
    "speed.normal": "normal",
    "speed.fast": "fast",
    "speed.instant": "at once",
    # saved games
    "saves.title": "Saved games",
    "saves.none": "No saved games yet. Every game is saved on this device as you play.",
    "saves.bad": "{n} saved entries could not be read. They are listed below; "
                 "the other games are not affected.",
    "saves.bad_one": "One saved entry could not be read. It is listed below; "
                     "the other games are not affected.",
    "saves.turn": "turn {n}",
    "saves.from_link": "from a shared link",
    "saves.really_delete": "Delete this game for good?",
    "saves.delete_yes": "Yes, delete",
    "saves.delete_no": "Keep it",
    "saves.game_of": "the game of {names}",
    "saves.resume": "Resume",
    "saves.share": "Share link",
    "saves.delete": "Delete",
    "saves.damaged": "A damaged or unknown saved entry",
    # how to play
    "howto.title": "How to play",
    "howto.1": "On your turn you either marry into a merchant family or expand the "
               "trading route of a family you belong to.",
    "howto.2": "Marrying: pay the family's marriage portion into its treasury, take one of "
               "its tiles, draw 3 goods cards and discard 0 to 2 so that you stay within "
               "the hand limit.",
    "howto.3": "Expanding: place a camel of one of your families next to one of its camels "
               "(at most two camels a space, never two of one family). A second camel costs "
               "the family 1 dirham from its treasury.",
    "howto.4": "The first camel on a goods space takes its goods marker (1 point); whoever "
               "holds that goods card may sell it for 3 dirhams. Nobody says they keep it: "
               "with several people at one device a window after every goods marker taken "
               "offers the sale to whoever holds the card.",
    "howto.5": "A camel that joins another family's camel on land makes their first trade "
               "relationship: 3 dirhams to each member of the moving family, 1 to each "
               "member of the other, and the mover takes both families' top markers.",
    "howto.6": "The game ends when every family has a relationship (no dark green marker "
               "left) or one family has made five.",
    "howto.7": "Score: each goods card in hand earns 4 per camel of your own families on its "
               "space and 1 per other camel; every goods marker, relationship marker and "
               "dirham is 1 point.",
    # status line
    "status.over": "Game over:",
    "status.turn": "Turn {n}",
    "status.bot_thinking": "is thinking ...",
    "status.waiting_for_device": "please take the device.",
    "status.last_move": "Last move:",
    "prompt.pass_short": "no legal move, so you pass.",
    "prompt.main_short": "marry into a family or expand a trading route.",
    "prompt.second_short": "place a second camel, or end your turn.",
    "prompt.discard_short": "choose the cards to discard.",
    "prompt.sell_short": "sell the {good} card, or keep it?",
    "prompt.bot": "{name} is a bot and moves by itself.",
    "prompt.curtain": "It is {name}'s turn. Pass the device to {name}.",
    "prompt.pass": "You cannot marry and have no camel to place: you must pass.",
    "prompt.marry_title": "Marry:",
    "prompt.marry": "click a highlighted family domain above or below the map.",
    "prompt.expand_title": "Expand:",
    "prompt.expand": "choose one of your families, then click a highlighted space.",
    "prompt.expand_space": "Click a highlighted space for a camel of the {family}.",
    "prompt.second": "A second camel of the {family}? Click a highlighted space: the family "
                     "pays {cost} dirham from its treasury (it has {treasury}). "
                     "Or end your turn.",
    "prompt.discard": "You drew {drawn} cards. Choose {lo} to {hi} cards to discard (hand "
                      "limit {limit}, sold cards count too), then confirm.",
    "prompt.discard_exact": "You drew {drawn} cards. Choose exactly {lo} cards to discard "
                            "(hand limit {limit}, sold cards count too), then confirm.",
    "prompt.sell": "{holder}: a camel has reached {space}. Sell your {good} card for {price} "
                   "dirhams (a sold card scores nothing), or keep it (it would score {value} "
                   "now)?",
    "action.pass": "Pass",
    "action.expand_with": "Expand the {family}",
    "action.end_turn": "End the turn",
    "action.keep_all": "Keep all cards",
    "action.discard": "Discard {n} cards",
    "action.discard_one": "Discard 1 card",
    "action.sell": "Sell for {price} dirhams",
    "action.keep": "Keep the card",
    "card.name": "{good} ({number})",
    "card.value": "worth {n} now",
    "card.toggle_discard": "Discard {card}",
    "hand.title": "Cards of {name}: {n} in hand, {sold} sold, limit {limit}",
    "hand.empty": "no cards",
    "over.show_scores": "Show the scores",
    "over.rematch": "Play again",
    "over.close": "Look at the board",
    # player panels
    "player.none": "none",
    "player.to_move": "to move",
    "player.money": "Money",
    "player.dirhams": "{n} dirhams",
    "player.dirhams_one": "1 dirham",
    "player.families": "Families",
    "player.goods": "Goods markers",
    "player.goods_value": "{n}: {list}",
    "player.relationships": "Relationship markers",
    "player.rel_value": "{n} ({green} dark green)",
    "player.cards": "Goods cards",
    "player.cards_value": "{n} in hand, {sold} sold (limit {limit})",
    "player.sold": "Sold",
    "table.deck": "Draw pile: {n} cards",
    "table.discard": "discard pile: {n} cards",
    "table.bag": "bag: {n} family tiles",
    "table.removed": "out of the game: {families}",
    # log
    "log.title": "Game log",
    "log.marry": "{player} marries into the {family} and pays {n} dirhams.",
    "log.draw": "{player} draws {n} cards.",
    "log.draw_one": "{player} draws 1 card.",
    "log.draw_none": "{player} is at the hand limit and draws no cards.",
    "log.reshuffle": "The discard pile is shuffled into a new draw pile of {n} cards.",
    "log.discard": "{player} discards {n} cards.",
    "log.discard_one": "{player} discards 1 card.",
    "log.discard_none": "{player} keeps every card.",
    "log.second_camel_paid": "The {family} pays {n} dirham for the second camel.",
    "log.camel": "{player} places a camel of the {family} on {space}.",
    "log.goods_marker": "{player} takes the goods marker of {good}.",
    "log.sell": "{holder} sells the {good} card for {n} dirhams.",
    "log.relationship": "First meeting of the {family} and the {other}: a new trade "
                        "relationship.",
    "log.bonus": "{player} receives {n} dirhams.",
    "log.bonus_one": "{player} receives 1 dirham.",
    "log.rel_marker": "{player} takes a grey relationship marker of the {family}.",
    "log.rel_marker_green": "{player} takes the dark green relationship marker of the "
                            "{family}.",
    "log.bag_domain": "Drawn from the bag: a tile of the {family}. Someone has married into "
                      "it, so the tile goes onto its domain.",
    "log.bag_removed": "Drawn from the bag: a tile of the {family}. Nobody has married into "
                       "it yet, so the tile leaves the game.",
    "log.pass": "{player} has no legal move and passes.",
    "log.game_over": "The game is over.",
    "log.bot_illegal": "{player} chose a move that is not legal; a legal one was played "
                       "instead.",
    "end.five": "the {family} has made five trade relationships.",
    "end.all_met": "every family has a trade relationship.",
    "end.no_moves": "no player can move.",
    # pass the device
    "curtain.title": "Pass the device to {name}",
    "curtain.text": "{name}, it is your decision now. Press the button when nobody else "
                    "can see the screen: your cards will be shown.",
    "curtain.show": "I am {name}: show my cards",
    "curtain.recent": "What happened last",
    # the sale window (several people at one device): after every goods marker taken
    "sale.title": "{good}: a goods marker was taken",
    "sale.status": "{good}: a goods marker was taken. Whoever holds this card may sell it now.",
    "sale.text": "Whoever holds this card may sell it now for {price} dirhams (it then scores "
                 "nothing). Keeping it is said by nobody: at the table the holder stays "
                 "silent.",
    "sale.pass": "No sale, play on",
    "sale.claim": "I hold it: sell",
    "sale.who": "Who is selling the {good} card?",
    "sale.claim_as": "{name} sells it",
    "sale.back": "Back",
    "sale.not_holder": "{player} does not hold this card.",
    # share
    "share.title": "Share this game",
    "share.text": "This link holds the whole game. Whoever opens it gets a copy of the game "
                  "as a new saved game; your own saves are not changed.",
    "share.link_label": "Link to this game",
    "share.copy": "Copy the link",
    "share.copied": "The link is copied.",
    "share.copy_failed": "The link could not be copied automatically: select it and copy "
                         "it by hand.",
    "share.close": "Close",
    # scores
    "score.title": "Final scores",
    "score.player": "Player",
    "score.cards": "Goods cards",
    "score.markers": "Goods markers",
    "score.relationships": "Relationships",
    "score.cash": "Dirhams",
    "score.total": "Total",
    "score.winner": "winner",
    "score.winner_single": "{names} wins!",
    "score.winners_tie": "A tie: {names} win together!",
    "score.cards_detail": "Points of each goods card",
    # errors and problems
    "error.cannot_marry": "You cannot marry into the {family} now.",
    "error.cannot_expand": "You cannot expand the {family} now.",
    "error.choose_family_first": "First choose the family whose camel you want to place.",
    "error.cannot_place": "A camel of the {family} cannot go on {space}.",
    "error.discard_at_most": "You may discard at most {n} cards.",
    "error.discard_range": "Choose {lo} to {hi} cards to discard.",
    "error.illegal": "That move is not allowed.",
    "error.internal": "Something went wrong in the page; reloading the page usually helps.",
    "error.internal_saved": "Something went wrong in the page. Your game is saved up to its "
                            "last confirmed move; reloading the page usually helps.",
    "error.internal_unsaved": "Something went wrong in the page, and the latest moves of "
                              "this game are not saved. Copy the game as a link before you "
                              "reload the page.",
    "players.title": "Players",
    "storage.disabled": "This browser does not let the page save games (storage is off or "
                        "blocked). You can play, but the game is lost when the page closes: "
                        "use Share link to keep it.",
    "storage.full": "The browser's storage is full, so the game was not saved. Delete old "
                    "saved games to make room; the game itself goes on.",
    "storage.failed": "The game could not be saved.",
    "problem.missing": "That saved game does not exist any more.",
    "problem.damaged": "That saved game is damaged and cannot be opened. Your other saved "
                       "games are fine.",
    "problem.bad_code": "That saved game cannot be rebuilt (its moves do not fit this "
                        "version of the game). Your other saved games are fine.",
    "problem.bad_link": "This link does not hold a game that can be opened: it may be cut "
                        "short or changed. Nothing was saved, and your saved games are "
                        "unchanged.",
    "link.imported": "The shared game was added to your saved games.",
    "link.unknown_level": "There is no bot level {level} (there is: {levels}); a random bot "
                          "plays instead.",
    "link.player_count": "A game needs 2 to 5 players, the address names {n}.",
    "link.bad_seed": "The seed {value} is not a whole number from 0.",
    "link.bad_first": "The first player {value} is not one of the players.",
    "link.bad_speed": "The bot speed {value} is unknown.",
    # the board drawing (samarkand_core.svg)
    "family.name": "House of {city}",
    "family.name_vowel": "House of {city}",
    "svg.title": "The map of the Silk Road and the ten family domains",
    "svg.family_label": "{family}: marriage portion {portion}, treasury {treasury}, {tiles} "
                        "family tiles, {camels} camels and {markers} relationship markers left",
    "svg.green_on_top": ", dark green marker on top",
    "svg.marry_label": "Marry into the {family} for {portion} dirhams",
    "svg.goods_space": "{good} {number}",
    "svg.unnamed_land": "land space {id}",
    "svg.sea_space": "{sea}, space {id}",
    "svg.home_label": "{place}, home city of the {family}",
    "svg.marker_here": ", goods marker on the board",
    "svg.camels_here": ", camels of: {families}",
    "svg.no_camels": ", no camels",
    "svg.place_label": "Place a camel of the {family} on {space}",
    # goods and seas of board.json
    "good:Dates": "Dates", "good:Olive oil": "Olive oil", "good:Wool": "Wool",
    "good:Papyrus": "Papyrus", "good:Gold": "Gold", "good:Glass": "Glass",
    "good:Ivory": "Ivory", "good:Wine": "Wine", "good:Furs": "Furs",
    "good:Carpets": "Carpets", "good:Sugar": "Sugar", "good:Frankincense": "Frankincense",
    "good:Pearls": "Pearls", "good:Turquoise": "Turquoise", "good:Melons": "Melons",
    "good:Saffron": "Saffron", "good:Silver": "Silver", "good:Indigo": "Indigo",
    "good:Lapis lazuli": "Lapis lazuli", "good:Cotton": "Cotton", "good:Horses": "Horses",
    "good:Cashmere": "Cashmere", "good:Pepper": "Pepper", "good:Diamonds": "Diamonds",
    "good:Jade": "Jade", "good:Rice": "Rice", "good:Grapes": "Grapes", "good:Musk": "Musk",
    "good:Rhubarb": "Rhubarb", "good:Silk": "Silk", "good:Tea": "Tea",
    "good:Porcelain": "Porcelain", "good:Paper": "Paper",
    "sea:Black Sea": "Black Sea", "sea:Caspian Sea": "Caspian Sea",
    "sea:Aral Sea": "Aral Sea", "sea:Mediterranean Sea": "Mediterranean Sea",
    "sea:Red Sea": "Red Sea", "sea:Persian Gulf": "Persian Gulf",
    "sea:Arabian Sea": "Arabian Sea", "sea:Bay of Bengal": "Bay of Bengal",
}

DE: dict[str, str] = {
    "app.title": "Samarkand: das Spiel der Seidenstraße",
    "app.name": "Samarkand",
    "app.tagline": "Händlerfamilien der Seidenstraße",
    "nav.home": "Gespeicherte Spiele",
    "nav.share": "Link teilen",
    "nav.label": "Spielmenü",
    "nav.language": "Sprache",
    "message.dismiss": "Diese Meldung schließen",
    "form.title": "Neues Spiel",
    "form.count": "Anzahl der Spieler",
    "form.players": "Spieler (in Zugreihenfolge)",
    "form.name_label": "Name von Spieler {n}",
    "form.kind_label": "Spieler {n} ist",
    "form.first": "Wer beginnt",
    "form.first_random": "Zufällig",
    "form.seed": "Startwert (freiwillig)",
    "form.seed_placeholder": "zufällig",
    "form.start": "Spiel beginnen",
    "form.default_name": "Spieler {n}",
    "form.name_empty": "Jeder Spieler braucht einen Namen.",
    "form.name_long": "Der Name {name} ist zu lang: höchstens {n} Zeichen.",
    "form.name_bad": "Der Name {name} enthält Zeichen, die nicht angezeigt werden können.",
    "form.name_twice": "Zwei Spieler haben denselben Namen.",
    "form.invalid": "Dieses Spiel lässt sich nicht aufbauen.",
    "seat.human": "ein Mensch",
    "seat.bot": "ein Bot ({level})",
    "seat.bot_short": "Bot",
    "level.random": "Leicht",
    "level.heuristic": "Mittel",
    "level.search": "Schwer",
    "bot.name": "Bot {n} ({level})",
    "bot.speed": "Bot-Tempo",
    "bot.pause": "Bots anhalten",
    "bot.resume": "Bots weiterspielen lassen",
    "speed.slow": "langsam",
    "speed.normal": "normal",
    "speed.fast": "schnell",
    "speed.instant": "sofort",
    "saves.title": "Gespeicherte Spiele",
    "saves.none": "Noch keine gespeicherten Spiele. Jedes Spiel wird beim Spielen auf diesem "
                  "Gerät gespeichert.",
    "saves.bad": "{n} gespeicherte Einträge konnten nicht gelesen werden. Sie stehen unten; "
                 "die anderen Spiele sind nicht betroffen.",
    "saves.bad_one": "Ein gespeicherter Eintrag konnte nicht gelesen werden. Er steht unten; "
                     "die anderen Spiele sind nicht betroffen.",
    "saves.turn": "Zug {n}",
    "saves.from_link": "aus einem geteilten Link",
    "saves.really_delete": "Dieses Spiel endgültig löschen?",
    "saves.delete_yes": "Ja, löschen",
    "saves.delete_no": "Behalten",
    "saves.game_of": "das Spiel von {names}",
    "saves.resume": "Weiterspielen",
    "saves.share": "Link teilen",
    "saves.delete": "Löschen",
    "saves.damaged": "Ein beschädigter oder unbekannter Eintrag",
    "howto.title": "So wird gespielt",
    "howto.1": "In deinem Zug heiratest du entweder in eine Händlerfamilie ein oder du "
               "erweiterst die Handelsroute einer Familie, der du angehörst.",
    "howto.2": "Heiraten: Zahle die Mitgift der Familie in ihre Schatzkammer, nimm eines "
               "ihrer Familienplättchen, ziehe 3 Warenkarten und wirf 0 bis 2 ab, sodass du "
               "im Kartenlimit bleibst.",
    "howto.3": "Erweitern: Setze ein Kamel einer deiner Familien neben eines ihrer Kamele "
               "(höchstens zwei Kamele pro Feld, nie zwei derselben Familie). Ein zweites "
               "Kamel kostet die Familie 1 Dirham aus ihrer Schatzkammer.",
    "howto.4": "Das erste Kamel auf einem Warenfeld nimmt dessen Warenplättchen (1 Punkt); "
               "wer die passende Warenkarte hat, darf sie für 3 Dirham verkaufen. Wer sie "
               "behält, sagt nichts: Spielen mehrere Personen an einem Gerät, bietet nach "
               "jedem genommenen Warenplättchen ein Fenster den Verkauf an.",
    "howto.5": "Trifft ein Kamel an Land auf das Kamel einer anderen Familie, entsteht deren "
               "erste Handelsbeziehung: 3 Dirham an jedes Mitglied der ziehenden Familie, 1 an "
               "jedes Mitglied der anderen, und der ziehende Spieler nimmt von beiden Familien "
               "den obersten Beziehungsstein.",
    "howto.6": "Das Spiel endet, wenn jede Familie eine Beziehung hat (kein dunkelgrüner "
               "Stein mehr) oder eine Familie fünf geknüpft hat.",
    "howto.7": "Wertung: Jede Warenkarte auf der Hand bringt 4 Punkte pro Kamel deiner "
               "Familien auf ihrem Feld und 1 pro anderem Kamel; jedes Warenplättchen, jeder "
               "Beziehungsstein und jeder Dirham zählt 1 Punkt.",
    "status.over": "Spielende:",
    "status.turn": "Zug {n}",
    "status.bot_thinking": "überlegt ...",
    "status.waiting_for_device": "bitte das Gerät übernehmen.",
    "status.last_move": "Letzter Zug:",
    "prompt.pass_short": "kein möglicher Zug, also passt du.",
    "prompt.main_short": "in eine Familie einheiraten oder eine Handelsroute erweitern.",
    "prompt.second_short": "ein zweites Kamel setzen oder den Zug beenden.",
    "prompt.discard_short": "Karten zum Abwerfen wählen.",
    "prompt.sell_short": "die Karte {good} verkaufen oder behalten?",
    "prompt.bot": "{name} ist ein Bot und zieht selbst.",
    "prompt.curtain": "{name} ist am Zug. Gib das Gerät an {name} weiter.",
    "prompt.pass": "Du kannst weder heiraten noch ein Kamel setzen: Du musst passen.",
    "prompt.marry_title": "Heiraten:",
    "prompt.marry": "Klicke auf einen hervorgehobenen Familienbereich über oder unter der "
                    "Karte.",
    "prompt.expand_title": "Erweitern:",
    "prompt.expand": "Wähle eine deiner Familien und klicke dann auf ein hervorgehobenes Feld.",
    "prompt.expand_space": "Klicke auf ein hervorgehobenes Feld für ein Kamel ({family}).",
    "prompt.second": "Ein zweites Kamel ({family})? Klicke auf ein hervorgehobenes Feld: Die "
                     "Familie zahlt {cost} Dirham aus ihrer Schatzkammer (sie hat {treasury}). "
                     "Oder beende deinen Zug.",
    "prompt.discard": "Du hast {drawn} Karten gezogen. Wähle {lo} bis {hi} Karten zum Abwerfen "
                      "(Kartenlimit {limit}, verkaufte Karten zählen mit) und bestätige.",
    "prompt.discard_exact": "Du hast {drawn} Karten gezogen. Wähle genau {lo} Karten zum "
                            "Abwerfen (Kartenlimit {limit}, verkaufte Karten zählen mit) und "
                            "bestätige.",
    "prompt.sell": "{holder}: Ein Kamel hat {space} erreicht. Verkaufst du deine Karte {good} "
                   "für {price} Dirham (eine verkaufte Karte bringt keine Punkte) oder behältst "
                   "du sie (sie brächte jetzt {value} Punkte)?",
    "action.pass": "Passen",
    "action.expand_with": "{family} erweitern",
    "action.end_turn": "Zug beenden",
    "action.keep_all": "Alle Karten behalten",
    "action.discard": "{n} Karten abwerfen",
    "action.discard_one": "1 Karte abwerfen",
    "action.sell": "Für {price} Dirham verkaufen",
    "action.keep": "Karte behalten",
    "card.name": "{good} ({number})",
    "card.value": "jetzt {n} wert",
    "card.toggle_discard": "{card} abwerfen",
    "hand.title": "Karten von {name}: {n} auf der Hand, {sold} verkauft, Limit {limit}",
    "hand.empty": "keine Karten",
    "over.show_scores": "Wertung zeigen",
    "over.rematch": "Noch einmal spielen",
    "over.close": "Spielplan ansehen",
    "player.none": "keine",
    "player.to_move": "am Zug",
    "player.money": "Geld",
    "player.dirhams": "{n} Dirham",
    "player.dirhams_one": "1 Dirham",
    "player.families": "Familien",
    "player.goods": "Warenplättchen",
    "player.goods_value": "{n}: {list}",
    "player.relationships": "Beziehungssteine",
    "player.rel_value": "{n} ({green} dunkelgrün)",
    "player.cards": "Warenkarten",
    "player.cards_value": "{n} auf der Hand, {sold} verkauft (Limit {limit})",
    "player.sold": "Verkauft",
    "table.deck": "Nachziehstapel: {n} Karten",
    "table.discard": "Ablagestapel: {n} Karten",
    "table.bag": "Beutel: {n} Familienplättchen",
    "table.removed": "aus dem Spiel: {families}",
    "log.title": "Spielverlauf",
    "log.marry": "{player} heiratet in das {family} ein und zahlt {n} Dirham.",
    "log.draw": "{player} zieht {n} Karten.",
    "log.draw_one": "{player} zieht 1 Karte.",
    "log.draw_none": "{player} ist am Kartenlimit und zieht keine Karten.",
    "log.reshuffle": "Der Ablagestapel wird zu einem neuen Nachziehstapel mit {n} Karten "
                     "gemischt.",
    "log.discard": "{player} wirft {n} Karten ab.",
    "log.discard_one": "{player} wirft 1 Karte ab.",
    "log.discard_none": "{player} behält alle Karten.",
    "log.second_camel_paid": "{family} zahlt {n} Dirham für das zweite Kamel.",
    "log.camel": "{player} setzt ein Kamel ({family}) auf {space}.",
    "log.goods_marker": "{player} nimmt das Warenplättchen {good}.",
    "log.sell": "{holder} verkauft die Karte {good} für {n} Dirham.",
    "log.relationship": "Erstes Treffen: {family} und {other} knüpfen eine Handelsbeziehung.",
    "log.bonus": "{player} erhält {n} Dirham.",
    "log.bonus_one": "{player} erhält 1 Dirham.",
    "log.rel_marker": "{player} nimmt einen grauen Beziehungsstein ({family}).",
    "log.rel_marker_green": "{player} nimmt den dunkelgrünen Beziehungsstein ({family}).",
    "log.bag_domain": "Aus dem Beutel gezogen: ein Plättchen ({family}). Jemand hat schon "
                      "in diese Familie eingeheiratet, also kommt es auf ihren Bereich.",
    "log.bag_removed": "Aus dem Beutel gezogen: ein Plättchen ({family}). Noch niemand hat in "
                       "diese Familie eingeheiratet, also scheidet es aus dem Spiel aus.",
    "log.pass": "{player} hat keinen möglichen Zug und passt.",
    "log.game_over": "Das Spiel ist zu Ende.",
    "log.bot_illegal": "{player} wählte einen unerlaubten Zug; stattdessen wurde ein "
                       "erlaubter gespielt.",
    "end.five": "{family} hat fünf Handelsbeziehungen geknüpft.",
    "end.all_met": "Jede Familie hat eine Handelsbeziehung.",
    "end.no_moves": "Kein Spieler kann mehr ziehen.",
    "curtain.title": "Gib das Gerät an {name} weiter",
    "curtain.text": "{name}, du entscheidest jetzt. Drücke den Knopf, wenn niemand sonst den "
                    "Bildschirm sieht: Deine Karten werden gezeigt.",
    "curtain.show": "Ich bin {name}: Karten zeigen",
    "curtain.recent": "Was zuletzt geschah",
    "sale.title": "{good}: Ein Warenplättchen wurde genommen",
    "sale.status": "{good}: Ein Warenplättchen wurde genommen. Wer diese Karte hat, darf sie "
                   "jetzt verkaufen.",
    "sale.text": "Wer diese Karte hat, darf sie jetzt für {price} Dirham verkaufen (sie bringt "
                 "dann keine Punkte). Wer sie behält, sagt nichts: Am Tisch schweigt, wer sie "
                 "hat.",
    "sale.pass": "Kein Verkauf, weiterspielen",
    "sale.claim": "Ich habe sie: verkaufen",
    "sale.who": "Wer verkauft die Karte {good}?",
    "sale.claim_as": "{name} verkauft sie",
    "sale.back": "Zurück",
    "sale.not_holder": "{player} hat diese Karte nicht.",
    "share.title": "Dieses Spiel teilen",
    "share.text": "Dieser Link enthält das ganze Spiel. Wer ihn öffnet, bekommt eine Kopie als "
                  "neues gespeichertes Spiel; deine eigenen Spielstände bleiben unverändert.",
    "share.link_label": "Link zu diesem Spiel",
    "share.copy": "Link kopieren",
    "share.copied": "Der Link ist kopiert.",
    "share.copy_failed": "Der Link konnte nicht automatisch kopiert werden: Markiere und "
                         "kopiere ihn von Hand.",
    "share.close": "Schließen",
    "score.title": "Endwertung",
    "score.player": "Spieler",
    "score.cards": "Warenkarten",
    "score.markers": "Warenplättchen",
    "score.relationships": "Beziehungen",
    "score.cash": "Dirham",
    "score.total": "Summe",
    "score.winner": "Sieg",
    "score.winner_single": "{names} gewinnt!",
    "score.winners_tie": "Gleichstand: {names} gewinnen gemeinsam!",
    "score.cards_detail": "Punkte jeder Warenkarte",
    "error.cannot_marry": "Du kannst jetzt nicht in {family} einheiraten.",
    "error.cannot_expand": "Du kannst {family} jetzt nicht erweitern.",
    "error.choose_family_first": "Wähle zuerst die Familie, deren Kamel du setzen willst.",
    "error.cannot_place": "Ein Kamel ({family}) kann nicht auf {space}.",
    "error.discard_at_most": "Du darfst höchstens {n} Karten abwerfen.",
    "error.discard_range": "Wähle {lo} bis {hi} Karten zum Abwerfen.",
    "error.illegal": "Dieser Zug ist nicht erlaubt.",
    "error.internal": "In der Seite ist etwas schiefgegangen; Neuladen der Seite hilft meist.",
    "error.internal_saved": "In der Seite ist etwas schiefgegangen. Dein Spiel ist bis zu "
                            "seinem letzten bestätigten Zug gespeichert; Neuladen der Seite "
                            "hilft meist.",
    "error.internal_unsaved": "In der Seite ist etwas schiefgegangen, und die letzten Züge "
                              "dieses Spiels sind nicht gespeichert. Kopiere das Spiel als "
                              "Link, bevor du die Seite neu lädst.",
    "players.title": "Spieler",
    "storage.disabled": "Dieser Browser lässt die Seite keine Spiele speichern (Speicher aus "
                        "oder gesperrt). Du kannst spielen, aber das Spiel geht beim Schließen "
                        "verloren: Nutze Link teilen, um es zu behalten.",
    "storage.full": "Der Speicher des Browsers ist voll, daher wurde das Spiel nicht "
                    "gespeichert. Lösche alte Spiele, um Platz zu schaffen; das Spiel selbst "
                    "geht weiter.",
    "storage.failed": "Das Spiel konnte nicht gespeichert werden.",
    "problem.missing": "Dieses gespeicherte Spiel gibt es nicht mehr.",
    "problem.damaged": "Dieses gespeicherte Spiel ist beschädigt und lässt sich nicht öffnen. "
                       "Deine anderen Spiele sind in Ordnung.",
    "problem.bad_code": "Dieses gespeicherte Spiel lässt sich nicht wiederherstellen (seine "
                        "Züge passen nicht zu dieser Version). Deine anderen Spiele sind in "
                        "Ordnung.",
    "problem.bad_link": "Dieser Link enthält kein Spiel, das sich öffnen lässt: Er ist "
                        "vielleicht gekürzt oder verändert. Nichts wurde gespeichert, deine "
                        "Spiele sind unverändert.",
    "link.imported": "Das geteilte Spiel wurde zu deinen gespeicherten Spielen hinzugefügt.",
    "link.unknown_level": "Es gibt keine Bot-Stufe {level} (es gibt: {levels}); ein "
                          "Zufallsbot spielt stattdessen.",
    "link.player_count": "Ein Spiel braucht 2 bis 5 Spieler, die Adresse nennt {n}.",
    "link.bad_seed": "Der Startwert {value} ist keine ganze Zahl ab 0.",
    "link.bad_first": "Der Startspieler {value} ist keiner der Spieler.",
    "link.bad_speed": "Das Bot-Tempo {value} ist unbekannt.",
    "family.name": "Haus {city}",
    "family.name_vowel": "Haus {city}",
    "svg.title": "Die Karte der Seidenstraße und die zehn Familienbereiche",
    "svg.family_label": "{family}: Mitgift {portion}, Schatzkammer {treasury}, noch {tiles} "
                        "Familienplättchen, {camels} Kamele und {markers} Beziehungssteine",
    "svg.green_on_top": ", dunkelgrüner Stein oben",
    "svg.marry_label": "In {family} einheiraten für {portion} Dirham",
    "svg.goods_space": "{good} {number}",
    "svg.unnamed_land": "Landfeld {id}",
    "svg.sea_space": "{sea}, Feld {id}",
    "svg.home_label": "{place}, Heimatstadt von {family}",
    "svg.marker_here": ", Warenplättchen liegt noch",
    "svg.camels_here": ", Kamele von: {families}",
    "svg.no_camels": ", keine Kamele",
    "svg.place_label": "Ein Kamel ({family}) auf {space} setzen",
    "good:Dates": "Datteln", "good:Olive oil": "Olivenöl", "good:Wool": "Wolle",
    "good:Papyrus": "Papyrus", "good:Gold": "Gold", "good:Glass": "Glas",
    "good:Ivory": "Elfenbein", "good:Wine": "Wein", "good:Furs": "Pelze",
    "good:Carpets": "Teppiche", "good:Sugar": "Zucker", "good:Frankincense": "Weihrauch",
    "good:Pearls": "Perlen", "good:Turquoise": "Türkis", "good:Melons": "Melonen",
    "good:Saffron": "Safran", "good:Silver": "Silber", "good:Indigo": "Indigo",
    "good:Lapis lazuli": "Lapislazuli", "good:Cotton": "Baumwolle", "good:Horses": "Pferde",
    "good:Cashmere": "Kaschmir", "good:Pepper": "Pfeffer", "good:Diamonds": "Diamanten",
    "good:Jade": "Jade", "good:Rice": "Reis", "good:Grapes": "Trauben", "good:Musk": "Moschus",
    "good:Rhubarb": "Rhabarber", "good:Silk": "Seide", "good:Tea": "Tee",
    "good:Porcelain": "Porzellan", "good:Paper": "Papier",
    "sea:Black Sea": "Schwarzes Meer", "sea:Caspian Sea": "Kaspisches Meer",
    "sea:Aral Sea": "Aralsee", "sea:Mediterranean Sea": "Mittelmeer",
    "sea:Red Sea": "Rotes Meer", "sea:Persian Gulf": "Persischer Golf",
    "sea:Arabian Sea": "Arabisches Meer", "sea:Bay of Bengal": "Golf von Bengalen",
}

FR: dict[str, str] = {
    "app.title": "Samarkand : le jeu de la route de la soie",
    "app.name": "Samarkand",
    "app.tagline": "familles marchandes de la route de la soie",
    "nav.home": "Parties enregistrées",
    "nav.share": "Partager le lien",
    "nav.label": "Menu du jeu",
    "nav.language": "Langue",
    "message.dismiss": "Fermer ce message",
    "form.title": "Nouvelle partie",
    "form.count": "Nombre de joueurs",
    "form.players": "Joueurs (dans l'ordre du jeu)",
    "form.name_label": "Nom du joueur {n}",
    "form.kind_label": "Le joueur {n} est",
    "form.first": "Qui commence",
    "form.first_random": "Au hasard",
    "form.seed": "Graine (facultative)",
    "form.seed_placeholder": "au hasard",
    "form.start": "Commencer la partie",
    "form.default_name": "Joueur {n}",
    "form.name_empty": "Chaque joueur a besoin d'un nom.",
    "form.name_long": "Le nom {name} est trop long : {n} caractères au plus.",
    "form.name_bad": "Le nom {name} contient des caractères qui ne peuvent pas être affichés.",
    "form.name_twice": "Deux joueurs ont le même nom.",
    "form.invalid": "Cette partie ne peut pas être mise en place.",
    "seat.human": "une personne",
    "seat.bot": "un robot ({level})",
    "seat.bot_short": "robot",
    "level.random": "Facile",
    "level.heuristic": "Moyen",
    "level.search": "Difficile",
    "bot.name": "Robot {n} ({level})",
    "bot.speed": "Vitesse des robots",
    "bot.pause": "Mettre en pause",
    "bot.resume": "Laisser jouer les robots",
    "speed.slow": "lente",
    "speed.normal": "normale",
    "speed.fast": "rapide",
    "speed.instant": "immédiate",
    "saves.title": "Parties enregistrées",
    "saves.none": "Aucune partie enregistrée. Chaque partie est enregistrée sur cet appareil "
                  "au fil du jeu.",
    "saves.bad": "{n} entrées enregistrées n'ont pas pu être lues. Elles sont listées "
                 "ci-dessous ; les autres parties ne sont pas touchées.",
    "saves.bad_one": "Une entrée enregistrée n'a pas pu être lue. Elle est listée ci-dessous ; "
                     "les autres parties ne sont pas touchées.",
    "saves.turn": "tour {n}",
    "saves.from_link": "d'un lien partagé",
    "saves.really_delete": "Supprimer définitivement cette partie ?",
    "saves.delete_yes": "Oui, supprimer",
    "saves.delete_no": "La garder",
    "saves.game_of": "la partie de {names}",
    "saves.resume": "Reprendre",
    "saves.share": "Partager le lien",
    "saves.delete": "Supprimer",
    "saves.damaged": "Une entrée endommagée ou inconnue",
    "howto.title": "Comment jouer",
    "howto.1": "À ton tour, tu entres par mariage dans une famille de marchands ou tu "
               "prolonges la route commerciale d'une famille dont tu fais partie.",
    "howto.2": "Mariage : paie la dot de la famille dans son trésor, prends une de ses tuiles, "
               "pioche 3 cartes marchandise et défausse-en 0 à 2 pour respecter la limite de "
               "cartes.",
    "howto.3": "Expansion : place un chameau d'une de tes familles à côté d'un de ses chameaux "
               "(deux chameaux au plus par case, jamais deux de la même famille). Un second "
               "chameau coûte 1 dirham du trésor de la famille.",
    "howto.4": "Le premier chameau sur une case marchandise prend son jeton marchandise "
               "(1 point) ; qui détient la carte de cette marchandise peut la vendre pour "
               "3 dirhams. Personne n'annonce qu'il la garde : à plusieurs sur un même "
               "appareil, une fenêtre après chaque jeton marchandise pris propose la vente.",
    "howto.5": "Un chameau qui rejoint sur terre le chameau d'une autre famille crée leur "
               "première relation commerciale : 3 dirhams à chaque membre de la famille qui "
               "se déplace, 1 à chaque membre de l'autre, et le joueur actif prend le jeton "
               "du dessus des deux familles.",
    "howto.6": "La partie s'arrête quand chaque famille a une relation (plus de jeton vert "
               "foncé) ou qu'une famille en a noué cinq.",
    "howto.7": "Décompte : chaque carte marchandise en main rapporte 4 par chameau de tes "
               "familles sur sa case et 1 par autre chameau ; chaque jeton marchandise, jeton "
               "de relation et dirham vaut 1 point.",
    "status.over": "Fin de la partie :",
    "status.turn": "Tour {n}",
    "status.bot_thinking": "réfléchit ...",
    "status.waiting_for_device": "prends l'appareil, s'il te plaît.",
    "status.last_move": "Dernier coup :",
    "prompt.pass_short": "aucun coup possible, tu passes donc.",
    "prompt.main_short": "entrer dans une famille ou prolonger une route commerciale.",
    "prompt.second_short": "placer un second chameau ou finir ton tour.",
    "prompt.discard_short": "choisir les cartes à défausser.",
    "prompt.sell_short": "vendre la carte {good} ou la garder ?",
    "prompt.bot": "{name} est un robot et joue seul.",
    "prompt.curtain": "C'est au tour de {name}. Passe l'appareil à {name}.",
    "prompt.pass": "Tu ne peux ni te marier ni placer un chameau : tu dois passer.",
    "prompt.marry_title": "Mariage :",
    "prompt.marry": "clique sur un domaine de famille mis en évidence, au-dessus ou au-dessous "
                    "de la carte.",
    "prompt.expand_title": "Expansion :",
    "prompt.expand": "choisis une de tes familles, puis clique sur une case mise en évidence.",
    "prompt.expand_space": "Clique sur une case mise en évidence pour un chameau ({family}).",
    "prompt.second": "Un second chameau ({family}) ? Clique sur une case mise en évidence : la "
                     "famille paie {cost} dirham de son trésor (elle en a {treasury}). Ou "
                     "termine ton tour.",
    "prompt.discard": "Tu as pioché {drawn} cartes. Choisis {lo} à {hi} cartes à défausser "
                      "(limite {limit}, les cartes vendues comptent aussi), puis confirme.",
    "prompt.discard_exact": "Tu as pioché {drawn} cartes. Choisis exactement {lo} cartes à "
                            "défausser (limite {limit}, les cartes vendues comptent aussi), "
                            "puis confirme.",
    "prompt.sell": "{holder} : un chameau a atteint {space}. Vends-tu ta carte {good} pour "
                   "{price} dirhams (une carte vendue ne rapporte rien) ou la gardes-tu (elle "
                   "vaudrait {value} maintenant) ?",
    "action.pass": "Passer",
    "action.expand_with": "Prolonger la route ({family})",
    "action.end_turn": "Finir le tour",
    "action.keep_all": "Garder toutes les cartes",
    "action.discard": "Défausser {n} cartes",
    "action.discard_one": "Défausser 1 carte",
    "action.sell": "Vendre pour {price} dirhams",
    "action.keep": "Garder la carte",
    "card.name": "{good} ({number})",
    "card.value": "vaut {n} maintenant",
    "card.toggle_discard": "Défausser {card}",
    "hand.title": "Cartes de {name} : {n} en main, {sold} vendues, limite {limit}",
    "hand.empty": "aucune carte",
    "over.show_scores": "Voir les scores",
    "over.rematch": "Rejouer",
    "over.close": "Regarder le plateau",
    "player.none": "aucune",
    "player.to_move": "à jouer",
    "player.money": "Argent",
    "player.dirhams": "{n} dirhams",
    "player.dirhams_one": "1 dirham",
    "player.families": "Familles",
    "player.goods": "Jetons marchandise",
    "player.goods_value": "{n} : {list}",
    "player.relationships": "Jetons de relation",
    "player.rel_value": "{n} ({green} vert foncé)",
    "player.cards": "Cartes marchandise",
    "player.cards_value": "{n} en main, {sold} vendues (limite {limit})",
    "player.sold": "Vendues",
    "table.deck": "Pioche : {n} cartes",
    "table.discard": "défausse : {n} cartes",
    "table.bag": "sac : {n} tuiles de famille",
    "table.removed": "hors jeu : {families}",
    "log.title": "Journal de la partie",
    "log.marry": "{player} entre par mariage dans la {family} et paie {n} dirhams.",
    "log.draw": "{player} pioche {n} cartes.",
    "log.draw_one": "{player} pioche 1 carte.",
    "log.draw_none": "{player} a atteint la limite et ne pioche pas.",
    "log.reshuffle": "La défausse est mélangée et forme une nouvelle pioche de {n} cartes.",
    "log.discard": "{player} défausse {n} cartes.",
    "log.discard_one": "{player} défausse 1 carte.",
    "log.discard_none": "{player} garde toutes ses cartes.",
    "log.second_camel_paid": "La {family} paie {n} dirham pour le second chameau.",
    "log.camel": "{player} place un chameau ({family}) sur {space}.",
    "log.goods_marker": "{player} prend le jeton marchandise {good}.",
    "log.sell": "{holder} vend la carte {good} pour {n} dirhams.",
    "log.relationship": "Première rencontre : {family} et {other} nouent une relation "
                        "commerciale.",
    "log.bonus": "{player} reçoit {n} dirhams.",
    "log.bonus_one": "{player} reçoit 1 dirham.",
    "log.rel_marker": "{player} prend un jeton de relation gris ({family}).",
    "log.rel_marker_green": "{player} prend le jeton de relation vert foncé ({family}).",
    "log.bag_domain": "Tiré du sac : une tuile ({family}). Quelqu'un est déjà entré dans "
                      "cette famille, la tuile va donc sur son domaine.",
    "log.bag_removed": "Tiré du sac : une tuile ({family}). Personne n'est encore entré dans "
                       "cette famille, la tuile quitte donc le jeu.",
    "log.pass": "{player} n'a aucun coup possible et passe.",
    "log.game_over": "La partie est terminée.",
    "log.bot_illegal": "{player} a choisi un coup interdit ; un coup permis a été joué à sa "
                       "place.",
    "end.five": "la {family} a noué cinq relations commerciales.",
    "end.all_met": "chaque famille a une relation commerciale.",
    "end.no_moves": "aucun joueur ne peut plus jouer.",
    "curtain.title": "Passe l'appareil à {name}",
    "curtain.text": "{name}, c'est à toi de décider. Appuie sur le bouton quand personne "
                    "d'autre ne voit l'écran : tes cartes seront affichées.",
    "curtain.show": "Je suis {name} : montrer mes cartes",
    "curtain.recent": "Ce qui vient de se passer",
    "sale.title": "{good} : un jeton marchandise a été pris",
    "sale.status": "{good} : un jeton marchandise a été pris. Qui a cette carte peut la vendre "
                   "maintenant.",
    "sale.text": "Qui a cette carte peut la vendre maintenant pour {price} dirhams (elle ne "
                 "rapporte alors plus rien). Personne n'annonce qu'il la garde : à la table, "
                 "celui qui l'a se tait.",
    "sale.pass": "Pas de vente, on continue",
    "sale.claim": "Je l'ai : vendre",
    "sale.who": "Qui vend la carte {good} ?",
    "sale.claim_as": "{name} la vend",
    "sale.back": "Retour",
    "sale.not_holder": "{player} n'a pas cette carte.",
    "share.title": "Partager cette partie",
    "share.text": "Ce lien contient toute la partie. Qui l'ouvre en obtient une copie comme "
                  "nouvelle partie enregistrée ; tes propres parties ne changent pas.",
    "share.link_label": "Lien vers cette partie",
    "share.copy": "Copier le lien",
    "share.copied": "Le lien est copié.",
    "share.copy_failed": "Le lien n'a pas pu être copié automatiquement : sélectionne-le et "
                         "copie-le à la main.",
    "share.close": "Fermer",
    "score.title": "Scores finaux",
    "score.player": "Joueur",
    "score.cards": "Cartes marchandise",
    "score.markers": "Jetons marchandise",
    "score.relationships": "Relations",
    "score.cash": "Dirhams",
    "score.total": "Total",
    "score.winner": "vainqueur",
    "score.winner_single": "{names} gagne !",
    "score.winners_tie": "Égalité : {names} gagnent ensemble !",
    "score.cards_detail": "Points de chaque carte marchandise",
    "error.cannot_marry": "Tu ne peux pas entrer dans la {family} maintenant.",
    "error.cannot_expand": "Tu ne peux pas prolonger la route ({family}) maintenant.",
    "error.choose_family_first": "Choisis d'abord la famille dont tu veux placer un chameau.",
    "error.cannot_place": "Un chameau ({family}) ne peut pas aller sur {space}.",
    "error.discard_at_most": "Tu peux défausser au plus {n} cartes.",
    "error.discard_range": "Choisis {lo} à {hi} cartes à défausser.",
    "error.illegal": "Ce coup n'est pas permis.",
    "error.internal": "Un problème est survenu dans la page ; recharger la page aide en "
                      "général.",
    "error.internal_saved": "Un problème est survenu dans la page. Ta partie est enregistrée "
                            "jusqu'à son dernier coup confirmé ; recharger la page aide en "
                            "général.",
    "error.internal_unsaved": "Un problème est survenu dans la page, et les derniers coups "
                              "de cette partie ne sont pas enregistrés. Copie la partie comme "
                              "lien avant de recharger la page.",
    "players.title": "Joueurs",
    "storage.disabled": "Ce navigateur ne laisse pas la page enregistrer de parties (stockage "
                        "désactivé ou bloqué). Tu peux jouer, mais la partie sera perdue à la "
                        "fermeture : utilise Partager le lien pour la garder.",
    "storage.full": "Le stockage du navigateur est plein, la partie n'a donc pas été "
                    "enregistrée. Supprime d'anciennes parties pour faire de la place ; la "
                    "partie continue.",
    "storage.failed": "La partie n'a pas pu être enregistrée.",
    "problem.missing": "Cette partie enregistrée n'existe plus.",
    "problem.damaged": "Cette partie enregistrée est endommagée et ne peut pas être ouverte. "
                       "Tes autres parties sont intactes.",
    "problem.bad_code": "Cette partie enregistrée ne peut pas être reconstruite (ses coups ne "
                        "correspondent pas à cette version). Tes autres parties sont intactes.",
    "problem.bad_link": "Ce lien ne contient pas de partie pouvant être ouverte : il est "
                        "peut-être tronqué ou modifié. Rien n'a été enregistré et tes parties "
                        "sont inchangées.",
    "link.imported": "La partie partagée a été ajoutée à tes parties enregistrées.",
    "link.unknown_level": "Le niveau de robot {level} n'existe pas (il y a : {levels}) ; un "
                          "robot au hasard joue à sa place.",
    "link.player_count": "Une partie se joue à 2 à 5 joueurs, l'adresse en nomme {n}.",
    "link.bad_seed": "La graine {value} n'est pas un nombre entier à partir de 0.",
    "link.bad_first": "Le premier joueur {value} ne fait pas partie des joueurs.",
    "link.bad_speed": "La vitesse des robots {value} est inconnue.",
    "family.name": "Maison de {city}",
    "family.name_vowel": "Maison d'{city}",
    "svg.title": "La carte de la route de la soie et les dix domaines des familles",
    "svg.family_label": "{family} : dot {portion}, trésor {treasury}, il reste {tiles} tuiles "
                        "de famille, {camels} chameaux et {markers} jetons de relation",
    "svg.green_on_top": ", jeton vert foncé au-dessus",
    "svg.marry_label": "Entrer dans la {family} pour {portion} dirhams",
    "svg.goods_space": "{good} {number}",
    "svg.unnamed_land": "case de terre {id}",
    "svg.sea_space": "{sea}, case {id}",
    "svg.home_label": "{place}, ville d'origine de la {family}",
    "svg.marker_here": ", jeton marchandise encore sur la carte",
    "svg.camels_here": ", chameaux de : {families}",
    "svg.no_camels": ", aucun chameau",
    "svg.place_label": "Placer un chameau ({family}) sur {space}",
    "good:Dates": "Dattes", "good:Olive oil": "Huile d'olive", "good:Wool": "Laine",
    "good:Papyrus": "Papyrus", "good:Gold": "Or", "good:Glass": "Verre",
    "good:Ivory": "Ivoire", "good:Wine": "Vin", "good:Furs": "Fourrures",
    "good:Carpets": "Tapis", "good:Sugar": "Sucre", "good:Frankincense": "Encens",
    "good:Pearls": "Perles", "good:Turquoise": "Turquoise", "good:Melons": "Melons",
    "good:Saffron": "Safran", "good:Silver": "Argent", "good:Indigo": "Indigo",
    "good:Lapis lazuli": "Lapis-lazuli", "good:Cotton": "Coton", "good:Horses": "Chevaux",
    "good:Cashmere": "Cachemire", "good:Pepper": "Poivre", "good:Diamonds": "Diamants",
    "good:Jade": "Jade", "good:Rice": "Riz", "good:Grapes": "Raisin", "good:Musk": "Musc",
    "good:Rhubarb": "Rhubarbe", "good:Silk": "Soie", "good:Tea": "Thé",
    "good:Porcelain": "Porcelaine", "good:Paper": "Papier",
    "sea:Black Sea": "mer Noire", "sea:Caspian Sea": "mer Caspienne",
    "sea:Aral Sea": "mer d'Aral", "sea:Mediterranean Sea": "Méditerranée",
    "sea:Red Sea": "mer Rouge", "sea:Persian Gulf": "golfe Persique",
    "sea:Arabian Sea": "mer d'Arabie", "sea:Bay of Bengal": "golfe du Bengale",
}

IT: dict[str, str] = {
    "app.title": "Samarkand: il gioco della Via della Seta",
    "app.name": "Samarkand",
    "app.tagline": "famiglie di mercanti della Via della Seta",
    "nav.home": "Partite salvate",
    "nav.share": "Condividi il link",
    "nav.label": "Menu del gioco",
    "nav.language": "Lingua",
    "message.dismiss": "Chiudi questo messaggio",
    "form.title": "Nuova partita",
    "form.count": "Numero di giocatori",
    "form.players": "Giocatori (nell'ordine di gioco)",
    "form.name_label": "Nome del giocatore {n}",
    "form.kind_label": "Il giocatore {n} è",
    "form.first": "Chi comincia",
    "form.first_random": "A caso",
    "form.seed": "Seme (facoltativo)",
    "form.seed_placeholder": "a caso",
    "form.start": "Inizia la partita",
    "form.default_name": "Giocatore {n}",
    "form.name_empty": "Ogni giocatore ha bisogno di un nome.",
    "form.name_long": "Il nome {name} è troppo lungo: al massimo {n} caratteri.",
    "form.name_bad": "Il nome {name} contiene caratteri che non si possono mostrare.",
    "form.name_twice": "Due giocatori hanno lo stesso nome.",
    "form.invalid": "Questa partita non si può preparare.",
    "seat.human": "una persona",
    "seat.bot": "un bot ({level})",
    "seat.bot_short": "bot",
    "level.random": "Facile",
    "level.heuristic": "Medio",
    "level.search": "Difficile",
    "bot.name": "Bot {n} ({level})",
    "bot.speed": "Velocità dei bot",
    "bot.pause": "Metti in pausa",
    "bot.resume": "Lascia giocare i bot",
    "speed.slow": "lenta",
    "speed.normal": "normale",
    "speed.fast": "veloce",
    "speed.instant": "immediata",
    "saves.title": "Partite salvate",
    "saves.none": "Ancora nessuna partita salvata. Ogni partita viene salvata su questo "
                  "dispositivo mentre giochi.",
    "saves.bad": "{n} voci salvate non si possono leggere. Sono elencate qui sotto; le altre "
                 "partite non ne risentono.",
    "saves.bad_one": "Una voce salvata non si può leggere. È elencata qui sotto; le altre "
                     "partite non ne risentono.",
    "saves.turn": "turno {n}",
    "saves.from_link": "da un link condiviso",
    "saves.really_delete": "Eliminare questa partita per sempre?",
    "saves.delete_yes": "Sì, elimina",
    "saves.delete_no": "Tienila",
    "saves.game_of": "la partita di {names}",
    "saves.resume": "Riprendi",
    "saves.share": "Condividi il link",
    "saves.delete": "Elimina",
    "saves.damaged": "Una voce danneggiata o sconosciuta",
    "howto.title": "Come si gioca",
    "howto.1": "Nel tuo turno sposi un membro di una famiglia di mercanti oppure estendi la "
               "via commerciale di una famiglia di cui fai parte.",
    "howto.2": "Matrimonio: paga la dote della famiglia nel suo tesoro, prendi una delle sue "
               "tessere, pesca 3 carte merce e scartane da 0 a 2 per restare nel limite di "
               "carte.",
    "howto.3": "Espansione: metti un cammello di una tua famiglia accanto a un suo cammello "
               "(al massimo due cammelli per casella, mai due della stessa famiglia). Un "
               "secondo cammello costa alla famiglia 1 dirham del suo tesoro.",
    "howto.4": "Il primo cammello su una casella merce prende il suo segnalino merce "
               "(1 punto); chi ha la carta di quella merce può venderla per 3 dirham. Nessuno "
               "dice di tenerla: con più persone sullo stesso dispositivo, dopo ogni "
               "segnalino merce preso una finestra offre la vendita.",
    "howto.5": "Un cammello che raggiunge su terra il cammello di un'altra famiglia crea la "
               "loro prima relazione commerciale: 3 dirham a ogni membro della famiglia che si "
               "muove, 1 a ogni membro dell'altra, e il giocatore di turno prende il segnalino "
               "in cima di entrambe le famiglie.",
    "howto.6": "La partita finisce quando ogni famiglia ha una relazione (nessun segnalino "
               "verde scuro rimasto) o una famiglia ne ha strette cinque.",
    "howto.7": "Punteggio: ogni carta merce in mano vale 4 per ogni cammello delle tue "
               "famiglie sulla sua casella e 1 per ogni altro cammello; ogni segnalino merce, "
               "segnalino relazione e dirham vale 1 punto.",
    "status.over": "Fine della partita:",
    "status.turn": "Turno {n}",
    "status.bot_thinking": "sta pensando ...",
    "status.waiting_for_device": "prendi il dispositivo, per favore.",
    "status.last_move": "Ultima mossa:",
    "prompt.pass_short": "nessuna mossa possibile, quindi passi.",
    "prompt.main_short": "sposarsi in una famiglia o estendere una via commerciale.",
    "prompt.second_short": "mettere un secondo cammello o finire il turno.",
    "prompt.discard_short": "scegliere le carte da scartare.",
    "prompt.sell_short": "vendere la carta {good} o tenerla?",
    "prompt.bot": "{name} è un bot e gioca da solo.",
    "prompt.curtain": "Tocca a {name}. Passa il dispositivo a {name}.",
    "prompt.pass": "Non puoi sposarti né mettere un cammello: devi passare.",
    "prompt.marry_title": "Matrimonio:",
    "prompt.marry": "clicca su un dominio di famiglia evidenziato sopra o sotto la mappa.",
    "prompt.expand_title": "Espansione:",
    "prompt.expand": "scegli una delle tue famiglie, poi clicca su una casella evidenziata.",
    "prompt.expand_space": "Clicca su una casella evidenziata per un cammello ({family}).",
    "prompt.second": "Un secondo cammello ({family})? Clicca su una casella evidenziata: la "
                     "famiglia paga {cost} dirham dal suo tesoro (ne ha {treasury}). Oppure "
                     "finisci il turno.",
    "prompt.discard": "Hai pescato {drawn} carte. Scegli da {lo} a {hi} carte da scartare "
                      "(limite {limit}, contano anche le carte vendute), poi conferma.",
    "prompt.discard_exact": "Hai pescato {drawn} carte. Scegli esattamente {lo} carte da "
                            "scartare (limite {limit}, contano anche le carte vendute), poi "
                            "conferma.",
    "prompt.sell": "{holder}: un cammello ha raggiunto {space}. Vendi la tua carta {good} per "
                   "{price} dirham (una carta venduta non dà punti) o la tieni (ora varrebbe "
                   "{value})?",
    "action.pass": "Passa",
    "action.expand_with": "Estendi la via ({family})",
    "action.end_turn": "Finisci il turno",
    "action.keep_all": "Tieni tutte le carte",
    "action.discard": "Scarta {n} carte",
    "action.discard_one": "Scarta 1 carta",
    "action.sell": "Vendi per {price} dirham",
    "action.keep": "Tieni la carta",
    "card.name": "{good} ({number})",
    "card.value": "ora vale {n}",
    "card.toggle_discard": "Scarta {card}",
    "hand.title": "Carte di {name}: {n} in mano, {sold} vendute, limite {limit}",
    "hand.empty": "nessuna carta",
    "over.show_scores": "Mostra i punteggi",
    "over.rematch": "Gioca ancora",
    "over.close": "Guarda il tabellone",
    "player.none": "nessuna",
    "player.to_move": "di turno",
    "player.money": "Denaro",
    "player.dirhams": "{n} dirham",
    "player.dirhams_one": "1 dirham",
    "player.families": "Famiglie",
    "player.goods": "Segnalini merce",
    "player.goods_value": "{n}: {list}",
    "player.relationships": "Segnalini relazione",
    "player.rel_value": "{n} ({green} verde scuro)",
    "player.cards": "Carte merce",
    "player.cards_value": "{n} in mano, {sold} vendute (limite {limit})",
    "player.sold": "Vendute",
    "table.deck": "Mazzo: {n} carte",
    "table.discard": "scarti: {n} carte",
    "table.bag": "sacchetto: {n} tessere famiglia",
    "table.removed": "fuori gioco: {families}",
    "log.title": "Diario della partita",
    "log.marry": "{player} si sposa nella {family} e paga {n} dirham.",
    "log.draw": "{player} pesca {n} carte.",
    "log.draw_one": "{player} pesca 1 carta.",
    "log.draw_none": "{player} è al limite di carte e non pesca.",
    "log.reshuffle": "Gli scarti vengono mescolati in un nuovo mazzo di {n} carte.",
    "log.discard": "{player} scarta {n} carte.",
    "log.discard_one": "{player} scarta 1 carta.",
    "log.discard_none": "{player} tiene tutte le carte.",
    "log.second_camel_paid": "La {family} paga {n} dirham per il secondo cammello.",
    "log.camel": "{player} mette un cammello ({family}) su {space}.",
    "log.goods_marker": "{player} prende il segnalino merce {good}.",
    "log.sell": "{holder} vende la carta {good} per {n} dirham.",
    "log.relationship": "Primo incontro: {family} e {other} stringono una relazione "
                        "commerciale.",
    "log.bonus": "{player} riceve {n} dirham.",
    "log.bonus_one": "{player} riceve 1 dirham.",
    "log.rel_marker": "{player} prende un segnalino relazione grigio ({family}).",
    "log.rel_marker_green": "{player} prende il segnalino relazione verde scuro ({family}).",
    "log.bag_domain": "Pescata dal sacchetto: una tessera ({family}). Qualcuno si è già sposato "
                      "in questa famiglia, quindi la tessera va sul suo dominio.",
    "log.bag_removed": "Pescata dal sacchetto: una tessera ({family}). Nessuno si è ancora "
                       "sposato in questa famiglia, quindi la tessera esce dal gioco.",
    "log.pass": "{player} non ha mosse possibili e passa.",
    "log.game_over": "La partita è finita.",
    "log.bot_illegal": "{player} ha scelto una mossa non permessa; al suo posto ne è stata "
                       "giocata una permessa.",
    "end.five": "la {family} ha stretto cinque relazioni commerciali.",
    "end.all_met": "ogni famiglia ha una relazione commerciale.",
    "end.no_moves": "nessun giocatore può più muovere.",
    "curtain.title": "Passa il dispositivo a {name}",
    "curtain.text": "{name}, ora decidi tu. Premi il pulsante quando nessun altro vede lo "
                    "schermo: verranno mostrate le tue carte.",
    "curtain.show": "Sono {name}: mostra le mie carte",
    "curtain.recent": "Cosa è successo",
    "sale.title": "{good}: è stato preso un segnalino merce",
    "sale.status": "{good}: è stato preso un segnalino merce. Chi ha questa carta può venderla "
                   "adesso.",
    "sale.text": "Chi ha questa carta può venderla adesso per {price} dirham (così non vale più "
                 "punti). Nessuno dice di tenerla: al tavolo chi ce l'ha resta in silenzio.",
    "sale.pass": "Nessuna vendita, si continua",
    "sale.claim": "Ce l'ho io: vendo",
    "sale.who": "Chi vende la carta {good}?",
    "sale.claim_as": "{name} la vende",
    "sale.back": "Indietro",
    "sale.not_holder": "{player} non ha questa carta.",
    "share.title": "Condividi questa partita",
    "share.text": "Questo link contiene tutta la partita. Chi lo apre ne riceve una copia come "
                  "nuova partita salvata; le tue partite non cambiano.",
    "share.link_label": "Link a questa partita",
    "share.copy": "Copia il link",
    "share.copied": "Il link è copiato.",
    "share.copy_failed": "Non è stato possibile copiare il link automaticamente: selezionalo e "
                         "copialo a mano.",
    "share.close": "Chiudi",
    "score.title": "Punteggi finali",
    "score.player": "Giocatore",
    "score.cards": "Carte merce",
    "score.markers": "Segnalini merce",
    "score.relationships": "Relazioni",
    "score.cash": "Dirham",
    "score.total": "Totale",
    "score.winner": "vincitore",
    "score.winner_single": "Vince {names}!",
    "score.winners_tie": "Pareggio: {names} vincono insieme!",
    "score.cards_detail": "Punti di ogni carta merce",
    "error.cannot_marry": "Ora non puoi sposarti nella {family}.",
    "error.cannot_expand": "Ora non puoi estendere la via ({family}).",
    "error.choose_family_first": "Scegli prima la famiglia di cui vuoi mettere un cammello.",
    "error.cannot_place": "Un cammello ({family}) non può andare su {space}.",
    "error.discard_at_most": "Puoi scartare al massimo {n} carte.",
    "error.discard_range": "Scegli da {lo} a {hi} carte da scartare.",
    "error.illegal": "Questa mossa non è permessa.",
    "error.internal": "Qualcosa è andato storto nella pagina; di solito ricaricare la pagina "
                      "aiuta.",
    "error.internal_saved": "Qualcosa è andato storto nella pagina. La tua partita è salvata "
                            "fino alla sua ultima mossa confermata; di solito ricaricare la "
                            "pagina aiuta.",
    "error.internal_unsaved": "Qualcosa è andato storto nella pagina, e le ultime mosse di "
                              "questa partita non sono salvate. Copia la partita come link "
                              "prima di ricaricare la pagina.",
    "players.title": "Giocatori",
    "storage.disabled": "Questo browser non permette alla pagina di salvare partite (memoria "
                        "disattivata o bloccata). Puoi giocare, ma la partita va persa alla "
                        "chiusura: usa Condividi il link per conservarla.",
    "storage.full": "La memoria del browser è piena, quindi la partita non è stata salvata. "
                    "Elimina vecchie partite per fare spazio; la partita continua.",
    "storage.failed": "Non è stato possibile salvare la partita.",
    "problem.missing": "Questa partita salvata non esiste più.",
    "problem.damaged": "Questa partita salvata è danneggiata e non si può aprire. Le tue altre "
                       "partite sono intatte.",
    "problem.bad_code": "Questa partita salvata non si può ricostruire (le sue mosse non "
                        "corrispondono a questa versione). Le tue altre partite sono intatte.",
    "problem.bad_link": "Questo link non contiene una partita che si possa aprire: forse è "
                        "troncato o modificato. Non è stato salvato nulla e le tue partite "
                        "sono invariate.",
    "link.imported": "La partita condivisa è stata aggiunta alle tue partite salvate.",
    "link.unknown_level": "Non esiste il livello di bot {level} (esistono: {levels}); gioca "
                          "invece un bot casuale.",
    "link.player_count": "Una partita richiede da 2 a 5 giocatori, l'indirizzo ne nomina {n}.",
    "link.bad_seed": "Il seme {value} non è un numero intero da 0 in su.",
    "link.bad_first": "Il primo giocatore {value} non è uno dei giocatori.",
    "link.bad_speed": "La velocità dei bot {value} è sconosciuta.",
    "family.name": "Casa di {city}",
    "family.name_vowel": "Casa di {city}",
    "svg.title": "La mappa della Via della Seta e i dieci domini delle famiglie",
    "svg.family_label": "{family}: dote {portion}, tesoro {treasury}, restano {tiles} tessere "
                        "famiglia, {camels} cammelli e {markers} segnalini relazione",
    "svg.green_on_top": ", segnalino verde scuro in cima",
    "svg.marry_label": "Sposarsi nella {family} per {portion} dirham",
    "svg.goods_space": "{good} {number}",
    "svg.unnamed_land": "casella di terra {id}",
    "svg.sea_space": "{sea}, casella {id}",
    "svg.home_label": "{place}, città d'origine della {family}",
    "svg.marker_here": ", segnalino merce ancora sulla mappa",
    "svg.camels_here": ", cammelli di: {families}",
    "svg.no_camels": ", nessun cammello",
    "svg.place_label": "Metti un cammello ({family}) su {space}",
    "good:Dates": "Datteri", "good:Olive oil": "Olio d'oliva", "good:Wool": "Lana",
    "good:Papyrus": "Papiro", "good:Gold": "Oro", "good:Glass": "Vetro",
    "good:Ivory": "Avorio", "good:Wine": "Vino", "good:Furs": "Pellicce",
    "good:Carpets": "Tappeti", "good:Sugar": "Zucchero", "good:Frankincense": "Incenso",
    "good:Pearls": "Perle", "good:Turquoise": "Turchese", "good:Melons": "Meloni",
    "good:Saffron": "Zafferano", "good:Silver": "Argento", "good:Indigo": "Indaco",
    "good:Lapis lazuli": "Lapislazzuli", "good:Cotton": "Cotone", "good:Horses": "Cavalli",
    "good:Cashmere": "Cashmere", "good:Pepper": "Pepe", "good:Diamonds": "Diamanti",
    "good:Jade": "Giada", "good:Rice": "Riso", "good:Grapes": "Uva", "good:Musk": "Muschio",
    "good:Rhubarb": "Rabarbaro", "good:Silk": "Seta", "good:Tea": "Tè",
    "good:Porcelain": "Porcellana", "good:Paper": "Carta",
    "sea:Black Sea": "Mar Nero", "sea:Caspian Sea": "Mar Caspio",
    "sea:Aral Sea": "Lago d'Aral", "sea:Mediterranean Sea": "Mar Mediterraneo",
    "sea:Red Sea": "Mar Rosso", "sea:Persian Gulf": "Golfo Persico",
    "sea:Arabian Sea": "Mar Arabico", "sea:Bay of Bengal": "Golfo del Bengala",
}

STRINGS: dict[str, dict[str, str]] = {"en": EN, "de": DE, "fr": FR, "it": IT}
CORE_KEYS = frozenset(EN)


def _merge_features() -> list[str]:
    """Add the words of texts/ (one module per feature) to the tables; the keys that
    were defined twice, for the tests to report."""
    from samarkand_web.words.texts import FEATURES

    twice = []
    for feature in FEATURES:
        for lang, table in feature.items():
            target = STRINGS[lang]
            twice += [k for k in table if k in target]
            target.update(table)
    return twice


DUPLICATE_KEYS = _merge_features()


def pick_language(candidates: Iterable[str]) -> str:
    """The first candidate we speak ("de-CH" counts as "de"), else English."""
    for c in candidates:
        if not c:
            continue
        primary = c.strip().lower().replace("_", "-").split("-")[0]
        if primary in STRINGS:
            return primary
    return DEFAULT


def template(lang: str, key: str, n: object = None) -> str | None:
    """The template of `key` in `lang` (English if missing there; the singular variant
    `key_one` when n is 1), or None for an unknown key."""
    table = STRINGS.get(lang, EN)
    if n == 1 and key + "_one" in table:
        key = key + "_one"
    return table.get(key) or EN.get(key)


def t(lang: str, key: str, **values: Any) -> str:
    """The text of `key` in `lang` (English if missing there; the key itself if unknown)."""
    found = template(lang, key, values.get("n"))
    if found is None:
        return key
    try:
        return found.format(**values)
    except (KeyError, IndexError, ValueError):
        return found


# How each language groups the digits of a large number (1,000 / 1.000 / 1 000 / 1.000).
GROUPING = {"en": ",", "de": ".", "fr": "\u202f", "it": "."}


def number(lang: str, n: int) -> str:
    """A whole number as the language writes it: number("de", 1000) == "1.000"."""
    return f"{n:,}".replace(",", GROUPING.get(lang, ","))


def markup(lang: str, key: str, **values: Any) -> Markup:
    """`t` as safe HTML: the template's text is escaped, and so is every value that is
    not Markup already (names of players, say); Markup values (a family's chip) stay."""
    found = template(lang, key, values.get("n"))
    if found is None:
        return escape(key)
    try:
        return escape(found).format(**values)
    except (KeyError, IndexError, ValueError):
        return escape(found)


def family_label(lang: str, city: str) -> str:
    key = "family.name_vowel" if city[:1].lower() in "aeiouyhâéèêîôû" else "family.name"
    return t(lang, key, city=city)


@lru_cache(maxsize=32)
def svg_strings(lang: str, board: Board | None = None) -> SvgStrings:
    """The words of the board drawing in `lang` (one instance per language and board, so
    that the drawing's caches work)."""
    table = STRINGS.get(lang, EN)

    def s(key: str) -> str:
        return table.get("svg." + key) or EN["svg." + key]

    family_names: dict[str, str] = {}
    good_names: dict[int, str] = {}
    sea_names: dict[str, str] = {}
    if board is not None:
        for f, fid in enumerate(board.family_ids):
            city = board.space_names[board.home[f]] or fid
            family_names[fid] = family_label(lang, city)
        for g in range(1, board.n_goods + 1):
            name = board.good_names[g]
            good_names[g] = table.get("good:" + name, name)
        for sea in board.data.seas:
            sea_names[sea.name] = table.get("sea:" + sea.name, sea.name)
    return SvgStrings(
        title=s("title"), family_label=s("family_label"),
        green_on_top=s("green_on_top"), marry_label=s("marry_label"),
        goods_space=s("goods_space"), unnamed_land=s("unnamed_land"), sea_space=s("sea_space"),
        home_label=s("home_label"), marker_here=s("marker_here"), camels_here=s("camels_here"),
        no_camels=s("no_camels"), place_label=s("place_label"),
        married_label=s("married_label"),
        land_near={way: s("land_" + way) for way in ("e", "w", "ne", "nw", "se", "sw")},
        family_names=family_names, good_names=good_names, sea_names=sea_names,
    )

"""Every word the page shows: English here and in texts/, the other languages in catalogs.

``t(lang, key, **values)`` fills a str.format template. Templates hold no markup
(no <, > or &), so the page may escape values and insert the result as HTML.

English is the source: the table EN below and those of texts/ (one module per feature).
German, French and Italian live in gettext catalogs, words/locale/{de,fr,it}/LC_MESSAGES/
samarkand.po (msgctxt: our key, msgid: the English, msgstr: the translation), which the
build compiles into words/catalog.json (read by words/catalog.py, on first use of a
language other than English); the coach's sentences come from the core's own catalogs
(samarkand_core.bots.coach_text). docs/words.md has the commands.

Counts: a phrase that shows a count has its English singular under ``<key>_one`` beside
``<key>``, and the count is the value ``n``: ``t("fr", "table.discard", n=0)`` picks the
form of 0 by the language's CLDR rule (samarkand_core.plurals), "défausse : 0 carte".

Names from the board (goods, seas, the families' home cities) are translated
here too: ``good:<English name>``, ``sea:<English name>``, and a family is
``family.name`` with its home city.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from functools import lru_cache
from typing import Any, TypeVar

from samarkand_core.board import Board
from samarkand_core.bots.coach_catalog import TRANSLATIONS as COACH_TRANSLATIONS
from samarkand_core.draw.board import SvgStrings
from samarkand_core.plurals import Forms, pick, plural_index
from samarkand_web.words.catalog import translations as page_translations

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
    "prompt.discard": "You drew {n} cards. Choose {lo} to {hi} cards to discard (hand limit "
                      "{limit}, sold cards count too), then confirm.",
    "prompt.discard_one": "You drew {n} card. Choose {lo} to {hi} cards to discard (hand limit "
                          "{limit}, sold cards count too), then confirm.",
    "prompt.discard_exact": "Cards to discard: exactly {lo} (hand limit {limit}, sold cards "
                            "count too); choose them, then confirm.",
    "prompt.sell": "{holder}: a camel has reached {space}. Sell your {good} card for {price} "
                   "dirhams (a sold card scores nothing), or keep it (it would score {value} "
                   "now)?",
    "action.pass": "Pass",
    "action.expand_with": "Expand the {family}",
    "action.end_turn": "End the turn",
    "action.keep_all": "Keep all cards",
    "action.discard": "Discard {n} cards",
    "action.discard_one": "Discard {n} card",
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
    "player.dirhams_one": "{n} dirham",
    "player.families": "Families",
    "player.goods": "Goods markers",
    "player.goods_value": "{n}: {list}",
    "player.relationships": "Relationship markers",
    "player.rel_value": "{n} ({green} dark green)",
    "player.cards": "Goods cards",
    "player.cards_value": "{n} in hand, {sold} sold (limit {limit})",
    "player.sold": "Sold",
    "table.deck": "Draw pile: {n} cards",
    "table.deck_one": "Draw pile: {n} card",
    "table.discard": "discard pile: {n} cards",
    "table.discard_one": "discard pile: {n} card",
    "table.bag": "bag: {n} family tiles",
    "table.bag_one": "bag: {n} family tile",
    "table.removed": "out of the game: {families}",
    # log
    "log.title": "Game log",
    "log.marry": "{player} marries into the {family} and pays {n} dirhams.",
    "log.marry_one": "{player} marries into the {family} and pays {n} dirham.",
    "log.draw": "{player} draws {n} cards.",
    "log.draw_one": "{player} draws {n} card.",
    "log.draw_none": "{player} is at the hand limit and draws no cards.",
    "log.reshuffle": "The discard pile is shuffled into a new draw pile of {n} cards.",
    "log.reshuffle_one": "The discard pile is shuffled into a new draw pile of {n} card.",
    "log.discard": "{player} discards {n} cards.",
    "log.discard_one": "{player} discards {n} card.",
    "log.discard_none": "{player} keeps every card.",
    "log.second_camel_paid": "The {family} pays {n} dirhams for the second camel.",
    "log.second_camel_paid_one": "The {family} pays {n} dirham for the second camel.",
    "log.camel": "{player} places a camel of the {family} on {space}.",
    "log.goods_marker": "{player} takes the goods marker of {good}.",
    "log.sell": "{holder} sells the {good} card for {n} dirhams.",
    "log.sell_one": "{holder} sells the {good} card for {n} dirham.",
    "log.relationship": "First meeting of the {family} and the {other}: a new trade "
                        "relationship.",
    "log.bonus": "{player} receives {n} dirhams.",
    "log.bonus_one": "{player} receives {n} dirham.",
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
    "error.discard_at_most_one": "You may discard at most {n} card.",
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
    # the board drawing (samarkand_core.draw.board)
    "family.name": "House of {city}",
    "family.name_vowel": "House of {city}",
    "svg.title": "The map of the Silk Road and the ten family domains",
    # the counts after their nouns, so that no plural is needed for three counts at once
    "svg.family_label": "{family}: marriage portion {portion}, treasury {treasury}, left: "
                        "family tiles {tiles}, camels {camels}, relationship markers {markers}",
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

CORE_KEYS = frozenset(EN)


def _merge_features() -> list[str]:
    """Add the English of texts/ (one module per feature) to EN; the keys that were
    defined twice, for the tests to report."""
    from samarkand_web.words.texts import FEATURES

    twice = []
    for feature in FEATURES:
        table = feature["en"]
        twice += [k for k in table if k in EN]
        EN.update(table)
    return twice


DUPLICATE_KEYS = _merge_features()

V = TypeVar("V")


class PerLanguage(Mapping[str, V]):
    """{lang: table} whose tables are made on first use: a page in English reads no
    catalog and merges no translation (German, French and Italian cost a JSON parse and
    a merge each, once)."""

    def __init__(self, langs: Iterable[str], make: Callable[[str], V]) -> None:
        self._langs = tuple(langs)
        self._make = make
        self._made: dict[str, V] = {}

    def __getitem__(self, lang: str) -> V:
        if lang not in self._langs:
            raise KeyError(lang)
        if lang not in self._made:
            self._made[lang] = self._make(lang)
        return self._made[lang]

    def __contains__(self, lang: object) -> bool:
        return lang in self._langs  # without making the table

    def __iter__(self) -> Iterator[str]:
        return iter(self._langs)

    def __len__(self) -> int:
        return len(self._langs)


def _translations(lang: str) -> dict[str, Forms]:
    """The page's catalog over the core's (the coach's and the analysis's sentences)."""
    return {**COACH_TRANSLATIONS.get(lang, {}), **page_translations().get(lang, {})}


# {lang: {key: text or plural forms}} of every language but English.
TRANSLATIONS: Mapping[str, dict[str, Forms]] = PerLanguage(
    [lang for lang in LANGUAGES if lang != DEFAULT], _translations)


def _flat(lang: str) -> dict[str, str]:
    """`lang`'s words as one template per key, English where a translation is missing
    (`<key>_one`: the form of 1), for readers that want a plain table."""
    if lang == DEFAULT:
        return EN
    out = dict(EN)
    for key, forms in TRANSLATIONS[lang].items():
        out[key] = pick(lang, forms, None)
        if isinstance(forms, tuple):
            out[key + "_one"] = forms[plural_index(lang, 1)]
    return out


STRINGS: Mapping[str, dict[str, str]] = PerLanguage(LANGUAGES, _flat)


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
    """The template of `key` in `lang` for the count `n` (its plural form by the
    language's rule; English if there is no translation), or None for an unknown key."""
    table = TRANSLATIONS.get(lang)
    if table is not None:
        forms = table.get(key)
        if forms is None and key.endswith("_one"):
            forms = table.get(key[:-4])
            n = 1
        if forms is not None:
            return pick(lang, forms, n)
    if key + "_one" in EN and plural_index(DEFAULT, n) == 0:
        return EN[key + "_one"]
    return EN.get(key)


def t(lang: str, key: str, **values: Any) -> str:
    """The text of `key` in `lang` (English if missing there; the key itself if unknown)."""
    found = template(lang, key, values.get("n"))
    if found is None:
        return key
    try:
        return found.format(**values)
    except (KeyError, IndexError, ValueError):
        return found


# The colon after a label, as the language sets it: French puts a no-break space before
# it (the typographic rule its catalog follows, tests/page/test_french_words.py).
COLON = {"fr": "\u00a0:"}


def colon(lang: str) -> str:
    """The colon after a label in `lang` ("Cause:", "Cause :")."""
    return COLON.get(lang, ":")


# How each language groups the digits of a large number (1,000 / 1.000 / 1 000 / 1.000).
GROUPING = {"en": ",", "de": ".", "fr": "\u202f", "it": "."}


def number(lang: str, n: int) -> str:
    """A whole number as the language writes it: number("de", 1000) == "1.000"."""
    return f"{n:,}".replace(",", GROUPING.get(lang, ","))


def family_label(lang: str, city: str) -> str:
    key = "family.name_vowel" if city[:1].lower() in "aeiouyhâéèêîôû" else "family.name"
    return t(lang, key, city=city)


@lru_cache(maxsize=32)
def svg_strings(lang: str, board: Board | None = None) -> SvgStrings:
    """The words of the board drawing in `lang` (one instance per language and board, so
    that the drawing's caches work)."""
    table = STRINGS.get(lang, EN)

    def s(key: str) -> str:
        return table["svg." + key]

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

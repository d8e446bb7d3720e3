"""The players strip: every player's summary in one compact row above the board (a grid
of small cards on a phone), so that no opponent's money or families need scrolling.

Each player shows their badge (the mark the board puts on the family tiles they took,
see samarkand_core.draw.board.player_badges), name, money, families by symbol, cards in hand
(and sold), goods markers and relationship markers. The numbers are short on screen
and whole sentences for screen readers and in each item's title. The game screen and
the replay screen both draw it, each with its own names (a ``Screen``)."""

from __future__ import annotations

from collections.abc import Collection, Sequence

from samarkand_core import GameState
from samarkand_core.draw.board import family_chip, player_badges
from samarkand_web.view.markup import EMPTY, Markup, html, join
from samarkand_web.view.parts import region_parts
from samarkand_web.view.ui import Screen

# Small icons (decorative: the words are in sr-only text and titles).
ICONS = {
    "money": '<circle cx="8" cy="8" r="6.5" fill="#d9a520" stroke="#3b2c17"/>'
             '<circle cx="8" cy="8" r="4.2" fill="none" stroke="#fff6d8" stroke-width=".8"/>',
    "cards": '<rect x="3" y="1.5" width="10" height="13" rx="1.6" fill="#fffaf0" '
             'stroke="#3b2c17"/><rect x="5" y="4" width="6" height="4" rx="1" fill="#e0b948"/>',
    "goods": '<circle cx="8" cy="8" r="6.5" fill="#e0b948" stroke="#3b2c17" '
             'stroke-dasharray="2.2 1.2"/><circle cx="8" cy="8" r="2.2" fill="#3b2c17"/>',
    "rel": '<rect x="1.5" y="8" width="13" height="6" rx="1.2" fill="#9a9a92" '
           'stroke="#1b1209" stroke-width=".8"/><rect x="1.5" y="3" width="13" height="6" '
           'rx="1.2" fill="#1f6b3a" stroke="#1b1209" stroke-width=".8"/>',
}


def icon(name: str) -> Markup:
    return Markup(f'<svg class="icon" width="16" height="16" viewBox="0 0 16 16" '
                  f'aria-hidden="true">{ICONS[name]}</svg>')


def players_strip(screen: Screen, s: GameState, current: int | None, now_label: str,
                  seat_notes: Sequence[str] = (), marks: Sequence[Markup] = ()) -> Markup:
    """The strip for state `s`: `current` is the player marked `now_label` (None for
    nobody); `seat_notes` are words for screen readers after a name ("a bot (Hard)");
    `marks` small pictures before a name (the replay's chart keys)."""
    return Markup("").join(players_parts(screen, s, current, now_label, seat_notes, marks))


def players_parts(screen: Screen, s: GameState, current: int | None, now_label: str,
                  seat_notes: Sequence[str] = (), marks: Sequence[Markup] = (),
                  moved: Collection[int] = ()) -> tuple[Markup, ...]:
    """players_strip's parts (view/parts.py): a heading, one per player, the piles.
    `moved`: the players whose money the latest move changed (their sum springs up)."""
    badges = player_badges(s.names)
    out = [html('<h2 class="sr-only">{}</h2>', screen.t("players.title"))]
    for p in range(s.n):
        out.append(player(screen, s, p, badges[p], p == current, now_label,
                          seat_notes[p] if p < len(seat_notes) else "",
                          marks[p] if p < len(marks) else EMPTY, p in moved))
    out.append(table_info(screen, s))
    return region_parts(out)


def table_info(screen: Screen, s: GameState) -> Markup:
    """The draw and discard piles (and a two-player game's bag): short on screen."""
    t = screen.t
    items = [("deck", len(s.deck), t("table.deck", n=len(s.deck))),
             ("discard", len(s.discard), t("table.discard", n=len(s.discard)))]
    if s.n == 2:
        removed = (", " + t("table.removed", families=", ".join(
            screen.family_text(f) for f in s.removed))) if s.removed else ""
        items.append(("bag", len(s.bag), t("table.bag", n=len(s.bag)) + removed))
    return html('<ul class="table-info">{}</ul>', Markup("").join(
        html('<li class="pile {}" title="{}"><span aria-hidden="true">{}</span>'
             '<span class="sr-only">{}</span></li>', kind, long, n, long)
        for kind, n, long in items))


# A player's part of the strip by everything it shows: most clicks change one player's
# figures or none, and the strip was the largest part of a click's render.
_drawn: dict[tuple[object, ...], Markup] = {}
DRAWN_KEPT = 256


def player(screen: Screen, s: GameState, p: int, badge: str, current: bool, now_label: str,
           note: str, mark: Markup, moved: bool = False) -> Markup:
    # a bot's default name in the page's language (names.py), in the game on screen
    name = screen.name_in(s, p)
    # what _player reads: the words (language, touch wordings), the player's figures
    key = (screen.lang, screen.app.touch, s.board, s.limit, p, name, badge, current, now_label,
           note, str(mark), s.money[p], s.tiles[p], s.goods_markers[p], s.rel_markers[p],
           len(s.hands[p]), s.sold[p], moved)
    drawn = _drawn.get(key)
    if drawn is None:
        if len(_drawn) >= DRAWN_KEPT:
            _drawn.clear()
        drawn = _drawn[key] = _player(screen, s, p, name, badge, current, now_label, note,
                                      mark, moved)
    return drawn


def _player(screen: Screen, s: GameState, p: int, name: str, badge: str, current: bool,
            now_label: str, note: str, mark: Markup, moved: bool) -> Markup:
    t = screen.t
    c = screen.colon  # the colon after a label, as the language sets it
    head = html('<h3>{}<span class="pbadge" title="{}">{}</span><span class="pname">{}</span>'
                '{}{}</h3>', mark, t("strip.badge", badge=badge), badge, name,
                html('<span class="sr-only">{}</span>', note) if note else EMPTY,
                html('<span class="badge">{}</span>', now_label) if current else EMPTY)
    rel = s.rel_markers[p]
    greens = sum(1 for _, g in rel if g)
    goods = sorted(s.goods_markers[p])
    sold = ", ".join(screen.good_text(g) for g in s.sold[p])
    cards_long = t("player.cards_value", n=len(s.hands[p]), sold=len(s.sold[p]),
                   limit=s.limit)
    stats = [
        stat("money", str(s.money[p]),
             f'{t("player.money")}{c} {t("player.dirhams", n=s.money[p])}', moved),
        # cards in hand, and the sold ones in words ("9 · 1 sold", never a bare "9+1")
        stat("cards", html("{}{}", len(s.hands[p]), html(
            '<span class="stat-more"> · {}</span>', t("strip.sold", n=len(s.sold[p])))
            if s.sold[p] else EMPTY),
             f'{t("player.cards")}{c} {cards_long}'
             + (f'. {t("player.sold")}{c} {sold}' if sold else "")),
        stat("goods", str(len(goods)), f'{t("player.goods")}{c} '
             + t("player.goods_value", n=len(goods), list=", ".join(map(str, goods)) or "–")),
        # the dark green markers among them on a green tag, as the icon shows them on top
        stat("rel", html("{}{}", len(rel), html(' <span class="green-tag">{}</span>', greens)
                         if greens else EMPTY),
             f'{t("player.relationships")}{c} ' + t("player.rel_value", n=len(rel),
                                                  green=greens)),
    ]
    board = s.board
    fams = [f for f in range(board.n_families) if s.tiles[p][f]]
    chips = join("", (
        html('<span class="fam-chip">{}{}</span>',
             Markup(family_chip(board, f, 18, screen.family_text(f))),
             "×2" if s.tiles[p][f] > 1 else "")
        for f in fams)) if fams else html('<span class="none">{}</span>', t("strip.no_family"))
    families = html('<div class="fams"><span class="sr-only">{}{} </span>{}</div>',
                    t("player.families"), c, chips)
    return html('<section class="player{}" data-player="{}" aria-label="{}">{}'
                '<ul class="stats">{}</ul>{}</section>',
                " current" if current else "", p, name, head, Markup("").join(stats), families)


def stat(kind: str, short: str | Markup, long: str, moved: bool = False) -> Markup:
    """One figure of a player; `moved`: it changed with the latest move (it springs up)."""
    return html('<li class="stat {}{}" title="{}">{}<span aria-hidden="true">{}</span>'
                '<span class="sr-only">{}</span></li>', kind, " moved" if moved else "", long,
                icon(kind), short, long)

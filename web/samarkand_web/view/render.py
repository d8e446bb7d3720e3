"""The page as HTML strings, one per region of index.html (no browser needed).

``render(app)`` returns a Page: the HTML of each region and which ones are shown.
main.py writes a region into the DOM only when its HTML changed. The regions come
from one module per screen (chrome.py: header and messages; screens/home.py;
screens/game.py; overlays.py), built as safe markup (markup.py, ui.py): every
user-supplied text is escaped exactly once, every word comes from i18n.

The board comes as data (samarkand_core.draw.svgkit.Piece: a space's or domain's element,
its attributes and its children), and render keeps the board it drew last for each
App, so that a Page says which pieces changed; the page changes those in place by
comparing pieces, never by reading markup back.
"""

from __future__ import annotations

import weakref
from collections.abc import Sequence
from dataclasses import dataclass, field

from samarkand_core.draw.svgkit import Piece, nested_at
from samarkand_web.state.app import App
from samarkand_web.view.align import blocks
from samarkand_web.view.chrome import Chrome
from samarkand_web.view.markup import Markup
from samarkand_web.view.overlays import Overlays
from samarkand_web.view.panels.recap import RecapPanel
from samarkand_web.view.parts import region_parts
from samarkand_web.view.screens.game import GameScreen
from samarkand_web.view.screens.home import HomeScreen


@dataclass(slots=True)
class Page:
    regions: dict[str, str] = field(default_factory=dict)
    show: dict[str, bool] = field(default_factory=dict)
    title: str = ""
    lang: str = "en"
    # The board and the log also in parts, so that the page can redraw only what
    # changed: the board's pieces (keyed "space:<id>"/"family:<id>", and the fixed
    # frame, key "") and the log's lines, newest first, between log_head and log_tail.
    board: tuple[Piece, ...] = ()
    # The keyed pieces that differ from the board this App's last render drew, in
    # order; None when the board is new (the first, another frame or language, another
    # screen): then it is drawn whole.
    board_changed: tuple[Piece, ...] | None = None
    # Regions that come as parts (view/parts.py): the page changes only the parts that
    # changed. Their markup is in `regions` too (joined).
    parts: dict[str, tuple[Markup, ...]] = field(default_factory=dict)
    log_head: str = ""
    log_items: list[str] = field(default_factory=list)
    log_tail: str = ""
    _pairs: list[tuple[str, str]] | None = field(default=None, repr=False, compare=False)

    @property
    def board_pieces(self) -> list[tuple[str, str]]:
        """The board as (key, markup) pairs (what main.py reads)."""
        if self._pairs is None:
            self._pairs = [(p.key, p.markup) for p in self.board]
        return self._pairs


# The board each App was last drawn with, and its markup (not kept alive by this).
_last_board: weakref.WeakKeyDictionary[App, tuple[tuple[Piece, ...], str]] = (
    weakref.WeakKeyDictionary())


def set_board(app: App, page: Page, pieces: tuple[Piece, ...]) -> None:
    """The board of `page`, and which pieces changed since `app` was last drawn."""
    page.board = pieces
    last = _last_board.get(app)
    before = last[0] if last is not None else None
    page.board_changed = changed_pieces(before, pieces)
    if last is not None and page.board_changed == ():
        markup = last[1]  # the same string: the page sees at once that it is unchanged
    else:
        markup = "".join(p.markup for p in pieces)
        remember(page.board_changed if page.board_changed is not None else pieces, before)
    page.regions["board"] = markup
    _last_board[app] = pieces, markup


def changed_pieces(before: Sequence[Piece] | None,
                   after: Sequence[Piece]) -> tuple[Piece, ...] | None:
    """The keyed pieces of `after` that differ from those of `before`, or None when the
    frame differs (other keys, other fixed markup): then nothing can be patched."""
    if before is None or len(before) != len(after):
        return None
    out = []
    for old, new in zip(before, after, strict=True):
        if old is new:  # drawings are cached: most pieces are the very same object
            continue
        if old.key != new.key or (not new.key and old.markup != new.markup):
            return None
        if old.markup != new.markup:
            out.append(new)
    return tuple(out)


def fill_replay(app: App, page: Page) -> None:
    """The replay screen in the game screen's regions, plus its chart (screen_replay)."""
    from samarkand_web.view.screens.replay import (
        ReplayScreen,  # with its charts: not before the page's start
    )

    screen = ReplayScreen(app)
    page.regions.update(screen.regions())
    page.regions["zoom"] = GameScreen(app).zoom_bar()  # the board zooms in a replay too
    set_board(app, page, screen.board_pieces())
    page.log_head, page.log_items, page.log_tail = screen.log_parts()
    page.regions["log"] = page.log_head + "".join(page.log_items) + page.log_tail


# What a person's move changes that they look at to see it done and to decide again:
# drawn in the click's own frame. The rest of a game's screen (the header, the players'
# panel, the recap, the zoom bar and the log) follows in the next task.
FIRST = frozenset({"messages", "status", "actions", "hand", "board", "overlay"})


def render(app: App, first: bool = False) -> Page:
    """The page for `app`; with `first`, on the game screen, only its FIRST regions (the
    others are left out of `regions`: the page keeps what it shows until the next
    render)."""
    chrome = Chrome(app)
    page = Page(lang=app.lang, title=app.t("app.title"))
    regions = page.regions
    in_game_first = first and app.screen == "game" and app.ctl is not None
    if not in_game_first:
        regions["header"] = chrome.header()
    regions["messages"] = chrome.messages()
    in_game = app.screen == "game" and app.ctl is not None
    in_replay = app.screen == "replay" and app.replay is not None
    page.show["home"] = not (in_game or in_replay)
    page.show["game"] = in_game or in_replay
    page.show["chart"] = page.show["chart-table"] = in_replay
    regions["chart"] = regions["chart-table"] = regions["recap"] = ""
    if in_replay:
        fill_replay(app, page)
    elif in_game:
        game = GameScreen(app)
        parts = page.parts
        parts["status"] = game.status_parts()
        parts["actions"] = game.actions_parts()
        parts["hand"] = region_parts((game.hand_region(),))
        set_board(app, page, game.board_pieces())
        if not in_game_first:
            regions["recap"] = RecapPanel(app).side()
            parts["players"] = game.players_parts()
            regions["zoom"] = game.zoom_bar()
            page.log_head, page.log_items, page.log_tail = game.log_parts()
            regions["log"] = page.log_head + "".join(page.log_items) + page.log_tail
        for region, its in parts.items():
            regions[region] = "".join(its)
    else:
        regions["home"] = HomeScreen(app).home()
    overlay = Overlays(app).overlay()
    regions["overlay"] = overlay
    page.show["overlay"] = bool(overlay)
    # Plain str from here on: the page's JavaScript side needs nothing else.
    page.regions = {k: str(v) for k, v in regions.items()
                    if not in_game_first or k in FIRST}
    return page


# --------------------------------------------------------------------------- patches
# How the page changes a piece's element in place rather than replacing it: the element
# a person just used keeps its focus, and only the children that changed are parsed and
# laid out again. Two pieces are compared as data (attributes, children), never by
# reading their markup. main.py holds the pieces it painted as markup strings: those
# are looked up here (every piece a render returned as new is remembered).

_by_markup: dict[str, Piece] = {}
REMEMBERED = 4096
# The attributes a board piece's element may carry (draw/board.py): what a patch from an
# unknown old piece removes when the new one has none of them.
PIECE_ATTRIBUTES = ("class", "role", "tabindex", "aria-label")


def remember(pieces: Sequence[Piece], before: Sequence[Piece] | None = None) -> None:
    if len(_by_markup) + len(pieces) > REMEMBERED:
        _by_markup.clear()
        for p in before or ():  # what the page shows now stays known
            _by_markup[p.markup] = p
    for p in pieces:
        if p.key:
            _by_markup[p.markup] = p


def _piece(p: Piece | str) -> Piece | None:
    return p if isinstance(p, Piece) else _by_markup.get(p)


def _attrs_patch(a: Piece, b: Piece) -> tuple[list[str], dict[str, str]]:
    """The attributes to remove and to set (values as the DOM holds them) that turn the
    element drawn from `a` into `b`'s."""
    old_attrs = dict(a.attrs)
    new_names = {name for name, _ in b.attrs}
    remove = [name for name, _ in a.attrs if name not in new_names]
    return remove, {name: value for name, value in b.attrs if old_attrs.get(name) != value}


def piece_patch(old: Piece | str, new: Piece | str) -> tuple[list[str], dict[str, str], str | None]:
    """How to turn a board piece's element drawn from `old` into `new` in place:
    attributes to remove, attributes to set (values as the DOM holds them), and the new
    inner markup (None: unchanged). A piece may be given by its markup, if a render
    returned it."""
    a, b = _piece(old), _piece(new)
    if b is None:
        raise KeyError("piece_patch: the new piece was not drawn by render()")
    if a is None:  # not known (long ago): set everything
        names = {name for name, _ in b.attrs}
        return ([name for name in PIECE_ATTRIBUTES if name not in names], dict(b.attrs),
                "".join(b.children))
    remove, changed = _attrs_patch(a, b)
    return remove, changed, (None if a.children == b.children else "".join(b.children))


# How dom.js changes an element's children (see children_patch).
Run = tuple[int, int, str]  # first, count, markup
NestedOp = tuple[int, list[str], dict[str, str], "ChildrenPatch | None"]  # index, remove, set
ChildrenPatch = tuple[int, list[NestedOp], list[Run]]


def _in_place(a: Piece, i: int, b: Piece, j: int, nested: list[NestedOp]) -> bool:
    """Whether a's child i becomes b's child j in place (both drawn as pieces of one
    tag); if so its op is added to `nested`."""
    x, y = nested_at(a, i), nested_at(b, j)
    if x is None or y is None or x.tag != y.tag:
        return False
    remove, changed = _attrs_patch(x, y)
    nested.append((i, remove, changed, None if x.children == y.children else _children_ops(x, y)))
    return True


def _children_ops(a: Piece, b: Piece) -> ChildrenPatch:
    nested: list[NestedOp] = []
    runs: list[Run] = []
    for i1, i2, j1, j2 in blocks(a.children, b.children):
        if i2 - i1 != j2 - j1:
            # the block's first children drawn as pieces of the same tag on both sides stay
            # the same elements (a space's hex that takes the legal tint, with the legal
            # mark coming in after it: the hex changes in place, the mark is inserted)
            k = 0
            while i1 + k < i2 and j1 + k < j2 and _in_place(a, i1 + k, b, j1 + k, nested):
                k += 1
            runs.append((i1 + k, i2 - i1 - k, "".join(b.children[j1 + k:j2])))
            continue
        replaced: list[int] = []  # child by child: a child drawn as a piece changes in place
        for k in range(i2 - i1):
            if not _in_place(a, i1 + k, b, j1 + k, nested):
                replaced.append(k)
        while replaced:  # the replaced ones next to each other: one run
            first = last = replaced[0]
            while last + 1 in replaced:
                last += 1
            count = last - first + 1
            runs.append((i1 + first, count, "".join(b.children[j1 + first:j1 + first + count])))
            replaced = replaced[count:]
    return len(a.children), nested, runs


def children_patch(old: Piece | str, new: Piece | str) -> ChildrenPatch | None:
    """How to turn a board piece's children drawn from `old` into those of `new` by
    changing only the ones that differ: (how many children the old piece has, the
    children drawn as pieces to change in place [index, attributes to remove, to set,
    their own children's patch or None], runs of children to replace [first, how many
    to remove there, markup to insert there]); indices are the old piece's, runs in
    order. None when the old piece is not known (then the page replaces the inner
    markup whole).

    A click mostly adds or removes a child or two of a piece (the hatching that marks it
    legal, a camel, a domain's figure): replacing the whole inner markup instead made the
    browser parse and lay out the piece's text labels again, on every changed piece of
    every click."""
    a, b = _piece(old), _piece(new)
    if a is None or b is None:
        return None
    return _children_ops(a, b)

"""The page as HTML strings, one per region of index.html (no browser needed).

``render(app)`` returns a Page: the HTML of each region and which ones are shown.
main.py writes a region into the DOM only when its HTML changed. The regions come
from one module per screen (chrome.py: header and messages; screen_home.py;
screen_game.py; overlays.py), built as safe markup (markup.py, ui.py): every
user-supplied text is escaped exactly once, every word comes from i18n.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

from samarkand_core.weblike import unescape
from samarkand_web.state.app import App
from samarkand_web.view.chrome import Chrome
from samarkand_web.view.overlays import Overlays
from samarkand_web.view.panels.recap import RecapPanel
from samarkand_web.view.screens.game import GameScreen
from samarkand_web.view.screens.home import HomeScreen


@dataclass(slots=True)
class Page:
    regions: dict[str, str] = field(default_factory=dict)
    show: dict[str, bool] = field(default_factory=dict)
    title: str = ""
    lang: str = "en"
    # The board and the log also in parts, so that the page can redraw only what
    # changed: the board's pieces (key "space:<id>"/"family:<id>", "" for fixed
    # markup) and the log's lines, newest first, between log_head and log_tail.
    board_pieces: list[tuple[str, str]] = field(default_factory=list)
    log_head: str = ""
    log_items: list[str] = field(default_factory=list)
    log_tail: str = ""


def fill_replay(app: App, page: Page) -> None:
    """The replay screen in the game screen's regions, plus its chart (screen_replay)."""
    from samarkand_web.view.screens.replay import (
        ReplayScreen,  # with its charts: not before the page's start
    )

    screen = ReplayScreen(app)
    page.regions.update(screen.regions())
    page.regions["zoom"] = GameScreen(app).zoom_bar()  # the board zooms in a replay too
    page.board_pieces = screen.board_pieces()
    page.regions["board"] = "".join(markup for _, markup in page.board_pieces)
    page.log_head, page.log_items, page.log_tail = screen.log_parts()
    page.regions["log"] = page.log_head + "".join(page.log_items) + page.log_tail


def render(app: App) -> Page:
    chrome = Chrome(app)
    page = Page(lang=app.lang, title=app.t("app.title"))
    regions = page.regions
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
        regions["status"] = game.status()
        regions["actions"] = game.actions()
        regions["recap"] = RecapPanel(app).side()
        regions["hand"] = game.hand_region()
        page.board_pieces = game.board_pieces()
        regions["board"] = "".join(markup for _, markup in page.board_pieces)
        regions["players"] = game.players()
        regions["zoom"] = game.zoom_bar()
        page.log_head, page.log_items, page.log_tail = game.log_parts()
        regions["log"] = page.log_head + "".join(page.log_items) + page.log_tail
    else:
        regions["home"] = HomeScreen(app).home()
    overlay = Overlays(app).overlay()
    regions["overlay"] = overlay
    page.show["overlay"] = bool(overlay)
    # Plain str from here on: the page's JavaScript side needs nothing else.
    page.regions = {k: str(v) for k, v in regions.items()}
    return page


_TAG_ATTR = re.compile(r'([\w:-]+)="([^"]*)"')


def _split_piece(markup: str) -> tuple[dict[str, str], str]:
    head_end = markup.index(">")  # svg.py escapes ">" inside attribute values
    return dict(_TAG_ATTR.findall(markup, 0, head_end)), markup[head_end + 1:markup.rindex("</")]


def piece_patch(old: str, new: str) -> tuple[list[str], dict[str, str], str | None]:
    """How to turn a board piece's element drawn from `old` into `new` in place:
    attributes to remove, attributes to set (unescaped values), and the new inner
    markup (None: unchanged). The page changes a space or domain this way rather than
    replacing it, so that the element a person just used keeps its focus."""
    old_attrs, old_inner = _split_piece(old)
    new_attrs, new_inner = _split_piece(new)
    remove = [name for name in old_attrs if name not in new_attrs]
    changed = {name: unescape(value) for name, value in new_attrs.items()
               if old_attrs.get(name) != value}
    return remove, changed, (new_inner if new_inner != old_inner else None)


_TAG = re.compile(r"<(/?)[\w:-]+[^>]*>")


@lru_cache(maxsize=2048)
def split_children(markup: str) -> tuple[str, ...] | None:
    """The top-level nodes of a piece's inner markup (each element whole, and the text
    between them), or None if its tags do not nest. Cached: a piece's new markup is
    its old one at its next change."""
    out: list[str] = []
    depth = start = 0
    for m in _TAG.finditer(markup):
        if depth == 0 and m.start() > start:
            out.append(markup[start:m.start()])  # text between top-level elements
            start = m.start()
        if m.group(1):
            depth -= 1
        elif markup[m.end() - 2] != "/":
            depth += 1
        if depth < 0:
            return None
        if depth == 0:
            out.append(markup[start:m.end()])
            start = m.end()
    if depth:
        return None
    if start < len(markup):
        out.append(markup[start:])
    return tuple(out)


def children_patch(old: str, new: str) -> tuple[int, int, int, str] | None:
    """How to turn a board piece's children drawn from `old` into those of `new` by
    changing only the ones that differ: (first changed child, how many to remove there,
    how many children the old piece has, markup to insert there), or None when the
    inner markup cannot be split (then the page replaces it whole).

    A click mostly adds or removes one child of a piece (the hatching that marks it
    legal, a camel): replacing the whole inner markup instead made the browser parse
    and lay out the piece's text labels again, on every changed piece of every click."""
    a = split_children(_split_piece(old)[1])
    b = split_children(_split_piece(new)[1])
    if a is None or b is None:
        return None
    first = 0
    while first < min(len(a), len(b)) and a[first] == b[first]:
        first += 1
    last = 0
    while last < min(len(a), len(b)) - first and a[-1 - last] == b[-1 - last]:
        last += 1
    return first, len(a) - first - last, len(a), "".join(b[first:len(b) - last])


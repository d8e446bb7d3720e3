"""The page's App played headless as a person would: open a position from its share
link, click a legal element (taking the device or answering a sale window first, as the
table would), play a game on move by move; and an HTML oracle that counts a markup's
top-level nodes. Shared by the tests of tests/page/ (it imports the page: the core's
tests do not use it).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from html.parser import HTMLParser

from samarkand_web.state.app import App
from samarkand_web.view.render import render

from samarkand_core import GameState, Marry, Place, encode_save
from tests.support.web_support import click_decision, make_app


def open_state(state: GameState, bots: str = "", touch: bool = False, lang: str = "en") -> App:
    """The page with `state` opened from a share link, as a person would open it."""
    app = make_app(lang=lang, seed=1, touch=touch)
    app.boot("", "#" + encode_save(state) + (f"&bots={bots}" if bots else ""))
    assert app.ctl is not None
    return app


def click_legal(app: App, pick: int = 0) -> None:
    """Do what a person would: take the device if asked, then click a legal element."""
    page = render(app)
    ctl = app.ctl
    assert ctl is not None
    if 'data-action="reveal"' in page.regions["overlay"]:
        app.dispatch("reveal")
        return
    if ctl.window is not None:  # hotseat's sale window: the holder (who knows it) may sell
        assert 'id="sale-pass"' in page.regions["overlay"]
        real = ctl.window.real
        if pick % 2 == 0 and real.phase == "sell" and real.pending_holder in ctl.humans:
            app.dispatch("sale-ask", "1")
            assert f'id="sale-claim-{real.pending_holder}"' in render(app).regions["overlay"]
            app.dispatch("sale-claim", str(real.pending_holder))
        else:
            app.dispatch("sale-pass")
        return
    if ctl.pending_marriage is not None:  # a marriage waits for its cards
        assert 'id="confirm-marriage"' in page.regions["actions"]
        app.dispatch("confirm-marriage")
        return
    if ctl.held is not None:  # the turn is complete and waits for "End the turn"
        assert 'id="end-turn"' in page.regions["actions"]
        app.dispatch("end-turn")
        return
    legal = ctl.legal()
    a = legal[pick % len(legal)]
    board = page.regions["board"]
    if isinstance(a, Marry):
        assert re.search(rf'class="domain legal[^"]*" data-family="{a.family}"', board)
        app.dispatch("family", a.family)
    elif isinstance(a, Place):
        if ctl.state.phase == "main":
            f = ctl.state.board.family_index[a.family]
            if ctl.selected_family != f:
                assert f'data-action="expand" data-value="{a.family}"' in page.regions["actions"]
                app.dispatch("expand", a.family)
                board = render(app).regions["board"]
        assert re.search(rf'class="space [a-z]+ legal[^"]*" data-space="{a.space}"', board)
        app.dispatch("space", str(a.space))
    else:
        click_decision(app, a)


def played_on(app: App, moves: int) -> Iterator[int]:
    """Play `app`'s game on a move at a time (a bot's move, or a person's legal click),
    at most `moves` moves and not past its end; yields each move's number after it."""
    for i in range(moves):
        ctl = app.ctl
        assert ctl is not None
        if ctl.is_over:
            return
        if ctl.bot_to_move:
            app.game.bot_tick(app.game.bot_token)
        else:
            click_legal(app, i)
        yield i


class MarkupNodes(HTMLParser):
    """The standard library's HTML parser, as an oracle independent of our drawing code:
    the attributes of the first element (values unescaped, as a DOM holds them) and how
    many top-level nodes the markup has."""

    def __init__(self, markup: str) -> None:
        super().__init__(convert_charrefs=True)
        self.first: dict[str, str] | None = None
        self.depth = 0
        self.tops = 0
        self.feed(markup)
        self.close()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self.first is None:
            self.first = {k: v or "" for k, v in attrs}
        if self.depth == 0:
            self.tops += 1
        self.depth += 1

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self.first is None:
            self.first = {k: v or "" for k, v in attrs}
        if self.depth == 0:
            self.tops += 1

    def handle_endtag(self, tag: str) -> None:
        self.depth -= 1

    def handle_data(self, data: str) -> None:
        if self.depth == 0:
            self.tops += 1


def top_level_nodes(markup: str) -> int:
    return MarkupNodes(markup).tops

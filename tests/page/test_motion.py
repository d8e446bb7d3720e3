"""Motion of the table (issue 35): a card just drawn slides into its owner's hand, and a
player's money that a move changed springs up (play.css's "motion of the table"). The
page marks them (view: class "fresh" on the cards, "moved" on the money); these tests
check what is marked, the e2e test (tests/e2e/test_sound_motion.py) that the motion
runs only when motion is welcome."""

from __future__ import annotations

import re

from samarkand_web.state.app import App
from samarkand_web.view.render import render

from samarkand_core import Marry
from tests.support.app_play import click_legal
from tests.support.web_support import make_app


def fresh_cards(markup: str) -> set[int]:
    return {int(c) for c in re.findall(r'<li class="card[^"]* fresh" data-card="(\d+)"', markup)}


def moved_money(markup: str) -> set[int]:
    """The players whose money stat is marked as changed."""
    out = set()
    for section in re.findall(r'<section class="player[^"]*" data-player="(\d+)".*?</section>',
                              markup, re.S):
        out.add(int(section))
    return {p for p in out if re.search(
        rf'data-player="{p}"(?:(?!</section>).)*class="stat money moved"', markup, re.S)}


def marry_now(app: App) -> tuple[set[int], int]:
    """The person marries (family, then "Marry and draw the cards"): the cards their hand
    held before, and the person."""
    ctl = app.ctl
    assert ctl is not None
    me = ctl.deciding
    before = set(ctl.state.hands[me])
    family = next(a.family for a in ctl.legal() if isinstance(a, Marry))
    app.dispatch("family", family)
    app.dispatch("confirm-marriage")
    return before, me


def test_the_cards_just_drawn_are_marked_in_the_hand_and_only_they() -> None:
    """After "Marry and draw the cards" the new cards (and none of the old) slide in; the
    marriage's portion changed the person's money, which springs up; a later turn's move
    leaves the cards still."""
    app = make_app()
    app.boot("?players=Ann,bot:random,bot:random&seed=3&first=1&speed=instant", "")
    ctl = app.ctl
    assert ctl is not None
    before, me = marry_now(app)
    page = render(app)
    hand = page.regions["hand"] + page.regions["actions"]  # (a discard shows them there)
    new = set(ctl.state.hands[me]) - before
    assert new and fresh_cards(hand) | _fresh_buttons(hand) == new
    assert me in moved_money(page.regions["players"])
    for i in range(200):  # the bots' turns, until the person's next one
        click_legal(app, i) if not ctl.bot_to_move else app.game.bot_tick(app.game.bot_token, 1e9)
        if ctl.state.turn_player == me and ctl.human_turn():
            break
    page = render(app)
    assert not fresh_cards(page.regions["hand"])
    assert me not in moved_money(page.regions["players"])


def _fresh_buttons(markup: str) -> set[int]:
    """Cards drawn while a discard is asked: buttons in a fresh list item."""
    return {int(c) for c in re.findall(
        r'<li class="fresh"><button[^>]*data-card="(\d+)"', markup)}


def test_the_money_a_move_changed_is_marked() -> None:
    """Hotseat: after each click, every player whose money it changed (a marriage's
    portion, a bonus, a sale) has the mark; a keep changes no money and leaves the
    move's marks as they were (tests/page/test_sale_secret.py compares the regions)."""
    app = make_app()
    app.boot("?players=Ann,Bob&seed=4", "")
    ctl = app.ctl
    assert ctl is not None
    for i in range(40):
        money = tuple(ctl.state.money)
        click_legal(app, i)
        changed = {p for p in range(ctl.state.n) if ctl.state.money[p] != money[p]}
        if ctl.window is None and changed:
            assert moved_money(render(app).regions["players"]) >= changed

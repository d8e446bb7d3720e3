"""Keyboard focus never rests on an irreversible choice by default (state/focus.py,
handlers/game.py): after "Marry and draw the cards" not on the first card (Enter would
mark it for discard), after choosing a family to extend not on its first highlighted
space (a second Enter would place a camel, and one that takes a goods marker stays), at
a second camel not on a space, and at a sale on Keep (the filled choice), which tells the
table nothing, not on Sell."""

from __future__ import annotations

import re

from samarkand_web.state import focus
from samarkand_web.view.render import render

from samarkand_core import DISCARD, MAIN, SECOND, SELL, GameState
from tests.support.app_play import open_state
from tests.support.web_support import play_until

BOTS = "2:random,3:random"


def _at(pred: object) -> GameState:
    return play_until(pred)  # type: ignore[arg-type]


def test_after_drawing_the_cards_focus_is_on_the_decision_not_the_first_card() -> None:
    s = _at(lambda s: s.phase == DISCARD and s.current_player == 0)
    app = open_state(s, BOTS)
    assert app.ctl is not None
    sel = focus.after_move(app.ctl)
    assert sel == focus.DECISION
    assert "card" not in sel and "[data-space]" not in sel


def test_after_choosing_a_family_enter_cannot_place_a_camel() -> None:
    s = _at(lambda s: s.phase == MAIN and s.current_player == 0 and any(s.tiles[0])
            and s.turn > 3)
    app = open_state(s, BOTS)
    ctl = app.ctl
    assert ctl is not None
    fams = ctl.expand_families()
    assert fams
    fid = s.board.family_ids[fams[0]]
    fx = app.dispatch("expand", fid)
    assert ctl.selected_family is not None
    assert fx.focus == focus.DECISION
    assert focus.after_move(ctl) == focus.DECISION
    assert "data-space" not in (fx.focus or "")


def test_a_second_camel_is_not_placed_by_a_second_enter() -> None:
    s = _at(lambda s: s.phase == SECOND and s.current_player == 0)
    app = open_state(s, BOTS)
    assert app.ctl is not None
    assert focus.after_move(app.ctl) == focus.DECISION


def test_at_a_sale_keep_is_filled_and_focused_not_sell() -> None:
    s = _at(lambda s: s.phase == SELL and s.pending_holder == 0)
    app = open_state(s, BOTS)
    ctl = app.ctl
    assert ctl is not None and ctl.human_turn()
    assert focus.after_move(ctl) == focus.KEEP == '#actions [data-action="keep"]'
    actions = render(app).regions["actions"]
    keep = re.search(r'<button[^>]*data-action="keep"[^>]*>', actions)
    sell = re.search(r'<button[^>]*data-action="sell"[^>]*>', actions)
    assert keep and sell
    assert "primary" in keep.group(0) and "primary" not in sell.group(0)

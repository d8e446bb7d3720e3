"""The page around the board, without a browser: the players
strip, the cards in hand and their spaces, tooltips, zoom arithmetic and the words a
touch screen uses. The browser side (sizes as drawn, scrolling, gestures) is in
tests/e2e/test_layout.py."""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path

import pytest
from samarkand_web.view.render import render
from samarkand_web.view.tooltips import Tooltips
from samarkand_web.words import i18n
from samarkand_web.words.texts import board as board_texts

from samarkand_core import GameState
from samarkand_core.draw.board import player_badges, svg_size
from samarkand_core.state import MAIN
from tests.support.app_play import open_state
from tests.support.helpers import placeholders
from tests.support.js_support import js_calls
from tests.support.web_support import play_until

ROOT = Path(__file__).resolve().parents[2]


def midgame(players: int = 3) -> GameState:
    return play_until(lambda s: s.turn > 12 and s.phase == MAIN and s.current_player == 0
                      and bool(s.hands[0]) and any(s.tiles[0]), players=players)


BOTS = "2:random,3:random"


# --------------------------------------------------------------------------- strip

def test_players_strip_has_every_players_money_families_cards_and_markers() -> None:
    """Every opponent's summary (name, money, families by symbol, cards
    in hand, goods and relationship markers) in the strip, numbers short on screen and
    whole sentences for screen readers."""
    s = midgame()
    strip = render(open_state(s, BOTS)).regions["players"]
    badges = player_badges(s.names)
    for p in range(s.n):
        m = re.search(rf'<section class="player[^"]*" data-player="{p}".*?</section>', strip)
        assert m, p
        panel = m.group(0)
        assert f'<span class="pbadge" title="On the board: {badges[p]}">{badges[p]}</span>' in panel
        assert f"Money: {s.money[p]} dirham" in panel
        assert f"{len(s.hands[p])} in hand, {len(s.sold[p])} sold" in panel
        assert f"Goods markers: {len(s.goods_markers[p])}" in panel
        greens = sum(1 for _, g in s.rel_markers[p] if g)
        assert f"Relationship markers: {len(s.rel_markers[p])} ({greens} dark green)" in panel
        chips = [unescape(c) for c in re.findall(r'<svg class="chip"[^>]*aria-label="([^"]+)"',
                                                  panel)]
        expected = [s.board.family_names[f] for f in range(10) if s.tiles[p][f]]
        assert chips == expected
    assert f"Draw pile: {len(s.deck)} cards" in strip


def test_players_strip_marks_who_is_to_move() -> None:
    s = midgame()
    strip = render(open_state(s, BOTS)).regions["players"]
    assert re.search(r'class="player current" data-player="0"', strip)
    assert strip.count("player current") == 1


# --------------------------------------------------------------------------- hand

def test_cards_in_hand_name_only_what_the_map_shows_and_point_at_their_space() -> None:
    """A card names its good and number (both drawn on its space), never
    a town the map does not show; data-map names its space for the highlight."""
    s = midgame()
    hand = render(open_state(s, BOTS)).regions["hand"]
    board = s.board
    for good in s.hands[0]:
        m = re.search(rf'<li class="card" data-card="{good}" data-map="(\d+)" tabindex="0"'
                      r'[^>]*>(.*?)</li>', hand)
        assert m, good
        assert int(m.group(1)) == board.good_space[good]
        text = re.sub(r"<[^>]+>", " ", m.group(2))
        assert board.good_names[good] in text and str(good) in text
        town = board.space_names[board.good_space[good]]
        assert town and town not in text


def test_discard_buttons_point_at_their_space_too() -> None:
    s = play_until(lambda s: s.phase == "discard" and s.current_player == 0)
    actions = render(open_state(s, BOTS)).regions["actions"]
    for good in s.hands[0]:
        assert re.search(rf'data-action="card" data-value="{good}"[^>]*'
                         rf'data-map="{s.board.good_space[good]}"', actions), good


def test_log_mentions_of_goods_and_spaces_point_at_the_map() -> None:
    """The log's goods and spaces carry data-map (the recap can use the same)."""
    s = midgame()
    app = open_state(s, BOTS)
    log = render(app).regions["log"]
    refs = re.findall(r'<span class="map-ref" data-map="(\d+)">([^<]+)</span>', log)
    assert refs
    board = s.board
    for space, text in refs:
        good = board.good_at[int(space)]
        if good and f"({good})" in text:
            assert text.startswith(board.good_names[good])


# --------------------------------------------------------------------------- tooltips

def test_space_tooltips_tell_name_marker_and_camels() -> None:
    s = play_until(lambda s: any(len(o) == 2 for o in s.occ) and any(
        o >= 0 for o in s.marker_owner[1:]) and s.phase == MAIN and s.current_player == 0)
    tips = Tooltips(open_state(s, BOTS))
    board = s.board
    full = next(i for i, o in enumerate(s.occ) if len(o) == 2)
    tip = tips.tip("space", str(full))
    for f in s.occ[full]:
        assert board.family_names[f] in tip
    assert "Full: two camels." in tip
    good = next(g for g in range(1, 34) if s.marker_owner[g] >= 0)
    tip = tips.tip("space", str(board.good_space[good]))
    assert f'<p class="tip-title">{board.good_names[good]} {good}</p>' in tip
    assert f"taken by <strong>{s.names[s.marker_owner[good]]}</strong>" in tip
    home = board.home[4]
    assert "Home city of the" in tips.tip("space", str(home))
    assert tips.tip("space", "9999") == "" and tips.tip("nothing", "1") == ""


def test_domain_tooltips_tell_portion_treasury_members_and_what_is_left() -> None:
    s = midgame()
    tips = Tooltips(open_state(s, BOTS))
    for f, fid in enumerate(s.board.family_ids):
        tip = tips.tip("family", fid)
        assert f"Marriage portion: {s.board.portion[f]} dirhams" in tip
        money = s.treasury[f]  # one dirham, or dirhams (plural by count)
        assert f"Treasury: {money} dirham{'' if money == 1 else 's'} (" in tip
        assert f"Camels left: {s.camels_left[f]}" in tip
        assert f"Relationship markers left: {s.markers_left[f]}" in tip
        assert f"Family tiles left: {s.domain_tiles[f]}" in tip
        for p in range(s.n):
            assert (f"<strong>{s.names[p]}</strong>" in tip) == bool(s.tiles[p][f]), fid


def test_tooltips_never_tell_whose_a_kept_card_is() -> None:
    """docs/rules.md, Goods: a kept card is its holder's secret. With several people at one
    device, nothing about a hand shows until its owner takes the device; a space's
    tooltip names a card's holder only once it is sold (public)."""
    s = midgame()
    app = open_state(s)  # three people at one device: the screen is nobody's yet
    ctl = app.ctl
    assert ctl is not None and ctl.hand_shown() is None
    tips = Tooltips(app)
    for p in range(s.n):
        for good in s.hands[p]:
            assert tips.tip("card", str(good)) == ""
            space_tip = tips.tip("space", str(s.board.good_space[good]))
            assert "You hold" not in space_tip
            for name in s.names:
                assert name not in space_tip or f"taken by <strong>{name}" in space_tip
    app.dispatch("reveal")
    tips = Tooltips(app)
    mine = s.hands[0][0]
    assert "Worth" in tips.tip("card", str(mine))
    assert "You hold its card" in tips.tip("space", str(s.board.good_space[mine]))
    other = s.hands[1][0]
    assert tips.tip("card", str(other)) == ""
    assert "You hold" not in tips.tip("space", str(s.board.good_space[other]))


def test_tooltip_is_placed_on_screen() -> None:
    """web/tips.js's place() (run in Node: tests/support/js_support.py)."""
    above, below, edge, corner = js_calls(
        "tips.js", ("place", [(100, 300, 140, 340), 200, 80, 1280, 800]),
        ("place", [(100, 20, 140, 60), 200, 80, 1280, 800]),
        ("place", [(1250, 400, 1270, 420), 300, 80, 1280, 800]),
        ("place", [(5, 700, 30, 790), 250, 120, 360, 740]))  # the last: a phone's corner
    assert above == [20.0, 212.0]  # above, centred
    assert below == [20.0, 68.0]  # no room: below
    assert edge is not None and edge[0] + 300 <= 1280 - 8 and edge[1] >= 8
    spot = corner
    assert spot is not None
    x, y = spot
    assert 8 <= x and x + 250 <= 352 and 8 <= y and y + 120 <= 732


# --------------------------------------------------------------------------- touch words

def test_prompts_say_tap_on_touch_screens_and_click_elsewhere() -> None:
    """On a touch screen the prompts say "tap", in every language."""
    s = midgame()
    for lang, click, tap in (("en", "click", "tap"), ("de", "Klicke", "Tippe"),
                             ("fr", "clique", "touche"), ("it", "clicca", "tocca")):
        touch = render(open_state(s, BOTS, touch=True, lang=lang)).regions["actions"]
        mouse = render(open_state(s, BOTS, touch=False, lang=lang)).regions["actions"]
        assert tap.lower() in touch.lower() and click.lower() not in touch.lower(), lang
        assert click.lower() in mouse.lower() and tap.lower() not in mouse.lower(), lang


@pytest.mark.parametrize("lang", ["en", "de", "fr", "it"])
def test_touch_wordings_match_their_base_and_never_say_click(lang: str) -> None:
    table = i18n.STRINGS[lang]
    touch_keys = [k for k in board_texts.STRINGS["en"] if k.endswith("_touch")]  # same keys
    assert len(touch_keys) >= 5
    for key in touch_keys:
        base = key.removesuffix("_touch")
        assert base in table, key
        assert placeholders(table[key]) == placeholders(table[base]), key
        assert not re.search(r"click|klick|cliqu|clicc", table[key], re.I), key


# --------------------------------------------------------------------------- layout

def test_stylesheet_knows_the_boards_proportions() -> None:
    """style.css sizes the board's frame from --board-ratio (so the board fills its column
    with no gutter under it): it must match the drawing's width over height."""
    css = (ROOT / "web" / "assets" / "style.css").read_text()
    ratio = float(re.search(r"--board-ratio:\s*([0-9.]+)", css).group(1))  # type: ignore[union-attr]
    w, h = svg_size(midgame().board)
    assert ratio == pytest.approx(w / h, abs=0.0005)


def test_the_game_screen_has_a_slot_for_every_region() -> None:
    """index.html holds an element for every region render() fills, and the side column
    keeps a slot for the recap."""
    html = (ROOT / "web" / "index.html").read_text()
    page = render(open_state(midgame(), BOTS))
    for region in page.regions:
        assert f'id="{region}"' in html, region
    for slot in ("recap", "decision-bar", "board-frame", "tip"):
        assert f'id="{slot}"' in html

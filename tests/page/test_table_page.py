"""The table at a glance, without a browser: the cards in hand as short chips with what
each is worth now, the recap since your last turn as a short head per turn and one line
per event, the players strip's cards in words, and the messages that float over the page
(a note fades, an error or a message with a way out stays). Sizes as drawn are measured
in tests/e2e/test_layout.py."""

from __future__ import annotations

import re
from html import escape, unescape
from pathlib import Path

import pytest
from samarkand_web.state.app import App
from samarkand_web.state.controller import Controller
from samarkand_web.state.gamelog import LogLine
from samarkand_web.state.recap import MARRIAGE_PARTS, SKIPPED, SUB_LINES, recap_lines
from samarkand_web.state.screen import Rules
from samarkand_web.view.render import render
from samarkand_web.words import i18n

from samarkand_core import GameState, apply_action, encode_save, new_game, view_for
from samarkand_core.bots import make_bot
from samarkand_core.scoring import card_value
from samarkand_core.state import DISCARD, MAIN, SELL
from tests.support.web_support import make_app, play_until

BOTS = "2:random,3:random"
ROOT = Path(__file__).resolve().parents[2]


def open_state(state: GameState, bots: str = BOTS, lang: str = "en") -> App:
    """The page with `state` opened from a share link, as a person would open it."""
    app = make_app(lang=lang, seed=1)
    app.boot("", "#" + encode_save(state) + (f"&bots={bots}" if bots else ""))
    assert app.ctl is not None
    return app


def text(markup: str) -> str:
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", "", markup))).strip()


def bots_game(seed: int, players: int = 3) -> Controller:
    """A whole game of bots through the Controller, which keeps the turns' records."""
    names = ["Ann", "Bob", "Cem", "Dee", "Eve"][:players]
    ctl = Controller(new_game(names, seed, 0), ["heuristic"] * players)
    while ctl.bot_to_move:
        assert ctl.bot_move_now() is not None
    assert ctl.is_over
    return ctl


def midgame_with_recap() -> App:
    """Ann's turn 16 of a game of heuristic bots, after two bot turns of two camels each
    (the position of the lead's screenshots), opened with seats 2 and 3 as bots."""
    s = new_game(["Ann", "Bob", "Cem"], 7, 0)
    bots = [make_bot("heuristic", 100 + i) for i in range(3)]
    while not (s.turn >= 16 and s.phase == MAIN and s.turn_player == 0):
        s = apply_action(s, bots[s.current_player].choose(view_for(s, s.current_player)))
    return open_state(s, "2:heuristic,3:heuristic")


# --------------------------------------------------------------------------- recap lines

def in_log_order(said: list[LogLine], expected: list[LogLine]) -> list[LogLine]:
    """`said` sorted by where each line stands in `expected`; a line the log holds twice
    (two bonuses of 4 for one player in one turn) takes its occurrences in turn."""
    taken: dict[int, int] = {}
    where = []
    for ln in said:
        start = 0
        while True:
            k = expected.index(ln, start)  # ValueError: a line the log does not hold
            if k not in taken:
                break
            start = k + 1
        taken[k] = 1
        where.append(k)
    return [ln for _k, ln in sorted(zip(where, said, strict=True), key=lambda kv: kv[0])]


@pytest.mark.slow
def test_recap_lines_say_every_public_line_once_in_order() -> None:
    """The recap lists everything the table saw (marriages, draws,
    discards, camels, goods markers, relationships, bonuses, sales, bag draws), each
    line once and in order, only grouped: a marriage with its draw and discard, a camel
    with the goods marker of its own space and, for a turn's second camel, the dirham
    its family paid for it."""
    seen: set[str] = set()
    paid_with_camel = marker_with_camel = False
    for seed in (1, 2, 3):
        ctl = bots_game(seed)
        good_space = ctl.state.board.good_space
        for r in ctl.turns:
            out = recap_lines(r.lines, good_space)
            said = [ln for rl in out for ln in (rl.main, *rl.parts)]
            expected = [ln for ln in r.lines if ln.key not in SKIPPED]
            assert in_log_order(said, expected) == expected  # each once
            for rl in out:
                seen.add(rl.main.key)
                keys = [p.key for p in rl.parts]
                paid_with_camel |= "log.second_camel_paid" in keys
                marker_with_camel |= rl.main.key == "log.camel" and "log.goods_marker" in keys
                assert rl.sub == (rl.main.key in SUB_LINES)
                for part in rl.parts:
                    if rl.main.key == "log.marry":
                        assert part.key in MARRIAGE_PARTS
                    elif part.key == "log.goods_marker":  # the marker of the camel's space
                        assert rl.main.key == "log.camel"
                        assert good_space[part.params["good"]] == rl.main.params["space"]
                    else:  # the second camel's dirham, paid by the camel's family
                        assert rl.main.key == "log.camel" and part.key == "log.second_camel_paid"
                        assert part.params["family"] == rl.main.params["family"]
                if rl.main.key == "log.camel":  # at most the dirham, then the marker
                    assert [p.key for p in rl.parts] in (
                        [], ["log.goods_marker"], ["log.second_camel_paid"],
                        ["log.second_camel_paid", "log.goods_marker"])
                # a second camel's dirham is always said with its camel, never alone
                assert rl.main.key != "log.second_camel_paid"
            marriages = [rl for rl in out if rl.main.key == "log.marry"]
            for m in marriages:  # the draw is said with the marriage, never alone
                assert any(p.key.startswith("log.draw") for p in m.parts)
    # the games went through every kind of line the grouping treats
    assert {"log.marry", "log.camel", "log.relationship", "log.bonus"} <= seen
    assert paid_with_camel and marker_with_camel


def test_each_recap_turn_is_a_short_head_and_one_line_per_event() -> None:
    app = midgame_with_recap()
    ctl = app.ctl
    assert ctl is not None
    records = ctl.recap()
    assert records
    side = render(app).regions["recap"]
    items = re.findall(r'<li class="recap-turn".*?</ul></li>', side, re.S)
    assert len(items) == len(records)
    for item, r in zip(items, records, strict=True):
        head = re.search(r'<p class="recap-head">(.*?)</p>', item, re.S)
        assert head is not None
        words = text(head.group(1))
        assert words.startswith(f"Turn {r.turn} · {ctl.state.names[r.player]}")
        for p, d in r.money_changes():  # each player's money change, signed, in the head
            sign = f"+{d}" if d > 0 else f"\u2212{-d}"
            assert (f"{ctl.state.names[p]} {sign}" if p != r.player else sign) in words
        lines = re.findall(r'<li class="recap-line( sub)?">(.*?)</li>', item, re.S)
        assert len(lines) == len(recap_lines(r.lines, ctl.state.board.good_space))
        for _, line in lines:
            # families by chip and city, short: never "the House of ..." in a line
            assert "House of" not in line
            assert len(text(line)) <= 90, text(line)


def test_a_camel_line_is_chip_city_arrow_and_space() -> None:
    app = midgame_with_recap()
    ctl = app.ctl
    assert ctl is not None
    board = ctl.state.board
    side = render(app).regions["recap"]
    camels = [ln for r in ctl.recap() for ln in r.lines if ln.key == "log.camel"]
    assert camels, "no camel in the recap"
    for ln in camels:
        f, space = ln.params["family"], ln.params["space"]
        city = board.space_names[board.home[f]]
        # the arrow for the eye, "camel to" for a screen reader
        # (the name as markup: Chang'an's apostrophe comes escaped)
        pattern = (rf'<span class="fam"><svg class="chip".*?</svg>{re.escape(escape(city))}</span> '
                   r'<span aria-hidden="true">\u2192</span><span class="sr-only">camel to'
                   rf'</span> <span class="map-ref" data-map="{space}">')
        assert re.search(pattern, side), (city, space)


def test_a_second_camel_says_its_dirham_in_its_own_line() -> None:
    """The dirham a family pays for the turn's second camel (rulebook: a second camel
    costs 1 dirham from the family's treasury) is said in that camel's line, not as a
    line of its own: "Dunhuang -> Lanzhou, second camel (1 dirham)"."""
    app = midgame_with_recap()
    ctl = app.ctl
    assert ctl is not None
    paid = [ln for r in ctl.recap() for ln in r.lines if ln.key == "log.second_camel_paid"]
    assert paid, "no second camel in the recap"
    side = render(app).regions["recap"]
    lines = [text(m) for m in re.findall(r'<li class="recap-line">(.*?)</li>', side, re.S)]
    with_dirham = [ln for ln in lines if "second camel (1 dirham)" in ln]
    assert len(with_dirham) == len(paid)
    for ln in with_dirham:
        assert "\u2192" in ln  # a camel's line
    assert not any("pays" in ln for ln in lines)


def test_a_camel_to_a_home_city_is_said_by_its_city_alone() -> None:
    """The map names a home city by its city ("Samarkand"); the recap's line does too
    (the log's "Samarkand, home city of the House of Samarkand" would make it long)."""
    from samarkand_web.view.panels.recap import RecapPanel
    ctl = bots_game(3, players=2)
    board = ctl.state.board
    app = open_state(ctl.state, "")
    assert app.ctl is not None
    app.ctl.turns = ctl.turns
    panel = RecapPanel(app)
    homes = [(r, ln) for r in ctl.turns for ln in r.lines
             if ln.key == "log.camel" and board.home_at[ln.params["space"]] >= 0]
    assert homes, "no camel to a home city in the game"
    for r, ln in homes:
        space = ln.params["space"]
        item = panel.turn_item(r)
        assert f'<span class="map-ref" data-map="{space}">{board.space_names[space]}</span>' \
            in item
        assert "home city" not in text(item) and "House of" not in text(item)


def test_recap_lines_in_every_language() -> None:
    """Every short phrase exists in EN, DE, FR and IT, with the same placeholders."""
    keys = [k for k in i18n.EN if k.startswith("recap.e.")]
    assert "recap.e.log.goods_marker_here" in keys and "recap.e.log.camel" in keys
    for lang in ("de", "fr", "it"):
        for key in keys:
            assert i18n.template(lang, key) is not None, (lang, key)
    app = midgame_with_recap()
    for lang in ("de", "fr", "it"):
        app.set_lang(lang)
        side = render(app).regions["recap"]
        assert "recap.e." not in side and "\u2192" in side


# --------------------------------------------------------------------------- hand

def test_each_card_is_one_short_chip_with_what_it_is_worth_now() -> None:
    """Number (as on the map), good, and worth now as a small badge; the words "worth N
    now" for screen readers; the heading says how many of the limit and the hand's
    worth."""
    app = midgame_with_recap()
    ctl = app.ctl
    assert ctl is not None
    s = ctl.state
    hand = render(app).regions["hand"]
    for good in s.hands[0]:
        m = re.search(rf'<li class="card" data-card="{good}"[^>]*>(.*?)</li>', hand, re.S)
        assert m, good
        value = card_value(s, 0, good)
        badge = re.search(r'<span class="card-value( worth)?">(.*?)</span></span>', m.group(1))
        assert badge is not None
        assert (badge.group(1) is not None) == (value > 0)  # muted at 0
        assert f'<span aria-hidden="true">{value}</span>' in badge.group(2)
        assert badge.group(2).endswith(f'<span class="sr-only">worth {value} now')
        # one line: no space name, nothing but number, good and worth
        assert text(m.group(1)) == f"{good} {s.board.good_names[good]} {value}worth {value} now"
    head = re.search(r'<h3 class="hand-title".*?</h3>', hand, re.S)
    assert head is not None
    worth = sum(card_value(s, 0, g) for g in s.hands[0])
    assert "Cards of Ann" in head.group(0)
    assert f"{len(s.hands[0])} cards, limit {s.limit}" in text(head.group(0))
    assert f"The cards in hand are worth {worth} dirhams now" in head.group(0)


def test_the_card_a_sale_asks_about_is_marked_in_the_hand() -> None:
    s = play_until(lambda s: s.phase == SELL and s.current_player == 0 and s.turn_player != 0)
    hand = render(open_state(s)).regions["hand"]
    marked = re.findall(r'<li class="card asked" data-card="(\d+)"', hand)
    assert marked == [str(s.pending_good)]


def test_discarding_the_chips_are_buttons_in_the_decision() -> None:
    """Rules, Hand limit: the cards to discard are chosen from the hand, so while
    discarding the cards are buttons in the decision. Each button's name says the card
    and what it is worth now, once: no words hidden inside it say it again (its
    aria-label is all a screen reader reads of it), and its coin is the badge's CSS, no
    inline SVG (ten cards come into the decision in one click)."""
    s = play_until(lambda s: s.phase == DISCARD and s.current_player == 0)
    page = render(open_state(s))
    assert page.regions["hand"] == ""
    for good in s.hands[0]:
        m = re.search(rf'<button[^>]*data-value="{good}"[^>]*>(.*?)</button>',
                      page.regions["actions"], re.S)
        assert m, good
        value = card_value(s, 0, good)
        assert 'class="card-value' in m.group(1)
        assert f'aria-label="Discard {good} {s.board.good_names[good]} {value}, ' \
               f'worth {value} now"' in m.group(0)
        assert "sr-only" not in m.group(1) and "<svg" not in m.group(1)


# --------------------------------------------------------------------------- strip

def test_the_strip_says_sold_cards_in_words() -> None:
    """A player with sold cards: "9 · 1 sold", not the cryptic "9+1"."""
    s = play_until(lambda s: s.phase == MAIN and any(s.sold[p] for p in range(s.n)))
    strip = render(open_state(s)).regions["players"]
    for p in range(s.n):
        panel = re.search(rf'data-player="{p}".*?</section>', strip, re.S)
        assert panel is not None
        cards = re.search(r'<li class="stat cards".*?</li>', panel.group(0), re.S)
        assert cards is not None
        shown = text(re.search(r'<span aria-hidden="true">(.*?)</span><span class="sr-only">',
                               cards.group(0), re.S).group(1))  # type: ignore[union-attr]
        sold = len(s.sold[p])
        assert "+" not in shown
        want = f"{len(s.hands[p])} · {sold} sold" if sold else str(len(s.hands[p]))
        assert shown == want


# --------------------------------------------------------------------------- messages

def test_notes_fade_errors_and_messages_with_a_way_out_stay() -> None:
    app = midgame_with_recap()
    app.messages.clear()
    app.message("info", "link.imported")
    app.message("info", "link.already_further", {"turn": 3},
                actions=(("link.open_copy", "link-copy", ""),))
    app.message("warning", "tabs.copy")
    app.message("error", "problem.damaged")
    region = render(app).regions["messages"]
    kinds = re.findall(r'<div class="message ([a-z ]+)" role="(\w+)"', region)
    assert kinds == [("info fades", "status"), ("info", "status"), ("warning", "status"),
                     ("error", "alert")]
    for i in range(4):  # each can be dismissed
        assert (f'data-action="dismiss" data-value="{i}" aria-label="Dismiss this message"'
                in region)


def test_escape_dismisses_the_newest_message_when_nothing_else_is_open() -> None:
    """A floating message goes with Escape as with its x button, the
    newest first; an open dialog is closed first and the messages stay."""
    app = midgame_with_recap()
    app.messages.clear()
    app.game.recap_open = False
    app.message("info", "link.imported")
    app.message("error", "problem.damaged")
    app.overlay = Rules()
    app.dispatch("escape")
    assert app.overlay is None and [m.key for m in app.messages] == [
        "link.imported", "problem.damaged"]
    app.dispatch("escape")
    assert [m.key for m in app.messages] == ["link.imported"]
    app.dispatch("escape")
    assert app.messages == []
    assert app.dispatch("escape").render is False  # nothing left: nothing happens


def test_a_message_is_not_part_of_the_game_screens_flow() -> None:
    """Issue: a message pushed the game down by ~55 px. The messages' region floats over
    the page (position: fixed in style.css), for every screen size."""
    css = (ROOT / "web" / "assets" / "style.css").read_text()
    rule = re.search(r"\n\.messages \{([^}]*)\}", css)
    assert rule is not None and "position: fixed" in rule.group(1)

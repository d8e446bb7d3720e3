"""The play flow through the App as main.py drives it: take back and what is
saved, the focus after each move, Escape, the rules in four languages, the recap on the
screen, bot levels and names in the page's language, the start screen's ids."""

from __future__ import annotations

import re

import pytest
from samarkand_web.saves.storage import PREFIX, MemoryStore
from samarkand_web.state.app import App
from samarkand_web.state.names import shown_name
from samarkand_web.state.screen import ShareDialog
from samarkand_web.view.render import render
from samarkand_web.words import i18n
from samarkand_web.words.texts.rules import SECTIONS

from samarkand_core import GameState, encode_save
from tests.support.web_support import found_in_play, make_app, shared_link, two_quiet_camels


def opened(s: GameState, bots: str = "2:random") -> tuple[App, MemoryStore]:
    store = MemoryStore()
    app = make_app(store)
    app.boot("", f"#{encode_save(s)}&bots={bots}")
    assert app.ctl is not None
    return app, store


def save_code(store: MemoryStore) -> str:
    (key,) = [k for k in store.data if k.startswith(PREFIX)]
    return store.data[key]


def test_take_back_leaves_the_save_as_it_was_and_end_turn_saves() -> None:
    s, (a, b) = found_in_play(two_quiet_camels, players=2)
    app, store = opened(s)
    before = save_code(store)
    if app.ctl.selected_family is None:  # type: ignore[union-attr]
        app.dispatch("expand", a.family)
    fx = app.dispatch("space", str(a.space))
    # a second camel: the focus on the decision, not on a space (a second Enter would
    # place it; state/focus.py)
    assert fx.focus == "#actions .decision"
    fx = app.dispatch("space", str(b.space))
    assert fx.focus == "#end-turn"
    assert save_code(store) == before and app.ctl.held == 0  # type: ignore[union-attr]
    app.dispatch("share")
    assert encode_save(s) in shared_link(app)  # the share link: committed moves only
    app.dispatch("close")
    fx = app.dispatch("take-back")
    assert fx.focus == "#actions .decision"  # back at the second camel's decision
    assert save_code(store) == before
    app.dispatch("space", str(b.space))
    app.dispatch("end-turn")
    assert save_code(store) != before
    assert app.ctl.committed is app.ctl.state  # type: ignore[union-attr]


def test_the_take_back_button_shows_only_while_something_can_be_taken_back() -> None:
    s, (a, _) = found_in_play(two_quiet_camels, players=2)
    app, _store = opened(s)
    if app.ctl.selected_family is None:  # type: ignore[union-attr]
        app.dispatch("expand", a.family)
    app.dispatch("space", str(a.space))
    actions = render(app).regions["actions"]
    assert 'id="take-back"' in actions and 'aria-keyshortcuts="Control+Z Meta+Z"' in actions
    app.dispatch("end-turn")
    assert 'id="take-back"' not in render(app).regions["actions"]


def test_escape_closes_the_rules_then_the_share_dialog_and_the_focus_returns() -> None:
    app = make_app()
    app.boot("?players=Ann,bot:random&seed=3", "")
    assert app.dispatch("rules").focus == "#overlay h2"
    assert "rules-dialog" in render(app).regions["overlay"]
    fx = app.dispatch("escape")
    assert app.overlay is None and fx.focus == "#rules-button"
    app.dispatch("share")
    app.dispatch("rules")  # the rules over the share dialog, then back to it
    app.dispatch("escape")
    assert isinstance(app.overlay, ShareDialog)
    app.dispatch("escape")
    assert app.overlay is None


def test_the_rules_are_there_during_a_pass_the_device_screen() -> None:
    app = make_app()
    app.boot("?players=Ann,Bob&seed=3", "")
    overlay = render(app).regions["overlay"]
    assert "curtain" in overlay and 'id="rules-button"' in overlay
    app.dispatch("rules")
    overlay = render(app).regions["overlay"]
    assert "rules-dialog" in overlay and "Cards of" not in render(app).regions["hand"]
    app.dispatch("escape")
    assert "curtain" in render(app).regions["overlay"]  # the hand stays hidden


@pytest.mark.parametrize("lang", list(i18n.LANGUAGES))
def test_the_rules_panel_has_every_section_in_every_language(lang: str) -> None:
    app = make_app(lang=lang)
    app.boot("?players=Ann,bot:random&seed=3", "")
    app.dispatch("rules")
    overlay = render(app).regions["overlay"]
    for name in SECTIONS:
        assert f'id="rules-{name}"' in overlay
        assert i18n.t(lang, f"rules.{name}.title") in overlay


def test_rules_texts_state_the_rulebooks_numbers() -> None:
    """The numbers a player acts on (rulebook): portion 3 to 6, draw 3, discard 0 to 2,
    hand limits 10/10/7/6, second camel 1 dirham, sale 3 dirhams, bonuses 3 and 1,
    five relationships, card points 4 and 1."""
    for lang in i18n.LANGUAGES:
        marry = i18n.t(lang, "rules.marry.text") + " " + i18n.t(lang, "rules.cards.text")
        for n in ("3", "6", "0", "2", "10", "7"):
            assert n in marry, (lang, n)
        assert "1" in i18n.t(lang, "rules.expand.text")
        assert "3" in i18n.t(lang, "rules.goods.text")
        meet = i18n.t(lang, "rules.meet.text")
        assert "3" in meet and "1" in meet
        assert "4" in i18n.t(lang, "rules.score.text")
        assert "10" in i18n.t(lang, "rules.two.text")


def test_bot_levels_are_easy_medium_hard_in_every_language() -> None:
    words = {lang: [i18n.t(lang, f"level.{lv}") for lv in ("random", "heuristic", "search")]
             for lang in i18n.LANGUAGES}
    assert words == {"en": ["Easy", "Medium", "Hard"], "de": ["Leicht", "Mittel", "Schwer"],
                     "fr": ["Facile", "Moyen", "Difficile"],
                     "it": ["Facile", "Medio", "Difficile"]}


def test_a_bots_default_name_follows_the_page_language_a_typed_name_does_not() -> None:
    assert shown_name("de", "Bot 2 (Medium)", 1, "heuristic") == "Bot 2 (Mittel)"
    assert shown_name("fr", "Bot 3 (heuristic)", 2, "heuristic") == "Robot 3 (Moyen)"
    assert shown_name("en", "Bot 2 (zufällig)", 1, "random") == "Bot 2 (Easy)"
    assert shown_name("de", "Bot 2 (Medium)", 1, "human") == "Bot 2 (Medium)"
    assert shown_name("de", "Ali", 1, "search") == "Ali"
    app = make_app()
    app.boot("?players=Ann,bot:search&seed=3", "")
    app.dispatch("lang", "it")
    assert "Bot 2 (Difficile)" in render(app).regions["players"]


def test_the_start_screen_keeps_its_seed_under_more_options() -> None:
    app = make_app()
    app.boot("", "")
    app.dispatch("setup")  # the full setup, one click away
    home = render(app).regions["home"]
    assert re.search(r'<details class="more-options"><summary>More options</summary>.*'
                     r'name="seed"', home, re.S)
    for i in range(3):
        assert f'id="kind{i}"' in home  # each select its own id: the focus keeps to it
    app.dispatch("form", "seed", {"seed": "77"})
    app.dispatch("form", "count", {"count": "4"})
    assert '<details class="more-options" open>' in render(app).regions["home"]


def test_the_recap_shows_beside_the_decision_when_the_turn_comes_back() -> None:
    app = make_app()
    app.boot("?players=Ann,bot:random,bot:random&seed=7&first=1&speed=instant", "")
    ctl = app.ctl
    assert ctl is not None
    app.dispatch("family", ctl.marry_families()[0])
    app.dispatch("confirm-marriage")
    app.dispatch("discard")
    ticks = 0
    focus = None
    while ctl.bot_to_move:
        fx = app.game.bot_tick(app.game.bot_token)
        focus = fx.focus or focus
        ticks += 1
        assert ticks < 10_000
    assert focus == "#actions .decision"  # the turn came back: the person's decision
    page = render(app)
    side = page.regions["recap"]  # wide screens: beside the board, under the decision
    assert side.count('class="recap-turn"') == 2 and "Since your last turn" in side
    # small screens: one button in the decision bar unfolds it
    assert 'id="recap-toggle"' in page.regions["actions"]
    assert 'class="recap-turn"' not in page.regions["actions"]
    app.dispatch("recap")
    assert render(app).regions["actions"].count('class="recap-turn"') == 2
    assert app.dispatch("escape").focus == "#recap-toggle" and not app.game.recap_open
    assert "Last move" not in render(app).regions["status"]


def test_a_camel_placed_and_not_confirmed_is_placed_again_after_a_reload() -> None:
    """A camel placed and not yet confirmed is not saved as part of the game (it may be
    taken back), but it does not vanish when the tab is reloaded: the save opened again
    in that tab places it again, still pending (confirm it or take it back). Taken back,
    nothing of it is kept any more. It is kept in the tab's own store (sessionStorage),
    never in the saves' store."""
    s, (a, _b) = found_in_play(two_quiet_camels, players=2)
    app, store = opened(s)
    tab = app.session
    entry = app.entry
    assert entry is not None and app.ctl is not None and isinstance(tab, MemoryStore)
    before = save_code(store)
    if app.ctl.selected_family is None:
        app.dispatch("expand", a.family)
    app.dispatch("space", str(a.space))
    placed = app.ctl.state.actions
    assert placed[-1] == a and save_code(store) == before  # committed moves only

    again = make_app(store, session=tab)  # the same tab, reloaded
    again.boot(f"?game={entry.id}", "")
    ctl = again.ctl
    assert ctl is not None and ctl.state.actions == placed  # the camel is on the board
    assert ctl.committed.actions == s.actions and ctl.can_take_back()
    assert all(k.startswith((PREFIX, "samarkand.prefs")) for k in store.data)
    again.dispatch("take-back")
    assert ctl.state.actions == s.actions and not tab.data

    third = make_app(store, session=tab)
    third.boot(f"?game={entry.id}", "")  # taken back: it stays taken back
    assert third.ctl is not None and third.ctl.state.actions == s.actions


def test_another_tab_never_shows_the_camel_and_a_save_moved_on_drops_it() -> None:
    """Another tab on the same save shows the save as stored, without this tab's
    unconfirmed camel; once it has played on, this tab's reload shows the save as it
    is now (the kept camel no longer applies), no camel placed twice."""
    s, (a, _b) = found_in_play(two_quiet_camels, players=2)
    app, store = opened(s)
    assert app.entry is not None and app.ctl is not None
    if app.ctl.selected_family is None:
        app.dispatch("expand", a.family)
    app.dispatch("space", str(a.space))
    other = make_app(store)  # another tab: a store of its own for its session
    other.boot(f"?game={app.entry.id}", "")
    assert other.ctl is not None and other.ctl.state.actions == s.actions
    if other.ctl.selected_family is None:
        other.dispatch("expand", a.family)
    other.dispatch("space", str(a.space))
    other.dispatch("end-turn")
    moved = other.ctl.committed.actions
    assert len(moved) > len(s.actions) + 1
    reloaded = make_app(store, session=app.session)
    reloaded.boot(f"?game={app.entry.id}", "")
    assert reloaded.ctl is not None and reloaded.ctl.committed.actions == moved
    assert reloaded.ctl.state is reloaded.ctl.committed


@pytest.mark.parametrize("junk", ['{"base": 1}', "[", '{"base": "s1-a", "code": "s1-a", "x": 0}',
                                  '{"base": "BASE", "code": "s1-not-a-game"}', "x" * 40])
def test_a_damaged_kept_camel_is_ignored(junk: str) -> None:
    """Whatever lies under a save's key for unconfirmed camels (damaged, hand-edited),
    the save opens as it is stored, with no message and nothing placed."""
    s, _camels = found_in_play(two_quiet_camels, players=2)
    app, store = opened(s)
    assert app.entry is not None
    tab = MemoryStore({"samarkand.pending." + app.entry.id: junk.replace("BASE", app.entry.code)})
    again = make_app(store, session=tab)
    again.boot(f"?game={app.entry.id}", "")
    assert again.ctl is not None and again.ctl.state is again.ctl.committed
    assert again.ctl.committed.actions == s.actions and not again.messages

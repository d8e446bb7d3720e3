"""Issue 34, play across devices without the friction (headless): the start screen's
entry to play by link beside "Play against the computer" (items 1, 5), and the words
that go with a link to the system's share sheet (item 3)."""

from __future__ import annotations

import itertools
import json
import random
import re
from pathlib import Path

import pytest
from samarkand_web.handlers import remote
from samarkand_web.handlers.remote import share_text
from samarkand_web.state.app import App
from samarkand_web.state.controller import Controller
from samarkand_web.state.early import early_intent
from samarkand_web.state.effects import Share
from samarkand_web.state.remote import RemoteController
from samarkand_web.view.render import render
from samarkand_web.words.i18n import LANGUAGES, t

from samarkand_core import apply_action, legal_actions, new_game
from tests.support.bylink_play import device, play_until_waiting, start

# ------------------------------------------------------------------ the start screen's entry


def quick_choices(home: str) -> str:
    """The start screen's row of choices (outside the folded setup)."""
    found = re.search(r'<div class="quick-choices">(.*?)</div>', home, re.S)
    assert found, "no quick choices on the start screen"
    return found.group(1)


def button(html: str, btn_id: str) -> str:
    found = re.search(rf'<button [^>]*id="{btn_id}"[^>]*>', html)
    assert found, btn_id
    return found.group(0)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_start_screen_offers_play_by_link_beside_play_against_the_computer(
        lang: str) -> None:
    """Item 1: with no menu open, the start screen's choices are the game against the
    computer, play with friends each on their own device, and at this device, each a
    button named in the page's language (its accessible name), the setup folded."""
    app = device()
    app.set_lang(lang)
    home = render(app).regions["home"]
    assert 'id="setup"' not in home  # nothing opened
    choices = quick_choices(home)
    assert choices.index('id="quick-play"') < choices.index('id="setup-link"') \
        < choices.index('id="setup-toggle"')
    by_link = button(choices, "setup-link")
    assert 'data-action="setup"' in by_link and 'data-value="link"' in by_link
    assert 'aria-expanded="false"' in by_link and 'data-early="run"' in by_link
    assert f">{t(lang, 'quick.friends_link')}</button>" in choices
    assert 'data-value="here"' in button(choices, "setup-toggle")
    assert f">{t(lang, 'quick.friends')}</button>" in choices


def test_one_click_opens_the_setup_by_link_and_its_game_is_played_by_link() -> None:
    """The by-link button opens the same full setup (names, people or bots and their
    levels, who starts) with "Where" set to by link and what the link holds said; the
    game it starts is a game by link, this device playing its first person."""
    app = device()
    fx = app.dispatch("setup", "link", {"me": ""})
    assert app.form.setup and app.form.remote and fx.focus == "#count"
    home = render(app).regions["home"]
    assert t("en", "quick.setup_link") in home
    assert re.search(r'<option value="link" selected>', home)  # the form's "Where"
    assert 'id="remote-note"' in home
    for i in range(3):
        assert f'id="name{i}"' in home and f'id="kind{i}"' in home  # names, people or bots
    assert 'id="first"' in home
    assert 'aria-expanded="true"' in button(home, "setup-link")
    assert 'aria-expanded="false"' in button(home, "setup-toggle")
    # the form as the browser sends it: two people and a bot, Ann starts
    app.dispatch("start", "", {"count": "3", "name0": "Ann", "kind0": "human",
                               "name1": "Bob", "kind1": "human", "name2": "",
                               "kind2": "heuristic", "first": "1", "coach": "on",
                               "where": "link", "seed": ""})
    ctl = app.ctl
    assert isinstance(ctl, RemoteController) and ctl.local == 0
    assert list(ctl.state.names[:2]) == ["Ann", "Bob"] and ctl.seats[2] == "heuristic"


def test_the_two_ways_to_play_with_friends_switch_and_fold_the_one_setup() -> None:
    """At this device and by link are one setup: the other button switches its "Where"
    (the setup stays open, what was typed kept); the same button again folds it."""
    app = device()
    app.dispatch("setup", "link", {"me": ""})
    app.dispatch("setup", "here", {"me": "", "name0": "Zoë", "where": "link"})
    assert app.form.setup and not app.form.remote and app.form.names[0] == "Zoë"
    home = render(app).regions["home"]
    assert re.search(r'<option value="here" selected>', home)
    assert t("en", "quick.setup") in home and 'id="remote-note"' not in home
    fx = app.dispatch("setup", "here", {"me": ""})
    assert not app.form.setup and fx.focus == "#setup-toggle"
    app.dispatch("setup", "here", {"me": ""})
    app.dispatch("start", "", {"count": "2", "name0": "Ann", "name1": "Bob",
                               "where": "here"})
    assert type(app.ctl) is Controller  # a game at this device, not by link


def test_a_click_on_play_by_link_made_while_loading_opens_its_setup() -> None:
    """The by-link button works before the page is live as the others do (first.js
    keeps the click with its value; main.py carries it out)."""
    intent = early_intent(json.dumps({"action": "setup", "value": "link",
                                      "form": {"me": "Ann"}}))
    assert intent == ("setup", "link", {"me": "Ann"})
    app = device()
    app.dispatch(*intent)
    assert app.form.setup and app.form.remote


# ------------------------------------------------------------------ the share sheet's words


def game_waiting_for_bob() -> App:
    ann = device()
    start(ann, "players=Ann,Bob,Cem&remote=1&seed=5&first=1")
    play_until_waiting(ann)
    return ann


def test_the_share_sheet_gets_whose_turn_which_game_and_the_games_link() -> None:
    """Item 3: "Send to Bob" gives the share sheet the game's name as its title, whose
    turn and which game (its people, its turn) as its text, and the link itself."""
    ann = game_waiting_for_bob()
    ctl = ann.ctl
    assert ctl is not None
    to = remote.remote_target(ann)
    assert to is not None
    name = ctl.state.names[to]
    fx = ann.dispatch("remote-share")
    assert fx.share == Share(
        "Samarkand", f"Samarkand: your turn, {name} (the game of Ann, Bob, Cem, "
                     f"turn {ctl.state.turn})", remote.remote_link(ann) or "")
    assert fx.share.url.startswith("http://127.0.0.1:8000/index.html#r")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_share_text_tells_nothing_of_anybodys_cards(lang: str) -> None:
    """The text is the same whoever holds which card and whatever is still to come:
    every way of dealing the same hands out gives the same words, in each language."""
    state = new_game(["Ann", "Bob", "Cem"], 9, 0)
    app = device()
    app.set_lang(lang)
    said = share_text(app, state, 1)
    assert "Bob" in said and "Ann, Bob, Cem" in said and str(state.turn) in said
    for hands in itertools.permutations(state.hands):
        twin = state.copy()
        twin.hands = list(hands)
        twin.deck = tuple(reversed(state.deck))
        assert share_text(app, twin, 1) == said


def test_a_chat_apps_preview_of_a_link_describes_the_page_not_a_game() -> None:
    """What a chat app shows beside a link comes from index.html's og:/twitter: tags: a
    static host serves that one file for every link (a game link's #fragment never
    reaches it), so the tags say what the page is and nothing of any game; whose turn it
    is goes in the words sent with the link (the share text above)."""
    page = (Path(__file__).resolve().parents[2] / "web" / "index.html").read_text()
    tags = dict(re.findall(r'<meta (?:property|name)="((?:og|twitter):[a-z_]+)" '
                           r'content="([^"]*)">', page))
    assert {"og:title", "og:description", "og:type", "twitter:card"} <= tags.keys()
    assert all("Samarkand" in tags[k] for k in ("og:title", "og:description"))
    assert not any(word in text.lower() for text in tags.values()
                   for word in ("your turn", "turn {", "{name}"))


def test_at_the_end_the_share_text_says_the_game_is_over_and_no_turn() -> None:
    """The final position goes round the people who lack it: its words say the game is
    over and for whom, and no turn to play."""
    rng = random.Random(4)
    state = new_game(["Ann", "Bob"], 4, 0)
    while not state.is_over:
        state = apply_action(state, rng.choice(legal_actions(state)))
    app = device()
    assert share_text(app, state, 1) == ("Samarkand: the game of Ann, Bob is over; the final "
                                         "position for Bob")

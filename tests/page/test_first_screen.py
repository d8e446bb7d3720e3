"""The start page before Python runs (samarkand_web.view.first_screen, written into the built
index.html by web/tools/build.py): the start screen drawn by the live page's own code, in
every language, with the loading indicator's stages, and never a game: nothing hidden
(a hand) is ever shown early."""

from __future__ import annotations

import re

import pytest
from samarkand_web.saves.storage import MemoryStore
from samarkand_web.state.app import App
from samarkand_web.view.first_screen import STAGES, start_screen, template, templates
from samarkand_web.view.render import render
from samarkand_web.words.i18n import LANGUAGES, t

LANGS = list(LANGUAGES)


def without_saves(home: str) -> str:
    """The start screen less its saved-games section (the one part the build cannot know)."""
    head, _, rest = home.partition('<section id="saves"')
    return head + rest.partition("</section>")[2]


@pytest.mark.parametrize("lang", LANGS)
def test_the_first_screen_is_what_the_live_page_draws_first(lang: str) -> None:
    """Same code, same state: main.py's first paint of the start page changes nothing a
    person sees but the saved games, which it reads at once (the build drew "reading")."""
    ahead = start_screen(lang)
    drawn = App(MemoryStore(), now=lambda: 0.0, lang=lang, prerender=True)
    drawn.boot("", "")
    assert ahead == {k: render(drawn).regions[k] for k in ("header", "messages", "home")}
    live = App(MemoryStore(), now=lambda: 0.0, lang=lang)
    live.boot("", "")
    page = render(live)
    assert {k: page.regions[k] for k in ("header", "messages")} == {
        k: ahead[k] for k in ("header", "messages")}
    assert without_saves(page.regions["home"]) == without_saves(ahead["home"])
    assert t(lang, "saves.none") in page.regions["home"]
    assert t(lang, "saves.reading") not in page.regions["home"]


@pytest.mark.parametrize("lang", LANGS)
def test_each_language_has_its_template_with_the_loading_stages(lang: str) -> None:
    markup = str(template(lang))
    assert markup.startswith(f'<template id="first-screen-{lang}" lang="{lang}">')
    for region in ("header", "messages", "home", "loading"):
        assert f'<div data-region="{region}">' in markup
    # the start screen's choices, in this language (one click to a game)
    for key in ("quick.play", "quick.friends", "quick.name"):
        assert t(lang, key) in markup, key
    # what the start screen says while it is not live yet, and a kept click's words
    assert t(lang, "early.note") in markup
    assert f'data-pending="{t(lang, "early.pending")}"' in markup
    assert t(lang, "saves.reading") in markup
    for step in STAGES:
        assert f'<li data-step="{step}">{t(lang, f"loading.{step}")}</li>' in markup
    assert t(lang, "loading.failed") in markup


def test_the_first_screen_holds_no_game_and_no_hidden_card() -> None:
    markup = templates()
    assert markup.count("<template ") == len(LANGS)
    for game_part in ('id="hand"', 'class="card"', "data-space=", "data-family=",
                      'id="board"', "data-camel"):
        assert game_part not in markup, game_part
    # every control of the start screen is there (it becomes live, not different); the
    # buttons that start something keep a click made before (data-early="run")
    assert markup.count('<input type="text" name="me" id="my-name" value=""') == len(LANGS)
    # (the game against the computer; with friends by link, and at this device)
    assert len(re.findall(r'data-action="(?:quick|setup)"(?: data-value="(?:link|here)")? '
                          r'data-early="run"', markup)) == 3 * len(LANGS)
    assert 'id="setup"' not in markup  # the full setup is one click away

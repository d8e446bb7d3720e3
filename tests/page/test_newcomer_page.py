"""A newcomer's first game, headless: the one-click game against the computer,
what the start screen keeps from before the page is live, finished games in the saves
list and the coach's counts in a share link (the rules panel's pictures:
test_rules_pictures.py)."""

from __future__ import annotations

import json
import re

import pytest
from samarkand_web.saves.links import parse_location, share_url
from samarkand_web.saves.storage import PREFS_KEY, MemoryStore, Prefs, Saves, load_prefs
from samarkand_web.state.controller import HUMAN
from samarkand_web.state.early import early_intent
from samarkand_web.view.render import render
from samarkand_web.words.i18n import t

from samarkand_core import decode_save, encode_save, new_game
from tests.support.web_support import ORIGIN, PATH, Clock, Ids, make_app, random_game, shared_link

# ------------------------------------------------------------------ one click to a game


def test_one_click_starts_a_game_against_two_medium_bots_with_the_coach_on() -> None:
    app = make_app()
    app.boot("", "")
    home = render(app).regions["home"]
    assert 'id="quick-play"' in home and t("en", "quick.play") in home
    assert 'id="setup-toggle"' in home and t("en", "quick.friends") in home
    app.dispatch("quick", "", {"me": ""})
    ctl = app.ctl
    assert app.screen == "game" and ctl is not None
    assert ctl.seats == (HUMAN, "heuristic", "heuristic")  # "heuristic" is shown as Medium
    assert ctl.state.names[0] == "Player 1" and app.coach.on
    assert app.entry is not None  # saved as it starts, like every game


def test_who_starts_the_one_click_game_is_drawn_at_random() -> None:
    """Not always the person: over new games (new seeds) each of the three seats starts."""
    starters = set()
    for seed in range(40):
        app = make_app(seed=seed)
        app.dispatch("quick", "", {"me": "Ann"})
        assert app.ctl is not None
        starters.add(app.ctl.state.current_player)
    assert starters == {0, 1, 2}


def test_the_name_played_under_is_remembered_for_the_next_one_click_game() -> None:
    store = MemoryStore()
    app = make_app(store)
    app.set_lang("de")
    app.dispatch("quick", "", {"me": "  Zoë "})
    assert app.ctl is not None and app.ctl.state.names[0] == "Zoë"
    assert load_prefs(store) == Prefs(lang="de", speed="normal", name="Zoë")
    again = make_app(store)  # the next visit
    assert 'id="my-name" value="Zoë"' in render(again).regions["home"]
    again.dispatch("quick", "", {})  # one click, nothing typed: the name remembered
    assert again.ctl is not None and again.ctl.state.names[0] == "Zoë"


def test_a_name_the_game_refuses_is_said_beside_the_field_and_nothing_starts() -> None:
    store = MemoryStore()
    app = make_app(store)
    fx = app.dispatch("quick", "", {"me": "Bot 2 (Medium)"})  # a bot's name: twice
    assert app.screen == "home" and app.ctl is None and fx.focus == "#quick-problems"
    home = render(app).regions["home"]
    assert re.search(r'<ul id="quick-problems" class="problems" role="alert"', home)
    assert 'value="Bot 2 (Medium)"' in home  # what was typed stays
    assert load_prefs(store).name is None and not Saves(store, Clock()).list()[0]


def test_enter_in_the_name_field_plays_while_the_full_setup_is_folded_away() -> None:
    app = make_app()
    app.dispatch("start", "", {"me": "Ann", "count": "3"})  # the form's submit event
    assert app.ctl is not None and app.ctl.seats == (HUMAN, "heuristic", "heuristic")


def test_play_with_friends_opens_the_full_setup_one_click_away() -> None:
    app = make_app()
    home = render(app).regions["home"]
    assert 'id="setup"' not in home and 'aria-expanded="false"' in home
    fx = app.dispatch("setup", "", {"me": "Ann"})
    home = render(app).regions["home"]
    assert fx.focus == "#count"
    assert 'aria-expanded="true" aria-controls="setup"' in home and 'id="setup"' in home
    assert home.count('class="seat-row"') == 3  # three people by default
    assert 'value="Ann"' in home  # the name typed before stays
    app.dispatch("start", "", {"me": "Ann", "count": "2", "name0": "Ann", "name1": "Bob",
                               "kind0": HUMAN, "kind1": HUMAN, "first": "1", "seed": "",
                               "coach": "on"})
    assert app.ctl is not None and app.ctl.seats == (HUMAN, HUMAN)
    assert app.ctl.state.names == ("Ann", "Bob")


def test_an_address_with_players_shows_the_full_setup() -> None:
    app = make_app()
    app.boot("?players=Ann,Ann", "")  # two names alike: not started, the setup says why
    assert app.screen == "home" and 'id="setup"' in render(app).regions["home"]


# ------------------------------------------------------------------ preferences


@pytest.mark.parametrize(("raw", "expected"), [
    ('{"lang":"de","speed":"fast"}', Prefs("de", "fast", None)),  # before the name
    ('{"lang":"de","speed":"fast","name":"Ann"}', Prefs("de", "fast", "Ann")),
    ('{"lang":"de","speed":"fast","name":7}', Prefs("de", "fast", None)),
    ('{"lang":"de","name":["x"]}', Prefs("de", None, None)),
])
def test_preferences_with_and_without_a_name(raw: str, expected: Prefs) -> None:
    assert load_prefs(MemoryStore({PREFS_KEY: raw})) == expected


def test_preferences_without_a_name_are_written_as_before() -> None:
    assert json.loads(Prefs("en", "normal").to_json()) == {"lang": "en", "speed": "normal"}


# ------------------------------------------------------------------ clicks while loading


def early(action: str, form: object = None, value: object = "") -> str:
    return json.dumps({"action": action, "value": value, "form": form or {}})


def test_a_click_kept_while_loading_is_read_back_as_the_page_dispatches_it() -> None:
    assert early_intent(early("quick", {"me": "Ann", "count": "3"})) == (
        "quick", "", {"me": "Ann", "count": "3"})
    assert early_intent(early("quick-name", {"me": "Zoë"})) == ("quick-name", "", {"me": "Zoë"})


@pytest.mark.parametrize("raw", [
    None, "", "nonsense", "[]", "42", early("delete-yes"), early("resume"), early("quick", [1]),
    early("quick", value=5), json.dumps({"value": ""}),
])
def test_nothing_but_a_start_screen_action_is_carried_out(raw: object) -> None:
    assert early_intent(raw) is None


def test_a_kept_click_carried_out_starts_the_game_with_what_was_typed() -> None:
    app = make_app()
    app.boot("", "")
    kept = early_intent(early("quick", {"me": "Ann"}))
    assert kept is not None
    app.dispatch(*kept)
    assert app.ctl is not None and app.ctl.state.names[0] == "Ann"


def test_a_name_typed_while_loading_is_shown_once_the_page_is_live() -> None:
    app = make_app()
    kept = early_intent(early("quick-name", {"me": "Zoë"}))
    assert kept is not None
    assert app.dispatch(*kept).render
    assert 'id="my-name" value="Zoë"' in render(app).regions["home"]


# ------------------------------------------------------------------ finished games


def test_a_finished_game_in_the_saves_list_says_so_and_offers_its_replay() -> None:
    store = MemoryStore()
    saves = Saves(store, Clock(), Ids())
    over = saves.create(random_game(2, 3), (HUMAN, HUMAN))
    going = saves.create(new_game(["Cem", "Dan"], 5), (HUMAN, HUMAN))
    app = make_app(store)
    home = render(app).regions["home"]
    item = re.search(rf'<li class="save" data-save="{over.id}">.*?</li>', home)
    assert item is not None
    assert '<span class="finished-tag">Finished</span>' in item[0]
    assert "Resume" not in item[0]
    assert re.search(rf'<button type="button" class="primary" data-action="replay-save" '
                     rf'data-value="{over.id}"', item[0])
    assert f'data-action="resume" data-value="{over.id}" aria-label="Final scores:' in item[0]
    other = re.search(rf'<li class="save" data-save="{going.id}">.*?</li>', home)
    assert other is not None and "finished-tag" not in other[0]
    assert re.search(r'class="primary" data-action="resume"[^>]*>Resume<', other[0])


# ------------------------------------------------------------------ the coach's counts


def test_a_share_link_carries_the_coachs_counts_beside_an_unchanged_save_code() -> None:
    """Determinism: the save code is the one encode_save writes (old pages read it); the
    counts ride after it, like the bot seats."""
    s = random_game(3, 4)
    store = MemoryStore()
    entry = Saves(store, Clock(), Ids()).create(s, (HUMAN, HUMAN, "heuristic"),
                                                coach_used=(3, 1, 0))
    app = make_app(store)
    app.dispatch("share-save", entry.id)
    link = shared_link(app)
    assert link == f"{ORIGIN}{PATH}#{encode_save(s)}&bots=3:heuristic&coached=3,1,0"
    code = link.partition("#")[2].partition("&")[0]
    assert encode_save(decode_save(code)) == code  # the same game, read back
    # opened elsewhere: the end screen of the copy says what the original's said
    there = make_app(MemoryStore())
    there.boot("", "#" + link.partition("#")[2])
    assert there.entry is not None and there.entry.coach_used == (3, 1, 0)
    overlay = render(there).regions["overlay"]
    assert re.search(r'data-coach-used="0"><strong>Ann</strong>: 3 suggestions', overlay)
    assert re.search(r'data-coach-used="1"><strong>Bob</strong>: 1 suggestion<', overlay)


def test_a_link_without_counts_opens_as_before_and_one_made_without_coaching_has_none() -> None:
    s = random_game(2, 6)
    assert share_url("x", "CODE", (HUMAN, HUMAN), (0, 0)) == "x#CODE"
    app = make_app()
    app.boot("", f"#{encode_save(s)}")
    assert app.entry is not None and app.entry.coach_used == ()
    assert app.coach.used == [0, 0]


@pytest.mark.parametrize("bad", ["", "1", "a,b", "1,-2", "1,2,3", "1,999999"])
def test_bad_counts_in_a_link_are_said_and_the_game_opens_without_them(bad: str) -> None:
    s = random_game(2, 6)
    app = make_app()
    app.boot("", f"#{encode_save(s)}&coached={bad}")
    assert app.screen == "game" and app.entry is not None and app.entry.coach_used == ()
    assert "link.bad_coached" in [m.key for m in app.messages]


def test_counts_given_twice_leave_the_link_unopened() -> None:
    req = parse_location("", "#CODE&coached=1,0&coached=2,0")
    assert req.code is None and [p.key for p in req.problems] == ["link.repeated_game"]

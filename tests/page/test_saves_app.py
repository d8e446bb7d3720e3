"""Saved games under stress, as the page sees them: the App driven like
main.py drives it (dispatch, storage_changed, boot), render() read like the screen."""

from __future__ import annotations

import json
import re
from html import unescape

import pytest
from samarkand_web.handlers import saves
from samarkand_web.saves.backup import export_backup
from samarkand_web.saves.storage import PREFIX, MemoryStore, Saves
from samarkand_web.state.app import App
from samarkand_web.view.render import render

from benchmarks.import_bench import same_player_backup
from samarkand_core import GameState, decode_save, encode_save, final_scores, new_game
from tests.support.app_play import click_legal
from tests.support.web_support import (
    PATH,
    Clock,
    Ids,
    make_app,
    played,
    played_out,
    random_game,
    shared_link,
)


def fill(store: MemoryStore) -> None:
    """No room for one more character."""
    store.quota = sum(len(k) + len(v) for k, v in store.data.items())


def save_ids(html: str) -> list[str]:
    return re.findall(r'<li class="save" data-save="([^"]+)"', html)


def message_keys(app: App) -> list[str]:
    return [m.key for m in app.messages]


def import_file(app: App, text: str) -> int:
    """Import a backup as main.py does: the file, then its slices one task each, until
    no more is asked for; how many slices ran."""
    fx = saves.import_backup_text(app, text)
    slices = 0
    while fx.import_token is not None:
        fx = saves.import_tick(app, fx.import_token)
        slices += 1
    return slices


# -- a full store hides nothing


def test_a_full_store_at_start_lists_every_save_and_opens_one() -> None:
    store = MemoryStore()
    sv = Saves(store, Clock(), Ids())
    a = sv.create(new_game(["Ann", "Bob"], 1), ("human", "human"))
    b = sv.create(played(new_game(["Cem", "Dee"], 2), 9), ("human", "human"))
    fill(store)
    app = make_app(store)
    app.storage_full_at_start()  # what main.py does when probe() says "full"
    app.boot("", "")
    home = render(app).regions["home"]
    assert sorted(save_ids(home)) == sorted([a.id, b.id])
    assert "No saved games yet" not in home
    assert "Your saved games are all listed" in render(app).regions["header"]
    assert app.messages == []  # the header's alert, no message over the page
    fx = app.boot(f"?game={b.id}", "")
    assert app.screen == "game" and fx.url == f"{PATH}?game={b.id}"
    assert "problem.missing" not in message_keys(app)


def test_a_move_the_full_store_refused_is_named_with_two_ways_out_and_saved_once_room_is_made(
        ) -> None:
    store = MemoryStore()
    app = make_app(store)
    app.boot("?players=Cem,Dee&seed=3", "")
    old = Saves(store, Clock(), lambda: "oldgame1").create(new_game(["Eve", "Fay"], 4),
                                                           ("human", "human"))
    fill(store)
    for i in range(4):
        click_legal(app, i)
    assert app.ctl is not None and app.game.unsaved
    alert = render(app).regions["header"]
    turn = app.ctl.state.turn
    assert f"Turn {turn} of the game of Cem, Dee is not saved" in alert
    assert 'data-action="share"' in alert and 'data-action="home"' in alert
    stored = decode_save(json.loads(store.data[PREFIX + "save0001"])["code"])
    assert len(stored.actions) < len(app.ctl.state.actions)
    # the way out: to the saves, delete the old game; this game is saved at once
    app.dispatch("home")
    app.dispatch("delete", old.id)
    app.dispatch("delete-yes", old.id)
    assert not app.game.unsaved
    assert store.data[PREFIX + "save0001"] == app.entry.to_json()  # type: ignore[union-attr]
    assert decode_save(app.entry.code).actions == app.ctl.state.actions  # type: ignore[union-attr]
    assert message_keys(app) == ["storage.saved_again"]
    assert app.storage_state == "" and "storage-alert" not in render(app).regions["header"]


# -- two tabs


def two_tabs(seats: str = "Ann,Bob") -> tuple[MemoryStore, App, App]:
    """Two tabs of one browser: two Apps whose stores share one dict."""
    store_a, store_b = MemoryStore(), MemoryStore()
    store_b.data = store_a.data
    ids, clock = Ids(), Clock()
    tab_a = make_app(store_a, new_id=ids, now=clock)
    tab_b = make_app(store_b, new_id=ids, now=clock)
    tab_a.boot(f"?players={seats}&seed=7", "")
    assert tab_a.entry is not None
    tab_b.boot(f"?game={tab_a.entry.id}", "")
    return store_a, tab_a, tab_b


def actions_of(app: App) -> list[object]:
    assert app.ctl is not None
    return list(app.ctl.state.actions)


def act(app: App, pick: int) -> None:
    """One move by a person: take the device if asked, then the pick-th legal choice
    (its clicks: a family, then a space, and so on)."""
    n = len(actions_of(app))
    for _ in range(10):
        click_legal(app, pick)
        if len(actions_of(app)) > n:
            return
    raise AssertionError("no move was made")


def test_a_tab_told_of_another_tabs_moves_shows_them_and_plays_on_from_there() -> None:
    # A makes 5 moves, then B makes 2. B is told by the storage event
    # and brought up to date, so the save ends with all 7 moves.
    store, tab_a, tab_b = two_tabs()
    key = PREFIX + tab_a.entry.id  # type: ignore[union-attr]
    for _ in range(5):
        act(tab_a, 0)
        saves.storage_changed(tab_b, key)
    assert "tabs.updated" in message_keys(tab_b)
    assert encode_save(tab_b.ctl.state) == encode_save(tab_a.ctl.state)  # type: ignore[union-attr]
    for _ in range(2):
        act(tab_b, 1)
        saves.storage_changed(tab_a, key)
    stored = decode_save(json.loads(store.data[key])["code"])
    assert stored.actions == tab_b.ctl.state.actions == tab_a.ctl.state.actions  # type: ignore[union-attr]
    assert len(stored.actions) == 7 and [k for k in store.data if k.startswith(PREFIX)] == [key]


def test_a_stale_tab_that_was_told_nothing_keeps_its_moves_as_a_copy() -> None:
    # No storage event reached B (a frozen tab, say): its moves become a save of their
    # own, A's stay in the original, and B says so.
    store, tab_a, tab_b = two_tabs()
    key = PREFIX + tab_a.entry.id  # type: ignore[union-attr]
    for _ in range(5):
        act(tab_a, 0)
    a_code = json.loads(store.data[key])["code"]
    for _ in range(2):
        act(tab_b, 1)  # from the start, a first move that A did not make
    assert json.loads(store.data[key])["code"] == a_code  # A's moves were not overwritten
    assert tab_b.entry is not None and tab_b.entry.id != tab_a.entry.id  # type: ignore[union-attr]
    assert tab_b.entry.origin == "copy" and "tabs.copy" in message_keys(tab_b)
    assert decode_save(tab_b.entry.code).actions == tab_b.ctl.state.actions  # type: ignore[union-attr]
    home = make_app(MemoryStore())
    home.store.data = store.data  # type: ignore[attr-defined]
    home.saves.store = home.store
    home.boot("", "")
    assert "a copy: also played in another tab" in render(home).regions["home"]


def test_a_tab_brought_up_to_date_lets_only_the_other_tab_play_the_bots() -> None:
    _, tab_a, tab_b = two_tabs("Ann,bot:random")
    key = PREFIX + tab_a.entry.id  # type: ignore[union-attr]
    while not tab_a.ctl.bot_to_move:  # type: ignore[union-attr]
        act(tab_a, 0)
    while tab_a.ctl.bot_to_move:  # type: ignore[union-attr]
        tab_a.game.bot_tick(tab_a.game.bot_token)
    while not tab_a.ctl.bot_to_move:  # type: ignore[union-attr]
        act(tab_a, 0)  # and now the bot is to move again
    fx = saves.storage_changed(tab_b, key)
    assert tab_b.game.paused and fx.bot_delay is None
    assert "tabs.updated_bots" in message_keys(tab_b)


def test_the_saves_list_of_another_tab_is_drawn_anew_when_the_store_changes() -> None:
    store, tab_a, tab_b = two_tabs()
    tab_b.dispatch("home")
    tab_a.boot("?players=Cem,Dee&seed=9", "")
    assert saves.storage_changed(tab_b, PREFIX + tab_a.entry.id).render  # type: ignore[union-attr]
    assert len(save_ids(render(tab_b).regions["home"])) == 2
    assert not saves.storage_changed(tab_b, "samarkand.prefs").render


# -- hashchange


def test_a_share_link_opened_in_a_tab_already_on_the_page_opens_its_game() -> None:
    store = MemoryStore()
    app = make_app(store)
    app.boot("", "")
    game = played(new_game(["Ann", "Bob"], 11), 6)
    fx = app.dispatch("hash", "#" + encode_save(game) + "&bots=2:random")
    assert app.screen == "game" and app.ctl is not None
    assert encode_save(app.ctl.state) == encode_save(game)
    assert app.ctl.seats == ("human", "random")
    assert fx.url == f"{PATH}?game=save0001"  # the fragment leaves the address
    assert "link.imported" in message_keys(app)
    assert not app.dispatch("hash", "").render  # an empty fragment changes nothing
    app.dispatch("hash", "#s1-AAAAnotagame")  # a bad link next: its message, not both
    app.dispatch("hash", "#hello")
    assert message_keys(app) == ["problem.bad_link"] and app.screen == "home"


# -- escaped once


def finished_game(names: list[str]) -> GameState:
    return played_out(new_game(names, 5), 3)


def test_a_winners_name_is_escaped_exactly_once_in_the_saves_list() -> None:
    state = finished_game(["Tom & Jerry", "<Bo> & \"Co\""])
    store = MemoryStore()
    Saves(store, Clock(), Ids()).create(state, ("human", "human"))
    app = make_app(store)
    app.boot("", "")
    home = render(app).regions["home"]
    winners = ", ".join(state.names[w] for w in final_scores(state).winners)
    meta = re.search(r'<span class="save-meta">(.*?)</span>', home)
    assert meta is not None
    assert f"won by {winners}" in unescape(meta.group(1))
    assert "&amp;amp;" not in home and "&amp;lt;" not in home
    assert "<Bo>" not in home and "&lt;Bo&gt; &amp; &quot;Co&quot;" in home


# -- a stored key with a double quote


def test_a_key_with_a_double_quote_can_be_deleted_and_never_enters_a_selector() -> None:
    key = PREFIX + 'x"y'
    store = MemoryStore({key: "{}"})
    app = make_app(store)
    app.boot("", "")
    home = render(app).regions["home"]
    assert 'data-bad-save="samarkand.save.x&quot;y"' in home
    fx = app.dispatch("delete", key)
    assert fx.focus is not None and "x" not in fx.focus.replace("-yes", "")
    assert 'data-action="delete-yes" data-value="samarkand.save.x&quot;y"' in render(
        app).regions["home"]
    fx = app.dispatch("delete-yes", key)
    assert key not in store.data and fx.focus == "#saves h2"


# -- the same link twice


def test_the_same_link_twice_opens_the_save_it_made_and_an_older_link_offers_a_copy() -> None:
    store = MemoryStore()
    game = played(new_game(["Ann", "Bob"], 12), 4)
    link = "#" + encode_save(game)
    app = make_app(store)
    app.boot("", link)
    first = app.entry
    assert first is not None and "link.imported" in message_keys(app)
    again = make_app(store)
    again.boot("", link)
    assert again.entry == first and message_keys(again) == ["link.already"]
    for i in range(3):
        click_legal(again, i)
    later = make_app(store)
    later.boot("", link)
    assert later.entry is not None and later.entry.id == first.id
    assert encode_save(later.ctl.state) == encode_save(again.ctl.state)  # type: ignore[union-attr]
    assert message_keys(later) == ["link.already_further"]
    assert 'data-action="link-copy"' in render(later).regions["messages"]
    later.dispatch("link-copy")
    assert later.ctl is not None
    assert later.entry.id != first.id and encode_save(later.ctl.state) == link[1:]
    assert len([k for k in store.data if k.startswith(PREFIX)]) == 2


# -- backups through the page


def test_export_then_import_after_clearing_site_data_gives_every_game_back() -> None:
    store = MemoryStore()
    app = make_app(store)
    app.boot("?players=Ann,Bob&seed=1", "")
    for i in range(5):
        click_legal(app, i)
    app.boot("?players=Cem,Dee,Eve&seed=2", "")
    app.dispatch("home")
    before = {k: json.loads(v)["code"] for k, v in store.data.items() if k.startswith(PREFIX)}
    fx = app.dispatch("export")
    assert fx.download is not None
    name, text = fx.download
    assert re.fullmatch(r"samarkand-saves-\d{4}-\d\d-\d\d\.json", name)
    assert "backup.exported" in message_keys(app)
    cleared = MemoryStore()  # site data cleared
    fresh = make_app(cleared, now=Clock(1_800_000_000_000.0))  # later, as a real device
    fresh.boot("", "")
    assert fresh.dispatch("import").pick_file
    import_file(fresh, text)
    after = {k: json.loads(v)["code"] for k, v in cleared.data.items() if k.startswith(PREFIX)}
    assert after == before and "backup.added" in message_keys(fresh)
    assert "2 games from the file were added" in render(fresh).regions["messages"]
    import_file(fresh, text)  # again: nothing twice
    assert len([k for k in cleared.data if k.startswith(PREFIX)]) == 2
    assert message_keys(fresh) == ["backup.already"]
    assert import_file(fresh, "not a backup") == 0
    assert message_keys(fresh) == ["backup.not_json"]


def test_the_saves_list_offers_export_and_import() -> None:
    app = make_app(MemoryStore())
    app.boot("", "")
    home = render(app).regions["home"]
    assert 'data-action="export"' in home and 'data-action="import"' in home


def test_a_new_game_that_a_full_store_refused_is_named_in_the_message() -> None:
    # The message names the game that was not saved, not the one open before.
    store = MemoryStore()
    app = make_app(store)
    app.boot("?players=Ann,Bob&seed=1", "")
    fill(store)
    app.boot("?players=Cem,Dee&seed=2", "")
    assert app.entry is None and app.game.unsaved
    assert "the game of Cem, Dee is not saved" in render(app).regions["header"]


def test_a_position_link_opened_in_a_tab_already_on_the_page_opens_the_replay() -> None:
    # A replay's position link (#code&at=N) opened in a tab on the page: shown, and
    # nothing saved.
    store = MemoryStore()
    app = make_app(store)
    app.boot("", "")
    game = played(new_game(["Ann", "Bob"], 11), 6)
    app.dispatch("hash", "#" + encode_save(game) + "&at=2")
    assert app.screen == "replay" and not [k for k in store.data if k.startswith(PREFIX)]


def test_an_import_runs_in_slices_showing_how_far_it_is_and_draws_the_list_at_the_end(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # A file of many saves must not freeze the page: main.py runs one slice per task,
    # and between slices the page shows "Importing saves: 8 of 20".
    from samarkand_web.saves import backup

    monkeypatch.setattr(backup, "SLICE_STEPS", 4)
    text = same_player_backup(20)
    app = make_app(MemoryStore(), now=Clock(1_800_000_000_000.0))
    app.boot("", "")
    fx = saves.import_backup_text(app, text)
    seen = []
    while fx.import_token is not None:
        home = render(app).regions["home"]
        progress = re.search(r'<p id="import-progress" role="status">([^<]*)</p>', home)
        assert progress is not None and save_ids(home) == []  # no list read meanwhile
        seen.append(progress.group(1))
        assert saves.import_backup_text(app, text).import_token is None  # one import at a time
        assert message_keys(app) == ["backup.busy"]
        app.messages.clear()
        fx = saves.import_tick(app, fx.import_token)
    assert seen[0] == "Importing saves: 0 of 20" and len(set(seen)) >= 4
    assert seen == sorted(seen, key=lambda s: int(s.split()[2]))
    assert message_keys(app) == ["backup.added"]
    assert len(save_ids(render(app).regions["home"])) == 20
    assert saves.import_tick(app, fx.import_token or 1).render is False  # a stale slice: nothing


def test_the_import_progress_is_said_in_every_language_with_its_numbers() -> None:
    from samarkand_web.words.i18n import number, t

    assert [number(lang, 1000) for lang in ("en", "de", "fr", "it")] == [
        "1,000", "1.000", "1\u202f000", "1.000"]
    assert t("en", "backup.importing", n=1000, done=number("en", 340),
             total=number("en", 1000)) == "Importing saves: 340 of 1,000"
    assert t("de", "backup.importing", n=1000, done="340", total="1.000") == (
        "Spielstände werden importiert: 340 von 1.000")
    assert t("en", "backup.importing", n=1, done="0", total="1") == (
        "Importing the save: 0 of 1")


def test_an_imported_save_dated_in_the_future_is_dated_now_and_the_page_says_so() -> None:
    sv = Saves(MemoryStore(), Clock(), Ids())
    sv.create(new_game(["Ann", "Bob"], 1), ("human", "human"))
    doc = json.loads(export_backup(sv, 1.0)[0])
    doc["saves"][0]["created"] = doc["saves"][0]["updated"] = 253_402_300_799_999.0
    app = make_app(MemoryStore(), now=Clock(1_800_000_000_000.0))
    app.boot("", "")
    import_file(app, json.dumps(doc))
    assert message_keys(app) == ["backup.added", "backup.future_dates"]
    assert "One game of the file was dated later than now" in render(app).regions["messages"]
    assert "9999" not in render(app).regions["home"]


@pytest.mark.parametrize("lang", ["en", "de", "fr", "it"])
def test_sharing_an_unfinished_game_says_what_the_link_reveals_and_a_finished_one_does_not(
        lang: str) -> None:
    # The save code holds the seed: whoever decodes a link can deal the game again, so
    # every hand and the cards still to be drawn (docs/rules.md, Goods: a hand is secret).
    from samarkand_web.words.i18n import t

    store = MemoryStore()
    app = make_app(store, lang=lang)
    app.boot("?players=Ann,Bob&seed=1", "")
    for i in range(4):
        click_legal(app, i)
    ctl = app.ctl
    assert ctl is not None and not ctl.state.is_over
    app.dispatch("share")
    overlay = unescape(render(app).regions["overlay"])
    assert t(lang, "share.secret") in overlay
    assert t(lang, "share.unfinished", turn=ctl.committed.turn) in overlay
    assert t(lang, "share.copy_now") in overlay
    code = shared_link(app).split("#", 1)[1].split("&")[0]
    assert decode_save(code).actions == ctl.committed.actions  # up to now: nothing more
    # from the saves list, the same
    app.dispatch("close")
    app.dispatch("home")
    entry = Saves(store, Clock(), Ids()).list()[0][0]
    app.dispatch("share-save", entry.id)
    assert t(lang, "share.secret") in unescape(render(app).regions["overlay"])
    # a finished game: nothing left to reveal, no warning
    done = make_app(lang=lang)
    done.boot("", "#" + encode_save(random_game(2, 3)))
    assert done.ctl is not None and done.ctl.state.is_over
    done.dispatch("share")
    overlay = unescape(render(done).regions["overlay"])
    assert t(lang, "share.text") in overlay and t(lang, "share.secret") not in overlay
    assert "share-secret" not in overlay


@pytest.mark.parametrize("action", ["share-save", "replay-save"])
def test_a_saved_game_the_storage_refuses_to_read_is_said_so_not_a_page_error(
        action: str) -> None:
    """Bad input gets a clear message and loses nothing: a saved game that the browser's
    storage refuses to read (blocked since the list was drawn) opens neither its share
    link nor its replay; the player sees the storage alert with its cause, never
    "Something went wrong in the page"; a missing one says it is missing."""
    store = MemoryStore()
    app = make_app(store)
    app.boot("?players=Ann,Bob&seed=2", "")
    click_legal(app, 0)
    entry = Saves(store, Clock(), Ids()).list()[0][0]
    app.dispatch("home")
    store.broken = True
    app.dispatch(action, entry.id)
    assert app.screen == "home" and app.overlay is None
    assert "error.internal" not in message_keys(app)
    header = render(app).regions["header"]
    assert header.count('class="storage-alert"') == 1
    store.broken = False
    app.dispatch(action, "no-such-save")
    assert app.screen == "home" and "problem.missing" in message_keys(app)

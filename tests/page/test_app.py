"""The page as an object (samarkand_web.state.app + render), driven like main.py drives it:
dispatch(action, value, form), bot_tick(token), render(app)."""

from __future__ import annotations

import html
import re

from samarkand_web.saves.storage import PREFIX, MemoryStore, Saves, StorageUnavailable
from samarkand_web.state.app import App
from samarkand_web.state.controller import HUMAN
from samarkand_web.state.screen import Scores
from samarkand_web.view.render import piece_patch, render

from samarkand_core import encode_save
from tests.support.app_play import MarkupNodes, click_legal
from tests.support.web_support import (
    ORIGIN,
    PATH,
    Clock,
    make_app,
    random_game,
    shared_link,
)


def test_address_with_players_starts_a_saved_game_at_once() -> None:
    store = MemoryStore()
    app = make_app(store)
    fx = app.boot("?players=Ann,Bob,Cem&seed=7", "")
    assert app.screen == "game" and app.ctl is not None
    assert app.ctl.state.names == ("Ann", "Bob", "Cem") and app.ctl.state.options.seed == 7
    assert fx.url == f"{PATH}?game=save0001"
    assert PREFIX + "save0001" in store.data
    page = render(app)
    assert page.show["game"] and not page.show["home"]
    assert "Pass the device to" in page.regions["overlay"]


def test_whole_hotseat_game_by_clicks_autosaves_after_every_action() -> None:
    store = MemoryStore()
    app = make_app(store)
    app.boot("?players=Ann,Bob&seed=3", "")
    codes = set()
    clicks = 0
    while not app.ctl.is_over:  # type: ignore[union-attr]
        click_legal(app, clicks)
        clicks += 1
        codes.add(store.data[PREFIX + "save0001"])
        assert not [m for m in app.messages if m.kind == "error"], app.messages
        assert clicks < 3000
    assert app.overlay == Scores()
    page = render(app)
    assert "Final scores" in page.regions["overlay"]
    for name in ("Ann", "Bob"):
        assert name in page.regions["overlay"]
    entry = Saves(store, Clock()).get("save0001")
    assert entry.over and entry.winners
    assert len(codes) > 50  # saved as the game went on


def test_resume_after_reload_gives_the_same_game() -> None:
    store = MemoryStore()
    app = make_app(store)
    app.boot("?players=Ann,Bob,Cem&seed=5", "")
    i = 0
    while i < 25 or app.ctl.state is not app.ctl.committed:  # type: ignore[union-attr]
        click_legal(app, i)  # (up to a committed move: pending ones are never saved)
        i += 1
    code = encode_save(app.ctl.committed)  # type: ignore[union-attr]
    reloaded = make_app(store)
    fx = reloaded.boot("?game=save0001", "")
    assert reloaded.screen == "game" and encode_save(reloaded.ctl.state) == code  # type: ignore[union-attr]
    assert fx.url == f"{PATH}?game=save0001"
    assert reloaded.ctl.log == app.ctl.log  # type: ignore[union-attr]


def test_share_link_opens_as_a_new_save_with_its_bot_seats() -> None:
    app = make_app()
    app.boot("?players=Ann,bot:random,Cem&seed=8", "")
    for i in range(12):
        if app.ctl.bot_to_move:  # type: ignore[union-attr]
            app.game.bot_tick(app.game.bot_token)
        else:
            click_legal(app, i)
    app.dispatch("share")
    link = shared_link(app)
    assert link and link.startswith(f"{ORIGIN}{PATH}#s1-") and "&bots=2:random" in link
    assert html.escape(link) in render(app).regions["overlay"]
    assert app.dispatch("copy").copy == link

    other_store = MemoryStore()
    mine = Saves(other_store, Clock(), lambda: "mine00").create(random_game(2, 1),
                                                                ("human", "human"))
    before = other_store.data[PREFIX + mine.id]
    friend = make_app(other_store)
    fx = friend.boot("", "#" + link.split("#", 1)[1])
    assert friend.screen == "game"
    assert encode_save(friend.ctl.state) == encode_save(app.ctl.committed)  # type: ignore[union-attr]
    assert friend.ctl.seats == (HUMAN, "random", HUMAN)  # type: ignore[union-attr]
    assert fx.url is not None and "#" not in fx.url and "?game=" in fx.url
    assert other_store.data[PREFIX + mine.id] == before
    assert len([k for k in other_store.data if k.startswith(PREFIX)]) == 2
    assert any(m.key == "link.imported" for m in friend.messages)


def test_a_bad_link_shows_a_clear_message_and_leaves_the_saves_alone() -> None:
    store = MemoryStore()
    Saves(store, Clock(), lambda: "keep01").create(random_game(2, 1), ("human", "human"))
    before = dict(store.data)
    app = make_app(store)
    fx = app.boot("", "#s1-thisisnotagame")
    assert app.screen == "home" and fx.url == PATH
    assert [m.key for m in app.messages] == ["problem.bad_link"]
    page = render(app)
    assert "does not hold a game" in page.regions["messages"]
    assert 'data-save="keep01"' in page.regions["home"]
    assert store.data == before


def test_a_corrupted_entry_is_listed_with_a_message_and_the_rest_still_resume() -> None:
    store = MemoryStore()
    Saves(store, Clock(), lambda: "good01").create(random_game(3, 2), ("human",) * 3)
    store.data[PREFIX + "broken"] = '{"v": 1, "id": "broken", "code": 12}'
    app = make_app(store)
    app.boot("", "")
    home = render(app).regions["home"]
    assert 'data-bad-save="samarkand.save.broken"' in home
    assert "could not be read" in home
    assert 'data-save="good01"' in home
    app.dispatch("resume", "good01")
    assert app.screen == "game"
    app.dispatch("resume", "broken")
    assert any(m.key == "problem.damaged" for m in app.messages)


def test_full_storage_says_so_and_the_game_goes_on() -> None:
    store = MemoryStore()
    app = make_app(store)
    app.boot("?players=Ann,Bob&seed=2", "")
    store.quota = sum(len(k) + len(v) for k, v in store.data.items()) - 1
    for i in range(6):
        click_legal(app, i)
    # one alert in the header, not a message per move, naming what was not saved; no
    # floating message over the game's controls
    assert app.messages == [] and app.storage_state == "unsaved"
    page = render(app)
    assert page.regions["header"].count('class="storage-alert"') == 1
    assert app.ctl is not None
    assert f"Turn {app.ctl.state.turn} of the game of Ann, Bob is not saved" in page.regions[
        "header"]
    assert 'data-action="share"' in page.regions["header"]  # a way out
    assert app.ctl is not None and app.ctl.state.turn > 1


def test_a_store_that_refuses_writes_for_another_cause_says_the_same_once() -> None:
    """A store that reads but refuses a write (a SecurityError, not a full quota) gives
    the same single alert as a full one: never "full" and "off" at once."""

    class Refusing(MemoryStore):
        def set(self, key: str, value: str) -> None:
            raise StorageUnavailable("SecurityError: The operation is insecure.")

    store = Refusing()
    app = make_app(store)
    app.storage_full_at_start()  # main.py's probe: it reads, but a write fails
    assert app.storage_state == "refused"
    assert render(app).regions["header"].count('class="storage-alert"') == 1
    app.boot("?players=Ann,Bob&seed=2", "")
    for i in range(4):
        click_legal(app, i)
    page = render(app)
    assert app.messages == [] and app.storage_state == "unsaved"
    assert page.regions["header"].count('class="storage-alert"') == 1
    assert "does not let the page save games" not in page.regions["header"]
    assert "SecurityError" in page.regions["header"]  # the cause, in the details


def test_disabled_storage_warns_and_the_game_still_plays() -> None:
    app = make_app(MemoryStore(broken=True), storage_ok=False)
    app.boot("?players=Ann,Bob&seed=2", "")
    assert app.screen == "game" and app.entry is None
    for i in range(6):
        click_legal(app, i)
    assert app.messages == [] and app.storage_state == "off"
    assert "does not let the page save games" in render(app).regions["header"]


def test_all_bot_game_is_watched_to_the_end_with_slices_and_a_speed() -> None:
    app = make_app()
    fx = app.boot("?players=bot:random,bot:random,bot:random&speed=instant", "")
    assert fx.bot_delay == 0 and fx.bot_token == app.game.bot_token
    ticks = 0
    while not app.ctl.is_over:  # type: ignore[union-attr]
        fx = app.game.bot_tick(fx.bot_token)
        assert fx.bot_delay is not None or app.ctl.is_over  # type: ignore[union-attr]
        ticks += 1
        assert ticks < 5000
    assert app.overlay == Scores()
    assert "Bot 1 (Easy)" in render(app).regions["overlay"]


def test_stale_bot_timers_do_nothing_and_pause_stops_the_bots() -> None:
    app = make_app()
    fx = app.boot("?players=bot:random,bot:random&speed=slow", "")
    assert fx.bot_delay == 1600
    state = app.ctl.state  # type: ignore[union-attr]
    app.dispatch("pause")
    assert app.game.bot_tick(fx.bot_token).bot_delay is None
    assert app.ctl.state is state  # type: ignore[union-attr]
    fx2 = app.dispatch("pause")  # resume
    assert fx2.bot_delay == 1600 and fx2.bot_token != fx.bot_token
    assert not app.game.bot_tick(fx.bot_token).render  # the old timer is ignored
    tick = app.game.bot_tick(fx2.bot_token)
    while app.game.bot_phase != "commit":
        tick = app.game.bot_tick(tick.bot_token)
    assert app.ctl.state is not state  # type: ignore[union-attr]
    app.dispatch("speed", "fast")
    assert app.speed == "fast"


def test_new_game_form_checks_names_and_starts_with_bots() -> None:
    app = make_app()
    app.boot("", "")
    assert 'id="start-form"' in render(app).regions["home"]
    app.dispatch("setup")  # the full setup, one click away
    app.dispatch("form", "count", {"count": "4"})
    assert render(app).regions["home"].count('class="seat-row"') == 4
    form = {"count": "3", "name0": "Ann", "name1": "Ann", "name2": "Cem", "kind0": "human",
            "kind1": "human", "kind2": "human", "first": "random", "seed": ""}
    app.dispatch("start", "", form)
    assert app.screen == "home" and "same name" in render(app).regions["home"]
    form.update(name1="Bob", kind2="random", first="2", seed="99")
    app.dispatch("start", "", form)
    assert app.screen == "game" and app.ctl is not None
    assert app.ctl.seats == (HUMAN, HUMAN, "random")
    assert app.ctl.state.options.seed == 99 and app.ctl.state.options.first_player == 1


def test_a_seats_default_name_sent_as_drawn_before_its_kind_changed_is_no_typed_name() -> None:
    """A seat's default name follows its kind even when the form sent is one drawn before
    the last kind change: with the page's Python in a worker, a second arrow press on
    player 2's kind ("Easy", then "Medium") can go out before the worker's form for the
    first one came back, its name field still "Player 2". That is the form's own name,
    not one a person typed: the seat shows "Bot 2 (Medium)", and starts under it."""
    app = make_app()
    app.boot("", "")
    app.dispatch("setup")
    drawn = {"count": "2", "name0": "Ann", "kind0": "human", "name1": "Player 2",
             "kind1": "human", "first": "random", "seed": ""}
    app.dispatch("form", "kind", {**drawn, "kind1": "random"})
    app.dispatch("form", "kind", {**drawn, "kind1": "heuristic"})  # "Player 2": as drawn
    assert 'id="name1" value="Bot 2 (Medium)"' in render(app).regions["home"]
    # and a name drawn for an earlier level, sent with the start
    app.dispatch("start", "", {**drawn, "name1": "Bot 2 (Easy)", "kind1": "heuristic"})
    assert app.ctl is not None and app.ctl.state.names == ("Ann", "Bot 2 (Medium)")
    # a typed name stays typed
    app = make_app()
    app.boot("", "")
    app.dispatch("setup")
    app.dispatch("form", "kind", {**drawn, "name1": "Pia", "kind1": "random"})
    assert 'id="name1" value="Pia"' in render(app).regions["home"]


def test_delete_needs_a_confirmation() -> None:
    store = MemoryStore()
    Saves(store, Clock(), lambda: "del001").create(random_game(2, 1), ("human", "human"))
    app = make_app(store)
    app.boot("", "")
    app.dispatch("delete", "del001")
    assert PREFIX + "del001" in store.data
    assert 'data-action="delete-yes"' in render(app).regions["home"]
    app.dispatch("delete-no", "del001")
    app.dispatch("delete-yes", "del001")  # not confirmed any more: nothing happens
    assert PREFIX + "del001" in store.data
    app.dispatch("delete", "del001")
    app.dispatch("delete-yes", "del001")
    assert PREFIX + "del001" not in store.data


def test_language_switch_redraws_everything_and_is_remembered() -> None:
    store = MemoryStore()
    app = make_app(store, lang="en-GB")
    app.boot("?players=Ann,Bob&seed=1", "")
    app.dispatch("reveal")
    fx = app.dispatch("lang", "de")
    assert fx.lang == "de"
    page = render(app)
    assert page.lang == "de" and "Heiraten" in page.regions["actions"]
    assert "Datteln" in page.regions["board"] and "Haus " in page.regions["board"]
    assert make_app(store, lang="fr").lang == "de"


def test_language_defaults_to_the_browsers() -> None:
    assert make_app(lang="fr-CH").lang == "fr"
    assert make_app(lang="it").lang == "it"
    assert make_app(lang="ja-JP").lang == "en"


def test_two_player_bag_draw_is_shown_after_a_marriage() -> None:
    app = make_app()
    app.boot("?players=Ann,Bob&seed=4", "")
    for _ in range(6):
        app.dispatch("reveal")
        ctl = app.ctl
        assert ctl is not None
        fid = ctl.marry_families()[0]
        app.dispatch("family", fid)
        app.dispatch("confirm-marriage")
        if ctl.state.phase == "discard":
            app.dispatch("discard")
        if ctl.notices:
            break
    assert ctl is not None  # (mypy forgets the loop's narrowing after it)
    assert ctl.notices and ctl.notices[0].key in ("log.bag_domain", "log.bag_removed")
    app.dispatch("reveal")
    status = render(app).regions["status"]
    assert "Drawn from the bag" in status


def test_every_control_has_an_accessible_name() -> None:
    app = make_app()
    app.boot("?players=Ann,bot:random&seed=1", "")
    pages = [render(app)]
    app.dispatch("share")
    pages.append(render(app))
    app.dispatch("home")
    pages.append(render(app))
    for page in pages:
        for region in page.regions.values():
            for m in re.finditer(r"<button[^>]*>(.*?)</button>", region, re.S):
                label = re.search(r'aria-label="([^"]+)"', m.group(0))
                text = re.sub(r"<[^>]+>", "", m.group(1)).strip()
                assert label or text, m.group(0)[:120]
            for m in re.finditer(r"<(select|input)[^>]*>", region):
                tag = m.group(0)
                # named by aria-label or by the <label> it sits in
                before = region[: m.start()]
                inside_label = before.rfind("<label") > before.rfind("</label>")
                assert "aria-label=" in tag or inside_label, tag


def test_illegal_clicks_change_nothing() -> None:
    app = make_app()
    app.boot("?players=Ann,Bob&seed=1", "")
    state = app.ctl.state  # type: ignore[union-attr]
    app.dispatch("family", app.ctl.state.board.family_ids[0])  # type: ignore[union-attr]
    app.dispatch("space", "3")  # behind the curtain: ignored
    assert app.ctl.state is state  # type: ignore[union-attr]
    app.dispatch("reveal")
    app.dispatch("space", "notanumber")
    app.dispatch("no-such-action")
    app.dispatch("sell")
    assert app.ctl.state is state  # type: ignore[union-attr]


def test_a_bots_turn_is_split_into_short_page_tasks() -> None:
    """The page stays responsive while a bot thinks. Its turn is a look at its
    view, slices of thinking, and then, in a tick of its own, the move played and drawn;
    only the last tick redraws the page."""
    app = make_app()
    fx = app.boot("?players=bot:search,bot:heuristic&speed=instant&seed=4", "")
    phases: list[str] = []
    while not phases or phases[-1] != "commit":
        fx = app.game.bot_tick(fx.bot_token, max_ms=1.0)
        phases.append(app.game.bot_phase)
        assert fx.render == (app.game.bot_phase == "commit")
        assert fx.bot_delay == 0
    assert phases[0] == "start" and phases.count("step") > 1, phases
    assert set(phases[1:-1]) == {"step"}
    assert len(app.ctl.state.actions) == 1  # type: ignore[union-attr]


def test_a_click_during_a_bots_turn_does_not_play_for_it() -> None:
    app = make_app()
    fx = app.boot("?players=Ann,bot:random&first=2&seed=6", "")
    fx = app.game.bot_tick(fx.bot_token)
    assert app.game.bot_phase == "start"
    before = app.ctl.state  # type: ignore[union-attr]
    app.dispatch("end-turn")
    app.dispatch("pass")
    app.dispatch("space", "40")
    assert app.ctl.state is before  # type: ignore[union-attr]
    while app.game.bot_phase != "commit":
        fx = app.game.bot_tick(fx.bot_token)
    assert app.ctl.state.actions[0].kind == "marry"  # type: ignore[union-attr]


def dom_attrs(markup: str) -> dict[str, str]:
    attrs = MarkupNodes(markup).first
    assert attrs is not None
    return attrs


def test_a_board_piece_is_patched_in_place_to_exactly_its_new_drawing() -> None:
    """The page changes a space or domain element in place (so that the element just
    clicked keeps its focus): the patch must give the new piece's attributes, with their
    values unescaped as the DOM holds them, and its new inner markup; the render says
    which pieces changed, and the patch is the same whether the page holds the pieces
    or their markup."""
    app = make_app()
    app.boot("?players=Ann,Bob&seed=3&first=1", "")
    app.dispatch("reveal")
    before = {p.key: p for p in render(app).board}
    click_legal(app)
    page = render(app)
    after = {p.key: p for p in page.board}
    changed = [k for k in after if k and before[k] != after[k]]
    assert any(k.startswith("family:") for k in changed)
    assert page.board_changed == tuple(after[k] for k in changed)
    for key in changed:
        old, new = before[key], after[key]
        patch = piece_patch(old, new)
        assert piece_patch(old.markup, new.markup) == patch
        remove, set_, inner = patch
        attrs = {k: v for k, v in dom_attrs(old.markup).items() if k not in remove} | set_
        assert attrs == dom_attrs(new.markup), key
        assert "tabindex" not in attrs or attrs["tabindex"] == "0"
        assert inner is None or new.markup.endswith(inner + "</g>")
        if inner is None:
            assert old.markup[old.markup.index(">"):] == new.markup[new.markup.index(">"):]
    assert any("&" in after[k].markup for k in changed)  # a name with an apostrophe
    quoted = [v for k in changed for v in piece_patch(before[k], after[k])[1].values()]
    assert not any("&quot;" in v or "&amp;" in v or "&#x27;" in v for v in quoted)


def test_the_board_is_new_after_the_language_changes() -> None:
    """Another language redraws every word of the board: no piece may be patched from
    the old board then (board_changed is None: the page draws it whole)."""
    app = make_app()
    app.boot("?players=Ann,Bob&seed=3&first=1", "")
    assert render(app).board_changed is None  # the first board
    assert render(app).board_changed == ()  # nothing changed
    app.dispatch("lang", "de")
    assert render(app).board_changed is None


def sale_twins(seats: tuple[str, ...]) -> tuple[App, App, int]:
    """Two pages of the same moment of a 4-player game, a goods card up for sale, that
    differ only in which of two players other than the turn player holds that card
    (hands of equal size); seat 0 is never the holder."""
    from samarkand_core.state import SELL
    from tests.support.web_support import play_until

    s = play_until(lambda s: s.phase == SELL and s.pending_holder not in (0, s.turn_player),
                   players=4, max_games=2000)
    q = s.pending_holder
    r = next(p for p in range(4) if p not in (0, q, s.turn_player))
    g = s.pending_good
    x = s.hands[r][0]
    t = s.copy()
    hands = list(t.hands)
    hands[q] = tuple(sorted([c for c in s.hands[q] if c != g] + [x]))
    hands[r] = tuple(sorted([c for c in s.hands[r] if c != x] + [g]))
    t.hands, t.pending_holder = hands, r
    apps = []
    for state in (s, t):
        app = make_app()
        app.open_game(None, state, seats)
        apps.append(app)
    return apps[0], apps[1], g


def visible(app: App) -> dict[str, str]:
    page = render(app)
    return {k: v for k, v in page.regions.items() if page.show.get(k, True)}


def test_a_sale_names_nobody_and_a_keep_leaves_no_trace_on_the_screen() -> None:
    """docs/rules.md (Goods): only the holder knows who holds a card up for sale, and a kept
    card stays secret. In hotseat the public sale window names nobody; against bots, a
    bot holder decides at once and a keep shows nothing at all. Two pages that differ
    only in who holds the card show the same thing while the holder may sell and after
    the keep."""
    for seats in ((HUMAN,) * 4, (HUMAN, "random", "random", "random")):
        a, b, g = sale_twins(seats)
        sold = [any(g in s for s in app.ctl.state.sold) for app in (a, b)]  # type: ignore[union-attr]
        if seats[1] == HUMAN:
            assert visible(a) == visible(b)
            window = visible(a)["overlay"]
            assert "sale-window" in window and "Whoever holds this card" in window
            assert 'id="sale-pass"' in window and 'id="sale-claim"' in window
            for app in (a, b):
                app.dispatch("sale-pass")  # the holder keeps the card
        if not any(sold):
            assert visible(a) == visible(b)
        for app, was_sold in zip((a, b), sold, strict=True):
            if was_sold:  # a bot's sale is public: said as a sale
                assert "sells the" in visible(app)["log"] and app.ctl.window is None  # type: ignore[union-attr]
        shown = str(visible(a))
        assert "keeps" not in shown and "holds" not in shown.replace("sale-", "")

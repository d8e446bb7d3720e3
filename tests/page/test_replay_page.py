"""The replay screen, driven like main.py drives it: dispatch, replay_tick,
render. A replay reads a game and never writes one, except "Play on from here", which
makes exactly one new save; a public replay shows what the table saw and nothing more
(docs/rules.md, Goods: a kept card is its holder's secret; only a sale is public)."""

from __future__ import annotations

import re

import pytest
from samarkand_web.handlers import replay
from samarkand_web.saves.links import parse_at, parse_fragment, parse_location
from samarkand_web.saves.storage import PREFIX, MemoryStore, Saves
from samarkand_web.state.app import App
from samarkand_web.state.replay import PLAY_SPEEDS, ReplayState
from samarkand_web.state.screen import Scores
from samarkand_web.view.render import render

from samarkand_core import GameState, decode_save, encode_save
from samarkand_core.draw.board import board_svg_pieces
from samarkand_core.replay import Replay, public_view
from tests.support.replay_support import twin_games
from tests.support.web_support import (
    ORIGIN,
    PATH,
    Clock,
    make_app,
    play_until,
    random_game,
    shared_link,
)

REGIONS = ("status", "actions", "hand", "board", "players", "log", "chart", "chart-table")
FINISHED = random_game(3, 31)


def saved(store: MemoryStore, state: GameState, sid: str) -> None:
    Saves(store, Clock(), lambda: sid).create(state, ("human",) * state.n)


def ours(store: MemoryStore) -> dict[str, str]:
    return {k: v for k, v in store.data.items() if k.startswith(PREFIX)}


def with_one_save(state: GameState, sid: str) -> tuple[MemoryStore, dict[str, str], App]:
    """A store that holds `state` saved as `sid`, what it holds then, and an app on it
    (not booted yet)."""
    store = MemoryStore()
    saved(store, state, sid)
    return store, ours(store), make_app(store)


def replaying(state: GameState, at: int) -> tuple[App, ReplayState]:
    """An app opened on the replay of `state` at move `at` by its link, and its replay."""
    app = make_app()
    app.boot("", link_fragment(state, at))
    assert app.replay is not None
    return app, app.replay


def link_fragment(state: GameState, at: int | str, extra: str = "") -> str:
    return f"#{encode_save(state)}{extra}&at={at}"


# -------------------------------------------------------------------- links


def test_position_links_parse_and_old_links_still_do() -> None:
    assert parse_at("#s1-abc&at=57") == (57, None)
    assert parse_at("#s1-abc&bots=2:random&at=3") == (3, None)
    assert parse_at("#s1-abc") == (None, None)
    assert parse_at("#s1-abc&bots=2:random") == (None, None)
    at, problem = parse_at("#s1-abc&at=x1")
    assert at == 0 and problem is not None and problem.key == "link.bad_at"
    # the shared-game link of before keeps its meaning: a code and its bots, no replay
    assert parse_fragment("#s1-abc&bots=2:random&at=4") == ("s1-abc", {1: "random"}, [])
    req = parse_location("", "#s1-abc&bots=2:random")
    assert req.code == "s1-abc" and req.code_bots == {1: "random"} and req.at is None


def test_a_position_link_opens_the_replay_there_and_saves_nothing() -> None:
    store, before, app = with_one_save(random_game(2, 1), "keep01")
    fx = app.boot("", link_fragment(FINISHED, 40, "&bots=2:random"))
    assert app.screen == "replay" and app.replay is not None
    assert app.replay.move == 40 and app.replay.seats == ("human", "random", "human")
    assert ours(store) == before  # no save made, none touched
    assert fx.url is not None and fx.url.endswith("&at=40")
    page = render(app)
    assert page.show["game"] and page.show["chart"] and not page.show["home"]
    assert "Turn " in page.regions["status"] and "move 40 of" in page.regions["status"]


def test_a_bad_move_in_a_link_says_so_and_opens_at_the_start() -> None:
    app = make_app()
    app.boot("", link_fragment(FINISHED, "x"))
    assert app.screen == "replay" and app.replay is not None and app.replay.move == 0
    assert [m.key for m in app.messages] == ["link.bad_at"]
    app = make_app()
    app.boot("", link_fragment(FINISHED, 99999))
    assert app.replay is not None and app.replay.at_end
    assert [m.key for m in app.messages] == ["replay.at_clamped"]
    store = MemoryStore()
    app = make_app(store)
    app.boot("", "#s1-notagame&at=3")
    assert app.screen == "home" and [m.key for m in app.messages] == ["problem.bad_link"]
    assert ours(store) == {}


# -------------------------------------------------------------------- opening


def test_replay_from_the_end_screen_and_back() -> None:
    store, before, app = with_one_save(FINISHED, "done01")
    app.boot("?game=done01", "")
    assert app.overlay == Scores()
    scores = render(app).regions["overlay"]
    assert 'data-action="replay"' in scores and 'class="chart breakdown"' in scores
    fx = app.dispatch("replay")
    assert app.screen == "replay" and app.replay is not None and app.replay.move == 0
    assert fx.focus == "#status"
    app.dispatch("replay-key", "End")
    assert app.replay.at_end
    fx = app.dispatch("replay-close")
    assert app.screen == "game" and app.overlay == Scores() and app.replay is None
    assert fx.url == f"{PATH}?game=done01"
    assert ours(store) == before


@pytest.mark.parametrize("state", [FINISHED, play_until(lambda s: s.turn == 30, seed0=4)],
                         ids=["finished", "unfinished"])
def test_replay_from_the_saved_games_list_changes_no_save(state: GameState) -> None:
    store, before, app = with_one_save(state, "list01")
    app.boot("", "")
    home = render(app).regions["home"]
    assert 'data-action="replay-save" data-value="list01"' in home
    app.dispatch("replay-save", "list01")
    assert app.screen == "replay" and app.replay is not None
    assert app.replay.rp.n_actions == len(state.actions)
    for _ in range(20):
        app.dispatch("replay-key", "ArrowRight")
    render(app)
    app.dispatch("replay-close")
    assert app.screen == "home"
    assert ours(store) == before


# -------------------------------------------------------------------- stepping


def test_keys_slider_and_buttons_move_through_moves_and_turns() -> None:
    app, r = replaying(FINISHED, 0)
    rp = r.rp
    app.dispatch("replay-key", "ArrowRight")
    assert r.move == 1
    app.dispatch("replay-key", "ArrowLeft")
    app.dispatch("replay-key", "ArrowLeft")  # at the start: stays
    assert r.move == 0
    app.dispatch("replay-key", "ArrowDown")
    assert r.move == rp.turn_start_move(2)
    app.dispatch("replay-key", "ArrowRight+shift")
    assert r.move == rp.turn_start_move(3)
    app.dispatch("replay-key", "ArrowUp")
    assert r.move == rp.turn_start_move(2)
    app.dispatch("replay-key", "ArrowLeft+shift")
    assert r.move == rp.turn_start_move(1) == 0
    app.dispatch("replay-key", "End")
    assert r.move == rp.n_moves
    app.dispatch("replay-key", "Home")
    assert r.move == 0
    app.dispatch("replay-seek", "25")
    assert r.move == 25
    for bad in ("abc", "", "-3"):
        app.dispatch("replay-seek", bad)
        assert r.move == 25
    app.dispatch("replay-seek", "100000")
    assert r.at_end
    app.dispatch("replay-step", "start")
    app.dispatch("replay-step", "+turn")
    assert r.move == rp.turn_start_move(2)
    assert app.dispatch("replay-key", "PageDown").render is False


def test_the_screen_follows_the_position() -> None:
    app, r = replaying(FINISHED, 0)
    rp = r.rp
    for m in (0, 1, 17, rp.turn_start_move(9), rp.n_moves):
        app.dispatch("replay-seek", str(m))
        page = render(app)
        s = rp.state_after_move(m)
        expected = board_svg_pieces(public_view(s), last_spaces=rp.camels_of_turn(m),
                                    strings=page_strings(app))
        assert page.board_pieces == expected
        assert f'value="{m}"' in page.regions["actions"]
        assert f"move {m} of {rp.n_moves}" in page.regions["status"]
        for p in range(s.n):
            section = player_section(page.regions["players"], p)
            assert f"{s.money[p]} dirham" in section
            assert f"{len(s.hands[p])} in hand" in section
        assert page.regions["log"].count("<li>") == max(m, 0)
        assert 'class="now"' in page.regions["chart"]


def page_strings(app: object) -> object:
    from samarkand_web.words import i18n
    return i18n.svg_strings("en", FINISHED.board)


def player_section(players: str, p: int) -> str:
    m = re.search(rf'<section class="player[^"]*" data-player="{p}".*?</section>', players, re.S)
    assert m is not None
    return m.group(0)


# -------------------------------------------------------------------- playing


def test_automatic_playback_by_timer_ticks() -> None:
    app, r = replaying(FINISHED, 0)
    fx = app.dispatch("replay-play")
    assert r.playing and fx.replay_delay == PLAY_SPEEDS["normal"]
    token = fx.replay_token
    fx = replay.replay_tick(app, token)
    assert r.move == 1 and fx.replay_delay is not None
    token = fx.replay_token
    fx = app.dispatch("replay-speed", "fastest")
    assert fx.replay_delay == PLAY_SPEEDS["fastest"]
    assert replay.replay_tick(app, token).render is False and r.move == 1  # the old timer is stale
    token = fx.replay_token
    app.dispatch("replay-key", "ArrowRight")  # a step by hand stops the playback
    assert not r.playing and r.move == 2
    assert replay.replay_tick(app, token).render is False and r.move == 2
    fx = app.dispatch("replay-play")
    ticks = 0
    while fx.replay_delay is not None:
        fx = replay.replay_tick(app, fx.replay_token)
        ticks += 1
    assert r.at_end and not r.playing and ticks == r.n_moves - 2
    fx = app.dispatch("replay-play")  # at the end, play starts again from the start
    assert r.playing and r.move == 0
    app.dispatch("replay-play")
    assert not r.playing


# -------------------------------------------------------------------- secrets


def cut(state: GameState, moves: int) -> GameState:
    return Replay.from_state(state).state_after_move(moves)


def test_public_replay_markup_is_the_same_for_games_that_differ_in_hidden_cards() -> None:
    """Twins (tests/support/replay_support.py) have other hands and decks and other secret keeps,
    but the same public moves: every region of the replay must be the same at every move.
    Both are cut before their end, where the score sheet shows every hand."""
    a, b = twin_games()
    a, b = cut(a, 100), cut(b, 100)
    assert a.hands != b.hands and len(a.actions) != len(b.actions)
    apps = []
    for state in (a, b):
        app = make_app()
        app.boot("", link_fragment(state, 0))
        apps.append(app)
    for m in range(0, 101):
        pages = []
        for app in apps:
            app.dispatch("replay-seek", str(m))
            pages.append(render(app))
        for region in REGIONS:
            assert pages[0].regions[region] == pages[1].regions[region], (m, region)


def test_finished_twins_differ_only_where_every_hand_is_public() -> None:
    a, b = twin_games()
    assert a.is_over and b.is_over
    apps = []
    for state in (a, b):
        app = make_app()
        app.boot("", link_fragment(state, 0))
        apps.append(app)
    n = apps[0].replay.n_moves  # type: ignore[union-attr]
    for m in range(0, n + 1, 7):
        pages = []
        for app in apps:
            app.dispatch("replay-seek", str(m))
            pages.append(render(app))
        for region in ("status", "actions", "hand", "board", "players", "log"):
            assert pages[0].regions[region] == pages[1].regions[region], (m, region)


def test_show_all_hands_only_for_a_finished_game() -> None:
    app, r = replaying(FINISHED, 10)
    page = render(app)
    assert 'data-action="replay-all"' in page.regions["actions"]
    assert "Every hand" not in page.regions["hand"]
    app.dispatch("replay-all")
    page = render(app)
    s = r.rp.state_after_move(10)
    assert "Every hand" in page.regions["hand"]
    for p in range(s.n):
        for g in s.hands[p]:
            assert f"({g})" in page.regions["hand"]
    assert "counted at every turn" in page.regions["chart-table"]

    unfinished = play_until(lambda s: s.turn == 25, seed0=2)
    app = make_app()
    app.boot("", link_fragment(unfinished, 10))
    page = render(app)
    assert 'data-action="replay-all"' not in page.regions["actions"]
    assert app.dispatch("replay-all").render is False
    assert app.replay is not None and not app.replay.hands_shown


def test_log_names_kept_cards_only_when_every_hand_is_shown() -> None:
    state = next(g for g in (random_game(3, s) for s in range(31, 60))
                 if any(a.kind == "keep" for a in g.actions))
    app = make_app()
    app.boot("", link_fragment(state, 0))
    app.dispatch("replay-key", "End")
    assert " keeps the " not in render(app).regions["log"]
    app.dispatch("replay-all")
    assert " keeps the " in render(app).regions["log"]


# -------------------------------------------------------------------- play on, share


def test_play_on_from_here_starts_exactly_one_new_save() -> None:
    store, before, app = with_one_save(FINISHED, "orig01")
    app.boot("?game=orig01", "")
    app.dispatch("replay")
    app.dispatch("replay-seek", "30")
    r = app.replay
    assert r is not None
    expected = encode_save(r.rp.state_after_move(30))
    fx = app.dispatch("replay-play-on")
    after = ours(store)
    new = [k for k in after if k not in before]
    assert len(new) == 1
    assert {k: v for k, v in after.items() if k in before} == before  # the original is as it was
    entry = Saves(store, Clock()).get(new[0][len(PREFIX):])
    assert entry.code == expected and entry.origin == "new" and not entry.over
    assert app.screen == "game" and encode_save(app.ctl.state) == expected  # type: ignore[union-attr]
    assert fx.url == f"{PATH}?game={entry.id}"
    assert any(m.key == "replay.played_on" for m in app.messages)


def test_no_play_on_at_the_end_of_a_finished_game() -> None:
    app = make_app()
    app.boot("", link_fragment(FINISHED, 99999))
    assert 'data-action="replay-play-on"' not in render(app).regions["actions"]
    assert app.dispatch("replay-play-on").render is False


def test_share_this_position() -> None:
    app = make_app()
    app.boot("", link_fragment(FINISHED, 12, "&bots=3:heuristic"))
    app.dispatch("replay-step", "+1")
    fx = app.dispatch("replay-share")
    link = shared_link(app)
    assert link == f"{ORIGIN}{PATH}#{encode_save(FINISHED)}&bots=3:heuristic&at=13"
    assert fx.focus == "#share-link"
    overlay = render(app).regions["overlay"]
    assert "at move 13" in overlay and link.replace("&", "&amp;") in overlay
    assert app.dispatch("copy").copy == link
    friend = make_app()
    friend.boot("", "#" + link.split("#", 1)[1])
    assert friend.replay is not None and friend.replay.move == 13
    assert decode_save(friend.replay.code()).actions == FINISHED.actions


def test_a_position_link_of_an_unfinished_game_holds_its_moves_up_to_there_only() -> None:
    # Links carry no more than they must: moves played after the position are not the
    # position's to give away (the game may go on; what came after is its players').
    unfinished = Replay.from_state(FINISHED).state_after_move(80)
    assert not unfinished.is_over
    app = make_app()
    app.boot("", link_fragment(unfinished, 30))
    app.dispatch("replay-step", "+1")
    app.dispatch("replay-share")
    link = shared_link(app)
    assert link is not None and link.endswith("&at=31")
    code = link.split("#", 1)[1].split("&")[0]
    # a replay's move is an action with the sale decision it set off (samarkand_core.replay)
    assert Replay.from_code(code).n_moves == 31
    assert decode_save(code).actions == Replay.from_state(unfinished).state_after_move(
        31).actions
    overlay = render(app).regions["overlay"]
    assert "holds its moves up to move 31 only" in overlay
    assert 'class="warning-text share-secret"' in overlay  # and what it still reveals
    friend = make_app()
    friend.boot("", "#" + link.split("#", 1)[1])
    assert friend.replay is not None and friend.replay.move == 31
    assert friend.replay.n_moves == 31
    # at the start: no move at all
    app.dispatch("close")
    app.dispatch("replay-step", "start")
    app.dispatch("replay-share")
    assert len(decode_save(shared_link(app).split("#", 1)[1].split("&")[0]).actions) == 0


def test_a_position_link_of_a_finished_game_keeps_the_whole_game_and_warns_of_nothing(
        ) -> None:
    app = make_app()
    app.boot("", link_fragment(FINISHED, 12))
    app.dispatch("replay-share")
    assert f"#{encode_save(FINISHED)}&at=12" in shared_link(app)
    assert "share-secret" not in render(app).regions["overlay"]


def test_a_repeated_at_is_refused_with_a_message_and_nothing_is_stored() -> None:
    req = parse_location("", "#s1-abc&at=3&at=7")
    assert req.code is None and req.at is None
    assert [(p.key, p.params) for p in req.problems] == [
        ("link.repeated_game", {"name": "at", "values": "3, 7"})]
    store, before, app = with_one_save(random_game(2, 1), "keep01")
    fx = app.boot("", link_fragment(FINISHED, "3&at=7"))
    assert app.screen == "home" and app.replay is None and fx.url == PATH
    assert ours(store) == before
    messages = render(app).regions["messages"]
    assert "The link gives “at” more than once (3, 7)" in messages
    assert "Nothing was saved" in messages
    # the same in a tab already on the page (the #fragment changed)
    app.dispatch("hash", link_fragment(FINISHED, "4&at=4"))
    assert app.screen == "home" and ours(store) == before


@pytest.mark.parametrize("search,fragment,name", [
    ("?players=Ann,Bob&seed=1&seed=2", "", "seed"),
    ("?players=Ann,Bob&players=Cem,Dee", "", "players"),
    ("?players=Ann,Bob&coach=on&coach=off", "", "coach"),
    ("?game=abcd&game=efgh", "", "game"),
    ("", "&bots=2:random&bots=2:search", "bots"),
])
def test_any_repeated_parameter_the_page_reads_is_refused_and_starts_or_saves_nothing(
        search: str, fragment: str, name: str) -> None:
    store = MemoryStore()
    app = make_app(store)
    app.boot(search, "#" + encode_save(FINISHED) + fragment if fragment else "")
    assert app.screen == "home" and app.ctl is None and ours(store) == {}
    keys = [(m.key, m.params["name"]) for m in app.messages]
    assert keys == [("link.repeated_game" if fragment else "link.repeated", name)]


def test_a_repeated_language_is_not_used_and_the_page_says_so() -> None:
    app = make_app(lang="en")
    app.boot("?lang=de&lang=fr", "")
    assert app.lang == "en"
    assert [m.key for m in app.messages] == ["link.repeated"]


# -------------------------------------------------------------------- words, names


@pytest.mark.parametrize("lang", ["en", "de", "fr", "it"])
def test_replay_in_every_language_and_every_control_named(lang: str) -> None:
    app = make_app(lang=lang)
    app.boot("", link_fragment(FINISHED, 20))
    app.dispatch("replay-all")
    page = render(app)
    for region in REGIONS:
        text = page.regions[region]
        assert not re.search(r"\b(replay|chart)\.[a-z_]+\b", text), (region, lang)
        for m in re.finditer(r"<button[^>]*>(.*?)</button>", text, re.S):
            label = re.search(r'aria-label="([^"]+)"', m.group(0))
            inner = re.sub(r"<[^>]+>", "", m.group(1)).strip()
            assert label or inner, m.group(0)[:120]
        for m in re.finditer(r"<(select|input)[^>]*>", text):
            before = text[: m.start()]
            assert "aria-label=" in m.group(0) or before.rfind("<label") > before.rfind(
                "</label>"), m.group(0)
    assert 'role="img"' in page.regions["chart"] and "<title" in page.regions["chart"]
    assert "<table" in page.regions["chart-table"]


def test_names_are_escaped_in_the_replay() -> None:
    from samarkand_core import apply_action, legal_actions, new_game
    s = new_game(["<i>Ann</i>", "Bob & Co"], 5)
    for _ in range(40):
        s = apply_action(s, legal_actions(s)[0])
    app = make_app()
    app.boot("", link_fragment(s, 10))
    page = render(app)
    for region in REGIONS:
        assert "<i>Ann</i>" not in page.regions[region]
    assert "&lt;i&gt;Ann&lt;/i&gt;" in page.regions["players"]


def test_replay_state_basics() -> None:
    rp = Replay.from_state(FINISHED)
    r = ReplayState.of(rp, ("human",), "home", 5)  # wrong number of seats: all people
    assert r.seats == ("human",) * 3 and r.move == 5
    assert not r.step("sideways") and r.move == 5
    assert r.race() is r.race()


# -------------------------------------------------------------------- tooltips


def test_replay_tooltips_describe_the_position_shown_and_nothing_later() -> None:
    """On the replay screen a tooltip reads the move shown (view/tooltips.tooltips), not
    the game's last position: at move 0 every goods marker lies on its space and every
    domain has its five relationship markers, as the board draws them; mid-replay each
    tooltip says what that move's board says, and nothing of a later one."""
    from samarkand_web.view.tooltips import tooltips

    store, _, app = with_one_save(FINISHED, "done01")
    app.boot("?game=done01", "")
    app.dispatch("replay")
    assert app.screen == "replay" and app.replay is not None
    rp = app.replay.rp
    end = rp.state_after_move(rp.n_moves)
    board = end.board
    taken = [g for g in range(1, board.n_goods + 1) if end.marker_owner[g] >= 0]
    assert taken  # the finished game took markers: the last position differs from move 0
    for m in (0, rp.n_moves // 2):
        app.dispatch("replay-seek", str(m))
        shown = rp.state_after_move(m)
        tips = tooltips(app)
        for g in range(1, board.n_goods + 1):
            tip = str(tips.tip("space", str(board.good_space[g])))
            owner = shown.marker_owner[g]
            assert ("taken by" in tip) == (owner >= 0), (m, g)
            later = {p for p in range(end.n) if end.marker_owner[g] == p} - {owner}
            for p in later:  # a later taker is never named for this marker
                assert f"taken by <strong>{end.names[p]}</strong>" not in tip
            assert ("was sold by" in tip) == any(g in cards for cards in shown.sold), (m, g)
        for f, fid in enumerate(board.family_ids):
            tip = str(tips.tip("family", fid))
            assert f"Relationship markers left: {shown.markers_left[f]}" in tip, (m, fid)
            assert f"Camels left: {shown.camels_left[f]}" in tip, (m, fid)
            assert "You may marry in" not in tip  # nobody marries in a replay
        if m == 0:
            assert all(n == 5 for n in shown.markers_left)


@pytest.mark.parametrize(("lang", "level"), [("de", "Mittel"), ("fr", "Moyen"),
                                              ("it", "Medio")])
def test_the_replay_names_bots_in_the_pages_language(lang: str, level: str) -> None:
    """A bot that kept its default name ("Bot 2 (Medium)", made in English) is named in
    the page's language everywhere on the replay: the players, the score race and its
    table, the analysis's buttons."""
    from tests.support.web_support import bot_game

    game = bot_game(["random", "random", "random"], 31,
                    names=["Ann", "Bot 2 (Medium)", "Bot 3 (Medium)"])
    app = make_app()
    app.lang = lang
    app.boot("", f"#{encode_save(game)}&bots=2:heuristic,3:heuristic&at=0&lang={lang}")
    assert app.replay is not None and app.screen == "replay"
    page = render(app)
    for region in ("players", "chart", "chart-table", "status"):
        assert "(Medium)" not in page.regions[region], region
    assert f"({level})" in page.regions["players"] and f"({level})" in page.regions["chart"]

"""The coach in the page: "Suggest a move" on a person's own decision,
from that person's view only, thought about in short slices, shown on the board or the
decision's controls with reasons in the player's language, counted per person, saved with
the game, and switched off for a game on request. Driven through the App as main.py
drives it (dispatch, then coach_tick until it asks for no more)."""

from __future__ import annotations

import json
import re

import pytest
from samarkand_web.handlers import coach
from samarkand_web.saves.backup import export_backup, import_backup
from samarkand_web.saves.links import parse_location
from samarkand_web.saves.storage import PREFIX, BadEntry, MemoryStore, SaveEntry, Saves, parse_entry
from samarkand_web.state.app import App
from samarkand_web.state.coaching import can_ask
from samarkand_web.state.controller import HUMAN
from samarkand_web.state.screen import Scores
from samarkand_web.view.panels.coach import CoachPanel, targets
from samarkand_web.view.render import render
from samarkand_web.words import i18n

from samarkand_core import (
    Discard,
    GameState,
    Keep,
    Marry,
    Place,
    Sell,
    apply_action,
    encode_save,
    legal_actions,
)
from samarkand_core.state import DISCARD, MAIN, SECOND, SELL
from tests.support.helpers import reshuffle_hidden
from tests.support.positions import Kind, position
from tests.support.web_support import Clock, Ids, make_app, play_until, random_game

SMALL = 40  # search iterations: enough to rank the moves, quick for a test


def at(state: GameState, lang: str = "en", person: int | None = None) -> App:
    """An App showing `state` (unsaved), the deciding player a person, the others bots."""
    app = make_app(lang=lang)
    p = state.current_player if person is None else person
    seats = [HUMAN if q == p else "heuristic" for q in range(state.n)]
    app.open_game(None, state, seats)
    app.coach.iterations = SMALL
    return app


def think(app: App, max_ms: float = 1000.0) -> int:
    """Ask for a suggestion and run the ticks main.py would run; how many there were."""
    fx = app.dispatch("coach")
    assert fx.coach_token is not None, "the coach was not asked"
    ticks = 0
    while fx.coach_token is not None:
        fx = coach.coach_tick(app, fx.coach_token, max_ms)
        ticks += 1
        assert ticks < 100_000
    assert app.coach_phase == "done"
    return ticks


def strip(app: App) -> str:
    return str(CoachPanel(app).strip())


def marked(app: App) -> list[str]:
    return [key for key, markup in render(app).board_pieces if "coach-mark" in markup]


def started(store: MemoryStore, query: str) -> App:
    app = make_app(store)
    app.boot(query, "")
    return app


def stored_entry(store: MemoryStore) -> SaveEntry:
    (key,) = [k for k in store.data if k.startswith(PREFIX)]
    entry = parse_entry(key, store.data[key])
    assert isinstance(entry, SaveEntry)
    return entry


# ------------------------------------------------------------------ only the person's view


@pytest.mark.parametrize(("n", "kind", "i"), [(3, "main", 0), (3, "main", 1), (4, "main", 0),
                                              (3, "discard", 0), (3, "second", 1),
                                              (4, "sell_other", 0), (3, "sell_turn", 0)])
def test_the_suggestion_comes_from_the_persons_view_only(n: int, kind: Kind, i: int) -> None:
    """Two games that differ only in cards the person cannot see (other hands, the deck,
    the discard pile) give the same suggestion on the screen, word for word and mark for
    mark: the coach reads view_for(state, person) and nothing else (docs/rules.md, Goods:
    a kept goods card is secret)."""
    s = position(n, kind, i)
    p = s.current_player
    seen = []
    for variant in (s, reshuffle_hidden(s, p, 21), reshuffle_hidden(s, p, 22)):
        assert variant.hands[p] == s.hands[p]
        app = at(variant)
        think(app)
        page = render(app)
        seen.append((strip(app), marked(app), "suggested" in page.regions["actions"]))
    assert seen[0][0] and 'id="coach-advice"' in seen[0][0]
    assert seen[1] == seen[0] and seen[2] == seen[0]


# ------------------------------------------------------------------ legal, and marked


@pytest.mark.parametrize(("n", "kind", "i"), [(3, "main", 0), (4, "main", 1), (3, "discard", 1),
                                              (3, "second", 0), (4, "sell_turn", 0),
                                              (3, "sell_other", 1)])
def test_the_suggestion_is_a_legal_move_and_its_target_is_marked(
        n: int, kind: Kind, i: int) -> None:
    s = position(n, kind, i)
    app = at(s)
    think(app)
    ctl = app.ctl
    assert ctl is not None
    advice = app.coach.current(ctl)
    assert advice is not None and advice.player == s.current_player
    assert advice.best.action in legal_actions(s)
    assert advice.alternative is None or advice.alternative.action in legal_actions(s)
    page = render(app)
    action = advice.best.action
    on_board = sorted(t for t in targets(action) if t.startswith(("space:", "family:")))
    assert marked(app) == on_board
    actions = page.regions["actions"]
    if isinstance(action, Marry | Place):
        key = on_board[0]
        markup = dict(page.board_pieces)[key]
        assert "suggested" in markup and "(suggested by the coach)" in markup
    if isinstance(action, Place) and s.phase == MAIN and len(ctl.expand_families()) > 1:
        assert re.search(r'class="family-choice suggested"[^>]*data-value="' + action.family + '"',
                         actions)
    if isinstance(action, Discard):
        if not action.cards:  # keep them all: the button that does it
            assert 'class="primary suggested" data-action="discard"' in actions
        for g in action.cards:
            assert re.search(r'class="card suggested"[^>]*data-value="' + str(g) + '"', actions)
    if isinstance(action, Sell):
        # (Keep is the filled choice: state/focus.py)
        assert 'class="suggested" data-action="sell"' in actions
    if isinstance(action, Keep):
        assert 'class="primary suggested" data-action="keep"' in actions
    # The move is legal: the engine takes it.
    apply_action(s, action)


# ------------------------------------------------------------------ words


@pytest.mark.parametrize("lang", list(i18n.LANGUAGES))
def test_the_reasons_are_sentences_in_the_players_language(lang: str) -> None:
    families = {"en": "House of ", "de": "Haus ", "fr": "Maison ", "it": "Casa di "}
    cases: list[tuple[int, Kind, int]] = [(3, "main", 0), (3, "discard", 0), (4, "sell_turn", 0)]
    for n, kind, i in cases:
        app = at(position(n, kind, i), lang=lang)
        think(app)
        shown = strip(app)
        text = re.sub(r"<[^>]+>", "", shown)
        assert i18n.t(lang, "coach.heading") in text
        assert "{" not in text and "coach." not in text, text
        reasons = re.findall(r"<li>(.*?)</li>", shown)
        assert 1 <= len(reasons) <= 2  # one or two sentences
        assert all(re.sub(r"<[^>]+>", "", r).strip().endswith((".", ")")) for r in reasons)
        if kind == "main":
            assert families[lang] in text  # the game's names, in the language
    app = at(position(3, "main", 0), lang=lang)
    think(app)
    assert i18n.t(lang, "coach.mark") in "".join(m for _, m in render(app).board_pieces)


def test_a_goods_reason_names_the_good_and_highlights_its_space() -> None:
    app = at(position(3, "discard", 0))
    think(app)
    shown = strip(app)
    ctl = app.ctl
    assert ctl is not None
    # every good the suggestion names is a map reference to its space (hover: the ring)
    for space, name in re.findall(r'<span class="map-ref" data-map="(\d+)">([^<]+)</span>',
                                  shown):
        number = int(name.rsplit("(", 1)[1].rstrip(")"))
        assert ctl.state.board.good_space[number] == int(space)


# ------------------------------------------------------------------ who may ask


def test_suggest_a_move_is_offered_only_on_a_persons_own_decision() -> None:
    store = MemoryStore()
    app = started(store, "?players=Ann,bot:heuristic&seed=81&first=1")
    ctl = app.ctl
    assert ctl is not None
    assert 'id="coach-suggest"' in render(app).regions["actions"]
    fam = ctl.marry_families()[0]
    app.dispatch("family", fam)  # a marriage chosen waits for its cards: only confirm
    assert ctl.pending_marriage is not None
    assert 'id="coach-suggest"' not in render(app).regions["actions"]
    assert app.dispatch("coach").coach_token is None
    app.dispatch("take-back")
    assert 'id="coach-suggest"' in render(app).regions["actions"]
    app.dispatch("family", fam)
    app.dispatch("confirm-marriage")
    while ctl.bot_to_move or ctl.state.phase == DISCARD and not ctl.human_turn():
        ctl.bot_move_now()
    if ctl.human_turn():  # a discard, or the next turn: the person's decision again
        assert 'id="coach-suggest"' in render(app).regions["actions"]


def test_no_suggestion_while_a_bot_decides() -> None:
    app = started(MemoryStore(), "?players=Ann,bot:heuristic&seed=81&first=2")
    assert app.ctl is not None and app.ctl.bot_to_move
    assert 'coach' not in render(app).regions["actions"].replace("bot-controls", "")
    assert app.dispatch("coach").coach_token is None


def test_the_secret_sale_is_coached_only_on_the_holders_own_screen() -> None:
    """docs/rules.md, Goods: only the holder may know the card is theirs. With several
    people at the device the sale is asked in a public window, the same whoever holds
    the card: no suggestion there (it would tell whether a holder exists). One person
    with bots is asked only for a card they hold: that is their own decision, coached."""
    s = play_until(lambda s: s.phase == SELL and s.pending_holder != s.turn_player,
                   players=3)
    app = make_app()
    app.open_game(None, s, [HUMAN] * 3)
    app.coach.iterations = SMALL
    ctl = app.ctl
    assert ctl is not None and ctl.window is not None
    assert not can_ask(ctl)
    assert 'id="coach-suggest"' not in render(app).regions["actions"]
    assert "coach" not in render(app).regions["overlay"]
    assert app.dispatch("coach").coach_token is None
    app.dispatch("reveal")  # no hand (and no coach) in the window, whoever asks
    assert not can_ask(ctl) and app.dispatch("coach").coach_token is None
    app = at(s, person=s.pending_holder)  # one person, the holder, with bots
    ctl = app.ctl
    assert ctl is not None and ctl.window is None and ctl.revealed == s.pending_holder
    assert can_ask(ctl)
    think(app)
    assert app.coach.used[s.pending_holder] == 1
    advice = app.coach.current(ctl)
    assert advice is not None and isinstance(advice.best.action, Sell | Keep)


def test_a_sale_a_bot_holds_offers_the_person_nothing() -> None:
    """docs/rules.md, Goods: the bot holder decides at once; nothing is left to coach."""
    s = play_until(lambda s: s.phase == SELL and s.pending_holder != s.turn_player,
                   players=3)
    app = at(s, person=s.turn_player)  # the holder is a bot
    assert app.ctl is not None and app.ctl.state.phase != SELL
    assert type(app.ctl.state.actions[-1]) in (Sell, Keep)
    assert "sell" not in render(app).regions["actions"].replace("sells", "")


# ------------------------------------------------------------------ pending moves, acting


def test_the_suggestion_is_for_the_position_with_the_pending_moves() -> None:
    """Take back: a first camel placed is pending; the second-camel decision is
    coached from the screen's position (with that camel), not from the saved one."""
    s = play_until(lambda s: s.phase == MAIN and s.turn_player == 0 and any(
        isinstance(a, Place) and apply_action(s, a).phase == SECOND
        and not any(e.kind == "goods_marker" for e in apply_action(s, a).events)
        for a in legal_actions(s)), players=2)
    first = next(a for a in legal_actions(s) if isinstance(a, Place)
                 and apply_action(s, a).phase == SECOND
                 and not any(e.kind == "goods_marker" for e in apply_action(s, a).events))
    app = at(s, person=0)
    ctl = app.ctl
    assert ctl is not None
    if ctl.selected_family is None:
        app.dispatch("expand", first.family)
    app.dispatch("space", str(first.space))
    assert ctl.state.phase == SECOND and ctl.committed is not ctl.state  # pending
    think(app)
    advice = app.coach.current(ctl)
    assert advice is not None
    assert advice.best.action in legal_actions(ctl.state)
    assert advice.best.action not in legal_actions(ctl.committed)
    app.dispatch("take-back")  # acting: the suggestion goes
    assert app.coach.current(ctl) is None and 'coach-advice' not in strip(app)


def test_a_move_made_while_the_coach_thinks_cancels_the_suggestion() -> None:
    app = started(MemoryStore(), "?players=Ann,bot:heuristic&seed=81&first=1")
    app.coach.iterations = SMALL
    ctl = app.ctl
    assert ctl is not None
    fx = app.dispatch("coach")
    token = fx.coach_token
    assert token is not None
    assert 'id="coach-thinking"' in render(app).regions["actions"]  # visible at once
    coach.coach_tick(app, token, 1.0)
    coach.coach_tick(app, token, 1.0)
    app.dispatch("family", ctl.marry_families()[0])  # the person plays on meanwhile
    fx = coach.coach_tick(app, token, 1000.0)
    assert app.coach_phase == "" and fx.coach_token is None and not fx.render
    assert app.coach.current(ctl) is None and app.coach.used == [0, 0]
    assert 'coach-thinking' not in render(app).regions["actions"]


def test_the_suggestion_disappears_when_the_person_acts() -> None:
    app = started(MemoryStore(), "?players=Ann,bot:heuristic&seed=81&first=1")
    app.coach.iterations = SMALL
    think(app)
    assert 'id="coach-advice"' in render(app).regions["actions"]
    assert app.ctl is not None
    app.dispatch("family", app.ctl.marry_families()[0])
    app.dispatch("take-back")  # the same position again: the suggestion stays gone
    page = render(app)
    assert 'id="coach-advice"' not in page.regions["actions"]
    assert not any("coach-mark" in m for _, m in page.board_pieces)


def test_the_coach_thinks_in_slices_of_bounded_work() -> None:
    """Like the bots (GameSession.bot_tick): each tick does one slice and asks for the next in a
    task of its own; with no time allowed a slice is one search iteration (or one
    explanation), so no tick ever runs the whole search."""
    app = started(MemoryStore(), "?players=Ann,bot:heuristic&seed=81&first=1")
    app.coach.iterations = SMALL
    fx = app.dispatch("coach")
    token = fx.coach_token
    assert token is not None
    phases = []
    while fx.coach_token is not None:
        fx = coach.coach_tick(app, token, 0.0)
        phases.append(app.coach_phase)
        if app.coach_phase in ("start", "step"):
            assert not fx.render  # nothing to draw while it thinks
    assert phases[0] == "start" and phases[-1] == "done"
    assert phases.count("step") >= SMALL


# ------------------------------------------------------------------ counting and saving


def test_suggestions_are_counted_once_each_saved_and_shown_at_the_end() -> None:
    store = MemoryStore()
    app = started(store, "?players=Ann,bot:heuristic&seed=81&first=1")
    app.coach.iterations = SMALL
    think(app)
    assert app.coach.used == [1, 0]
    assert app.dispatch("coach").coach_token is None  # shown already: not asked again
    app.dispatch("coach-hide")
    assert 'id="coach-advice"' not in render(app).regions["actions"]
    think(app)  # asked again after hiding it: a second suggestion
    assert app.coach.used == [2, 0]
    assert stored_entry(store).coach_used == (2, 0)
    entry_id = stored_entry(store).id
    again = make_app(store)  # a reload
    again.boot(f"?game={entry_id}", "")
    assert again.coach.on and again.coach.used == [2, 0]


def test_the_end_screen_shows_the_suggestions_each_person_used() -> None:
    s = random_game(players=3, seed=4)
    store = MemoryStore()
    saves = Saves(store, Clock(), Ids())
    entry = saves.create(s, ("human", "human", "heuristic"), coach_used=(3, 0, 0))
    app = make_app(store)
    app.boot(f"?game={entry.id}", "")
    assert app.overlay == Scores()
    overlay = render(app).regions["overlay"]
    assert "Suggestions from the coach" in overlay
    assert re.search(r'data-coach-used="0"><strong>Ann</strong>: 3 suggestions', overlay)
    assert re.search(r'data-coach-used="1"><strong>Bob</strong>: 0 suggestions', overlay)
    assert 'data-coach-used="2"' not in overlay  # a bot asks no coach


def test_old_saves_without_the_coach_load_with_the_coach_on() -> None:
    s = random_game(players=2, seed=5)
    old = {"v": 1, "id": "old1", "code": encode_save(s), "names": list(s.names),
           "seats": ["human", "human"], "created": 1.0, "updated": 2.0, "turn": s.turn,
           "over": True, "winners": [], "origin": "new"}
    entry = parse_entry(PREFIX + "old1", json.dumps(old))
    assert isinstance(entry, SaveEntry) and entry.coach and entry.coach_used == ()
    for bad in ({"coach_used": [1]}, {"coach_used": [1, -1]}, {"coach": "yes"},
                {"coach_used": [1, 10**9]}):
        assert isinstance(parse_entry(PREFIX + "old1", json.dumps({**old, **bad})), BadEntry)


def test_the_coachs_counts_are_written_only_over_the_revision_read() -> None:
    """Two tabs: a tab whose save another tab has changed writes nothing over
    it; a tab in step writes, keeping each seat's larger count."""
    store = MemoryStore()
    saves = Saves(store, Clock(), Ids())
    s = random_game(players=2, seed=6)
    entry = saves.create(s, ("human", "human"))
    first = saves.save_coach(entry, True, (1, 0))
    assert first is not None and first.rev == entry.rev + 1
    assert saves.save_coach(entry, True, (2, 0)) is None  # stale: another write came between
    merged = saves.save_coach(first, True, (0, 2))
    assert merged is not None and merged.coach_used == (1, 2)
    off = saves.save_coach(merged, False, (1, 2))
    assert off is not None and not off.coach and saves.get(entry.id).coach is False


def test_a_backup_keeps_the_coachs_setting_and_counts() -> None:
    store = MemoryStore()
    saves = Saves(store, Clock(), Ids())
    s = random_game(players=2, seed=7)
    saves.create(s, ("human", "human"), coach=False, coach_used=(4, 1))
    text, n = export_backup(saves, 1e12)
    other = Saves(MemoryStore(), Clock(), Ids())
    report = import_backup(other, text)
    assert n == 1 and len(report.added) == 1
    (entry,) = other.list()[0]
    assert entry.coach is False and entry.coach_used == (4, 1)


# ------------------------------------------------------------------ switched off


def test_switched_off_there_is_no_button_and_no_thinking() -> None:
    store = MemoryStore()
    app = make_app(store)
    app.dispatch("form", "coach", {"coach": "off"})
    app.dispatch("start", "", {"count": "2", "name0": "Ann", "kind0": HUMAN,
                               "name1": "", "kind1": "heuristic", "first": "1",
                               "seed": "81", "coach": "off"})
    ctl = app.ctl
    assert ctl is not None and ctl.human_turn()
    actions = render(app).regions["actions"]
    assert 'id="coach-suggest"' not in actions
    assert 'id="coach-switch"' in actions and 'aria-checked="false"' in actions
    fx = app.dispatch("coach")
    assert fx.coach_token is None and app.coach.job is None
    assert stored_entry(store).coach is False
    again = make_app(store)
    again.boot(f"?game={stored_entry(store).id}", "")
    assert not again.coach.on  # it survives a reload
    again.dispatch("coach-switch")  # the switch in the game turns it on, and is saved
    assert again.coach.on and stored_entry(store).coach is True
    assert 'id="coach-suggest"' in render(again).regions["actions"]


def test_switching_off_while_it_thinks_stops_it() -> None:
    app = started(MemoryStore(), "?players=Ann,bot:heuristic&seed=81&first=1")
    fx = app.dispatch("coach")
    assert fx.coach_token is not None
    app.dispatch("coach-switch")
    fx = coach.coach_tick(app, fx.coach_token)
    assert fx.coach_token is None and app.coach_phase == "" and app.coach.used == [0, 0]


def test_the_start_screen_has_the_coach_option_on_by_default() -> None:
    app = make_app(lang="de")
    app.dispatch("setup")  # the full setup (the one-click game has the coach on too)
    home = render(app).regions["home"]
    assert re.search(r'<select name="coach" id="coach"[^>]*>', home)
    assert '<option value="on" selected>An: Zugvorschläge auf Wunsch</option>' in home


def test_the_address_can_switch_the_coach_off() -> None:
    req = parse_location("?players=Ann,bot:random&coach=off", "")
    assert req.start is not None and req.start.coach is False
    assert parse_location("?players=Ann,bot:random", "").start.coach is True  # type: ignore[union-attr]
    bad = parse_location("?players=Ann,bot:random&coach=maybe", "")
    assert bad.start is None and [p.key for p in bad.problems] == ["link.bad_coach"]


def test_a_rematch_keeps_the_coach_off() -> None:
    s = random_game(players=2, seed=8)
    store = MemoryStore()
    entry = Saves(store, Clock(), Ids()).create(s, ("human", "heuristic"), coach=False)
    app = make_app(store)
    app.boot(f"?game={entry.id}", "")
    app.dispatch("rematch")
    assert app.ctl is not None and app.ctl.state is not s and not app.coach.on


def test_a_coach_that_breaks_says_so_and_the_game_goes_on(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from samarkand_core.bots import coach as core_coach

    def broken(self: object, view: object) -> None:
        raise RuntimeError("no idea")

    monkeypatch.setattr(core_coach.Coach, "start", broken)
    app = started(MemoryStore(), "?players=Ann,bot:heuristic&seed=81&first=1")
    fx = app.dispatch("coach")
    assert fx.coach_token is not None
    fx = coach.coach_tick(app, fx.coach_token)
    assert fx.coach_token is None and app.coach.used == [0, 0]
    assert [m.key for m in app.messages] == ["coach.failed"]
    assert "RuntimeError: no idea" in app.messages[0].detail
    actions = render(app).regions["actions"]
    assert 'id="coach-suggest"' in actions and "coach-thinking" not in actions
    assert app.ctl is not None and app.ctl.human_turn()

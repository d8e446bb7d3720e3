"""The analysis of a finished game in the page, and the statistics of the games saved
here: driven through the App as main.py drives it (dispatch, then analysis_tick until it
asks for no more), and the statistics computed from saves.

The analysis itself is samarkand_core.analysis (tests/core/test_analysis.py); here: the page
runs it in slices to the same result, only for a finished game, can stop it, shows every
decision and marks the weak ones on the chart and in the move list (each mark a way to
its decision), and keeps the result with the save (old saves load; backups carry it)."""

from __future__ import annotations

import functools
import html
import json
import re

import pytest
from samarkand_web.handlers import analysis
from samarkand_web.saves.backup import export_backup, import_backup
from samarkand_web.saves.storage import PREFIX, MemoryStore, SaveEntry, Saves
from samarkand_web.saves.storage_models import StoredAnalysis
from samarkand_web.state import stats as st
from samarkand_web.state.analysis import (
    MARKED,
    AnalysisDesk,
    default_player,
    to_stored,
)
from samarkand_web.state.app import App
from samarkand_web.state.effects import Effects
from samarkand_web.state.screen import Scores
from samarkand_web.view.render import render

from samarkand_core import GameState, Marry, Place, encode_save, final_scores
from samarkand_core.analysis import Analysis
from samarkand_core.replay import Replay
from tests.support.web_support import Clock, Ids, bot_game, make_app, play_until

SMALL = 4  # the search's iterations: the same judgement in slices or at once, quicker


GAME = bot_game(["heuristic", "heuristic"], 3)


@functools.cache
def expected() -> StoredAnalysis:
    """The analysis of GAME for the first seat, as the save keeps it: computed on first
    use, once a process, not at import (every pytest-xdist worker imports every module,
    and most run none of these tests)."""
    return to_stored(Analysis(GAME, 0, iterations=SMALL).run(), Replay.from_state(GAME))


def opened(store: MemoryStore | None = None, game: GameState = GAME,
           fragment_extra: str = "") -> App:
    """The App with the game opened from its share link (a new save, its end screen)."""
    app = make_app(store)
    app.boot("", "#" + encode_save(game) + fragment_extra)
    return app


def analyse_on(app: App, fx: Effects, max_ms: float = 5.0) -> tuple[list[str], Effects]:
    """Tick as main.py does until the analysis asks for no more: the phases seen."""
    phases = []
    desk = app.analysis
    assert desk is not None
    desk.iterations = SMALL
    while fx.analysis_token is not None:
        fx = analysis.analysis_tick(app, fx.analysis_token, max_ms)
        phases.append(app.analysis_phase)
        if fx.render:
            render(app)  # the progress bar, drawn between slices
    return phases, fx


def test_analyse_on_the_end_screen_runs_in_slices_to_the_cores_result() -> None:
    app = opened()
    assert app.screen == "game" and app.overlay == Scores()
    assert 'data-action="analyse"' in render(app).regions["overlay"]
    fx = app.dispatch("analyse")
    assert app.screen == "replay" and fx.analysis_token is not None
    page = render(app).regions["chart-table"]
    assert 'id="analysis-bar"' in page and 'aria-labelledby="analysis-progress"' in page
    assert 'id="analysis-stop"' in page
    phases, _ = analyse_on(app, fx)
    assert phases[0] == "start" and phases[-1] == "done"
    assert phases.count("step") > 1  # many short slices, not one long task
    desk = app.analysis
    assert desk is not None and desk.player == 0  # the first person (links: people)
    assert desk.results == {0: expected()}


@pytest.mark.slow
def test_every_decision_is_listed_and_the_weak_ones_are_marked_and_lead_there() -> None:
    app = opened()
    analyse_on(app, app.dispatch("analyse"))
    page = render(app)
    items = re.findall(r'<li class="analysis-item"( data-mistake="(\w+)")?>', page.regions[
        "chart-table"])
    assert len(items) == len(expected().decisions)
    weak = [d for d in expected().decisions if d.kind in MARKED]
    assert weak, "this game has weak moves of the first player"
    assert [k for _, k in items if k] == [d.kind for d in weak]
    # the chart: one mark per turn with a weak move, each a way to that turn's worst
    marks = re.findall(r'<g data-action="analysis-jump" data-value="(\d+)" '
                       r'class="mistake-mark" data-mistake="(\w+)"', page.regions["chart"])
    assert {int(m) for m, _ in marks} <= {d.move for d in weak}
    assert len(marks) == len({d.turn for d in weak})
    assert page.regions["chart"].count("data-win-chance") == 2  # a line per player
    move = int(marks[0][0])
    app.dispatch("analysis-jump", str(move))
    assert app.replay is not None and app.replay.move == move
    log = "".join(render(app).log_items)
    assert 'data-mistake="' in log  # the move list marks the weak move


def test_the_result_is_kept_with_the_save_and_not_computed_twice() -> None:
    store = MemoryStore()
    app = opened(store)
    assert app.entry is not None
    sid = app.entry.id
    analyse_on(app, app.dispatch("analyse"))
    assert Saves(store, Clock()).get(sid).analyses == (expected(),)
    # another visit: the saves list's replay shows it at once
    again = make_app(store)
    again.boot()
    again.dispatch("replay-save", sid)
    fx = again.dispatch("analyse", "0")
    assert fx.analysis_token is None
    assert "analysis-summary" in render(again).regions["chart-table"]


def test_saves_without_an_analysis_still_load_and_a_bad_one_is_refused() -> None:
    store = MemoryStore()
    app = opened(store)
    assert app.entry is not None
    data = json.loads(store.data[PREFIX + app.entry.id])
    data.pop("analyses")  # as written before the analysis
    assert SaveEntry.from_obj(data).analyses == ()
    analysis = {"player": 5, "chances": [[500, 500]], "decisions": []}  # no such player
    from samarkand_web.saves.storage_models import EntryError

    with pytest.raises(EntryError):
        SaveEntry.from_obj({**data, "analyses": [analysis]})


def test_a_backup_carries_the_analysis() -> None:
    store = MemoryStore()
    app = opened(store)
    analyse_on(app, app.dispatch("analyse"))
    text, _ = export_backup(app.saves, 1_700_000_000_000.0)
    assert '"analyses":[{"player":0' in text.replace(" ", "").replace("\n", "")
    fresh = Saves(MemoryStore(), Clock(), Ids())
    import_backup(fresh, text)
    good, _ = fresh.list()
    assert [e.analyses for e in good] == [(expected(),)]


def test_stop_drops_the_work_and_a_late_tick_does_nothing() -> None:
    app = opened()
    fx = app.dispatch("analyse")
    assert app.analysis is not None
    app.analysis.iterations = SMALL
    token = fx.analysis_token
    assert token is not None
    analysis.analysis_tick(app, token, 5.0)
    analysis.analysis_tick(app, token, 5.0)
    fx = app.dispatch("analysis-stop")
    assert fx.focus == "#analysis-start"
    late = analysis.analysis_tick(app, token, 5.0)
    assert late.analysis_token is None and not late.render and app.analysis_phase == ""
    assert app.analysis.status == "stopped" and not app.analysis.results
    assert "stopped" in render(app).regions["chart-table"]


def test_leaving_the_replay_stops_the_analysis() -> None:
    app = opened()
    fx = app.dispatch("analyse")
    app.dispatch("replay-close")
    assert fx.analysis_token is not None
    late = analysis.analysis_tick(app, fx.analysis_token, 5.0)
    assert late.analysis_token is None
    assert app.analysis is not None and not app.analysis.running


def test_only_a_finished_game_is_analysed() -> None:
    """The analysis shows a player's sales, keeps and discards: never before the end
    (the replay's "all hands" waits for the end likewise)."""
    unfinished = play_until(lambda s: s.turn >= 8, 2, seed0=3)
    app = opened(game=unfinished)
    app.dispatch("replay")
    assert app.screen == "replay" and analysis.analysis_desk(app) is None
    assert app.dispatch("analyse", "0").analysis_token is None
    assert 'id="analysis"' not in render(app).regions["chart-table"]


def test_a_position_link_has_no_save_to_keep_it_and_says_so() -> None:
    store = MemoryStore()
    app = make_app(store)
    app.boot("", "#" + encode_save(GAME) + "&at=3")
    assert app.screen == "replay"
    analyse_on(app, app.dispatch("analyse", "1"))
    assert app.analysis is not None and set(app.analysis.results) == {1}
    assert app.analysis.status == "unsaved"
    assert not [k for k in store.data if k.startswith(PREFIX)]
    assert "could not be kept" in render(app).regions["chart-table"]


def test_the_default_player_is_the_first_person() -> None:
    assert default_player(("search", "human", "human")) == 1
    assert default_player(("random", "search")) == 0


def test_a_stale_desk_belongs_to_one_game() -> None:
    desk = AnalysisDesk(code="s1-x")
    assert desk.start() == 1 and desk.start() is None  # already on its way
    assert desk.stop() and not desk.running and desk.status == "stopped"


# ---------------------------------------------------------------------- statistics


def entry(saves: Saves, game: GameState, seats: tuple[str, ...]) -> SaveEntry:
    return saves.create(game, seats)


def test_statistics_per_person_opponents_and_player_count() -> None:
    """Counted from the saves: people by name (two at one device each under their own),
    bots not at all; wins, average and best score from the final scores."""
    clock = Clock()
    saves = Saves(MemoryStore(), clock, Ids())
    hotseat = bot_game(["heuristic", "heuristic"], 3, ["Ann", "Bob"])
    vs_bots = bot_game(["heuristic"] * 3, 11, ["Ann", "Bot 2 (Medium)", "Bot 3 (Hard)"])
    entry(saves, hotseat, ("human", "human"))
    clock.t += 60_000
    entry(saves, vs_bots, ("human", "heuristic", "search"))
    entry(saves, play_until(lambda s: s.turn >= 4, 2, seed0=5), ("human", "human"))
    good, _ = saves.list()
    s = st.compute(good)
    assert (s.saved, s.finished) == (3, 2)
    hs, vb = final_scores(hotseat), final_scores(vs_bots)
    ann = [hs.scores[0].total, vb.scores[0].total]
    ann_wins = int(0 in hs.winners) + int(0 in vb.winners)
    t = s.by_person["Ann"]
    assert (t.games, t.wins, t.points, t.best) == (2, ann_wins, sum(ann), max(ann))
    assert set(s.by_person) == {"Ann", "Bob"}  # the bots are not counted
    assert s.by_level["people"].games == 2  # Ann and Bob, against each other
    assert s.by_level["mixed"].games == 1  # Ann against a Medium and a Hard bot
    assert s.by_count[2].games == 2 and s.by_count[3].games == 1
    assert [x.score for x in s.trend("Ann")] == ann  # oldest first
    assert len(s.games()) == 2  # one point on the time axis per game, for all its people
    assert s.best == max(ann + [hs.scores[1].total])


def test_statistics_leave_out_what_cannot_be_read() -> None:
    saves = Saves(MemoryStore(), Clock(), Ids())
    good_one = entry(saves, GAME, ("human", "search"))
    broken = good_one.changed(id="brok0001", code="s1-AAAA")
    s = st.compute([good_one, broken])
    assert (s.saved, s.finished) == (2, 1)
    assert s.by_level["search"].games == 1


def test_the_statistics_dialog_from_the_saves_list() -> None:
    app = opened()
    app.dispatch("home")
    assert 'id="stats-open"' in render(app).regions["home"]
    fx = app.dispatch("stats")
    overlay = render(app).regions["overlay"]
    assert fx.focus == "#overlay h2"
    assert "Games saved: 1; finished: 1." in overlay
    best = max(sc.total for sc in final_scores(GAME).scores)
    assert f"Best score: {best} (P1)." in overlay  # P1 won this game
    assert overlay.count('class="table-wrap stats-') == 3 and "svg" in overlay
    fx = app.dispatch("escape")
    assert app.overlay is None and fx.focus == "#stats-open"


def test_a_stored_analysis_out_of_its_ranges_is_not_drawn_and_the_replay_says_so() -> None:
    """D3 (issue 39): a backup whose stored analysis names a good that does not exist
    (`good: 99999`) passes the entry's reader (a whole number within its bounds), but the
    replay checks each reason against the game: the replay opens, shows the game without
    the analysis, and says so (it used to end in an IndexError and no word)."""
    store = MemoryStore()
    app = opened(store)
    analyse_on(app, app.dispatch("analyse"))
    text, _ = export_backup(app.saves, 1_700_000_000_000.0)
    doc = json.loads(text)
    stored = doc["saves"][0]["analyses"][0]
    stored["decisions"][0]["reasons"] = [{"key": "analysis.reason.sold",
                                          "params": {"good": 99999}}]
    fresh_store = MemoryStore()
    fresh = make_app(fresh_store)
    fresh.boot()
    report = import_backup(fresh.saves, json.dumps(doc))
    assert report.added and not report.refused  # the strict reader lets it in
    sid = report.added[0]
    fresh.dispatch("replay-save", sid)
    assert fresh.screen == "replay"
    fx = fresh.dispatch("analyse", "0")
    page = render(fresh)
    assert "analysis.stored_damaged" in [m.key for m in fresh.messages]
    assert "could not be shown" in page.regions["messages"]
    assert fx.analysis_token is not None  # it is made again, not drawn from the damage


def test_analyse_opens_the_replay_at_the_first_mistake() -> None:
    """"Analyse" leads to what matters: once the analysis is done (or at once, when it
    is kept with the save) the replay stands at the first decision it marks (a mistake or
    a blunder first, else an inaccuracy), not at move 0; a replay already moved by the
    person stays where they put it."""
    weak = [d for d in expected().decisions if d.kind in ("mistake", "blunder")] or [
        d for d in expected().decisions if d.kind in MARKED]
    assert weak, "this game has weak moves of the first player"
    store = MemoryStore()
    app = opened(store)
    assert app.entry is not None
    sid = app.entry.id
    analyse_on(app, app.dispatch("analyse"))
    assert app.replay is not None and app.replay.move == weak[0].move > 0
    again = make_app(store)
    again.boot()
    again.dispatch("replay-save", sid)
    assert again.replay is not None and again.replay.move == 0
    again.dispatch("analyse", "0")  # kept with the save: at once
    assert again.replay.move == weak[0].move
    third = make_app(store)
    third.boot()
    third.dispatch("replay-save", sid)
    third.dispatch("replay-step", "+1")
    third.dispatch("analyse", "0")
    assert third.replay is not None and third.replay.move == 1


def test_show_draws_the_better_move_on_the_board_with_the_coachs_mark() -> None:
    """"Show" in the analysis's list goes to the decision's move and draws the better
    move found on the board with the coach's mark (samarkand_core/draw/marks.py: ring and
    star), its space or the domain it marries into, named "the better move"; a mark on
    the chart, or moving on, shows the move alone."""
    from samarkand_web.state import analysis as an

    app = opened()
    analyse_on(app, app.dispatch("analyse"))
    r = app.replay
    assert r is not None
    rp = r.rp
    on_board = [d for d in expected().decisions if d.kind in MARKED and isinstance(
        an.best(rp, d), (Place, Marry))]
    assert on_board, "this game has a weak move whose better move is on the board"
    d = on_board[0]
    listed = render(app).regions["chart-table"]
    assert f'data-action="analysis-jump" data-value="{d.move}:{d.index}"' in listed
    app.dispatch("analysis-jump", f"{d.move}:{d.index}")
    assert r.move == d.move
    better = an.best(rp, d)
    assert isinstance(better, (Place, Marry))  # on_board holds only these
    key = (f"space:{better.space}" if isinstance(better, Place)
           else f"family:{better.family}")
    page = render(app)
    marked = [k for k, markup in page.board_pieces if "coach-mark" in markup]
    assert marked == [key]
    assert "(the better move)" in dict(page.board_pieces)[key]
    app.dispatch("replay-step", "+1")  # moving on: the move alone
    assert not any("coach-mark" in m for _, m in render(app).board_pieces)
    app.dispatch("analysis-jump", str(d.move))  # the chart's mark: no better move drawn
    assert not any("coach-mark" in m for _, m in render(app).board_pieces)


def test_each_decision_shows_how_sure_its_loss_is_and_old_analyses_show_none() -> None:
    """Issue 35, item 1 ("or the page shows the uncertainty"): each decision judged
    against another move gives its margin of error (± NOISE_Z standard errors of the
    winning chance lost) in the list and in its chart mark's title, says "rough
    estimate" where that margin is over ROUGH points, in English and French; an analysis
    stored before the margin (no `win_err`) still loads and shows none."""
    from dataclasses import replace

    from samarkand_web.state.analysis import ROUGH, rough, win_range

    store = MemoryStore()
    app = opened(store)
    assert app.entry is not None
    analyse_on(app, app.dispatch("analyse"))
    desk = app.analysis
    assert desk is not None
    with_err = [d for d in expected().decisions if d.win_err > 0]
    assert with_err, "this analysis has decisions judged against another move"
    # one decision's margin made wide, one narrow: the list says "rough" for the wide one
    wide, narrow = with_err[0], with_err[-1]
    decisions = tuple(replace(d, win_err=round(10 * ROUGH / 2 + 20)) if d is wide else
                      replace(d, win_err=10) if d is narrow else d
                      for d in expected().decisions)
    desk.results[0] = replace(expected(), decisions=decisions)
    desk.drawn.clear()
    wide_now = decisions[expected().decisions.index(wide)]
    assert rough(wide_now) and win_range(wide_now) > ROUGH
    for lang, margin, rough_word in (("en", "margin of error ±", "rough estimate"),
                                     ("fr", "marge d'erreur ±", "estimation approximative")):
        app.dispatch("lang", lang)
        page = html.unescape(render(app).regions["chart-table"])
        items = re.findall(r'<li class="analysis-item".*?</li>', page, re.S)
        assert len(items) == len(decisions)
        for d, text in zip(decisions, items, strict=True):
            assert (margin in text) == (d.win_err > 0), text
            assert (rough_word in text) == rough(d), text
        assert f"{margin}{round(win_range(wide_now))}" in page
        marks = html.unescape(render(app).regions["chart"])
        assert (rough_word in marks) == any(rough(d) for d in decisions if d.kind in MARKED)
    # saved before the margin existed: the entry's decisions without the field
    data = json.loads(store.data[PREFIX + app.entry.id])
    for d in data["analyses"][0]["decisions"]:
        d.pop("win_err")
    old = SaveEntry.from_obj(data).analyses[0]
    assert all(d.win_err == 0 for d in old.decisions)
    assert [replace(d, win_err=0) for d in expected().decisions] == list(old.decisions)

"""Charts: the score race's numbers are final_scores at the end of each turn
(rulebook, "Scoring"), with cards in hand left out while they are hidden (docs/rules.md,
Goods); the end-screen bars are the final score sheet; both drawings say what they show
in a title, a description and the same numbers as rows."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest
from samarkand_web.state.screen import Scores

from samarkand_core import GameState, final_scores
from samarkand_core.draw.chart import (
    PLAYER_COLOURS,
    PLAYER_DASHES,
    PLAYER_SYMBOLS,
    ChartStrings,
    breakdown_rows,
    breakdown_svg,
    race,
    race_rows,
    race_svg,
    race_x,
)
from samarkand_core.replay import HiddenHandsError, Replay
from tests.support.replay_support import twin_games
from tests.support.web_support import play_until, random_game

SVG = "{http://www.w3.org/2000/svg}"
GAMES = [random_game(n, seed) for n, seed in ((2, 7), (3, 8), (5, 9))]


def totals(s: GameState) -> tuple[int, ...]:
    return tuple(sc.total for sc in final_scores(s).scores)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: f"{g.n}p")
def test_all_hands_race_is_final_scores_after_every_turn(game: GameState) -> None:
    rp = Replay.from_state(game)
    r = race(rp, all_hands=True)
    rows = race_rows(r)
    assert [row.turn for row in rows] == list(range(game.turn + 1))
    for row in rows:
        s = rp.state_at(row.position)
        assert row.scores == totals(s)
        # the point of turn t is the table when turn t + 1 begins
        if row.turn < game.turn:
            assert s.turn == row.turn + 1 and rp.turn_starts[row.turn] == row.position
    assert rows[-1].scores == totals(game)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: f"{g.n}p")
def test_public_race_leaves_hidden_cards_out_until_the_end(game: GameState) -> None:
    rp = Replay.from_state(game)
    rows = race_rows(race(rp))
    for row in rows[:-1]:
        fs = final_scores(rp.state_at(row.position)).scores
        assert row.scores == tuple(sc.goods_markers + sc.relationship_markers + sc.cash
                                   for sc in fs)
    assert rows[-1].scores == totals(game)  # the score sheet shows every hand


def test_public_race_is_the_same_for_games_that_differ_in_hidden_cards() -> None:
    a, b = twin_games()
    ra, rb = race(Replay.from_state(a)), race(Replay.from_state(b))
    assert [r.scores for r in ra.rows[:-1]] == [r.scores for r in rb.rows[:-1]]
    assert [r.marks for r in ra.rows] == [r.marks for r in rb.rows]


def test_unfinished_game_race_hides_hands_and_refuses_all_hands() -> None:
    s = play_until(lambda s: s.turn == 25, players=4)
    rows = race_rows(race(s))
    fs = final_scores(s).scores
    assert rows[-1].scores == tuple(x.total - x.goods_cards for x in fs)
    with pytest.raises(HiddenHandsError):
        race(s, all_hands=True)
    with pytest.raises(HiddenHandsError):
        breakdown_rows(s)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: f"{g.n}p")
def test_marks_are_every_marriage_and_every_first_relationship(game: GameState) -> None:
    rp = Replay.from_state(game)
    r = race(rp)
    marks = [mk for row in r.rows for mk in row.marks]
    marriages = [mk for mk in marks if mk.kind == "marriage"]
    relations = [mk for mk in marks if mk.kind == "relationship"]
    assert len(marriages) == sum(1 for a in game.actions if a.kind == "marry")
    met = bin(game.met).count("1")  # every pair of families that met, met first once
    assert len(relations) == met
    ends = [*rp.turn_starts[1:], rp.n_actions]
    for mk in marriages:
        first, end = rp.turn_starts[mk.turn - 1], ends[mk.turn - 1]
        assert rp.state_at(first).turn_player == mk.player
        fid = game.board.family_ids[mk.family]
        assert any(getattr(a, "family", None) == fid and a.kind == "marry"
                   for a in rp.actions[first:end])


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def test_race_svg_is_accessible_and_has_a_line_per_player() -> None:
    game = GAMES[2]
    r = race(game)
    root = parse(race_svg(r))
    assert root.get("role") == "img"
    title = root.find(f"{SVG}title")
    desc = root.find(f"{SVG}desc")
    assert title is not None and desc is not None
    assert root.get("aria-labelledby") == f"{title.get('id')} {desc.get('id')}"
    for name, score in zip(game.names, totals(game), strict=True):
        assert f"{name} {score}" in (desc.text or "")
    lines = root.findall(f".//{SVG}polyline")
    assert len(lines) == game.n
    for p, line in enumerate(lines):
        pts = (line.get("points") or "").split()
        assert len(pts) == game.turn + 1
        assert line.get("stroke") == PLAYER_COLOURS[p]
        assert (line.get("stroke-dasharray") or "") == PLAYER_DASHES[p]


def test_race_svg_heights_follow_the_scores() -> None:
    game = GAMES[1]
    r = race(game, all_hands=True)
    root = parse(race_svg(r))
    ys = [[float(pt.split(",")[1]) for pt in (ln.get("points") or "").split()]
          for ln in root.findall(f".//{SVG}polyline")]
    for k, row in enumerate(r.rows):
        for p in range(game.n):
            for q in range(game.n):
                if row.scores[p] > row.scores[q]:
                    assert ys[p][k] < ys[q][k]  # higher on the page
                elif row.scores[p] == row.scores[q]:
                    assert ys[p][k] == ys[q][k]


def test_players_differ_by_more_than_colour() -> None:
    assert len(set(PLAYER_DASHES)) == len(PLAYER_DASHES) == 5
    assert len(set(PLAYER_SYMBOLS)) == 5 and len(set(PLAYER_COLOURS)) == 5


def test_race_marks_have_words_and_the_position_line() -> None:
    game = GAMES[0]
    rp = Replay.from_state(game)
    svg = race_svg(race(rp), at=race_x(rp, 10))
    root = parse(svg)
    marks = root.findall(f".//{SVG}g[@data-mark]")
    assert marks and all((m.find(f"{SVG}title").text or "").startswith("Turn ")  # type: ignore[union-attr]
                         for m in marks)
    assert root.find(f".//{SVG}g[@class='now']") is not None


def test_race_x_runs_from_zero_to_the_last_turn() -> None:
    rp = Replay.from_state(GAMES[1])
    xs = [race_x(rp, m) for m in range(rp.n_moves + 1)]
    assert xs[0] == 0 and xs[-1] == rp.n_turns
    assert xs == sorted(xs)
    for t in range(1, rp.n_turns + 1):
        assert race_x(rp, rp.turn_start_move(t)) == t - 1


@pytest.mark.parametrize("game", GAMES, ids=lambda g: f"{g.n}p")
def test_breakdown_rows_are_the_score_sheet_highest_first(game: GameState) -> None:
    rows = breakdown_rows(game)
    assert sorted(rows, key=lambda s: s.player) == list(final_scores(game).scores)
    assert [s.total for s in rows] == sorted((s.total for s in rows), reverse=True)


def test_breakdown_svg_segments_are_proportional_to_the_points() -> None:
    game = GAMES[1]
    root = parse(breakdown_svg(game))
    assert root.get("role") == "img" and root.find(f"{SVG}title") is not None
    per_point = set()
    for s in final_scores(game).scores:
        bar = root.find(f".//{SVG}g[@data-player='{s.player}']")
        assert bar is not None
        for rect in bar.findall(f"{SVG}rect[@data-kind]"):
            kind = rect.get("data-kind")
            value = getattr(s, kind or "")
            per_point.add(round(float(rect.get("width") or 0) / value, 0))
        kinds = [r.get("data-kind") for r in bar.findall(f"{SVG}rect[@data-kind]")]
        assert kinds == [k for k in ("goods_cards", "goods_markers", "relationship_markers",
                                     "cash") if getattr(s, k) > 0]
    assert len(per_point) == 1  # one scale for every segment of every bar
    fills = {r.get("fill") for r in root.findall(f".//{SVG}rect[@data-kind]")}
    assert any(f and f.startswith("url(#") for f in fills)  # patterns, not colour alone


def test_charts_take_their_words_from_strings() -> None:
    st = ChartStrings(race_title="Punkte Zug um Zug", axis_turn="Zug",
                      goods_cards="Warenkarten", family_names={"alexandria": "Haus X"})
    game = GAMES[0]
    assert "Punkte Zug um Zug" in race_svg(race(game), strings=st)
    assert ">Zug<" in race_svg(race(game), strings=st)
    assert "Warenkarten" in breakdown_svg(game, strings=st)


def test_names_are_escaped() -> None:
    from samarkand_core import apply_action, legal_actions, new_game
    s = new_game(["<b>A&B</b>", "Bob"], 3)
    for _ in range(30):
        s = apply_action(s, legal_actions(s)[0])
    svg = race_svg(race(s))
    assert "<b>" not in svg and "&lt;b&gt;A&amp;B" in svg
    parse(svg)
    assert re.search(r'id="race-title"', svg)


def test_the_line_of_a_move_added_later_is_the_same_drawing() -> None:
    """A replay draws the race once and adds each move's line (with_now): the result is
    the drawing race_svg makes with `at`."""
    from samarkand_core.draw.chart import with_now

    rp = Replay.from_state(GAMES[1])
    r = race(rp)
    base = race_svg(r)
    for m in (0, 7, rp.n_moves):
        assert with_now(base, r, race_x(rp, m)) == race_svg(r, at=race_x(rp, m))


@pytest.mark.parametrize(("lang", "level"), [("de", "Mittel"), ("fr", "Moyen"),
                                              ("it", "Medio")])
def test_the_end_chart_names_bots_in_the_pages_language_as_the_table_does(
        lang: str, level: str) -> None:
    """A bot that kept its default name ("Bot 2 (Medium)", made in English) is named in
    the page's language on the end screen's chart, as in its score table."""
    from samarkand_web.view.render import render

    from tests.support.app_play import open_state
    from tests.support.web_support import bot_game

    game = bot_game(["random", "random", "random"], 31,
                    names=["Ann", "Bot 2 (Medium)", "Bot 3 (Medium)"])
    app = open_state(game, "2:heuristic,3:heuristic", lang=lang)
    assert app.overlay == Scores()
    overlay = render(app).regions["overlay"]
    chart = overlay[overlay.index("breakdown-figure"):]
    chart = chart[:chart.index("</figure>")]
    assert "(Medium)" not in chart
    assert f"({level})" in chart

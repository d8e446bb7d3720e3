"""The analysis of a finished game and the statistics, in Chromium. Finished games are
games of bots played with samarkand_core in the test and opened through share links,
as a person opens a game someone sent them (the link adds the game as a save).

(Not named test_analysis.py: pytest imports test files by their base name, and
tests/core/test_analysis.py, the core's, has it.)"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from samarkand_core import GameState, encode_save, final_scores
from tests.e2e.games import ANALYSED as GAME
from tests.e2e.games import ANALYSIS_TIMEOUT
from tests.e2e.pages import go_home, open_page
from tests.support.web_support import bot_game

OTHER = bot_game(["heuristic", "heuristic", "heuristic"], 11)


def link(site_url: str, state: GameState) -> str:
    return f"{site_url}index.html?lang=en#{encode_save(state)}"


def status_move(page: Page) -> int:
    m = re.search(r"move (\d+) of", page.locator("#status-line").inner_text())
    assert m
    return int(m.group(1))


@pytest.mark.slow
def test_analyse_a_game_opened_from_a_link_marks_mistakes_and_a_mark_jumps_there(
        wpage: Page, site_url: str) -> None:
    open_page(wpage, link(site_url, GAME))
    dialog = wpage.locator("#overlay .scores-dialog")
    expect(dialog).to_be_visible()
    dialog.locator('[data-action="analyse"]').click()
    # the replay with the analysis running: a labelled progress bar and Stop
    bar = wpage.locator("#analysis-bar")
    expect(bar).to_be_visible()
    expect(bar).to_have_attribute("aria-labelledby", "analysis-progress")
    expect(wpage.locator("#analysis-stop")).to_be_visible()
    summary = wpage.locator("#analysis .analysis-summary")
    expect(summary).to_be_visible(timeout=ANALYSIS_TIMEOUT)
    expect(bar).to_have_count(0)
    # every decision of the first player listed, the weak ones marked, on the chart too
    expect(wpage.locator("#analysis .analysis-list li.analysis-item")).to_have_count(28)
    marks = wpage.locator("#chart svg [data-mistake]")
    assert marks.count() >= 1
    assert wpage.locator("#analysis li.analysis-item[data-mistake]").count() >= 1
    expect(wpage.locator("#chart svg [data-win-chance]")).to_have_count(2)
    # how sure each loss is (issue 35, item 1): the weak move's margin of error, in
    # Pyodide as in CPython (the same deals, the same standard error)
    expect(wpage.locator("#analysis li.analysis-item[data-mistake]").first).to_contain_text(
        re.compile(r"margin of error ±\d+%"))
    # a click on a mark: the replay at that decision (its move, the worst of its turn)
    first = marks.first
    target = int(first.get_attribute("data-value") or "0")
    assert target > 0
    first.click()
    expect(wpage.locator("#status-line")).to_contain_text(f"move {target} of")
    # the move list marks it too (the replay's log holds the moves up to this one)
    expect(wpage.locator("#log li[data-mistake]")).not_to_have_count(0)
    # kept with the save: the analysis is shown again without being made again
    saved = wpage.evaluate("""Object.keys(localStorage)
        .filter(k => k.startsWith('samarkand.save.'))
        .map(k => JSON.parse(localStorage.getItem(k)).analyses.length)""")
    # (seen once in a quiet run: [0]; the page's own word on it, "saved" or "not saved",
    # says whether the analysis reached the worker's store)
    assert saved == [1], (saved, wpage.locator("#analysis .analysis-status").all_inner_texts())
    wpage.locator('[data-action="replay-close"]').click()
    go_home(wpage)
    wpage.locator('#saves [data-action="replay-save"]').click()
    wpage.locator("#analysis-start").click()
    expect(summary).to_be_visible()
    expect(wpage.locator("#analysis-bar")).to_have_count(0)
    assert wpage.locator("#chart svg [data-mistake]").count() == marks.count()


def test_the_analysis_can_be_stopped(wpage: Page, site_url: str) -> None:
    open_page(wpage, link(site_url, OTHER))
    wpage.locator('#overlay [data-action="analyse"]').click()
    wpage.locator("#analysis-stop").click()
    expect(wpage.locator("#analysis-bar")).to_have_count(0)
    expect(wpage.locator("#analysis .analysis-status")).to_contain_text("stopped")
    expect(wpage.locator("#chart svg [data-mistake]")).to_have_count(0)


def test_statistics_after_two_finished_games(wpage: Page, site_url: str) -> None:
    for game in (GAME, OTHER):
        open_page(wpage, link(site_url, game))
        expect(wpage.locator("#overlay .scores-dialog")).to_be_visible()
    go_home(wpage)
    wpage.locator("#stats-open").click()
    dialog = wpage.locator("#overlay .stats-dialog")
    expect(dialog).to_be_visible()
    expect(dialog.locator(".stats-games")).to_have_text("Games saved: 2; finished: 2.")
    # P1 sat in both games (a person's name in each: links open as people's games)
    scores = [final_scores(g).scores[0].total for g in (GAME, OTHER)]
    wins = sum(1 for g in (GAME, OTHER) if 0 in final_scores(g).winners)
    row = dialog.locator(".stats-person tr", has_text="P1")
    expect(row.locator("td")).to_have_text(
        ["2", str(wins), f"{sum(scores) / 2:.1f}", str(max(scores))])
    expect(dialog.locator(".stats-count tbody tr")).to_have_count(2)
    expect(dialog.locator("svg.trend circle")).to_have_count(5)  # 2 + 3 people's scores
    wpage.keyboard.press("Escape")
    expect(dialog).to_have_count(0)
    expect(wpage.locator("#stats-open")).to_be_focused()

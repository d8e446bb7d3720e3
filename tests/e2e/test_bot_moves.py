"""Bot moves a person can follow, in Chromium: against bots, each move of a bot's turn is
marked on the board where it happened (a camel, the goods marker it took, a marriage,
a sale), as many marks as the log has moves for that turn; "Watch again" shows the
moves since the person's last turn again, one after another, by mouse, keyboard and
touch, can be stopped, and changes nothing of the game; without motion the marks still
show (state/botmoves.py, samarkand_core/draw/moves.py)."""

from __future__ import annotations

import json
import re
from typing import Any

from playwright.sync_api import Browser, Page, expect

from tests.e2e.games import bots_next_link as link
from tests.e2e.pages import Guard, wait_ready

BOT_MS = 120_000  # two heuristic bots' turns at "fast", on a busy machine
# The log's sentences that are a move on the board (English), by the mark's kind.
MOVE_LINES = {"camel": "places a camel", "marker": "takes the goods marker",
              "marry": "marries into", "sell": "sells the"}


def open_until_my_turn(page: Page, url: str) -> None:
    page.goto(url)
    wait_ready(page)
    expect(page.locator("#watch-again")).to_be_visible(timeout=BOT_MS)


def log_moves(page: Page, turn: int) -> list[str]:
    """The kinds of the moves the log has for `turn`, in order (the log lists the newest
    line first)."""
    lines: list[str] = page.evaluate("""(turn) => [...document.querySelectorAll('#log li')]
        .filter(li => li.querySelector('.log-turn').textContent.trim() === String(turn))
        .map(li => li.textContent)""", turn)
    kinds = []
    for text in reversed(lines):
        kinds += [k for k, words in MOVE_LINES.items() if words in text]
    return kinds


def recap_turns(page: Page) -> list[int]:
    return [int(t) for t in page.locator("#recap .recap-turn").evaluate_all(
        "els => els.map(e => e.dataset.turn)")]


def board_kinds(page: Page) -> list[str]:
    return list(page.locator("#board [data-bot-action]").evaluate_all(
        "els => els.map(e => e.dataset.botAction)"))


def record_frames(page: Page) -> None:
    """Keep every set of marks the board shows from now on (a MutationObserver: no
    frame is missed however busy the machine is)."""
    page.evaluate("""() => {
        window.__frames = [];
        const kinds = () => JSON.stringify([...document.querySelectorAll(
            '#board [data-bot-action]')].map(e => [e.dataset.botAction, e.textContent]));
        new MutationObserver(() => {
            const k = kinds();
            if (window.__frames[window.__frames.length - 1] !== k) window.__frames.push(k);
        }).observe(document.querySelector('#board'), {subtree: true, childList: true});
    }""")


def frames(page: Page) -> list[list[str]]:
    """The kinds of the marks of each frame recorded."""
    return [[kind for kind, _ in json.loads(f)]
            for f in page.evaluate("() => window.__frames")]


def game_now(page: Page) -> dict[str, Any]:
    """What a watch must not change: the log, the players, the status, the saves."""
    return dict(page.evaluate("""() => ({
        log: document.querySelector('#log').textContent,
        players: document.querySelector('#players').textContent,
        saves: Object.keys(localStorage).sort().map(k => [k, localStorage.getItem(k)])})"""))


def test_each_bot_move_is_marked_and_watch_again_shows_them_again(
        wpage: Page, site_url: str) -> None:
    page = wpage
    # watch again slowly enough to see: the pace follows the speed setting, which the
    # page shows while the bots play, not during the person's decision (when Watch
    # again is offered), so the game starts at that speed
    open_until_my_turn(page, link(site_url, "normal"))
    turns = recap_turns(page)
    assert len(turns) == 2, turns  # both bots' turns since Ann's last
    last = log_moves(page, turns[-1])
    assert last, "the last bot turn made no move on the board"
    # the board: one mark for each move of the last bot's turn, in order
    expect(page.locator("#board [data-bot-action]")).to_have_count(len(last))
    assert board_kinds(page) == last
    caption = page.locator("#board [data-bot-action] .move-caption").first
    expect(caption).to_contain_text("Cem")  # the third seat, a bot, named in the game

    before = game_now(page)
    every = [k for t in turns for k in log_moves(page, t)]
    assert "camel" in every and "marker" in every, every  # (the position's bots do so)
    record_frames(page)
    page.locator("#watch-again").click()
    expect(page.locator("#watch-stop")).to_be_focused()
    expect(page.locator(".watch-count")).to_have_text(
        re.compile(rf"^Watching again: move \d+ of {len(every)}$"))
    expect(page.locator("#watch-again")).to_be_visible(timeout=60_000)  # it ended
    seen = [f for f in frames(page) if f]
    newest = [f[-1] for f in seen]
    # every move once, in order (the first frame shows at the click), then the live marks
    assert newest[:len(every)] == every, (newest, every)
    assert seen[len(every) - 1] == last and board_kinds(page) == last
    assert game_now(page) == before


def test_watch_again_by_keyboard_stops_and_changes_nothing(
        wpage: Page, site_url: str) -> None:
    page = wpage
    open_until_my_turn(page, link(site_url, "slow"))
    before, marks = game_now(page), board_kinds(page)
    page.locator("#watch-again").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#watch-stop")).to_be_focused()
    expect(page.locator(".watch-status")).to_contain_text("move 1 of")
    page.keyboard.press("Enter")  # stop
    expect(page.locator("#watch-again")).to_be_focused()
    assert board_kinds(page) == marks and game_now(page) == before
    page.locator("#watch-again").focus()
    page.keyboard.press(" ")
    expect(page.locator("#watch-stop")).to_be_visible()


def test_watch_again_by_touch_on_a_phone(browser: Browser, site_url: str) -> None:
    ctx = browser.new_context(viewport={"width": 360, "height": 740}, has_touch=True,
                              is_mobile=True)
    guard = Guard()
    guard.watch(ctx)
    try:
        page = ctx.new_page()
        open_until_my_turn(page, link(site_url))
        marks = board_kinds(page)
        assert marks
        page.locator("#watch-again").tap()
        expect(page.locator("#watch-stop")).to_be_visible()
        page.locator("#watch-stop").tap()
        expect(page.locator("#watch-again")).to_be_visible()
        assert board_kinds(page) == marks
    finally:
        ctx.close()
    guard.check()


def test_marks_show_without_motion_when_asked(browser: Browser, site_url: str) -> None:
    """prefers-reduced-motion: the same marks, no animation."""
    names = {}
    for motion in ("reduce", "no-preference"):
        ctx = browser.new_context(viewport={"width": 1280, "height": 800},
                                  reduced_motion=motion)  # type: ignore[arg-type]
        guard = Guard()
        guard.watch(ctx)
        try:
            page = ctx.new_page()
            open_until_my_turn(page, link(site_url))
            mark = page.locator("#board [data-bot-action]").first
            expect(mark).to_be_visible()
            names[motion] = mark.evaluate("e => getComputedStyle(e).animationName")
        finally:
            ctx.close()
        guard.check()
    assert names["reduce"] == "none" and names["no-preference"] != "none", names

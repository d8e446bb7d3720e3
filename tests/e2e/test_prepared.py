"""Prepared answers in Chromium (docs/phone.md, "Prepared answers"): a person who reads
the board before each click finds its answer prepared by the worker and shown in the
click's own task, and the game so played is the game saved: opened again, the page
shows the same position, and its save is the one the page had written."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from playwright.sync_api import BrowserContext, ConsoleMessage, Page, expect

from tests.e2e.pages import STEP_MS, Guard, answered, guarded_page, play_one_step, wait_ready

GAME = "index.html?players=Ann,bot:random&first=1&seed=4&speed=instant"
SAVES = """() => Object.fromEntries(Object.keys(localStorage)
  .filter(k => k.startsWith('samarkand.save.')).map(k => [k, localStorage.getItem(k)]))"""
READING_MS = 400  # a person reads the board before a click (the bench clicks at once)


def step_after_a_look(page: Page, rng: random.Random) -> bool:
    """One step of the game (play_one_step) made once the page's last answer is shown
    and the person has read the board a moment. Whether a step was made."""
    answered(page)
    page.wait_for_timeout(READING_MS)
    return play_one_step(page, rng)


def anns_turn_status(page: Page) -> str:
    """The status line once every click is answered and the bots have moved (Ann has a
    decision): a status read while a bot thinks is not the status of the game saved, for
    the bot's move is saved when it is made, and the page opened again goes on from it."""
    answered(page)
    expect(page.locator("#actions .decision")).not_to_have_count(0, timeout=STEP_MS)
    answered(page)
    return page.locator("#status-line").inner_text()


def prepared_steps(page: Page, url: str, script: str, read: str, rng: random.Random,
                   steps: int) -> Iterator[object]:
    """The game at `url`, `script` evaluated in it once it is ready, played up to
    `steps` steps after a look (step_after_a_look); after each click answered from a
    prepared answer, what the expression `read` gave just before that step."""
    page.goto(url)
    wait_ready(page)
    page.evaluate(script)
    for _ in range(steps):
        shown = page.evaluate("window.samarkandPreparedShown()")
        before = page.evaluate(read)
        if not step_after_a_look(page, rng):
            return
        if page.evaluate("window.samarkandPreparedShown()") > shown:
            yield before


@pytest.fixture
def desk(warm: tuple[BrowserContext, Guard], site_url: str) -> Iterator[Page]:
    for page in guarded_page(warm, site_url):
        page.set_default_timeout(60_000)
        yield page


def test_clicks_after_a_look_at_the_board_are_answered_from_prepared_answers(
        desk: Page, site_url: str) -> None:
    errors: list[str] = []

    def console(message: ConsoleMessage) -> None:
        if message.type == "error":
            errors.append(message.text)

    desk.on("console", console)
    desk.on("pageerror", lambda exc: errors.append(str(exc)))
    desk.goto(site_url + GAME)
    wait_ready(desk)
    rng = random.Random(3)
    before = desk.evaluate("window.samarkandTimings.length")
    for _ in range(30):
        if not step_after_a_look(desk, rng):
            break
    answered(desk)
    clicks = desk.evaluate("window.samarkandTimings.length") - before
    shown = desk.evaluate("window.samarkandPreparedShown()")
    assert clicks >= 10
    assert shown >= 1, f"none of {clicks} clicks found its answer prepared"
    assert not errors, errors

    status = anns_turn_status(desk)
    saves = desk.evaluate(SAVES)
    assert len(saves) == 1
    desk.reload()
    wait_ready(desk)
    expect(desk.locator("#status-line")).to_have_text(status)
    assert desk.evaluate(SAVES) == saves


# Markup parsed by the page, counted while a click's own listeners run (the document's
# capture phase to the window's bubble phase): a Range's parse, innerHTML set and
# insertAdjacentHTML, the three ways the page turns a Paint's markup into nodes.
COUNT_PARSES = """() => {
  const w = window;
  w.parsesInClick = 0;
  let inClick = false;
  const count = (proto, name) => {
    const own = Object.getOwnPropertyDescriptor(proto, name);
    if (own.value) {
      Object.defineProperty(proto, name, { ...own, value: function (...args) {
        if (inClick) w.parsesInClick += 1;
        return own.value.apply(this, args);
      } });
    } else {
      Object.defineProperty(proto, name, { ...own, set: function (v) {
        if (inClick) w.parsesInClick += 1;
        own.set.call(this, v);
      } });
    }
  };
  count(Range.prototype, "createContextualFragment");
  count(Element.prototype, "innerHTML");
  count(Element.prototype, "insertAdjacentHTML");
  document.addEventListener("click", () => { inClick = true; }, true);
  w.addEventListener("click", () => { inClick = false; });
}"""


def test_a_prepared_click_parses_no_markup_in_its_own_task(desk: Page, site_url: str) -> None:
    """docs/phone.md, "Prepared answers in the page": a prepared answer's new nodes are
    made as it arrives (dom.js's samarkandPrebuild), so the click that shows it only
    moves nodes into the page. Clicks answered so parse nothing in their own task; the
    page they leave is the page saved (opened again, the same status)."""
    prepared_clicks = 0
    for parses in prepared_steps(desk, site_url + GAME, COUNT_PARSES, "window.parsesInClick",
                                 random.Random(5), 24):
        prepared_clicks += 1
        assert desk.evaluate("window.parsesInClick") == parses, \
            "a click answered from a prepared answer parsed markup in its own task"
    assert prepared_clicks >= 5
    status = anns_turn_status(desk)
    desk.reload()
    wait_ready(desk)
    expect(desk.locator("#status-line")).to_have_text(status)


# The focused element at each press, whether it was still in the page once the click's
# listeners ran, and how often the focus left an element during the press and click.
WATCH_FOCUS = """() => {
  window.presses = [];
  let pressed = null;
  document.addEventListener("mousedown", () => {
    const el = document.activeElement;
    pressed = { el: el && el !== document.body ? el : null, left: 0 };
  }, true);
  document.addEventListener("focusout", () => { if (pressed) pressed.left += 1; }, true);
  window.addEventListener("click", () => {
    if (pressed && pressed.el) {
      window.presses.push({ stays: pressed.el.isConnected, left: pressed.left });
    }
    pressed = null;
  });
}"""


def test_a_press_whose_prepared_answer_keeps_the_focused_control_leaves_the_focus_there(
        desk: Page, site_url: str) -> None:
    """dom.js's press takes the focus from the focused control before the click changes
    the page (a blur once the page has changed makes the browser work out its styles
    and layout at once). When the click's answer is prepared and leaves that control in
    the page (client.js's keepsFocus), the press leaves the focus where it is: no
    focusout during the press and click. A control the answer removes still loses it
    at the press."""
    kept = 0
    for at in prepared_steps(desk, site_url + GAME, WATCH_FOCUS, "window.presses.length",
                             random.Random(1), 30):
        presses = desk.evaluate(f"window.presses.slice({at})")
        if len(presses) != 1:
            continue
        press = presses[0]
        if press["stays"]:
            assert press["left"] == 0, "the focus was taken from a control the click kept"
            kept += 1
        else:
            assert press["left"] >= 1, "a control the click removed kept the focus"
    assert kept >= 5

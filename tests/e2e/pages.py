"""How the e2e tests drive the game page: open it and wait until it is live, play a
step as a person would, go home, place a camel, read the page's records, and share
browser contexts between the tests of a session (ContextPool) with their offsite
guards. Written once here, imported by the test modules (it is not a test module
itself: pytest collects test_*.py).
"""

from __future__ import annotations

import json
import random
import time
import weakref
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, BrowserContext, Locator, Page, expect
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from samarkand_core import (
    GameState,
    Place,
    encode_save,
)

READY_MS = 180_000  # Pyodide's first start on a loaded 2-core machine can be slow
STEP_MS = 30_000
ROOT = Path(__file__).resolve().parents[2]
RESULTS = ROOT / "build" / "e2e"  # not test-results/: pytest-playwright empties that one


# --------------------------------------------------------------------------- helpers

def wait_ready(page: Page) -> None:
    """The page has started: drawn and live (data-ready); a game started by the address
    is saved and in the address from then on."""
    expect(page.locator("body")).to_have_attribute("data-ready", "1", timeout=READY_MS)


def open_page(page: Page, url: str) -> None:
    page.goto(url)
    wait_ready(page)


def answered(page: Page) -> None:
    """Wait until the page has drawn its answer to every click and key so far: the
    page's Python runs in a worker, so a click's answer reaches the page a little after
    the click (client.js's samarkandBusy says whether one is still on its way)."""
    page.wait_for_function("() => !(window.samarkandBusy && window.samarkandBusy())")


def overlay(page: Page) -> Locator:
    return page.locator("#overlay")


def reveal_if_asked(page: Page) -> bool:
    answered(page)
    button = page.locator("#overlay #reveal")
    if button.is_visible():
        button.click()
        expect(button).to_have_count(0)
        return True
    return False


HOME_LOOKS = 20  # go_home's looks at the page before it gives up


def go_home(page: Page, *, answer_sale: bool = False) -> None:
    """To the saved games: from the pass-the-device screen or from the header.

    A modal window makes the rest of the page inert. One can open after the look that
    chose the header's button (the curtain after a bot's move, a moment later), so
    the header's click gives up after a while and the look is taken again. The hotseat's
    sale window has no way home (the table answers it first): with `answer_sale`, it is
    answered "nobody buys", as play_one_step does. The looks are counted, not timed:
    each waits at most a few seconds for the page (Playwright's timeouts), so a busy
    machine makes them slower, never fewer."""
    for _ in range(HOME_LOOKS):
        if page.locator("#saves").is_visible():
            return
        no_sale = page.locator("#overlay #sale-pass")
        in_overlay = page.locator('#overlay [data-action="home"]')
        if answer_sale and no_sale.is_visible():
            no_sale.click()
            expect(no_sale).to_have_count(0)
            continue
        if in_overlay.is_visible():
            in_overlay.click()
        else:
            try:
                page.locator('#header [data-action="home"]').click(timeout=3000)
            except PlaywrightTimeout:
                continue  # a window opened meanwhile: look again
        try:
            page.locator("#saves").wait_for(state="visible", timeout=5000)
            return
        except PlaywrightTimeout:
            continue  # a window opened on the way: look again
    raise AssertionError(f"no way home after {HOME_LOOKS} looks: "
                         + page.locator("#overlay").inner_html())


# Two frames, then a task: a move's second paint (the header, the players, the recap,
# the log: after its first frame, samarkand_web/view/render.py's FIRST) has run by then.
SETTLED = """() => new Promise((done) => requestAnimationFrame(() =>
  requestAnimationFrame(() => setTimeout(() => done(true), 0))))"""


def second_paint_done(page: Page) -> None:
    page.evaluate(SETTLED)


def legal(page: Page, kind: str) -> Locator:
    return page.locator(f"#board [data-{kind}].legal")


def click_one(locator: Locator, rng: random.Random) -> str:
    n = locator.count()
    assert n > 0
    el = locator.nth(rng.randrange(n))
    attrs = el.evaluate("e => e.dataset.space ?? e.dataset.family ?? e.dataset.value ?? ''")
    el.click()
    return str(attrs)


def status_text(page: Page) -> str:
    return page.locator("#status-line").inner_text()


def wait_change(page: Page, before: str) -> None:
    """Wait until the status line or the log moved on."""
    deadline = time.monotonic() + STEP_MS / 1000
    while time.monotonic() < deadline:
        if page.evaluate("document.querySelector('#status-line')?.textContent ?? ''") != before:
            return
        page.wait_for_timeout(20)


def play_one_step(page: Page, rng: random.Random) -> bool:
    """Make one decision by clicking, like a person would (each read of the page after
    the answer to the click before it). False once the game is over."""
    answered(page)
    if page.locator("#overlay .scores-dialog").is_visible():
        return False
    if reveal_if_asked(page):
        return True
    no_sale = page.locator("#overlay #sale-pass")
    if no_sale.is_visible():  # hotseat's sale window (nobody here claims the card)
        no_sale.click()
        expect(no_sale).to_have_count(0)
        return True
    actions = page.locator("#actions")
    if not actions.locator(".decision").count():  # a bot is moving: wait for it
        page.wait_for_timeout(50)
        return True
    marry = actions.locator("#confirm-marriage")
    if marry.count():  # a marriage chosen waits for its cards
        marry.click()
        return True
    sell = actions.locator('[data-action="sell"]')
    if sell.count():
        (sell if rng.random() < 0.5 else actions.locator('[data-action="keep"]')).click()
        return True
    confirm = actions.locator('[data-action="discard"]')
    if confirm.count():
        cards = actions.locator('button[data-action="card"]')
        while confirm.is_disabled():
            unpicked = actions.locator('button[data-action="card"][aria-pressed="false"]')
            unpicked.first.click()
            answered(page)
        if rng.random() < 0.3 and cards.count():  # sometimes discard one more, if allowed
            unpicked = actions.locator('button[data-action="card"][aria-pressed="false"]')
            if unpicked.count():
                unpicked.first.click()
                answered(page)
                if confirm.is_disabled():
                    actions.locator('button[data-action="card"][aria-pressed="true"]').first.click()
        confirm.click()
        return True
    end = actions.locator('[data-action="end-turn"]')
    if end.count():
        spaces = legal(page, "space")
        if spaces.count() and rng.random() < 0.5:
            click_one(spaces, rng)
        else:
            end.click()
        return True
    passing = actions.locator('[data-action="pass"]')
    if passing.count():
        passing.click()
        return True
    families = legal(page, "family")
    expand = actions.locator('[data-action="expand"]')
    if expand.count() and (not families.count() or rng.random() < 0.75):
        if not legal(page, "space").count():
            click_one(expand, rng)
            answered(page)
            expect(legal(page, "space").first).to_be_visible()
        click_one(legal(page, "space"), rng)
        return True
    assert families.count(), page.locator("#actions").inner_html()
    click_one(families, rng)
    return True


def share_link_for(state: GameState, base: str) -> str:
    return f"{base}index.html#{encode_save(state)}"


def player_panel(page: Page, seat: int) -> Locator:
    return page.locator(f'#players section.player[data-player="{seat}"]')


def start_marks(page: Page) -> dict[str, float]:
    """ms since navigation: Python starts main.py, the game's modules are imported, the
    board is drawn and clickable."""
    body = page.locator("body")
    return {name: float(body.get_attribute(f"data-{attr}-ms") or 0)
            for name, attr in (("python", "py-start"), ("imported", "imported"),
                               ("clickable", "ready"))}


def timings(page: Page) -> list[float]:
    return [float(x) for x in page.evaluate("Array.from(window.samarkandTimings || [])")]


class Guard:
    """The offsite check for a context these tests share between tests: each test's
    page checks what came since its start (guarded_page)."""

    def __init__(self) -> None:
        self.requests: list[str] = []
        self.csp: list[str] = []

    def watch(self, ctx: BrowserContext) -> None:
        ctx.on("request", lambda r: self.requests.append(r.url))
        ctx.on("console", lambda m: ("Content Security Policy" in m.text
                                     and self.csp.append(m.text)))

    def clear(self) -> None:
        self.requests.clear()
        self.csp.clear()

    def check(self) -> None:
        from tests.e2e.conftest import is_local
        offsite = [u for u in self.requests if not is_local(u)]
        assert not offsite, offsite
        assert not self.csp, self.csp


def guarded_context(browser: Browser, **options: Any) -> Iterator[tuple[BrowserContext, Guard]]:
    """A context (1280x800 unless `options` give a viewport) watched by a Guard, checked
    once it is closed (the body of a module's shared-context fixture)."""
    ctx = browser.new_context(**{"viewport": {"width": 1280, "height": 800}, **options})
    guard = Guard()
    guard.watch(ctx)
    yield ctx, guard
    ctx.close()
    guard.check()


# The site's storage of a context emptied: localStorage, this tab's sessionStorage, and the
# device's keys for play by link (web/dom.js keeps each game's key pair in IndexedDB).
EMPTIED = """async () => {
  localStorage.clear();
  sessionStorage.clear();
  await new Promise((done, failed) => {
    const asked = indexedDB.deleteDatabase('samarkand-keys');
    asked.onsuccess = asked.onblocked = done;
    asked.onerror = () => failed(asked.error);
  });
}"""

# Whether this context keeps the start's snapshot (web/snapshot.js's CACHE and KEY, beside
# index.html as beside worker.js).
SNAPSHOT_KEPT = """async () => {
  const cache = await caches.open('samarkand.python-start');
  return Boolean(await cache.match('./python-start.snapshot'));
}"""

# Whether Python was started in this context before (web/snapshot.js's SEEN_KEY).
STARTED_BEFORE = """async () => {
  const cache = await caches.open('samarkand.python-start');
  return Boolean(await cache.match('./python-start.seen'));
}"""
KEEP_WAIT_MS = 10_000  # web/worker.js stores the snapshot 1.5 s after the start
# For each shared context, how often a page of it waited in vain for the snapshot, or
# KEPT_MARK once the context is known to hold one. Keyed by the context itself, weakly:
# an entry goes with its context, and a later context that Python gives the same id()
# does not inherit it.
KEEPING: weakref.WeakKeyDictionary[BrowserContext, int] = weakref.WeakKeyDictionary()
KEPT_MARK = -1


def let_the_snapshot_be_kept(page: Page, started_before: bool) -> None:
    """Before a test closes a page of a shared context whose Python booted, when Python
    had started in that context before (`started_before`, read as the page opened) and
    the context holds no snapshot yet: wait (KEEP_WAIT_MS at most) until this start's
    snapshot is stored. The second start in a browser keeps one (web/snapshot.js), but
    only 1.5 s after the start and after compressing it: a test's page closed sooner
    loses it, and the next page boots again (in five modules of shared contexts, 29 of
    38 pages booted; with this wait, the pages after a context's second start restore,
    at about half a warm boot's work in Chromium: docs/speed.md, "The test suite"). A
    context stops waiting after two waits in vain."""
    ctx = page.context
    waits = KEEPING.get(ctx, 0)
    if not started_before or waits == KEPT_MARK or waits >= 2:
        return
    try:
        started = page.evaluate("document.body ? document.body.dataset.pythonStart ?? '' : ''")
        if started == "snapshot":
            KEEPING[ctx] = KEPT_MARK
            return
        if started != "boot":
            return
        deadline = time.monotonic() + KEEP_WAIT_MS / 1000
        while time.monotonic() < deadline:
            if page.evaluate(SNAPSHOT_KEPT):
                KEEPING[ctx] = KEPT_MARK
                return
            page.wait_for_timeout(100)
    except PlaywrightError:
        return  # the page is gone (closed by the test, or crashed): nothing to wait for
    KEEPING[ctx] = waits + 1


class ContextPool:
    """The browser contexts the tests of a session (of each pytest-xdist worker) share:
    one for each set of options (and `name`, for contexts a module changes, such as an
    init script of its own, or for more than one device), made when a test first asks
    for it, watched by a Guard, and closed (its guard checked) at the session's end.
    Each test's page starts from the context's service worker, and from its second
    start's snapshot on (let_the_snapshot_be_kept), instead of downloading and booting
    Python."""

    def __init__(self, browser: Browser) -> None:
        self.browser = browser
        self.made: dict[str, Iterator[tuple[BrowserContext, Guard]]] = {}
        self.contexts: dict[str, tuple[BrowserContext, Guard]] = {}

    def get(self, name: str = "", setup: Callable[[BrowserContext], object] | None = None,
            **options: Any) -> tuple[BrowserContext, Guard]:
        """The context of `name` and `options` (1280x800 unless they give a viewport);
        `setup(ctx)`, when given, runs once on a new one."""
        key = name + json.dumps(options, sort_keys=True)
        if key not in self.contexts:
            self.made[key] = guarded_context(self.browser, **options)
            self.contexts[key] = next(self.made[key])
            if setup is not None:
                setup(self.contexts[key][0])
        return self.contexts[key]

    def close(self) -> None:
        for each in self.made.values():
            for _ in each:  # guarded_context's end: the context closed, its guard checked
                pass


def emptied_page(ctx: BrowserContext, site_url: str,
                 watch: Callable[[Page], object] | None = None) -> tuple[Page, bool]:
    """A new page of a shared context on the site's origin (bare.html: no Python, quick),
    the site's storage and keys emptied; and whether Python had started in the context
    before (for let_the_snapshot_be_kept). `watch(page)`, when given, runs before the
    page loads anything (listeners that must see all of its console)."""
    page = ctx.new_page()
    if watch is not None:
        watch(page)
    page.goto(site_url + "bare.html")
    page.evaluate(EMPTIED)
    return page, bool(page.evaluate(STARTED_BEFORE))


def guarded_page(warm: tuple[BrowserContext, Guard], site_url: str) -> Iterator[Page]:
    """A page of a shared context, with the site's storage and keys emptied first; the
    context's requests and CSP reports are checked from here to the test's end (one
    test's finding is that test's, not every later one's)."""
    ctx, guard = warm
    guard.clear()
    page, started_before = emptied_page(ctx, site_url)
    yield page
    let_the_snapshot_be_kept(page, started_before)
    page.close()
    guard.check()


def only_save(page: Page) -> dict[str, Any]:
    """The one saved game of this browser (its raw entry as stored)."""
    raw = page.evaluate("""() => Object.keys(localStorage)
        .filter(k => k.startsWith('samarkand.save.')).map(k => localStorage.getItem(k))""")
    assert len(raw) == 1, raw
    return dict(json.loads(raw[0]))


def choose_family(page: Page, family: str) -> None:
    button = page.locator(f'#actions [data-action="expand"][data-value="{family}"]')
    if button.get_attribute("aria-pressed") != "true":
        button.click()
    expect(button).to_have_attribute("aria-pressed", "true")


def place_camel(page: Page, a: Place) -> None:
    """Click the camel `a` onto the board: its family chosen first, then its space; back
    once the page shows the answer to the click (until then it still shows the decision
    before it, such as the main turn's two prompts, "Marry" and "Expand")."""
    choose_family(page, a.family)
    page.locator(f'#board [data-space="{a.space}"].legal').click()
    answered(page)

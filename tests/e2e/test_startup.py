"""The page's start in Chromium: the first screen before Python, which says what is not
live yet until the page is; the loading indicator's stages; saving that waits for no
download (the site ships no wheel); a first visit that downloads no file twice. No test
here times anything: each checks an order of events or what the page shows."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, Playwright, Route, expect

from tests.e2e.conftest import CHROMIUM, CHROMIUM_ARGS, SITE, OffsiteGuard, serve

READY_MS = 180_000
GAME = "index.html?players=Ann,Bob&seed=21&first=1"

# Every value #loading[data-stage] takes, in order (the attribute is watched from the
# page's first script on).
STAGES = """
window.__stages = [];
new MutationObserver(() => {
  const el = document.getElementById('loading');
  if (!el) return;
  const last = window.__stages[window.__stages.length - 1];
  const now = el.hidden ? 'hidden' : el.dataset.stage;
  if (now !== last) window.__stages.push(now);
}).observe(document, {subtree: true, childList: true, attributes: true,
                      attributeFilter: ['data-stage', 'hidden']});
"""


class Held:
    """A route's requests held (a download that neither ends nor fails) until release();
    those after it go through."""

    def __init__(self) -> None:
        self.routes: list[Route] = []
        self.released = False

    def hold(self, route: Route) -> None:
        if self.released:
            route.continue_()
        else:
            self.routes.append(route)

    def release(self) -> None:
        self.released = True
        for route in self.routes:
            route.continue_()


def wait_ready(page: Page) -> None:
    expect(page.locator("body")).to_have_attribute("data-ready", "1", timeout=READY_MS)


def resources(page: Page) -> list[tuple[str, float]]:
    return [(str(n), float(t)) for n, t in page.evaluate(
        "performance.getEntriesByType('resource').map((e) => [e.name, e.startTime])")]


def test_the_first_screen_shows_without_python_and_says_what_is_not_live_yet(
        fresh_context: Callable[..., BrowserContext], site_url: str) -> None:
    """With Pyodide's runtime never arriving, the start screen is there anyway, in the
    address's language, with the loading indicator. The buttons that start a game take a
    click (kept for when the page is live: test_newcomer.py), and so does the name field;
    every other control says it is not live yet (aria-disabled, and the note beside the
    loading indicator) and takes no input."""
    ctx = fresh_context(service_workers="block")
    page = ctx.new_page()
    page.route("**/pyodide.asm.wasm", lambda route: route.abort())
    page.goto(site_url + "index.html?lang=de")
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(page.locator("#new-game")).to_contain_text("Neues Spiel")
    expect(page.locator("#saves")).to_contain_text("Gespeicherte Spiele werden gelesen")
    expect(page.locator("#loading")).to_have_class("loading banner")
    expect(page.locator("#loading .loading-stages")).to_contain_text("Python startet")
    expect(page.locator("#early-note")).to_contain_text("Das Spiel wird noch geladen")
    early = page.evaluate("""() => [...document.querySelectorAll(
        '#header :is(button, input, select, textarea, summary, [tabindex="0"]),'
        + '#main :is(button, input, select, textarea, summary, [tabindex="0"])')].map(
        (el) => [el.id || el.tagName, el.dataset.early || '',
                 el.getAttribute('aria-disabled') || ''])""")
    assert early, "no control on the first screen"
    for name, kind, disabled in early:  # each one: live early, or said not to be
        assert (kind in ("run", "keep")) != (disabled == "true"), (name, kind, disabled)
    # (the guided first game's button starts a game too: handlers/guide.py)
    assert {n for n, k, _ in early if k} == {"my-name", "quick-play", "setup-link",
                                             "setup-toggle", "guide-start-button"}
    name = page.locator("#my-name")
    page.keyboard.type("xyz")  # nothing has the focus: nothing takes the keys
    assert name.input_value() == ""
    assert page.evaluate("document.activeElement === document.body")
    assert page.locator("body").get_attribute("data-ready") is None


def test_a_game_address_shows_only_the_loading_indicator_before_python(
        fresh_context: Callable[..., BrowserContext], site_url: str) -> None:
    """A game is never drawn ahead (nothing of a hand can show early): the address of a
    game gets the full loading indicator in the browser's language, not the start screen."""
    ctx = fresh_context(service_workers="block", locale="fr-FR")
    page = ctx.new_page()
    page.route("**/pyodide.asm.wasm", lambda route: route.abort())
    page.goto(site_url + GAME)
    expect(page.locator("#loading .loading-label")).to_have_text("Démarrage du jeu")
    expect(page.locator("#loading")).to_have_class("loading")
    expect(page.locator("#home")).to_be_hidden()
    assert page.locator("#hand").inner_html() == ""
    assert page.locator("#board").inner_html() == ""


def test_the_page_goes_live_in_stages_and_saves_with_nothing_more_to_download(
        fresh_context: Callable[..., BrowserContext], site_url: str) -> None:
    """The indicator shows each stage in turn: runtime, python (the runtime is in,
    Python boots), game (Python is ready, the game's code loads), then it hides; the
    game is saved at once, and no wheel is ever fetched (the site ships none: saving
    waits for no download).

    The "python" stage follows the browser's report that pyodide.asm.wasm is in, and
    Chromium delivers that report in a task of its own, which can come after the long
    task in which Python boots, and so after "game" (CI saw the stage passed over). So
    Python's standard library, without which it cannot boot, is held until the stage
    shows: a page that never shows it fails here."""
    ctx = fresh_context(service_workers="block")
    ctx.add_init_script(STAGES)
    page = ctx.new_page()
    held = Held()
    page.route("**/vendor/pyodide/python_stdlib.zip", held.hold)
    page.goto(site_url + GAME)
    expect(page.locator("#loading")).to_have_attribute("data-stage", "python",
                                                       timeout=READY_MS)
    held.release()
    wait_ready(page)
    expect(page.locator("#loading")).to_be_hidden()
    # every dataclass defined before the first board took its methods' code from the
    # build's table (samarkand_web/classcode.py): none compiled them in the browser
    hits, misses = map(int, (page.locator("body").get_attribute("data-class-code")
                             or "0/-1").split("/"))
    assert hits >= 20 and misses == 0, (hits, misses)
    page.locator("#overlay #reveal").click()  # the pass-the-device screen, live
    for region in ("#header", "#main"):
        expect(page.locator(region)).not_to_have_attribute("inert", "")
    stages = page.evaluate("window.__stages")
    assert stages == ["runtime", "python", "game", "hidden"], stages
    ready = float(page.locator("body").get_attribute("data-ready-ms") or 0)
    assert not [url for url, _start in resources(page) if url.endswith(".whl")]
    # the game's code: the code bundle, fetched once, before the board
    code = [start for url, start in resources(page) if "/vendor/app/samarkand-" in url]
    assert len(code) == 1 and code[0] < ready
    # the game was saved as it started: its id is in the address
    expect(page).to_have_url(re.compile(r"\?game="))
    keys = page.evaluate("Object.keys(localStorage)")
    assert any(k.startswith("samarkand.save.") for k in keys), keys


def test_a_start_that_stalls_says_so_and_its_button_reloads_the_page(
        fresh_context: Callable[..., BrowserContext], site_url: str) -> None:
    """A download that neither ends nor fails (the runtime held here, as a connection
    gone quiet holds it) does not leave the indicator turning with nothing said: once no
    stage has come for 20 s (the page's clock run on, not waited for), the banner says
    that this takes longer than usual, in the page's language, with a button that
    reloads the page; nothing of it shows before. The reloaded page starts."""
    ctx = fresh_context(service_workers="block", locale="de-DE")
    page = ctx.new_page()
    page.clock.install()
    held = Held()
    page.route("**/pyodide.asm.wasm", held.hold)
    page.goto(site_url + "index.html")
    loading = page.locator("#loading")
    note = loading.locator(".loading-slow")
    expect(loading).to_have_attribute("data-stage", "runtime")
    expect(loading).to_have_class(re.compile(r"\bbanner\b"))
    page.clock.run_for(15_000)
    expect(note).to_be_hidden()
    page.clock.run_for(6_000)
    expect(note).to_be_visible()
    expect(note).to_contain_text("Das dauert länger als sonst")
    button = note.get_by_role("button", name="Seite neu laden")
    expect(button).to_be_visible()
    box = button.bounding_box()
    assert box is not None and box["y"] + box["height"] <= page.viewport_size["height"]  # type: ignore[index]
    held.release()
    with page.expect_navigation():
        button.click()
    wait_ready(page)
    expect(loading).to_be_hidden()


def test_a_tampered_code_bundle_is_refused_and_the_page_says_it_could_not_start(
        fresh_context: Callable[..., BrowserContext], site_url: str) -> None:
    """The game's code (the code bundle) is checked against the sha256 the build wrote
    beside its URL (fetch's integrity): a bundle changed on the way is never run. It is
    asked for once more, past every cache (first.js); when that copy fails its check
    too, the loading indicator says that the game could not start."""
    ctx = fresh_context(service_workers="block")
    page = ctx.new_page()
    tampered: list[str] = []

    def tamper(route: Route) -> None:
        response = route.fetch()
        body = bytearray(response.body())
        body[-1] ^= 1  # one bit
        tampered.append(route.request.url)
        route.fulfill(response=response, body=bytes(body))

    page.route("**/vendor/app/samarkand-*.bin", tamper)
    # the worker that runs the page's Python stops where it takes the bundle, and says so
    with page.expect_console_message(lambda m: "could not start" in m.text,
                                     timeout=READY_MS) as error:
        page.goto(site_url + GAME)
    assert error.value.type == "error"
    expect(page.locator("#loading")).to_have_attribute("data-stage", "failed")
    expect(page.locator("#loading .loading-failed")).to_be_visible()
    expect(page.locator("#loading .loading-failed")).to_contain_text("could not start")
    assert len(tampered) == 2  # the download and its one retry
    body = page.locator("body")
    assert body.get_attribute("data-py-start-ms") is None  # main.py never ran
    assert body.get_attribute("data-ready") is None


def test_a_damaged_code_bundle_is_fetched_once_more_and_the_game_starts(
        fresh_context: Callable[..., BrowserContext], site_url: str) -> None:
    """A damaged copy of the code bundle (in the HTTP cache, say) fails its check: the
    page asks for it once more past every cache, gets the right one and starts."""
    ctx = fresh_context(service_workers="block")
    page = ctx.new_page()
    asked: list[str] = []

    def tamper_once(route: Route) -> None:
        asked.append(route.request.url)
        response = route.fetch()
        body = bytearray(response.body())
        if len(asked) == 1:
            body[-1] ^= 1
        route.fulfill(response=response, body=bytes(body))

    page.route("**/vendor/app/samarkand-*.bin", tamper_once)
    page.goto(site_url + GAME)
    wait_ready(page)
    assert len(asked) == 2
    expect(page.locator("#loading")).to_be_hidden()


def test_a_saved_game_opens_when_the_page_is_ready(
        fresh_context: Callable[..., BrowserContext], site_url: str) -> None:
    ctx = fresh_context(service_workers="block")
    page = ctx.new_page()
    page.goto(site_url + GAME)
    wait_ready(page)
    expect(page).to_have_url(re.compile(r"\?game="), timeout=READY_MS)
    page.locator("#overlay #reveal").click()
    page.locator("#board [data-family].legal").first.click()
    page.locator("#confirm-marriage").click()  # the cards are drawn: the marriage is saved
    expect(page.locator("#log")).to_contain_text("Ann marries into the")
    saved = page.url
    page.goto(saved)
    wait_ready(page)
    page.locator("#overlay #reveal").click()
    expect(page.locator("#log")).to_contain_text("Ann marries into the")


def test_moves_are_saved_when_every_download_after_the_start_fails(
        fresh_context: Callable[..., BrowserContext], site_url: str) -> None:
    """A connection that drops once the board is up (a first visit on a train) costs no
    move: the page needs nothing more to save, so the marriage is in the store at once,
    and a reload (with the network back) finds it."""
    ctx = fresh_context(service_workers="block")
    page = ctx.new_page()
    page.goto(site_url + GAME)
    wait_ready(page)
    expect(page).to_have_url(re.compile(r"\?game="))
    refused: list[str] = []

    def drop(route: Route) -> None:
        refused.append(route.request.url)
        route.abort("internetdisconnected")

    page.route("**/*", drop)
    page.locator("#overlay #reveal").click()
    page.locator("#board [data-family].legal").first.click()
    page.locator("#confirm-marriage").click()  # the cards are drawn: the marriage is saved
    expect(page.locator("#log")).to_contain_text("Ann marries into the")
    save_id = page.url.split("game=")[1].split("&")[0]
    entry = json.loads(page.evaluate(f"localStorage.getItem('samarkand.save.{save_id}')"))
    assert entry["turn"] == 1 and len(entry["code"]) > 10
    messages = page.locator("#messages").inner_text()
    assert "not saved" not in messages.lower(), messages
    page.unroute("**/*")
    page.reload()
    wait_ready(page)
    page.locator("#overlay #reveal").click()
    expect(page.locator("#log")).to_contain_text("Ann marries into the")
    assert not [u for u in refused if u.endswith(".whl")]


@pytest.fixture
def quiet_server() -> Iterator[tuple[Any, str]]:
    server, url = serve.start_server(SITE, 0)
    try:
        yield server, url
    finally:
        server.shutdown()
        server.server_close()


def test_a_first_visit_downloads_no_file_twice(
        playwright: Playwright, quiet_server: tuple[Any, str], tmp_path: Path,
        offsite_guard: OffsiteGuard) -> None:
    """The page, then the service worker's precache, in a profile on disk (as a
    browser keeps its cache): every file comes from the server once."""
    server, url = quiet_server
    launch: dict[str, Any] = {"args": CHROMIUM_ARGS}
    if CHROMIUM.exists():
        launch["executable_path"] = str(CHROMIUM)
    ctx = playwright.chromium.launch_persistent_context(str(tmp_path / "profile"), **launch)
    offsite_guard.watch(ctx)
    try:
        page = ctx.pages[0] if ctx.pages else ctx.new_page()
        page.goto(url + GAME)
        wait_ready(page)
        version = json.loads((SITE / "vendor" / "precache.json").read_text())["version"]
        assert page.evaluate("""async (version) => {
            for (let i = 0; i < 1200; i++) {
                const reg = await navigator.serviceWorker.getRegistration();
                const sw = reg && reg.active;
                if (sw && sw.scriptURL.endsWith('v=' + version)) return true;
                await new Promise((r) => setTimeout(r, 100));
            }
            return false;
        }""", version)
        log = list(server.request_log)
    finally:
        ctx.close()
    fetched: dict[str, int] = {}
    for _method, path, status in log:
        if status == 200:
            fetched[path] = fetched.get(path, 0) + 1
    assert fetched.get("/vendor/pyodide/pyodide.asm.wasm") == 1
    twice = {p: n for p, n in fetched.items() if n > 1}
    assert not twice, twice

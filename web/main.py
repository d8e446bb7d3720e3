"""The page's binding (PyScript): DOM events -> App.dispatch, App -> DOM. No game logic.

Everything the game does lives in the samarkand_web package (tested without a
browser). This file only: wraps localStorage as a key-value store, forwards
clicks, key presses, form changes and timer ticks, writes the regions that
changed, and does what only a browser can (address bar, clipboard, timers,
focus). It also records how long each click takes to reach the screen in
``window.samarkandTimings`` (ms, click to the next animation frame).
"""

import gc
import traceback

from pyodide.ffi import create_once_callable, create_proxy, to_js
from pyscript import document, window

try:  # JavaScript's null: None in older Pyodide, pyodide.ffi.jsnull since 0.27
    from pyodide.ffi import jsnull
except ImportError:  # pragma: no cover
    jsnull = None

# Start-up timings (ms since navigation) for the tests and the benchmark: Python runs,
# the game's modules (with pydantic and samarkand_core) are imported, the page is drawn.
document.body.dataset.pyStartMs = str(round(float(window.performance.now())))

from samarkand_web.app import App  # noqa: E402
from samarkand_web.render import render  # noqa: E402
from samarkand_web.storage import MemoryStore, StorageFull, StorageUnavailable  # noqa: E402

document.body.dataset.importedMs = str(round(float(window.performance.now())))

PROBE_KEY = "samarkand.probe"


class LocalStore:
    """window.localStorage as the storage module's KeyValueStore."""

    def __init__(self, ls):
        self.ls = ls

    def get(self, key):
        try:
            value = self.ls.getItem(key)
        except Exception as exc:
            raise StorageUnavailable(str(exc)) from None
        return value if isinstance(value, str) else None

    def set(self, key, value):
        try:
            self.ls.setItem(key, value)
        except Exception as exc:
            text = f"{getattr(exc, 'name', '')} {exc}"
            if "Quota" in text or "quota" in text or "full" in text:
                raise StorageFull(text) from None
            raise StorageUnavailable(text) from None

    def remove(self, key):
        try:
            self.ls.removeItem(key)
        except Exception as exc:
            raise StorageUnavailable(str(exc)) from None

    def keys(self):
        try:
            return [str(self.ls.key(i)) for i in range(int(self.ls.length))]
        except Exception as exc:
            raise StorageUnavailable(str(exc)) from None


def open_store():
    """localStorage if it works (a write is tried), else a dict for this visit only."""
    try:
        ls = window.localStorage
        ls.setItem(PROBE_KEY, "1")
        ls.removeItem(PROBE_KEY)
        return LocalStore(ls), True
    except Exception:
        return MemoryStore(), False


store, storage_ok = open_store()
location = window.location
app = App(
    store,
    now=lambda: float(window.Date.now()),
    lang=str(window.navigator.language or "en"),
    path=str(location.pathname),
    origin=str(location.origin),
    storage_ok=storage_ok,
)
app.zoom = int(window.innerWidth) < 720  # phones start with a larger, scrollable board
window.samarkandTimings = to_js([])
painted: dict[str, str] = {}
ids = {k: document.getElementById(k) for k in
       ("header", "messages", "home", "game", "status", "actions", "hand", "board", "players",
        "log",
        "overlay", "main", "board-wrap")}


board_state = {"frame": None, "pieces": {}}
log_state = {"head": None, "items": []}


def piece_selector(key):
    kind, _, value = key.partition(":")
    return f'[data-{kind}="{value}"]'


def paint_board(page):
    """Replace only the spaces and domains that changed (the whole SVG when its frame did)."""
    frame = tuple(key or html for key, html in page.board_pieces)
    old = board_state["pieces"]
    if frame != board_state["frame"]:
        ids["board"].innerHTML = page.regions["board"]
        board_state["frame"] = frame
        board_state["pieces"] = {k: h for k, h in page.board_pieces if k}
        return
    for key, html in page.board_pieces:
        if key and old.get(key) != html:
            el = ids["board"].querySelector(piece_selector(key))
            if missing(el):
                ids["board"].innerHTML = page.regions["board"]
                board_state["pieces"] = {k: h for k, h in page.board_pieces if k}
                return
            el.outerHTML = html
            old[key] = html


def paint_log(page):
    """Add the new lines at the top; redraw all only when the language or game changed."""
    items, old = page.log_items, log_state["items"]
    n = len(items) - len(old)
    if page.log_head == log_state["head"] and n >= 0 and items[n:] == old:
        if n:
            ids["log"].querySelector("ol").insertAdjacentHTML("afterbegin", "".join(items[:n]))
    else:
        ids["log"].innerHTML = page.regions["log"]
        log_state["head"] = page.log_head
    log_state["items"] = list(items)


def focused_key():
    el = document.activeElement
    if missing(el) or not hasattr(el, "getAttribute"):
        return None
    for name in ("data-space", "data-family", "data-action"):
        value = attr(el, name)
        if value:
            extra = attr(el, "data-value")
            return f'[{name}="{value}"]' + (f'[data-value="{extra}"]' if extra else "")
    return None


def paint():
    page = render(app)
    changed = set()
    refocus = focused_key()
    for region, html in page.regions.items():
        if painted.get(region) != html:
            if region == "board":
                paint_board(page)
            elif region == "log":
                paint_log(page)
            else:
                ids[region].innerHTML = html
            painted[region] = html
            changed.add(region)
    if refocus and changed:
        active = document.activeElement
        if missing(active) or active == document.body:
            el = document.querySelector(refocus)
            if not missing(el) and attr(el, "tabindex") != "-1":
                el.focus()
    for region in ("home", "game", "overlay"):
        ids[region].hidden = not page.show.get(region, False)
    modal = page.show.get("overlay", False)
    for region in ("main", "header", "messages"):
        if modal:
            ids[region].setAttribute("inert", "")
        else:
            ids[region].removeAttribute("inert")
    ids["board-wrap"].classList.toggle("zoomed", bool(page.show.get("zoom")))
    document.documentElement.lang = page.lang
    document.title = page.title
    if "board" in changed and page.show.get("zoom"):
        first = ids["board"].querySelector(".legal")
        if not missing(first):
            first.scrollIntoView(to_js({"block": "nearest", "inline": "center"},
                                       dict_converter=window.Object.fromEntries))
    return changed


def apply_effects(fx, t0=None):
    here = str(location.pathname) + str(location.search) + str(location.hash)
    if fx.url is not None and fx.url != here:
        window.history.replaceState(None, "", fx.url)
    if fx.render:
        paint()
    if fx.focus:
        el = document.querySelector(fx.focus)
        if not missing(el):
            el.focus()
    if fx.copy:
        copy(fx.copy)
    if fx.bot_delay is not None:
        token = fx.bot_token
        window.setTimeout(create_once_callable(lambda: bot_tick(token)), fx.bot_delay)
    if t0 is not None:
        window.requestAnimationFrame(create_once_callable(
            lambda _ts: window.samarkandTimings.push(float(window.performance.now()) - t0)))


def run(action, value="", form=None, t0=None):
    try:
        fx = app.dispatch(action, value, form)
    except Exception:
        traceback.print_exc()
        app.message("error", "error.internal")
        paint()
        return
    apply_effects(fx, t0)


def bot_tick(token):
    try:
        fx = app.bot_tick(token)
    except Exception:
        traceback.print_exc()
        app.message("error", "error.internal")
        paint()
        return
    apply_effects(fx)


def copy(text):
    field = document.getElementById("share-link")
    if not missing(field):
        field.select()

    def failed(*_args):
        app.copy_failed()
        paint()

    try:
        window.navigator.clipboard.writeText(text).then(
            create_once_callable(lambda *_a: None), create_once_callable(failed))
    except Exception:
        failed()


def form_values():
    form = document.getElementById("start-form")
    out = {}
    if missing(form):
        return out
    for el in form.elements:
        name = el.name
        if name:
            out[str(name)] = str(el.value)
    return out


def missing(value):
    return value is None or value is jsnull


def attr(el, name):
    value = el.getAttribute(name)
    return str(value) if isinstance(value, str) else ""


def target_of(event):
    el = event.target
    if missing(el) or not hasattr(el, "closest"):
        return None
    found = el.closest("[data-space],[data-family],[data-action]")
    return None if missing(found) else found


def on_click(event):
    el = target_of(event)
    if el is None:
        return
    tag = str(el.tagName).upper()
    if tag in ("SELECT", "INPUT", "OPTION"):
        return  # handled on change / input
    space, family = attr(el, "data-space"), attr(el, "data-family")
    action = attr(el, "data-action")
    if space:
        run("space", space, t0=float(event.timeStamp))
    elif family:
        run("family", family, t0=float(event.timeStamp))
    elif action and action != "start":
        run(action, attr(el, "data-value"), form_values(), t0=float(event.timeStamp))


def on_key(event):
    if str(event.key) not in ("Enter", " "):
        return
    el = target_of(event)
    if el is None or str(el.tagName).upper() in ("BUTTON", "SELECT", "INPUT", "A", "SUMMARY"):
        return  # native controls handle their own keys
    event.preventDefault()
    on_click(event)


def on_change(event):
    el = event.target
    action = attr(el, "data-action")
    if action in ("lang", "speed"):
        run(action, str(el.value))
    elif action == "form":
        run("form", attr(el, "data-value"), form_values())


def on_input(event):
    el = event.target
    if attr(el, "data-action") == "form" and str(el.tagName).upper() == "INPUT":
        app.dispatch("form", "name", form_values())  # remembered, not redrawn


def on_submit(event):
    event.preventDefault()
    run("start", "", form_values(), t0=float(event.timeStamp))


for kind, handler in (("click", on_click), ("keydown", on_key), ("change", on_change),
                      ("input", on_input), ("submit", on_submit)):
    document.addEventListener(kind, create_proxy(handler))

try:
    effects = app.boot(str(location.search), str(location.hash))
except Exception:
    traceback.print_exc()
    app.message("error", "error.internal")
    effects = None
if effects is not None:
    apply_effects(effects)
else:
    paint()
# Everything made so far (modules, pydantic's schemas, the board) lives as long as the
# page: keep it out of the cyclic garbage collector's way (cheap: no collection is run),
# so that its pauses during play stay short.
gc.freeze()
document.getElementById("loading").hidden = True
document.body.dataset.readyMs = str(round(float(window.performance.now())))
document.body.dataset.ready = "1"

"""The page's binding (PyScript): DOM events -> App.dispatch, App -> DOM. No game logic.

Everything the game does lives in the samarkand_web package (tested without a
browser). This file only: wraps localStorage as a key-value store, forwards
clicks, key presses, form changes and timer ticks, writes the regions that
changed, and does what only a browser can (address bar, clipboard, timers,
focus). It also records how long each click takes to reach the screen in
``window.samarkandTimings`` (ms, click to the next animation frame).

Start-up: the built start page already shows the start screen, inert (first.js);
this file draws the page live, then loads pydantic's wheels (the config's
``later_packages``) once the board is clickable: what needs them waits for them
(samarkand_web/validator.py), and the service worker is registered after them
(sw-register.js waits for the "samarkand:idle" event).
"""

import asyncio
import gc
import json
import traceback

from pyodide.ffi import create_once_callable, create_proxy, to_js
from pyscript import config, document, window

try:  # JavaScript's null: None in older Pyodide, pyodide.ffi.jsnull since 0.27
    from pyodide.ffi import jsnull
except ImportError:  # pragma: no cover
    jsnull = None

# Start-up timings (ms since navigation) for the tests and the benchmark: Python runs,
# the game's modules are imported, the page is drawn (data-ready-ms), pydantic is there
# (data-validator-ms).
document.body.dataset.pyStartMs = str(round(float(window.performance.now())))
loading = document.getElementById("loading")
loading.dataset.stage = "game"
# PyScript's watch over the whole document (first.js says why): it has found this
# script; from here on it would only scan every region the page redraws.
if hasattr(window, "samarkandStopWatcher"):
    document.body.dataset.watcherStopped = str(bool(window.samarkandStopWatcher())).lower()
LATER = [str(name) for name in (config.get("later_packages") or [])]

from samarkand_web.app import App  # noqa: E402
from samarkand_web.render import children_patch, piece_patch, render  # noqa: E402
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
    validator=not LATER,
)
app.zoom = int(window.innerWidth) < 720  # phones start with a larger, scrollable board
window.samarkandTimings = to_js([])
window.samarkandBotDecisions = to_js([])
painted: dict[str, str] = {}
ids = {k: document.getElementById(k) for k in
       ("header", "messages", "home", "game", "status", "actions", "hand", "board", "players",
        "log", "chart", "chart-table",
        "overlay", "main", "board-wrap")}


board_state = {"frame": None, "pieces": {}}
log_state = {"head": None, "items": []}
shown_state = {}  # what paint() last set outside the regions (hidden, inert, title ...)


def piece_selector(key):
    kind, _, value = key.partition(":")
    return f'[data-{kind}="{value}"]'


def piece_op(key, old, new):
    """How dom.js changes a space's or domain's element in place rather than replace it:
    the element a person just used keeps its focus, the browser need not work out
    styles and layout at once (as it does when a focused element leaves the page), and
    only the children that changed are parsed and laid out again."""
    remove, changed, inner = piece_patch(old, new)
    children = children_patch(old, new) if inner is not None else None
    return [piece_selector(key), remove, changed, children, inner]


def paint_board(page):
    """Change only the spaces and domains that changed (the whole SVG when its frame did),
    all in one call to dom.js."""
    frame = tuple(key or markup for key, markup in page.board_pieces)
    old = board_state["pieces"]
    ops = []
    if frame == board_state["frame"]:
        for key, markup in page.board_pieces:
            if key and old.get(key) != markup:
                ops.append(piece_op(key, old[key], markup))
                old[key] = markup
        if not ops or window.samarkandPatchPieces(ids["board"], json.dumps(ops)):
            return
    ids["board"].innerHTML = page.regions["board"]
    board_state["frame"] = frame
    board_state["pieces"] = {k: h for k, h in page.board_pieces if k}


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


def focused_key(el):
    if missing(el) or not hasattr(el, "getAttribute"):
        return None
    for name in ("data-space", "data-family", "data-action"):
        value = attr(el, name)
        if value:
            extra = attr(el, "data-value")
            return f'[{name}="{value}"]' + (f'[data-value="{extra}"]' if extra else "")
    return None


perf = window.performance
_span = window.Object.new()  # reused: no JS object made per measure
NO_SCROLL = to_js({"preventScroll": True}, dict_converter=window.Object.fromEntries)
FOCUSABLE = "button:not([disabled]), [tabindex='0'], input, select, summary, a[href]"
REPLACED = ("header", "messages", "home", "status", "actions", "hand", "players", "overlay",
            "chart", "chart-table")


def measure(name, start):
    """A user-timing entry from start (performance.now() ms) to now: DevTools and the
    e2e tests see where a click's or a bot's time goes."""
    _span.start = start
    _span.end = float(perf.now())
    perf.measure(name, _span)


def blur_if_replaced(todo):
    """Take the focus from an element that is about to be replaced (cheap), rather than
    let the browser do it while it is removed (a forced style and layout update); the
    key to focus its successor with."""
    active = document.activeElement
    if missing(active) or active == document.body:
        return None
    for region in todo:
        if region in REPLACED and ids[region].contains(active):
            key = focused_key(active)
            active.blur()
            return key
    return None


def set_shown(key, value, apply):
    if shown_state.get(key) != value:
        shown_state[key] = value
        apply(value)


def paint():
    t0 = float(perf.now())
    page = render(app)
    measure("render", t0)
    t0 = float(perf.now())
    todo = {region: markup for region, markup in page.regions.items()
            if painted.get(region) != markup}
    refocus = blur_if_replaced(todo) if todo else None
    for region, markup in todo.items():
        if region == "board":
            paint_board(page)
        elif region == "log":
            paint_log(page)
        else:
            ids[region].innerHTML = markup
        painted[region] = markup
    if refocus:
        el = document.querySelector(refocus)
        if not missing(el) and el.matches(FOCUSABLE):
            el.focus(NO_SCROLL)
    for region in ("home", "game", "overlay", "chart", "chart-table"):
        set_shown(region, not page.show.get(region, False),
                  lambda v, r=region: setattr(ids[r], "hidden", v))
    modal = page.show.get("overlay", False)
    for region in ("main", "header", "messages"):
        set_shown("inert-" + region, modal,
                  lambda v, r=region: ids[r].setAttribute("inert", "") if v
                  else ids[r].removeAttribute("inert"))
    set_shown("zoom", bool(page.show.get("zoom")),
              lambda v: ids["board-wrap"].classList.toggle("zoomed", v))
    set_shown("lang", page.lang, lambda v: setattr(document.documentElement, "lang", v))
    set_shown("title", page.title, lambda v: setattr(document, "title", v))
    if "board" in todo and page.show.get("zoom"):
        first = ids["board"].querySelector(".legal")
        if not missing(first):
            first.scrollIntoView(to_js({"block": "nearest", "inline": "center"},
                                       dict_converter=window.Object.fromEntries))
    measure("paint", t0)
    return set(todo)


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
        schedule_bot(fx.bot_token, fx.bot_delay, after_frame=fx.render)
    if fx.replay_delay is not None:
        token = fx.replay_token
        window.setTimeout(create_once_callable(lambda: replay_tick(token)), fx.replay_delay)
    if t0 is not None:
        def frame(_ts):
            window.samarkandTimings.push(float(perf.now()) - t0)
            measure("click-to-frame", t0)
        window.requestAnimationFrame(create_once_callable(frame))


soon = {"channel": None, "queue": []}
scheduling = getattr(window.navigator, "scheduling", None)
# Bot tasks run and put off (input waiting): for the tests and DevTools.
window.samarkandSlices = to_js({"run": 0, "deferred": 0},
                               dict_converter=window.Object.fromEntries)


def input_waiting():
    """True when a click or key press waits to be handled (Chromium's isInputPending;
    elsewhere the browser's own task order is all there is)."""
    try:
        return bool(scheduling.isInputPending())
    except Exception:  # no navigator.scheduling
        return False


def run_soon(_event=None):
    """The next bot task, unless input waits: then it runs in a later task, after the
    browser has handled the input (a bot never holds up a person's click)."""
    if not soon["queue"]:
        return
    if input_waiting():
        window.samarkandSlices.deferred += 1
        window.setTimeout(create_once_callable(run_soon), 0)
        return
    window.samarkandSlices.run += 1
    soon["queue"].pop(0)()


def post_soon(callback):
    """Run callback in a new task at once: a message to ourselves is not held back the
    4 ms that a chain of zero-delay timers is, and the browser still handles input and
    draws frames between such tasks."""
    if soon["channel"] is None:
        soon["channel"] = window.MessageChannel.new()
        soon["channel"].port1.onmessage = create_proxy(run_soon)
    soon["queue"].append(callback)
    soon["channel"].port2.postMessage(0)


def schedule_bot(token, delay, after_frame):
    """The bot's next step in a task of its own; right after a move was drawn, only once
    the browser has shown it (so that a click's frame never waits for a bot)."""
    if delay == 0 and after_frame and not document.hidden:
        window.requestAnimationFrame(create_once_callable(
            lambda _ts: post_soon(lambda: bot_tick(token))))
    elif delay == 0:
        post_soon(lambda: bot_tick(token))
    else:
        window.setTimeout(create_once_callable(lambda: bot_tick(token)), delay)


def run(action, value="", form=None, t0=None):
    start = float(perf.now())
    try:
        fx = app.dispatch(action, value, form)
        measure("dispatch", start)
    except Exception:
        traceback.print_exc()
        app.message("error", "error.internal")
        paint()
        return
    apply_effects(fx, t0)


bot_turn = {"start": 0.0, "level": ""}
SLOW_SLICE_MS = 50


def bot_tick(token):
    start = float(perf.now())
    try:
        fx = app.bot_tick(token)
    except Exception:
        traceback.print_exc()
        app.message("error", "error.internal")
        paint()
        return
    phase = app.bot_phase
    if phase == "start":
        bot_turn["start"] = start
        bot_turn["level"] = app.ctl.seats[app.ctl.deciding]
    apply_effects(fx)
    # Thinking slices are many (thousands a game): only the long ones are kept.
    if phase and (phase != "step" or float(perf.now()) - start > SLOW_SLICE_MS):
        measure("bot-" + phase, start)
    if phase == "commit":
        # Wall time of the bot's turn as the page plays it (slices, the move drawn),
        # without the pause the speed setting adds before it: for the benchmark.
        window.samarkandBotDecisions.push(to_js(
            {"level": bot_turn["level"], "ms": float(perf.now()) - bot_turn["start"]},
            dict_converter=window.Object.fromEntries))


def replay_tick(token):
    """A replay's playback timer: the next move (App.replay_tick decides)."""
    try:
        fx = app.replay_tick(token)
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


def on_mousedown(event):
    """A mouse press on a game control leaves the focus where it was. The control is
    usually drawn anew by its click, and a focused element that leaves the page (or its
    tab stop) makes the browser work out styles and layout at once, in the click's time.
    Keyboard users keep their focus (paint() moves it to the new control)."""
    el = target_of(event)
    if el is not None and str(el.tagName).upper() not in ("SELECT", "INPUT", "OPTION"):
        event.preventDefault()


REPLAY_KEYS = ("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End")


def on_replay_key(event, key):
    """The replay's keys go to App (which says what they do), unless a dialog is open or
    a field that uses the arrows itself (a slider, a list, a text) has the focus."""
    if app.screen != "replay" or app.overlay or event.ctrlKey or event.altKey or event.metaKey:
        return
    el = event.target
    tag = str(el.tagName).upper() if not missing(el) and hasattr(el, "tagName") else ""
    if tag in ("INPUT", "SELECT", "TEXTAREA"):
        return
    event.preventDefault()
    run("replay-key", key + ("+shift" if event.shiftKey else ""), t0=float(event.timeStamp))


def on_key(event):
    key = str(event.key)
    if key in REPLAY_KEYS:
        on_replay_key(event, key)
        return
    if key not in ("Enter", " "):
        return
    el = target_of(event)
    if el is None or str(el.tagName).upper() in ("BUTTON", "SELECT", "INPUT", "A", "SUMMARY"):
        return  # native controls handle their own keys
    event.preventDefault()
    on_click(event)


def on_change(event):
    el = event.target
    action = attr(el, "data-action")
    if action in ("lang", "speed", "replay-seek", "replay-speed"):
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
                      ("input", on_input), ("submit", on_submit), ("mousedown", on_mousedown)):
    document.addEventListener(kind, create_proxy(handler))


def ready():
    """The page is live: the loading indicator goes, the benchmark's mark is set."""
    if loading.hidden:
        return
    # Everything made so far (modules, the board) lives as long as the page: keep it out
    # of the cyclic garbage collector's way (cheap: no collection is run), so that its
    # pauses during play stay short.
    gc.freeze()
    loading.hidden = True
    document.body.dataset.readyMs = str(round(float(perf.now())))
    document.body.dataset.ready = "1"


def next_frame():
    """A future that resolves after the next frame was drawn (then a task of its own)."""
    done = asyncio.get_event_loop().create_future()
    window.requestAnimationFrame(create_once_callable(
        lambda _ts: window.setTimeout(create_once_callable(lambda: done.set_result(None)), 0)))
    return done


async def load_later():
    """pydantic's wheels, once the board has been drawn: fetched (hash-checked by
    Pyodide against the served lock) and imported in tasks of their own, then what
    waited for them runs. A failure is said on the page; play goes on."""
    if LATER:
        await next_frame()
        try:
            import pyodide_js

            t0 = float(perf.now())
            await pyodide_js.loadPackage(to_js(LATER))
            measure("later-load", t0)
            await asyncio.sleep(0)
            t0 = float(perf.now())
            import pydantic  # noqa: F401  (the longest import: a task of its own)

            measure("later-import", t0)
            await asyncio.sleep(0)
            t0 = float(perf.now())
            from samarkand_web import storage_models  # noqa: F401

            measure("later-models", t0)
            await asyncio.sleep(0)
            fx = app.validator_arrived()
        except Exception:
            traceback.print_exc()
            app.message("error", "error.internal")
            fx = None
        document.body.dataset.validatorMs = str(round(float(perf.now())))
        if fx is not None:
            apply_effects(fx)
        else:
            paint()
        ready()
        gc.freeze()
    window.dispatchEvent(window.CustomEvent.new("samarkand:idle"))


try:
    effects = app.boot(str(location.search), str(location.hash))
except Exception:
    traceback.print_exc()
    app.message("error", "error.internal")
    effects = None
if app.waiting:
    pass  # a saved game or a share link opens when pydantic is there (load_later)
elif effects is not None:
    apply_effects(effects)
    ready()
else:
    paint()
    ready()
asyncio.ensure_future(load_later())

"""The page's binding (PyScript): DOM events -> App.dispatch, App -> DOM. No game logic.

Everything the game does lives in the samarkand_web package (tested without a
browser). This file only: wraps localStorage as a key-value store, forwards
clicks, key presses, form changes and timer ticks, writes the regions that
changed, and does what only a browser can (address bar, clipboard, timers,
focus). It also records how long each click takes to reach the screen in
``window.samarkandTimings`` (ms, click to the next animation frame).

Start-up: the built start page already shows the start screen, inert (first.js);
this file draws the page live (saved games, share links and saving work from then on:
nothing waits for a further download), and the service worker is registered after
the first frame (sw-register.js waits for the "samarkand:idle" event).
"""

import asyncio
import gc
import json
import traceback

from pyodide.ffi import create_once_callable, create_proxy, to_js
from pyscript import document, window

try:  # JavaScript's null: None in older Pyodide, pyodide.ffi.jsnull since 0.27
    from pyodide.ffi import jsnull
except ImportError:  # pragma: no cover
    jsnull = None

# Start-up timings (ms since navigation) for the tests and the benchmark: Python runs,
# the game's modules are imported, the page is drawn (data-ready-ms).
document.body.dataset.pyStartMs = str(round(float(window.performance.now())))
loading = document.getElementById("loading")  # at its "game" stage (first.js)
# PyScript's watch over the whole document (first.js says why): it has found this
# script; from here on it would only scan every region the page redraws.
if hasattr(window, "samarkandStopWatcher"):
    document.body.dataset.watcherStopped = str(bool(window.samarkandStopWatcher())).lower()

# Before any dataclass of ours is defined: their methods' code compiled at build time.
from samarkand_web import classcode  # noqa: E402

class_code = classcode.install()

from samarkand_web.browser import zoom  # noqa: E402
from samarkand_web.saves.storage import (  # noqa: E402
    MemoryStore,
    StorageFull,
    StorageUnavailable,
    probe,
)
from samarkand_web.state.app import App  # noqa: E402
from samarkand_web.view.render import children_patch, piece_patch, render  # noqa: E402
from samarkand_web.view.tooltips import Tooltips, place  # noqa: E402

from samarkand_core.svg import highlight_ring  # noqa: E402

document.body.dataset.importedMs = str(round(float(window.performance.now())))
# dataclasses whose methods came compiled from the build / were compiled here
document.body.dataset.classCode = f"{class_code.hits}/{class_code.misses}"


def js_error_text(exc):
    """"SecurityError: The operation is insecure.": the browser's own words for a refusal
    (Pyodide's text for a JavaScript exception wraps them in a Python repr)."""
    text = str(exc)
    # A DOMException is not an Error to Pyodide, which then quotes its text in """...""".
    start = text.find('"""')
    end = text.find('"""', start + 3)
    return text[start + 3:end] if 0 <= start < end else text


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
            text = js_error_text(exc)
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
    """localStorage and how it is: "ok", "full" (it reads but refuses writes: every save
    is still listed and opens) or "off" (it cannot be read: a dict for this visit)."""
    try:
        store = LocalStore(window.localStorage)
    except Exception:
        return MemoryStore(), "off"
    health = probe(store)
    return (MemoryStore(), "off") if health == "off" else (store, health)


store, storage_health = open_store()
location = window.location
app = App(
    store,
    now=lambda: float(window.Date.now()),
    lang=str(window.navigator.language or "en"),
    path=str(location.pathname),
    origin=str(location.origin),
    storage_ok=storage_health != "off",
    touch=bool(window.matchMedia("(pointer: coarse)").matches),
)
if storage_health == "full":
    app.storage_full_at_start()
window.samarkandTimings = to_js([])
window.samarkandBotDecisions = to_js([])
# each suggestion: when the coach first looked (performance.now() ms), ms until it was
# drawn, in how many tasks, and the longest of them (for the benchmark)
window.samarkandCoach = to_js([])
painted: dict[str, str] = {}
ids = {k: document.getElementById(k) for k in
       ("header", "messages", "home", "game", "status", "actions", "hand", "board", "players",
        "log", "zoom", "chart", "chart-table",
        "overlay", "main", "board-wrap", "board-frame", "tip", "decision-bar", "recap")}


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
    """What identifies a control across redraws: (selector, data-value). The selector
    holds only our own names (actions, spaces, families); data-value may be a stored
    key (any text), so it is compared, never put into a selector (issue 10). Its id
    first, when it has one: two selects of the new-game form share their data-action
    and data-value, and the focus must not jump to the first."""
    if missing(el) or not hasattr(el, "getAttribute"):
        return None
    own_id = attr(el, "id")
    if own_id and own_id.replace("-", "").replace("_", "").isalnum():
        return "#" + own_id, attr(el, "data-value")
    for name in ("data-space", "data-family", "data-action"):
        value = attr(el, name)
        if value and value.replace("-", "").replace("_", "").replace(":", "").isalnum():
            return f'[{name}="{value}"]', attr(el, "data-value")
    return None


def find_control(key):
    selector, value = key
    for el in document.querySelectorAll(selector):
        if attr(el, "data-value") == value:
            return el
    return None


perf = window.performance
_span = window.Object.new()  # reused: no JS object made per measure
NO_SCROLL = to_js({"preventScroll": True}, dict_converter=window.Object.fromEntries)
REVEAL = to_js({"block": "nearest", "inline": "nearest"},
               dict_converter=window.Object.fromEntries)
FOCUSABLE = "button:not([disabled]), [tabindex='0'], input, select, summary, a[href]"
REPLACED = ("header", "messages", "home", "status", "actions", "hand", "players", "overlay",
            "zoom", "chart", "chart-table", "recap")


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
        # a region itself (#status, where the focus rests while bots move) stays: only
        # its content is replaced, and its focus with it would be taken and given back
        if region in REPLACED and active != ids[region] and ids[region].contains(active):
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
        el = find_control(refocus)
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
    set_shown("lang", page.lang, lambda v: setattr(document.documentElement, "lang", v))
    set_shown("title", page.title, lambda v: setattr(document, "title", v))
    if view["zoom"] > zoom.MIN_ZOOM:  # the zoomed frame's name, in the page's language
        ids["board-wrap"].setAttribute("aria-label", app.t("zoom.region"))
    if "board" in todo or "hand" in todo:
        hide_tip()  # what it described may have changed or gone
    if "board" in todo and page.show.get("game"):
        board_painted()
    measure("paint", t0)
    return set(todo)


def apply_effects(fx, t0=None):
    here = str(location.pathname) + str(location.search) + str(location.hash)
    if fx.url is not None and fx.url != here:
        window.history.replaceState(None, "", fx.url)
    if fx.render:
        paint()
    if fx.focus and (not fx.focus_if_idle or focus_is_idle()):
        focus_first(fx.focus)
    if fx.copy:
        copy(fx.copy)
    if fx.activate_update:
        activate_update()
    if fx.download:
        download(*fx.download)
    if fx.pick_file:
        pick_file()
    if fx.bot_delay is not None:
        schedule_bot(fx.bot_token, fx.bot_delay, after_frame=fx.render)
    if fx.coach_token is not None:
        schedule_coach(fx.coach_token, after_frame=fx.render)
    if fx.import_token is not None:
        schedule_import(fx.import_token, after_frame=fx.render)
    if fx.analysis_token is not None:
        schedule_analysis(fx.analysis_token, after_frame=fx.render)
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
        app.internal_error()
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
        app.internal_error()
        paint()
        return
    phase = app.bot_phase
    if phase == "start":
        bot_turn["start"] = start
        bot_turn["level"] = app.ctl.seats[app.ctl.deciding]
        bot_turn["phase"] = app.ctl.state.phase
    apply_effects(fx)
    # Thinking slices are many (thousands a game): only the long ones are kept.
    if phase and (phase != "step" or float(perf.now()) - start > SLOW_SLICE_MS):
        measure("bot-" + phase, start)
    if phase == "commit":
        # Wall time of the bot's turn as the page plays it (slices, the move drawn),
        # without the pause the speed setting adds before it: for the benchmark.
        window.samarkandBotDecisions.push(to_js(
            {"level": bot_turn["level"], "phase": bot_turn["phase"],
             "ms": float(perf.now()) - bot_turn["start"]},
            dict_converter=window.Object.fromEntries))


def schedule_coach(token, after_frame):
    """The coach's next slice in a task of its own (after the click's frame: "thinking"
    is on the screen before it starts)."""
    if after_frame and not document.hidden:
        window.requestAnimationFrame(create_once_callable(
            lambda _ts: post_soon(lambda: coach_tick(token))))
    else:
        post_soon(lambda: coach_tick(token))


coach_turn = {"start": 0.0, "slices": 0, "longest": 0.0}


def coach_tick(token):
    start = float(perf.now())
    try:
        fx = app.coach_tick(token)
    except Exception:
        traceback.print_exc()
        app.internal_error()
        paint()
        return
    phase = app.coach_phase
    if phase == "start":
        coach_turn["start"] = start
        coach_turn["slices"] = 0
        coach_turn["longest"] = 0.0
    coach_turn["slices"] += 1
    apply_effects(fx)
    took = float(perf.now()) - start
    coach_turn["longest"] = max(coach_turn["longest"], took)
    if phase and (phase != "step" or took > SLOW_SLICE_MS):
        measure("coach-" + phase, start)
    if phase == "done":
        show_on_board(ids["board"].querySelector(".suggested"))  # a zoomed board pans to it
        el = document.activeElement
        if missing(el) or el == document.body:  # it was on "Suggest a move", now gone
            focus_first("#coach-advice")
        window.samarkandCoach.push(to_js(
            {"at": coach_turn["start"], "ms": float(perf.now()) - coach_turn["start"],
             "slices": coach_turn["slices"], "longest_tick_ms": coach_turn["longest"]},
            dict_converter=window.Object.fromEntries))


def schedule_import(token, after_frame):
    """The import's next slice in a task of its own (as the coach's): once the frame that
    shows how far it is has been drawn, so that its progress is seen, slice by slice."""
    if after_frame and not document.hidden:
        window.requestAnimationFrame(create_once_callable(
            lambda _ts: post_soon(lambda: import_tick(token))))
    else:
        post_soon(lambda: import_tick(token))


# The backup import as the page ran it (tests and the benchmark): slices, the longest
# one (ms), and the time from the file read to the import done (ms).
window.samarkandImport = to_js({"slices": 0, "longest_ms": 0.0, "ms": 0.0, "start": 0.0},
                               dict_converter=window.Object.fromEntries)


def import_tick(token):
    start = float(perf.now())
    record = window.samarkandImport
    try:
        fx = app.import_tick(token)
    except Exception:
        traceback.print_exc()
        app.message("error", "error.internal")
        paint()
        return
    record.slices += 1
    record.longest_ms = max(float(record.longest_ms), float(perf.now()) - start)
    apply_effects(fx)
    if fx.import_token is None and app.importing is None:
        record.ms = float(perf.now()) - float(record.start)


def schedule_analysis(token, after_frame):
    """The analysis's next slice in a task of its own, once the frame that shows how far
    it is has been drawn (as the import's)."""
    if after_frame and not document.hidden:
        window.requestAnimationFrame(create_once_callable(
            lambda _ts: post_soon(lambda: analysis_tick(token))))
    else:
        post_soon(lambda: analysis_tick(token))


# The analysis as the page ran it (the benchmark): slices, the longest one (ms), and the
# time from its first slice to its result drawn (ms).
window.samarkandAnalysis = to_js({"slices": 0, "longest_ms": 0.0, "longest_think_ms": 0.0,
                                  "ms": 0.0, "start": 0.0},
                                 dict_converter=window.Object.fromEntries)


def analysis_tick(token):
    start = float(perf.now())
    record = window.samarkandAnalysis
    try:
        fx = app.analysis_tick(token)
    except Exception:
        traceback.print_exc()
        app.internal_error()
        paint()
        return
    record.longest_think_ms = max(float(record.longest_think_ms), float(perf.now()) - start)
    phase = app.analysis_phase
    if phase == "start":
        record.start, record.slices, record.longest_ms, record.ms = start, 0, 0.0, 0.0
        record.longest_think_ms = float(perf.now()) - start
    apply_effects(fx)
    record.slices += 1
    record.longest_ms = max(float(record.longest_ms), float(perf.now()) - start)
    if phase == "done":
        record.ms = float(perf.now()) - float(record.start)


def replay_tick(token):
    """A replay's playback timer: the next move (App.replay_tick decides)."""
    try:
        fx = app.replay_tick(token)
    except Exception:
        traceback.print_exc()
        app.internal_error()
        paint()
        return
    apply_effects(fx)


# --------------------------------------------------------------------------- zoom and pan

view = {"zoom": 1.0, "applied": False, "legal": "", "pinch": None}


def board_svg_el():
    el = ids["board"].querySelector("svg")
    return None if missing(el) else el


def phone():
    return float(window.innerWidth) < zoom.PHONE_WIDTH


def apply_zoom(z_new, focus=None):
    """Zoom the board to z_new, keeping the point `focus` (px in the frame; default its
    centre) where it is. Only a width, a height and a scroll position change here."""
    wrap, svg = ids["board-wrap"], board_svg_el()
    if svg is None:
        return
    z_old = view["zoom"] if view["applied"] else 1.0
    fit_w = float(ids["board-frame"].clientWidth)
    fit_h = float(svg.getBoundingClientRect().height) / z_old
    fx, fy = focus or (float(wrap.clientWidth) / 2, float(wrap.clientHeight) / 2)
    frame = zoom.rezoom(z_old, z_new, float(wrap.scrollLeft), float(wrap.scrollTop), fx, fy,
                        fit_w, fit_h, float(window.innerHeight), phone())
    wrap.style.setProperty("--zoom", str(z_new))
    zoomed = z_new > zoom.MIN_ZOOM
    wrap.classList.toggle("zoomed", zoomed)
    # zoomed in, the frame scrolls: a keyboard can reach it and pan with the arrow keys
    if zoomed:
        wrap.setAttribute("tabindex", "0")
        wrap.setAttribute("role", "region")
        wrap.setAttribute("aria-label", app.t("zoom.region"))
    else:
        for name in ("tabindex", "role", "aria-label"):
            wrap.removeAttribute(name)
    wrap.style.height = f"{frame.height}px" if frame.height else ""
    wrap.scrollLeft = frame.left
    wrap.scrollTop = frame.top
    view["zoom"] = z_new
    view["applied"] = True


def board_painted():
    """After the board is drawn: the first time, the starting zoom; when the choices on
    it changed, bring the first of them into view if the board is zoomed."""
    if not view["applied"]:
        width = float(window.innerWidth)
        if zoom.starts_whole(width):
            # The board as drawn, unzoomed: nothing to measure or set. (Reading its height
            # forced a style and layout of the whole page inside this task, and setting
            # the zoom, to what it already was, made the next frame do them again.)
            view["zoom"], view["applied"] = zoom.MIN_ZOOM, True
        else:
            svg = board_svg_el()
            fit_h = float(svg.getBoundingClientRect().height) if svg is not None else 0.0
            apply_zoom(zoom.start_zoom(width, float(window.innerHeight), fit_h))
    first = ids["board"].querySelector(".legal")
    key = "" if missing(first) else focused_key(first) or ""
    if key and key != view["legal"]:
        show_on_board(first)
    view["legal"] = key


def show_on_board(el):
    """Scroll the zoomed board so that `el` (a space or a domain) is in view."""
    if missing(el) or view["zoom"] <= zoom.MIN_ZOOM:
        return
    wrap = ids["board-wrap"]
    box, frame = el.getBoundingClientRect(), wrap.getBoundingClientRect()
    left, top = zoom.scroll_to_show(
        float(box.left - frame.left), float(box.top - frame.top),
        float(box.right - frame.left), float(box.bottom - frame.top),
        float(wrap.clientWidth), float(wrap.clientHeight),
        float(wrap.scrollLeft), float(wrap.scrollTop))
    wrap.scrollLeft, wrap.scrollTop = left, top


def on_zoom_button(el):
    apply_zoom(zoom.step(view["zoom"], attr(el, "data-zoom")))


def touch_points(event):
    wrap = ids["board-wrap"].getBoundingClientRect()
    t = event.touches
    return [(float(t.item(i).clientX - wrap.left), float(t.item(i).clientY - wrap.top))
            for i in range(int(t.length))]


def on_touchstart(event):
    tip_state["pressed"] = False
    pts = touch_points(event)
    if len(pts) == 2:
        (x1, y1), (x2, y2) = pts
        view["pinch"] = (view["zoom"], zoom.distance(x1, y1, x2, y2))
        cancel_long_press()
    elif len(pts) == 1:
        start_long_press(event)


def on_touchmove(event):
    pts = touch_points(event)
    if view["pinch"] is None or len(pts) != 2:
        move_long_press(event)
        return
    event.preventDefault()  # a pinch zooms the board, not the page
    (x1, y1), (x2, y2) = pts
    z0, d0 = view["pinch"]
    z = zoom.pinch(z0, d0, zoom.distance(x1, y1, x2, y2))
    if z != view["zoom"]:
        apply_zoom(z, ((x1 + x2) / 2, (y1 + y2) / 2))


def on_touchend(event):
    if int(event.touches.length) < 2:
        view["pinch"] = None
    cancel_long_press()


def on_resize(_event):
    if view["applied"]:
        apply_zoom(view["zoom"])


def on_bar_resize(entries, _observer=None):
    """The decision bar is fixed at the bottom of a phone's screen: the page keeps room
    for it (style.css reads --bar-h)."""
    height = float(ids["decision-bar"].getBoundingClientRect().height) if phone() else 0.0
    document.documentElement.style.setProperty("--bar-h", f"{round(height)}px")


# --------------------------------------------------------------------------- tooltips

TIP_TARGETS = "#board [data-space], #board [data-family], #hand [data-card], #actions [data-card]"
tip_state = {"key": None, "timer": None, "start": None, "pressed": False}


def tip_target(el):
    if missing(el) or not hasattr(el, "closest"):
        return None
    found = el.closest(TIP_TARGETS)
    return None if missing(found) else found


def tip_kind(el):
    for kind in ("space", "family", "card"):
        value = attr(el, f"data-{kind}")
        if value:
            return kind, value
    return None, ""


def show_tip(el):
    """The tooltip of `el` (a space, a domain or a card) beside it, and its space
    highlighted on the map if it names one (data-map)."""
    kind, value = tip_kind(el)
    key = f"{kind}:{value}"
    highlight(attr(el, "data-map"))
    if key == tip_state["key"]:
        return
    content = str(Tooltips(app).tip(kind, value)) if kind else ""
    tip = ids["tip"]
    if not content:
        hide_tip(keep_highlight=True)
        return
    tip.innerHTML = content
    tip.hidden = False
    box = el.getBoundingClientRect()
    x, y = place(float(box.left), float(box.top), float(box.right), float(box.bottom),
                 float(tip.offsetWidth), float(tip.offsetHeight),
                 float(window.innerWidth), float(window.innerHeight))
    tip.style.transform = f"translate({x}px, {y}px)"
    tip_state["key"] = key


def hide_tip(keep_highlight=False):
    if tip_state["key"] is not None:
        ids["tip"].hidden = True
        tip_state["key"] = None
    if not keep_highlight:
        highlight("")


hl_state = {"space": ""}


def highlight(space):
    """A ring around a space on the map (a card's space, a space a log line names)."""
    if space == hl_state["space"]:
        return
    hl_state["space"] = space
    layer = ids["board"].querySelector(".map-highlight")
    if missing(layer) or app.ctl is None:
        return
    layer.innerHTML = highlight_ring(app.ctl.state.board, int(space)) if space else ""


def map_ref(el):
    if missing(el) or not hasattr(el, "closest"):
        return None
    found = el.closest("[data-map]")
    return None if missing(found) else found


def on_pointerover(event):
    if str(event.pointerType) == "touch":
        return  # touch: a long press (or a tap on a space that is not a choice)
    el = tip_target(event.target)
    if el is not None:
        show_tip(el)
        return
    ref = map_ref(event.target)
    if ref is not None:
        highlight(attr(ref, "data-map"))


def on_pointerout(event):
    if str(event.pointerType) == "touch":
        return
    left = tip_target(event.target) or map_ref(event.target)
    gone_to = event.relatedTarget
    if left is None or (not missing(gone_to) and left.contains(gone_to)):
        return
    hide_tip()


def on_focusin(event):
    el = tip_target(event.target)
    ref = map_ref(event.target)
    if el is not None:
        show_tip(el)
    elif ref is not None:
        highlight(attr(ref, "data-map"))


def on_focusout(_event):
    hide_tip()


def on_message_faded(event):
    """A note that has faded away (style.css: .message.fades) is dismissed, so that a
    later message does not bring it back when the messages are drawn again."""
    if str(event.animationName) != "message-out":
        return
    dismiss = event.target.querySelector('[data-action="dismiss"]')
    if not missing(dismiss):
        run("dismiss", attr(dismiss, "data-value"))


LONG_PRESS_MS = 450


def start_long_press(event):
    cancel_long_press()
    el = tip_target(event.target)
    if el is None:
        return
    touch = event.touches.item(0)
    tip_state["start"] = (float(touch.clientX), float(touch.clientY))

    def fire():
        tip_state["timer"] = None
        tip_state["pressed"] = True  # the click that follows the press does nothing
        show_tip(el)

    tip_state["timer"] = window.setTimeout(create_once_callable(fire), LONG_PRESS_MS)


def move_long_press(event):
    start = tip_state["start"]
    if tip_state["timer"] is None or start is None or int(event.touches.length) != 1:
        return
    touch = event.touches.item(0)
    if zoom.distance(start[0], start[1], float(touch.clientX), float(touch.clientY)) > 10:
        cancel_long_press()


def cancel_long_press():
    if tip_state["timer"] is not None:
        window.clearTimeout(tip_state["timer"])
        tip_state["timer"] = None


def on_contextmenu(event):
    if tip_state["pressed"] or tip_target(event.target) is not None:
        event.preventDefault()  # a long press shows the tooltip, not the browser's menu


def on_escape(event):
    if str(event.key) == "Escape" and tip_state["key"] is not None:
        hide_tip()


def on_scroll(_event):
    if tip_state["key"] is not None and view["pinch"] is None:
        hide_tip()  # it would float away from what it describes


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


def on_update_ready(_event=None):
    """A new version of the site waits behind this one (sw-register.js): say so."""
    app.update_ready()
    paint()


def activate_update():
    """The notice's Reload: the waiting version takes over and the page reloads on it
    (sw-register.js), unless the site is open in other tabs, which keep their files."""

    def answered(activated):
        if not activated:
            app.update_waits_for_tabs()
            paint()

    take_over = getattr(window, "samarkandActivateUpdate", None)
    if missing(take_over):
        window.location.reload()
        return
    take_over().then(create_once_callable(answered))


# ------------------------------------------------------------------ saves: files, tabs

def download(name, text):
    """Save text as a file (a backup): a link to a blob, clicked."""
    from samarkand_web.saves.backup import MIME

    blob = window.Blob.new(to_js([text]), to_js({"type": MIME},
                                                  dict_converter=window.Object.fromEntries))
    url = window.URL.createObjectURL(blob)
    link = document.createElement("a")
    link.href = url
    link.download = name
    link.hidden = True
    document.body.appendChild(link)
    link.click()
    link.remove()
    window.setTimeout(create_once_callable(lambda: window.URL.revokeObjectURL(url)), 60_000)


def pick_file():
    """The browser's file picker for a backup to import (an input of its own, outside
    the regions that are redrawn, so a redraw cannot lose the chosen file)."""
    field = document.getElementById("import-file")
    if missing(field):
        field = document.createElement("input")
        field.type = "file"
        field.id = "import-file"
        field.accept = ".json,application/json"
        field.hidden = True
        field.addEventListener("change", create_proxy(on_file_picked))
        document.body.appendChild(field)
    field.value = ""  # the same file picked again is a change too
    field.click()


def on_file_picked(event):
    from samarkand_web.saves.backup import MAX_BACKUP_CHARS

    files = event.target.files
    if missing(files) or not int(files.length):
        return
    picked = files.item(0)
    if float(picked.size) > MAX_BACKUP_CHARS:
        guarded(lambda: app.backup_problem("backup.too_big"))
        return
    picked.text().then(
        create_once_callable(lambda text: guarded(lambda: import_started(str(text)))),
        create_once_callable(lambda *_a: guarded(lambda: app.backup_problem(
            "backup.read_failed"))))


def import_started(text):
    if app.importing is None:  # (a second file while one runs is refused: app says so)
        record = window.samarkandImport
        record.slices, record.longest_ms, record.ms = 0, 0.0, 0.0
        record.start = float(perf.now())
    return app.import_backup_text(text)


def on_storage(event):
    """Another tab changed localStorage: the saves list, or the game shown here."""
    key = event.key
    guarded(lambda: app.storage_changed(None if missing(key) else str(key)))


def on_hashchange(_event):
    """A share link opened in a tab already on the page changes only the #fragment."""
    run("hash", str(location.hash))


def guarded(call):
    try:
        fx = call()
    except Exception:
        traceback.print_exc()
        app.internal_error()
        paint()
        return
    apply_effects(fx)


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
    if tip_state["pressed"]:
        tip_state["pressed"] = False
        event.preventDefault()
        return  # the end of a long press that showed a tooltip
    zoom_button = (event.target.closest("[data-zoom]") if hasattr(event.target, "closest")
                   else None)
    if zoom_button is not None and not missing(zoom_button):
        on_zoom_button(zoom_button)
        return
    el = target_of(event)
    tip_el = tip_target(event.target)
    # a choice: a legal space (its role is button) or a legal domain (its face is)
    choice = tip_el is not None and (attr(tip_el, "role") == "button"
                                     or bool(tip_el.classList.contains("legal")))
    if app.touch and tip_el is not None and not choice and (
            el is None or not attr(el, "data-action")):
        show_tip(tip_el)  # a tap on what is not a choice: what it is
        return
    if app.touch and tip_state["key"] is not None:
        hide_tip()
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
    modality["keyboard"] = False
    el = target_of(event)
    if el is not None and str(el.tagName).upper() not in ("SELECT", "INPUT", "OPTION"):
        event.preventDefault()


# Whether the last input was a key press (else a mouse press): see focus_first.
modality = {"keyboard": True}


def focus_first(selectors):
    """Focus the first element found for the first of the comma-separated selectors that
    finds one (querySelector with a list would take the first in the document instead).
    After a key press at once: the next key must land there. After a mouse press once
    the frame that shows the change is drawn: focus() makes the browser work out the
    page's styles (and, for a space of the map, its layout) at once, which in the
    click's own time came on top of the frame's; after the frame nothing has changed,
    and it costs next to nothing. Scrolled into view only if it is not in view. At the
    start too (the page not live yet: no key was handled), so that the task that draws
    the first board does not also lay the whole page out: the first frame does that."""
    if modality["keyboard"] and loading.hidden:
        focus_now(selectors)
    else:
        after_frame(lambda: focus_now(selectors))


def focus_now(selectors):
    for sel in selectors.split(", "):
        el = document.querySelector(sel)
        if not missing(el):
            el.focus(NO_SCROLL)
            if el == document.activeElement:
                el.scrollIntoView(REVEAL)
            return


def after_frame(fn):
    """Run fn() in a task of its own once the next frame has been drawn."""
    window.requestAnimationFrame(create_once_callable(
        lambda _ts: window.setTimeout(create_once_callable(fn), 0)))


GAME_PARTS = ("#status", "#actions", "#board")


def focus_is_idle():
    """The focus rests on nothing the person is using: on the page itself, or on a game
    control (not a list to choose from) that a move has just drawn anew."""
    el = document.activeElement
    if missing(el) or el == document.body:
        return True
    if str(el.tagName).upper() in ("SELECT", "INPUT", "TEXTAREA"):
        return False
    return any(not missing(el.closest(part)) for part in GAME_PARTS)


LEGAL_BUTTONS = {"data-space": '.legal[data-space][role="button"]',
                 "data-family": '.legal[data-family] [role="button"]'}  # a domain's face


def move_among_legal(el, step):
    """Arrow keys on a highlighted space (or domain) go to the next or previous one: a
    whole turn is played with few keys, without tabbing through every space."""
    kind = "data-space" if attr(el, "data-space") else "data-family"
    items = list(ids["board"].querySelectorAll(LEGAL_BUTTONS[kind]))
    focused = document.activeElement
    here = next((i for i, it in enumerate(items) if it == focused), None)
    if here is None or len(items) < 2:
        return
    items[(here + step) % len(items)].focus()


ARROWS = {"ArrowRight": 1, "ArrowDown": 1, "ArrowLeft": -1, "ArrowUp": -1}


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
    modality["keyboard"] = True
    key = str(event.key)
    if key == "Escape":
        if app.overlay or app.recap_open or app.messages:
            event.preventDefault()
            run("escape")
        return
    if key in ("z", "Z") and (event.ctrlKey or event.metaKey) and not event.shiftKey:
        el = event.target
        if not missing(el) and str(el.tagName).upper() not in ("INPUT", "TEXTAREA"):
            event.preventDefault()  # the page's own take back, not the browser's undo
            run("take-back")
        return
    if key in REPLAY_KEYS and app.screen == "replay":
        on_replay_key(event, key)
        return
    if key in ARROWS:
        el = target_of(event)
        if el is not None and el.matches(".legal[data-space], .legal[data-family]"):
            event.preventDefault()
            move_among_legal(el, ARROWS[key])
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


# The skip link's target, when no space or domain is there to take the focus.
ids["board"].setAttribute("tabindex", "-1")

for kind, handler in (("click", on_click), ("keydown", on_key), ("change", on_change),
                      ("input", on_input), ("submit", on_submit), ("mousedown", on_mousedown),
                      ("pointerover", on_pointerover), ("pointerout", on_pointerout),
                      ("focusin", on_focusin), ("focusout", on_focusout),
                      ("contextmenu", on_contextmenu), ("keydown", on_escape)):
    document.addEventListener(kind, create_proxy(handler))
NOT_PASSIVE = to_js({"passive": False}, dict_converter=window.Object.fromEntries)
for kind, handler in (("touchstart", on_touchstart), ("touchmove", on_touchmove),
                      ("touchend", on_touchend), ("touchcancel", on_touchend)):
    ids["board-wrap"].addEventListener(kind, create_proxy(handler), NOT_PASSIVE)
for region in ("hand", "actions"):  # long press on a card
    for kind, handler in (("touchstart", on_touchstart), ("touchmove", on_touchmove),
                          ("touchend", on_touchend)):
        ids[region].addEventListener(kind, create_proxy(handler))
ids["messages"].addEventListener("animationend", create_proxy(on_message_faded))
window.addEventListener("resize", create_proxy(on_resize))
document.addEventListener("scroll", create_proxy(on_scroll), to_js(
    {"capture": True, "passive": True}, dict_converter=window.Object.fromEntries))
window.ResizeObserver.new(create_proxy(on_bar_resize)).observe(ids["decision-bar"])
for kind, handler in (("storage", on_storage), ("hashchange", on_hashchange),
                      ("samarkand:update-ready", on_update_ready)):
    window.addEventListener(kind, create_proxy(handler))


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
    after_frame(lambda: done.set_result(None))
    return done


async def announce_idle():
    """Once the first board is on screen, the service worker may install (sw-register.js
    waits for this event), so that its downloads never compete with the start."""
    await next_frame()
    window.dispatchEvent(window.CustomEvent.new("samarkand:idle"))


try:
    effects = app.boot(str(location.search), str(location.hash))
except Exception:
    traceback.print_exc()
    app.internal_error()
    effects = None
if effects is not None:
    apply_effects(effects)
else:
    paint()
ready()
asyncio.ensure_future(announce_idle())

"""The page's binding (PyScript): DOM events -> App.dispatch, App -> DOM. No game logic.

Everything the game does lives in the samarkand_web package (tested without a
browser); its browser side, samarkand_web/browser/, takes the document, the window and
Pyodide's bridge as parameters (headless tests pass fakes). This file only stamps the
start-up timings, installs the dataclasses' compiled methods, makes the bridge over
pyodide.ffi and starts the page (browser/wiring.py). The page records how long each
click takes to reach the screen in ``window.samarkandTimings`` (ms, click to the next
animation frame; browser/timings.py lists the rest).

Start-up: the built start page already shows the start screen, inert (first.js);
this file draws the page live (saved games, share links and saving work from then on:
nothing waits for a further download), and the service worker is registered after
the first frame (sw-register.js waits for the "samarkand:idle" event).
"""

from collections.abc import Callable, Mapping

from pyodide.ffi import create_once_callable, create_proxy, to_js
from pyscript import document, window

# Start-up timings (ms since navigation) for the tests and the benchmark: Python runs,
# the game's modules are imported, the page is drawn (data-ready-ms).
document.body.dataset.pyStartMs = str(round(float(window.performance.now())))
# PyScript's watch over the whole document (first.js says why): it has found this
# script; from here on it would only scan every region the page redraws.
if hasattr(window, "samarkandStopWatcher"):
    document.body.dataset.watcherStopped = str(bool(window.samarkandStopWatcher())).lower()

# Before any dataclass of ours is defined: their methods' code compiled at build time.
from samarkand_web import classcode  # noqa: E402

class_code = classcode.install()

from samarkand_web.browser import wiring  # noqa: E402
from samarkand_web.browser.dom import JsArray, JsRecord, register_null  # noqa: E402

document.body.dataset.importedMs = str(round(float(window.performance.now())))
# dataclasses whose methods came compiled from the build / were compiled here
document.body.dataset.classCode = f"{class_code.hits}/{class_code.misses}"


class PyodideBridge:
    """browser.dom.JsBridge over pyodide.ffi."""

    def __init__(self) -> None:
        self.from_entries = window.Object.fromEntries

    def once(self, fn: Callable[..., object]) -> object:
        return create_once_callable(fn)

    def proxy(self, fn: Callable[..., object]) -> object:
        return create_proxy(fn)

    def record(self, values: Mapping[str, float | bool | str]) -> JsRecord:
        record: JsRecord = to_js(dict(values), dict_converter=self.from_entries)
        return record

    def array(self) -> JsArray:
        array: JsArray = to_js([])
        return array


try:  # JavaScript's null: None in older Pyodide, pyodide.ffi.jsnull since 0.27
    from pyodide.ffi import jsnull

    register_null(jsnull)
except ImportError:  # pragma: no cover
    pass
page = wiring.start(document, window, PyodideBridge())

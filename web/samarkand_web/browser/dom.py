"""What the browser side uses of the DOM and of Pyodide's bridge, as Protocols.

The modules of this package take the document, the window and the bridge as
parameters typed by these Protocols: in the page they are PyScript's `document` and
`window` (web/stubs/pyscript.pyi says so to the type checker) and main.py's bridge
over pyodide.ffi; in the headless tests, small fakes. Only what the page uses is
declared. Values that only go back to JavaScript (callbacks, option objects) are
`object`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from typing_extensions import TypeIs

# JavaScript's null as Pyodide hands it over (pyodide.ffi.jsnull since 0.27; None
# before): main.py registers it, so that this module imports without Pyodide.
_nulls: list[object] = [None]


def register_null(null: object) -> None:
    if null is not None:
        _nulls.append(null)


def missing(value: object) -> TypeIs[None]:
    """None or JavaScript's null (what querySelector and friends return for nothing)."""
    return any(value is null for null in _nulls)


class JsRecord(Protocol):
    """A plain JavaScript object of numbers (the page's counters for the tests and the
    benchmark, option objects)."""

    def __getattr__(self, name: str) -> float: ...
    def __setattr__(self, name: str, value: float) -> None: ...


class PointerState(Protocol):
    """dom.js's samarkandPointer state: the presses so far; whether a tooltip or a ring
    is open (which the page keeps up to date); the control a press took the focus from
    (until the page gives it back)."""

    presses: int
    open: bool
    released: Element | None


class NoPointer:
    """The state before dom.js's pointer handling is listening (and in tests)."""

    def __init__(self) -> None:
        self.presses = 0
        self.open = False
        self.released: Element | None = None


class JsArray(Protocol):
    def push(self, item: object) -> int: ...


class JsBridge(Protocol):
    """Pyodide's ffi as the page uses it (main.py's PyodideBridge)."""

    def once(self, fn: Callable[..., object]) -> object:
        """A callback JavaScript calls once (it is freed then)."""

    def proxy(self, fn: Callable[..., object]) -> object:
        """A callback JavaScript may call many times (an event listener)."""

    def record(self, values: Mapping[str, float | bool | str]) -> JsRecord:
        """A plain JavaScript object of these values."""

    def array(self) -> JsArray:
        """An empty JavaScript array."""


class Rect(Protocol):
    left: float
    top: float
    right: float
    bottom: float
    height: float


class Style(Protocol):
    transform: str
    height: str

    def setProperty(self, name: str, value: str) -> None: ...


class ClassList(Protocol):
    def contains(self, name: str) -> bool: ...
    def toggle(self, name: str, force: bool) -> bool: ...


class Dataset(Protocol):
    def __setattr__(self, name: str, value: str) -> None: ...


class Promise(Protocol):
    def then(self, ok: object, failed: object = ...) -> Promise: ...


class File(Protocol):
    size: float

    def text(self) -> Promise: ...


class FileList(Protocol):
    length: int

    def item(self, index: int) -> File: ...


class Element(Protocol):
    innerHTML: str
    hidden: bool
    id: str
    name: str
    value: str
    type: str
    accept: str
    href: str
    download: str
    scrollLeft: float
    scrollTop: float
    onmessage: object

    @property
    def tagName(self) -> str: ...
    @property
    def classList(self) -> ClassList: ...
    @property
    def style(self) -> Style: ...
    @property
    def dataset(self) -> Dataset: ...
    @property
    def clientWidth(self) -> float: ...
    @property
    def clientHeight(self) -> float: ...
    @property
    def scrollHeight(self) -> float: ...
    @property
    def offsetWidth(self) -> float: ...
    @property
    def offsetHeight(self) -> float: ...
    @property
    def files(self) -> FileList | None: ...
    @property
    def elements(self) -> Iterable[Element]: ...

    def getAttribute(self, name: str) -> str | None: ...
    def hasAttribute(self, name: str) -> bool: ...
    def dispatchEvent(self, event: object) -> bool: ...
    def setAttribute(self, name: str, value: str) -> None: ...
    def removeAttribute(self, name: str) -> None: ...
    def querySelector(self, selector: str) -> Element | None: ...
    def querySelectorAll(self, selector: str) -> Iterable[Element]: ...
    def closest(self, selector: str) -> Element | None: ...
    def contains(self, other: Element) -> bool: ...
    def matches(self, selector: str) -> bool: ...
    def focus(self, options: object = ...) -> None: ...
    def blur(self) -> None: ...
    def scrollIntoView(self, options: object) -> None: ...
    def getBoundingClientRect(self) -> Rect: ...
    def insertAdjacentHTML(self, where: str, markup: str) -> None: ...
    def addEventListener(self, kind: str, handler: object, options: object = ...) -> None: ...
    def appendChild(self, child: Element) -> Element: ...
    def click(self) -> None: ...
    def remove(self) -> None: ...
    def select(self) -> None: ...


class Touch(Protocol):
    clientX: float
    clientY: float


class TouchList(Protocol):
    length: int

    def item(self, index: int) -> Touch: ...


class Event(Protocol):
    """The events the page listens to, in one: each handler reads its kind's fields."""

    target: Element
    relatedTarget: Element | None
    key: str
    ctrlKey: bool
    metaKey: bool
    shiftKey: bool
    altKey: bool
    timeStamp: float
    pointerType: str
    touches: TouchList
    animationName: str

    def preventDefault(self) -> None: ...


class Document(Protocol):
    title: str
    hidden: bool

    @property
    def body(self) -> Element: ...
    @property
    def documentElement(self) -> Element: ...
    @property
    def activeElement(self) -> Element | None: ...

    def getElementById(self, element_id: str) -> Element | None: ...
    def querySelector(self, selector: str) -> Element | None: ...
    def querySelectorAll(self, selector: str) -> Iterable[Element]: ...
    def createElement(self, tag: str) -> Element: ...
    def addEventListener(self, kind: str, handler: object, options: object = ...) -> None: ...


class Performance(Protocol):
    def now(self) -> float: ...
    def measure(self, name: str, options: object) -> object: ...


class Location(Protocol):
    pathname: str
    search: str
    hash: str
    origin: str

    def reload(self) -> None: ...


class History(Protocol):
    def replaceState(self, state: object, title: str, url: str) -> None: ...


class Clipboard(Protocol):
    def writeText(self, text: str) -> Promise: ...


class Scheduling(Protocol):
    def isInputPending(self) -> bool: ...


class Navigator(Protocol):
    language: str
    clipboard: Clipboard
    scheduling: Scheduling

    # the system's share sheet (phones; missing elsewhere: ask with getattr first)
    def share(self, data: JsRecord) -> Promise: ...


class Storage(Protocol):
    length: int

    def getItem(self, key: str) -> str | None: ...
    def setItem(self, key: str, value: str) -> None: ...
    def removeItem(self, key: str) -> None: ...
    def key(self, index: int) -> str | None: ...


class MediaQueryList(Protocol):
    matches: bool


class DateClass(Protocol):
    def now(self) -> float: ...


class MessagePort(Protocol):
    onmessage: object

    def postMessage(self, message: object) -> None: ...


class MessageChannel(Protocol):
    port1: MessagePort
    port2: MessagePort


class MessageChannelClass(Protocol):
    def new(self) -> MessageChannel: ...


class BlobClass(Protocol):
    def new(self, parts: object, options: object) -> object: ...


class URLClass(Protocol):
    def createObjectURL(self, blob: object) -> str: ...
    def revokeObjectURL(self, url: str) -> None: ...


class CustomEventClass(Protocol):
    def new(self, name: str, init: JsRecord | None = None) -> object: ...


class ResizeObserver(Protocol):
    def observe(self, element: Element) -> None: ...


class ResizeObserverClass(Protocol):
    def new(self, callback: object) -> ResizeObserver: ...


class ObjectClass(Protocol):
    fromEntries: object  # to_js's dict_converter: a dict becomes a plain object


class Window(Protocol):
    """The window: the browser's services, and what the page's own scripts (first.js,
    dom.js, sw-register.js) and the page itself put on it."""

    innerWidth: float
    innerHeight: float
    performance: Performance
    location: Location
    history: History
    navigator: Navigator
    localStorage: Storage
    sessionStorage: Storage
    Date: DateClass
    MessageChannel: MessageChannelClass
    Blob: BlobClass
    URL: URLClass
    CustomEvent: CustomEventClass
    ResizeObserver: ResizeObserverClass
    Object: ObjectClass
    # the page's records for the e2e tests and `make bench` (timings.py)
    samarkandTimings: JsArray
    samarkandBotDecisions: JsArray
    samarkandCoach: JsArray
    samarkandSlices: JsRecord
    samarkandImport: JsRecord
    samarkandAnalysis: JsRecord

    def samarkandPatchPieces(self, root: Element, ops: str) -> bool: ...  # dom.js
    def samarkandPatchParts(self, root: Element, ops: str) -> int: ...  # dom.js
    def samarkandSetParts(self, root: Element, parts: str) -> None: ...  # dom.js
    def samarkandPointer(self, rested: object, left: object, targets: str,
                         hover_ms: int) -> PointerState: ...  # dom.js
    def samarkandStopWatcher(self) -> bool: ...  # first.js
    # dom.js: play by link's signatures (samarkandSign only in a secure context)
    def samarkandSign(self, game: str, fragment: str) -> Promise: ...
    def samarkandVerify(self, key: str, signed: str, signature: str) -> Promise: ...
    def samarkandActivateUpdate(self) -> Promise: ...  # sw-register.js
    def samarkandSound(self, kinds: str) -> None: ...  # dom.js: the game's sounds
    def matchMedia(self, query: str) -> MediaQueryList: ...
    def scrollBy(self, x: float, y: float) -> None: ...
    def setTimeout(self, handler: object, ms: float) -> int: ...
    def clearTimeout(self, timer: int) -> None: ...
    def requestAnimationFrame(self, callback: object) -> int: ...
    def addEventListener(self, kind: str, handler: object, options: object = ...) -> None: ...
    def dispatchEvent(self, event: object) -> bool: ...


def attr(el: Element, name: str) -> str:
    """An attribute's text ("" when it is absent)."""
    value = el.getAttribute(name)
    return str(value) if isinstance(value, str) else ""


def tag(el: Element | None) -> str:
    """The element's tag name in capitals ("" for none, or a node without one)."""
    if missing(el) or not hasattr(el, "tagName"):
        return ""
    return str(el.tagName).upper()


def closest(el: Element | None, selector: str) -> Element | None:
    """el.closest(selector), for any event target (a text node or the document has none)."""
    if missing(el) or not hasattr(el, "closest"):
        return None
    found = el.closest(selector)
    return None if missing(found) else found


def control_of(el: Element | None) -> Element | None:
    """The game control or page control an event's target is in: a space, a domain,
    or an element with a data-action."""
    return closest(el, "[data-space],[data-family],[data-action]")

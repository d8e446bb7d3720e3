"""Small stand-ins for the browser (document, elements, window, Pyodide's bridge) for
the headless tests of the page's Python (the worker's host): a tree of elements with the selectors
the page uses (tag, #id, .class, [attr], [attr="value"], a descendant, lists), timers
and animation frames that the test runs by hand, and counts of what was written and
of every read of the layout."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from types import SimpleNamespace
from typing import Any, cast

_COMPOUND = re.compile(r'([\w-]+)|#([\w-]+)|\.([\w-]+)|\[([\w-]+)(?:="([^"]*)")?\]')


_NOT = re.compile(r':not\(\[([\w-]+)\]\)')


def _matches_compound(el: FakeElement, compound: str) -> bool:
    if compound == "*":
        return True
    if any(name in el.attrs for name in _NOT.findall(compound)):
        return False
    compound = _NOT.sub("", compound)
    for tag, el_id, cls, name, value in _COMPOUND.findall(compound):
        if tag and el.tagName != tag.upper():
            return False
        if el_id and el.attrs.get("id") != el_id:
            return False
        if cls and cls not in el.attrs.get("class", "").split():
            return False
        if name and (name not in el.attrs or (value and el.attrs[name] != value)):
            return False
    return True


def matches(el: FakeElement, selector: str) -> bool:
    for alternative in selector.split(","):
        *ancestors, last = alternative.split()
        if not _matches_compound(el, last):
            continue
        node, ok = el.parent, True
        for compound in reversed(ancestors):
            while node is not None and not _matches_compound(node, compound):
                node = node.parent
            if node is None:
                ok = False
                break
            node = node.parent
        if ok:
            return True
    return False


class Rect(SimpleNamespace):
    pass


class FakeElement:
    def __init__(self, tag: str = "div", children: tuple[FakeElement, ...] = (),
                 **attrs: str) -> None:
        self.tagName = tag.upper()
        self.attrs = {k.replace("_", "-"): v for k, v in attrs.items()}
        self.children: list[FakeElement] = []
        self.parent: FakeElement | None = None
        self._html = ""
        self.html_writes = 0
        self.hidden = False
        self.hidden_writes = 0
        self.layout_reads = 0
        self.events: list[str] = []  # dispatched on it (dispatchEvent)
        self.focused = 0
        self.inserted: list[tuple[str, str]] = []
        self.style = SimpleNamespace(transform="", height="", props={},
                                     setProperty=lambda k, v: None)
        self.box = Rect(left=10.0, top=20.0, right=50.0, bottom=40.0, width=40.0, height=20.0)
        self.scrollHeight = 1e9  # scrolls as far as asked, unless a test says otherwise
        self.doc: FakeDocument | None = None
        self.on_write: Callable[[str], list[FakeElement]] | None = None
        for child in children:
            self.append(child)

    def append(self, child: FakeElement) -> FakeElement:
        child.parent = self
        self.children.append(child)
        return child

    # attributes written through Python setattr, as Pyodide does on a JsProxy
    def __setattr__(self, name: str, value: Any) -> None:
        if name == "hidden" and "hidden_writes" in self.__dict__:
            self.__dict__["hidden_writes"] += 1
        object.__setattr__(self, name, value)

    @property
    def innerHTML(self) -> str:
        return self._html

    @innerHTML.setter
    def innerHTML(self, markup: str) -> None:
        self._html = markup
        self.html_writes += 1
        if self.on_write is not None:  # the test's idea of what the markup holds
            self.children = []
            for child in self.on_write(markup):
                self.append(child)

    @property
    def classList(self) -> SimpleNamespace:
        names = self.attrs.get("class", "").split()

        def toggle(name: str, force: bool) -> bool:
            kept = [n for n in names if n != name] + ([name] if force else [])
            self.attrs["class"] = " ".join(kept)
            return force

        return SimpleNamespace(contains=lambda name: name in names, toggle=toggle)

    def getAttribute(self, name: str) -> str | None:
        return self.attrs.get(name)

    def setAttribute(self, name: str, value: str) -> None:
        self.attrs[name] = value

    def hasAttribute(self, name: str) -> bool:
        return name in self.attrs

    def removeAttribute(self, name: str) -> None:
        self.attrs.pop(name, None)

    def walk(self) -> Iterator[FakeElement]:
        for child in self.children:
            yield child
            yield from child.walk()

    def querySelectorAll(self, selector: str) -> list[FakeElement]:
        return [el for el in self.walk() if matches(el, selector)]

    def querySelector(self, selector: str) -> FakeElement | None:
        found = self.querySelectorAll(selector)
        return found[0] if found else None

    def closest(self, selector: str) -> FakeElement | None:
        node: FakeElement | None = self
        while node is not None:
            if matches(node, selector):
                return node
            node = node.parent
        return None

    def matches(self, selector: str) -> bool:
        return matches(self, selector)

    def contains(self, other: FakeElement) -> bool:
        node: FakeElement | None = other
        while node is not None:
            if node is self:
                return True
            node = node.parent
        return False

    def focus(self, options: object = None) -> None:
        self.focused += 1
        root = self
        while root.parent is not None:
            root = root.parent
        if root.doc is not None:
            root.doc.activeElement = self

    def blur(self) -> None:
        root = self
        while root.parent is not None:
            root = root.parent
        if root.doc is not None and root.doc.activeElement is self:
            root.doc.activeElement = root.doc.body

    def scrollIntoView(self, options: object) -> None:
        self.layout_reads += 1

    def getBoundingClientRect(self) -> Rect:
        self.layout_reads += 1
        return self.box

    def dispatchEvent(self, event: FakeRecord) -> bool:
        """An event the page's Python sends main-thread JavaScript (tips.js): kept."""
        self.events.append(str(event.type))
        return True

    @property
    def offsetWidth(self) -> float:
        self.layout_reads += 1
        return 100.0

    @property
    def offsetHeight(self) -> float:
        self.layout_reads += 1
        return 30.0

    def insertAdjacentHTML(self, where: str, markup: str) -> None:
        self.inserted.append((where, markup))

    def addEventListener(self, kind: str, handler: object, options: object = None) -> None:
        pass


class FakeDocument:
    def __init__(self, *children: FakeElement) -> None:
        self.body = FakeElement("body", children)
        self.body.doc = self
        self.documentElement = FakeElement("html")
        self.activeElement: FakeElement = self.body
        self.title = ""
        self.hidden = False

    def getElementById(self, element_id: str) -> FakeElement | None:
        return self.body.querySelector(f"#{element_id}")

    def querySelector(self, selector: str) -> FakeElement | None:
        return self.body.querySelector(selector)

    def querySelectorAll(self, selector: str) -> list[FakeElement]:
        return self.body.querySelectorAll(selector)


class FakeRecord(SimpleNamespace):
    pass


class FakeArray(list[object]):
    def push(self, item: object) -> int:
        self.append(item)
        return len(self)


class FakePort:
    def __init__(self, window: FakeWindow) -> None:
        self.window = window
        self.onmessage: Callable[..., object] | None = None

    def postMessage(self, message: object) -> None:
        self.window.messages.append(message)


class FakeWindow:
    """Timers and frames are queued; the test runs them (run_frames, run_timers,
    run_messages), as the browser's event loop would, one task each."""

    def __init__(self, width: float = 1280, height: float = 800) -> None:
        self.innerWidth, self.innerHeight = width, height
        self.frames: list[Callable[..., object]] = []
        self.timers: list[tuple[Callable[..., object], float]] = []
        self._timer_ids: list[int] = []  # the id of each timer in `timers`
        self._last_timer = 0
        self.messages: list[object] = []
        self.clock = 0.0
        self.measures: list[str] = []
        self.performance = SimpleNamespace(now=self.now, measure=self.measure)
        self.navigator = SimpleNamespace(language="en")
        self.channel = SimpleNamespace(port1=FakePort(self), port2=FakePort(self))
        self.MessageChannel = SimpleNamespace(new=lambda: self.channel)
        self.patched: list[str] = []
        self.parts_set: list[tuple[str, str]] = []
        self.parts_patched: list[tuple[str, str]] = []
        self.parts_result = 1
        self.scrolled: list[tuple[float, float]] = []  # the page's scrollBy calls
        self.CustomEvent = SimpleNamespace(
            new=lambda name, init=None: FakeRecord(type=name, init=init))

    def now(self) -> float:
        self.clock += 1.0
        return self.clock

    def measure(self, name: str, options: object) -> None:
        self.measures.append(name)

    def requestAnimationFrame(self, callback: Callable[..., object]) -> int:
        self.frames.append(callback)
        return len(self.frames)

    def setTimeout(self, callback: Callable[..., object], ms: float) -> int:
        self._last_timer += 1
        self.timers.append((callback, ms))
        self._timer_ids.append(self._last_timer)
        return self._last_timer

    def clearTimeout(self, timer: int) -> None:
        if timer in self._timer_ids:
            at = self._timer_ids.index(timer)
            del self.timers[at], self._timer_ids[at]

    def scrollBy(self, x: float, y: float) -> None:
        self.scrolled.append((x, y))

    def samarkandPatchPieces(self, root: FakeElement, ops: str) -> bool:
        self.patched.append(ops)
        return True

    def samarkandSetParts(self, root: FakeElement, parts: str) -> None:
        """dom.js's: the region drawn from its parts (kept as JSON, to compare)."""
        self.parts_set.append((str(root.getAttribute("id")), parts))
        root.innerHTML = "".join(flat(json.loads(parts)))

    def samarkandPatchParts(self, root: FakeElement, ops: str) -> int:
        """dom.js's: the parts' changes, kept; `parts_result` is what dom.js says."""
        self.parts_patched.append((str(root.getAttribute("id")), ops))
        return self.parts_result

    def run_frames(self) -> None:
        frames, self.frames = self.frames, []
        for callback in frames:
            callback(0.0)

    def run_timers(self) -> None:
        timers, self.timers, self._timer_ids = self.timers, [], []
        for callback, _ms in timers:
            callback()

    def run_messages(self) -> None:
        """Each message to ourselves is a task of its own (MessageChannel)."""
        port = self.channel.port1
        while self.messages:
            self.messages.pop(0)
            assert port.onmessage is not None
            port.onmessage(None)


class FakeBridge:
    def once(self, fn: Callable[..., object]) -> Callable[..., object]:
        return fn

    def proxy(self, fn: Callable[..., object]) -> Callable[..., object]:
        return fn

    def record(self, values: dict[str, object]) -> FakeRecord:
        return FakeRecord(**values)

    def array(self) -> FakeArray:
        return FakeArray()


class FakeEvent(SimpleNamespace):
    """An event: key, target, modifiers; preventDefault() is counted."""

    def __init__(self, **fields: Any) -> None:
        base: dict[str, Any] = {"key": "", "ctrlKey": False, "metaKey": False,
                                "shiftKey": False, "altKey": False, "timeStamp": 5.0,
                                "pointerType": "mouse", "relatedTarget": None}
        base.update(fields)
        super().__init__(**base)
        self.prevented = 0

    def preventDefault(self) -> None:
        self.prevented += 1


def flat(parts: list[object]) -> list[str]:
    """Encoded parts (view/parts.py encode) as their markup."""
    out: list[str] = []
    for p in parts:
        if isinstance(p, str):
            out.append(p)
        else:
            open_tag, children, close = cast("tuple[str, list[object], str]", p)
            out += [open_tag, *flat(children), close]
    return out


class FakeSigner:
    """dom.js's samarkandSign/samarkandVerify without WebCrypto, signing for real: a
    device's key for a game is a secret made at its first link of that game; its "public
    key" is a digest of the secret, and a signature the HMAC-SHA256 of the signed text
    ("<fragment>.<key>") under the secret. `verify` finds the secret of a key in the
    registry all fake devices share (what the math of a real key pair does): a text
    changed, or signed by another key, does not verify. `lose_keys()`: the device's
    IndexedDB cleared (its next link makes a new key)."""

    registry: dict[str, bytes] = {}

    def __init__(self, device: str) -> None:
        self.device = device
        self.keys: dict[str, tuple[str, bytes]] = {}
        self.lost = 0

    def sign(self, game: str, fragment: str) -> str:
        import base64
        import hashlib
        import hmac

        if game not in self.keys:
            secret = hashlib.sha256(f"{self.device}/{game}/{self.lost}".encode()).digest()
            public = base64.urlsafe_b64encode(hashlib.sha256(b"pub" + secret).digest())
            self.keys[game] = (public.decode().rstrip("="), secret)
            FakeSigner.registry[self.keys[game][0]] = secret
        key, secret = self.keys[game]
        mac = hmac.new(secret, f"{fragment}.{key}".encode(), hashlib.sha256).digest()
        return f"{key}.{base64.urlsafe_b64encode(mac).decode().rstrip('=')}"

    @staticmethod
    def verify(key: str, signed: str, signature: str) -> bool:
        import base64
        import hashlib
        import hmac

        secret = FakeSigner.registry.get(key)
        if secret is None:
            return False
        mac = hmac.new(secret, signed.encode(), hashlib.sha256).digest()
        return hmac.compare_digest(base64.urlsafe_b64encode(mac).decode().rstrip("="),
                                   signature)

    def lose_keys(self) -> None:
        self.keys.clear()
        self.lost += 1


class FakeResolved:
    """A promise already settled with `value` (then calls its handler at once)."""

    def __init__(self, value: object) -> None:
        self.value = value

    def then(self, ok: Callable[..., object], failed: object = None) -> FakeResolved:
        ok(self.value)
        return self

"""The messages between the page's main thread and the worker that runs its Python
(docs/phone.md, "The message protocol"): typed, each with a sequence number, each with a
JSON form (a plain dict with a "type") for postMessage.

Main thread to worker: Start, Event, Stored, StorageEvent, Cancel, Drawn (a Paint's
frame is on screen), TipAsk (what a tooltip or a ring on the map would show), Redraw
(a region whose patch could not be applied, to be drawn whole). What
only the main thread can do (WebCrypto, the service worker, the clipboard, a file
picked) answers as a "change" Event whose action is one of
ANSWERS: the browser's answer, never an action of the App a person could click.
Worker to main thread: Paint, Ready, Failed, Tip (the answer to a TipAsk).

Reading a message (`read_main`, `read_worker`) checks its whole shape: a message of
another shape is refused with a ProtocolError that says what is wrong, never an
exception from deep inside the App.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from typing import ClassVar, Literal, cast

from samarkand_web.saves.jsonread import JsonRefused, read_json

EVENT_KINDS = ("click", "key", "change", "submit", "hash", "resize")
EventKind = Literal["click", "key", "change", "submit", "hash", "resize"]
STORED_RESULTS = ("ok", "full", "unavailable", "changed")
StoredResult = Literal["ok", "full", "unavailable", "changed"]
STORAGE_HEALTH = ("ok", "full", "off")
StorageHealth = Literal["ok", "full", "off"]
JOBS = ("bot", "coach", "analysis", "import", "replay")
Job = Literal["bot", "coach", "analysis", "import", "replay"]
# The browser's answers (web/effects.js's ANSWERS): Event actions the worker's host
# routes to the handler the page's Python called for them. value / form as named.
COPY_FAILED = "copy-failed"  # handlers/page.copy_failed
UPDATE_READY = "update-ready"  # handlers/page.update_ready (sw-register.js's event)
UPDATE_WAITS = "update-waits"  # handlers/page.update_waits_for_tabs
BACKUP_FILE = "backup-file"  # handlers/saves.import_backup_text (value: the file's text)
BACKUP_PROBLEM = "backup-problem"  # handlers/saves.backup_problem (value: its words' key)
LINK_SIGNED = "link-signed"  # handlers/remote.link_signed (value: result; form.fragment)
LINK_VERIFIED = "link-verified"  # handlers/remote.link_verified (value "1"/""; form.signed)
ANSWERS = (COPY_FAILED, UPDATE_READY, UPDATE_WAITS, BACKUP_FILE, BACKUP_PROBLEM,
           LINK_SIGNED, LINK_VERIFIED)
MAX_TEXT = 5_000_000  # a value longer than localStorage holds is not a message of ours
# What a tooltip describes (web/tipwatch.js asks; view/tooltips.py's Tooltips.tip), or
# "" for a ring only.
TIP_KINDS = ("", "space", "family", "card")
TipKind = Literal["", "space", "family", "card"]
MAX_TIP_VALUE = 40  # a space's number, a family's id, a good's number: short words


class ProtocolError(ValueError):
    """A message not of the protocol's shape; the text says what is wrong."""


class Fields:
    """One message's fields, each read with a check of its type."""

    def __init__(self, kind: str, data: Mapping[str, object]) -> None:
        self.kind, self.data = kind, data

    def fail(self, name: str, want: str) -> ProtocolError:
        return ProtocolError(f"{self.kind}.{name}: expected {want}, "
                             f"got {type(self.data.get(name)).__name__}")

    def text(self, name: str, default: str | None = None) -> str:
        value = self.data.get(name, default)
        if not isinstance(value, str) or len(value) > MAX_TEXT:
            raise self.fail(name, "a string")
        return value

    def opt_text(self, name: str) -> str | None:
        return None if self.data.get(name) is None else self.text(name)

    def count(self, name: str) -> int:
        value = self.data.get(name)
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise self.fail(name, "a whole number >= 0")
        return value

    def number(self, name: str) -> float:
        value = self.data.get(name)
        if not isinstance(value, int | float) or isinstance(value, bool):
            raise self.fail(name, "a number")
        return float(value)

    def opt_number(self, name: str) -> float | None:
        return None if self.data.get(name) is None else self.number(name)

    def flag(self, name: str, default: bool = False) -> bool:
        value = self.data.get(name, default)
        if not isinstance(value, bool):
            raise self.fail(name, "true or false")
        return value

    def choice(self, name: str, options: tuple[str, ...]) -> str:
        value = self.text(name)
        if value not in options:
            raise ProtocolError(f"{self.kind}.{name}: {value!r} is not one of "
                                f"{', '.join(options)}")
        return value

    def texts(self, name: str) -> dict[str, str]:
        value = self.data.get(name, {})
        if not isinstance(value, dict) or not all(
                isinstance(k, str) and isinstance(v, str) for k, v in value.items()):
            raise self.fail(name, "an object of strings")
        return dict(value)

    def opt_texts(self, name: str) -> dict[str, str] | None:
        return None if self.data.get(name) is None else self.texts(name)

    def text_list(self, name: str) -> tuple[str, ...]:
        value = self.data.get(name, [])
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise self.fail(name, "a list of strings")
        return tuple(value)

    def opt_count(self, name: str) -> int | None:
        return None if self.data.get(name) is None else self.count(name)

    def obj(self, name: str) -> dict[str, object]:
        value = self.data.get(name)
        if not isinstance(value, dict):
            raise self.fail(name, "an object")
        return value

    def opt_obj(self, name: str) -> dict[str, object] | None:
        return None if self.data.get(name) is None else self.obj(name)


def _json_value(value: object) -> object:
    """A field's value as a message's JSON form holds it: a tuple as a list (a Paint's
    writes each as its own form), a dict as a copy (never the frozen message's own)."""
    if isinstance(value, tuple):
        return [v.to_json() if isinstance(v, Write) else v for v in value]
    if isinstance(value, dict):
        return dict(value)
    return value


@dataclass(frozen=True, slots=True)
class Message:
    """What every message shares: its sequence number `seq`, and its JSON form, a dict of
    its "type" (`json_type`, the name MAIN_TYPES / WORKER_TYPES read it back by) and each
    field under its own name."""

    json_type: ClassVar[str] = ""
    seq: int

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {"type": self.json_type}
        for f in fields(self):
            out[f.name] = _json_value(getattr(self, f.name))
        return out


# ---------------------------------------------------------------- main thread to worker


@dataclass(frozen=True, slots=True)
class Start(Message):
    """The page is up: its address, language, screen, and every samarkand.* key of
    localStorage (`storage`: how the store was at the start, as browser/localstore.py's
    probe says), and the start screen's early click (first.js), if any."""

    json_type: ClassVar[str] = "start"
    path: str
    search: str = ""
    hash: str = ""
    origin: str = ""
    lang: str = "en"
    touch: bool = False
    portrait: bool = False  # a narrow screen: the upright board (zoom.js decides)
    store: dict[str, str] = field(default_factory=dict)
    session: dict[str, str] = field(default_factory=dict)
    storage: StorageHealth = "ok"
    early: str = ""  # window.samarkandEarly: first.js's JSON (state/early.py reads it)
    can_share: bool = False
    can_sign: bool = False
    time_origin: float = 0.0  # the page's performance.timeOrigin: its records' timeline

    @classmethod
    def read(cls, f: Fields) -> Start:
        return cls(f.count("seq"), f.text("path"), f.text("search", ""), f.text("hash", ""),
                   f.text("origin", ""), f.text("lang", "en"), f.flag("touch"),
                   f.flag("portrait"), f.texts("store"), f.texts("session"),
                   cast(StorageHealth, f.choice("storage", STORAGE_HEALTH)), f.text("early", ""),
                   f.flag("can_share"), f.flag("can_sign"),
                   f.number("time_origin") if "time_origin" in f.data else 0.0)


@dataclass(frozen=True, slots=True)
class Event(Message):
    """A person's input, as the page's Python reads it today (browser/clicks.py,
    keys.py): a data-action and its value (never a DOM node), a form's fields, a key and
    its modifiers; `t0` the event's timeStamp (the click-to-frame figure); for "hash"
    the new #fragment in `value`, for "resize" whether the screen is narrow enough for
    the upright board (`portrait`: zoom.js draws the same line)."""

    json_type: ClassVar[str] = "event"
    kind: EventKind
    action: str = ""
    value: str = ""
    form: dict[str, str] | None = None
    key: str = ""
    mods: tuple[str, ...] = ()
    t0: float | None = None
    portrait: bool = False

    @classmethod
    def read(cls, f: Fields) -> Event:
        return cls(f.count("seq"), cast(EventKind, f.choice("kind", EVENT_KINDS)),
                   f.text("action", ""), f.text("value", ""), f.opt_texts("form"),
                   f.text("key", ""), f.text_list("mods"), f.opt_number("t0"),
                   f.flag("portrait"))


@dataclass(frozen=True, slots=True)
class Stored(Message):
    """The main thread did the writes of the Paint numbered `paint` (ok), or the store
    refused them (`full`, `unavailable`; `text`: the browser's words), or a checked
    write found its key changed under it (`changed`: another tab's write this tab never
    heard of; `key` and the `value` it holds, None: removed). Refused or changed, none
    of that Paint's writes stay in the store."""

    json_type: ClassVar[str] = "stored"
    paint: int
    result: StoredResult
    text: str = ""
    key: str | None = None
    value: str | None = None

    @classmethod
    def read(cls, f: Fields) -> Stored:
        stored = cls(f.count("seq"), f.count("paint"),
                     cast(StoredResult, f.choice("result", STORED_RESULTS)),
                     f.text("text", ""), f.opt_text("key"), f.opt_text("value"))
        if stored.result == "changed" and stored.key is None:
            raise ProtocolError("stored.key: expected a string with result changed")
        return stored


@dataclass(frozen=True, slots=True)
class StorageEvent(Message):
    """Another tab changed localStorage (the `storage` event): `key` None when it was
    cleared; `value` None when the key was removed."""

    json_type: ClassVar[str] = "storage"
    key: str | None
    value: str | None

    @classmethod
    def read(cls, f: Fields) -> StorageEvent:
        return cls(f.count("seq"), f.opt_text("key"), f.opt_text("value"))


@dataclass(frozen=True, slots=True)
class Cancel(Message):
    """The person left what a bot, the coach, an analysis, an import or a replay was
    doing: the job's next steps are dropped."""

    json_type: ClassVar[str] = "cancel"
    job: Job

    @classmethod
    def read(cls, f: Fields) -> Cancel:
        return cls(f.count("seq"), cast(Job, f.choice("job", JOBS)))


@dataclass(frozen=True, slots=True)
class Drawn(Message):
    """The frame that shows the Paint numbered `paint` is drawn: the answer to a Paint
    with `rest` (a move's first paint), whose other regions come now."""

    json_type: ClassVar[str] = "drawn"
    paint: int

    @classmethod
    def read(cls, f: Fields) -> Drawn:
        return cls(f.count("seq"), f.count("paint"))


@dataclass(frozen=True, slots=True)
class TipAsk(Message):
    """The pointer rests on a space, a domain or a card (or the person's keys moved the
    focus there, or a finger held it): what its tooltip says (`kind` and `value`, its
    data-space / data-family / data-card; kind "" asks none), and the ring around the
    space `ring` names on the map (its data-map; "" asks none). Answered by a Tip with
    this seq; it never changes the App."""

    json_type: ClassVar[str] = "tip-ask"
    kind: TipKind = ""
    value: str = ""
    ring: str = ""

    @classmethod
    def read(cls, f: Fields) -> TipAsk:
        value, ring = f.text("value", ""), f.text("ring", "")
        if len(value) > MAX_TIP_VALUE:
            raise f.fail("value", f"at most {MAX_TIP_VALUE} characters")
        if ring and not (ring.isascii() and ring.isdigit() and len(ring) <= 4):
            raise ProtocolError(f"tip-ask.ring: {ring[:20]!r} is not a space's number")
        return cls(f.count("seq"), cast(TipKind, f.choice("kind", TIP_KINDS)), value, ring)


# The regions a Redraw may name: those whose Paint may carry ops without their whole
# (view/patches.py's BoardWrite, LogWrite, PartsWrite; render's parts regions).
REDRAWN = ("board", "log", "status", "actions", "hand", "players")
MAX_REDRAWN = len(REDRAWN)


@dataclass(frozen=True, slots=True)
class Redraw(Message):
    """The main thread could not apply a Paint's patch of these regions (dom.js found
    the region not as the patch expects): the worker draws them whole. A Paint carries
    a region's ops alone, never its whole beside them (the board's whole is about
    95,000 characters; a click changes a few pieces). Answered by a Paint that names it."""

    json_type: ClassVar[str] = "redraw"
    regions: tuple[str, ...]

    @classmethod
    def read(cls, f: Fields) -> Redraw:
        regions = f.text_list("regions")
        if not regions or len(regions) > MAX_REDRAWN:
            raise f.fail("regions", f"1 to {MAX_REDRAWN} region names")
        for region in regions:
            if region not in REDRAWN:
                raise ProtocolError(f"redraw.regions: {region[:20]!r} is not one of "
                                    f"{', '.join(REDRAWN)}")
        return cls(f.count("seq"), regions)


MainMessage = Start | Event | Stored | StorageEvent | Cancel | Drawn | TipAsk | Redraw

# ---------------------------------------------------------------- worker to main thread


@dataclass(frozen=True, slots=True)
class Write:
    """One write to localStorage, or to this tab's sessionStorage (`session`; value
    None: the key removed). `check`: done only over `old`, the value the worker's mirror
    held (a saved game: another tab may have written it unheard; Stored "changed")."""

    key: str
    value: str | None
    session: bool = False
    check: bool = False
    old: str | None = None

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {"key": self.key, "value": self.value,
                                  "session": self.session}
        if self.check:
            out |= {"check": True, "old": self.old}
        return out


@dataclass(frozen=True, slots=True)
class Paint(Message):
    """What the main thread does, in order: the `writes` (all of them, before anything
    is shown: the screen never shows a move whose save was not written first), then
    the page's `patch` (view/patches.py's PagePatch JSON: regions, board, log, parts,
    hidden, inert, lang, title), the address, the focus, and the effects only a browser
    can do. `board`: the game's board was drawn anew (zoompan.js follows); `label`: the
    zoomed frame's name in the page's language (zoompan.js).

    `answers`: the person's Event (its seq) this Paint answers: the main thread records
    the time from that Event's t0 to the frame that shows this Paint
    (window.samarkandTimings, "click-to-frame"). `timings`: the worker's figures for the
    page's records (Timings.to_json: its user timings, bots' turns, the coach's runs,
    an analysis's and an import's slices).
    `rest`: only the regions that show the move and the next decision were drawn (a
    move's first paint): answer `Drawn` once its frame is on screen, the rest follows.
    `suggested`: the coach's suggestion was drawn (zoompan.js pans to it, the focus
    goes to it from nowhere in particular). `sign`: {game, fragment}, a link to sign
    (answered as LINK_SIGNED); `verify`: {key, signed, signature}, a signature to check
    (answered as LINK_VERIFIED); `activate_update`: the waiting version of the site takes
    over (answered as UPDATE_WAITS when other tabs hold it).
    `seen`: the last message of the main thread's (its seq) the worker had handled when
    it made this Paint: a form field the person changed in an Event sent after that one
    keeps the person's value when the Paint redraws the form (web/typed.js)."""

    json_type: ClassVar[str] = "paint"
    writes: tuple[Write, ...] = ()
    patch: dict[str, object] | None = None
    url: str | None = None
    focus: str | None = None
    focus_if_idle: bool = False
    board: bool = False
    copy: str | None = None
    share: dict[str, str] | None = None  # {title, text, url}
    download: dict[str, str] | None = None  # {name, text}
    pick_file: bool = False
    sounds: tuple[str, ...] = ()
    label: str = ""
    answers: int | None = None
    timings: dict[str, object] | None = None
    rest: bool = False
    suggested: bool = False
    sign: dict[str, str] | None = None  # {game, fragment}
    verify: dict[str, str] | None = None  # {key, signed, signature}
    activate_update: bool = False
    seen: int = 0

    @classmethod
    def read(cls, f: Fields) -> Paint:
        raw = f.data.get("writes", [])
        if not isinstance(raw, list):
            raise f.fail("writes", "a list")
        writes = []
        for item in raw:
            if not isinstance(item, dict):
                raise ProtocolError("paint.writes: expected objects {key, value}")
            w = Fields("paint.writes", item)
            writes.append(Write(w.text("key"), w.opt_text("value"), w.flag("session"),
                                w.flag("check"), w.opt_text("old")))
        return cls(f.count("seq"), tuple(writes), f.opt_obj("patch"), f.opt_text("url"),
                   f.opt_text("focus"), f.flag("focus_if_idle"), f.flag("board"),
                   f.opt_text("copy"), f.opt_texts("share"), f.opt_texts("download"),
                   f.flag("pick_file"), f.text_list("sounds"), f.text("label", ""),
                   f.opt_count("answers"), f.opt_obj("timings"), f.flag("rest"),
                   f.flag("suggested"), f.opt_texts("sign"), f.opt_texts("verify"),
                   f.flag("activate_update"), f.count("seen") if "seen" in f.data else 0)


@dataclass(frozen=True, slots=True)
class Ready(Message):
    """The page is live (body[data-ready]; the loading banner goes). The worker's start
    for the page's test hooks: when its Python ran (`py_start_at`) and had imported the
    game (`imported_at`), ms since the epoch (the main thread makes them ms since its
    navigation: data-py-start-ms, data-imported-ms), the dataclasses whose methods
    came compiled from the build / were compiled there (`class_code`, data-class-code),
    and whether Python was restored from the start's memory snapshot (web/snapshot.js;
    data-python-start "snapshot", else "boot")."""

    json_type: ClassVar[str] = "ready"
    py_start_at: float | None = None
    imported_at: float | None = None
    class_code: str = ""
    snapshot: bool = False

    @classmethod
    def read(cls, f: Fields) -> Ready:
        return cls(f.count("seq"), f.opt_number("py_start_at"), f.opt_number("imported_at"),
                   f.text("class_code", ""), f.flag("snapshot"))


@dataclass(frozen=True, slots=True)
class Failed(Message):
    """The worker could not do what a message asked (`text` says why, in plain words)."""

    json_type: ClassVar[str] = "failed"
    text: str

    @classmethod
    def read(cls, f: Fields) -> Failed:
        return cls(f.count("seq"), f.text("text"))


@dataclass(frozen=True, slots=True)
class Tip(Message):
    """The answer to the TipAsk numbered `asks`: the tooltip's markup ("" when none was
    asked or it has none: no tooltip) and the ring's markup for the map's highlight
    layer ("" when none was asked or there is no game). Only what was asked: the
    tooltip of that one target, as the person at the device may see it."""

    json_type: ClassVar[str] = "tip"
    asks: int
    markup: str = ""
    ring: str = ""

    @classmethod
    def read(cls, f: Fields) -> Tip:
        return cls(f.count("seq"), f.count("asks"), f.text("markup", ""), f.text("ring", ""))


WorkerMessage = Paint | Ready | Failed | Tip

MAIN_TYPES: dict[str, type[MainMessage]] = {cls.json_type: cls for cls in (
    Start, Event, Stored, StorageEvent, Cancel, Drawn, TipAsk, Redraw)}
WORKER_TYPES: dict[str, type[WorkerMessage]] = {
    cls.json_type: cls for cls in (Paint, Ready, Failed, Tip)}


def _fields(data: object, types: Mapping[str, type[MainMessage] | type[WorkerMessage]]
            ) -> tuple[type[MainMessage] | type[WorkerMessage], Fields]:
    if isinstance(data, str):
        try:
            data = read_json(data)
        except (JsonRefused, ValueError) as exc:
            raise ProtocolError(f"not a message: {exc}") from None
    if not isinstance(data, dict):
        raise ProtocolError(f"not a message: expected an object, got {type(data).__name__}")
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in types:
        raise ProtocolError(f"unknown message type {kind!r} (expected one of "
                            f"{', '.join(types)})")
    return types[kind], Fields(kind, data)


def read_main(data: object) -> MainMessage:
    """A message from the main thread (a dict, or its JSON text), its shape checked."""
    cls, f = _fields(data, MAIN_TYPES)
    message = cls.read(f)
    assert not isinstance(message, Paint | Ready | Failed | Tip)
    return message


def read_worker(data: object) -> WorkerMessage:
    """A message from the worker (a dict, or its JSON text), its shape checked."""
    cls, f = _fields(data, WORKER_TYPES)
    message = cls.read(f)
    assert isinstance(message, Paint | Ready | Failed | Tip)
    return message

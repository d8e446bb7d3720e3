"""What a saved game's entry and the preferences must look like when read back from the
store: a small strict reader, with no library behind it.

Saving must never wait for a download: the page reads and writes its saves with this
module alone, from its first frame on (a share link, ``?game=`` and the saves list
too). It is as strict as a schema library in strict mode: exact types (a bool is not a
number, "3" is not 3), every field in its range, no unknown field, and the fields
consistent with each other. Anything else is an ``EntryError`` saying where and what,
which storage.py turns into a BadEntry (listed as damaged, never deleted).
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass, fields, replace
from typing import Any, Literal, get_args

from samarkand_core.setup import MAX_NAME, MAX_PLAYERS
from samarkand_web.saves.jsonread import JsonRefused, read_json

SAVE_VERSION = 1
MAX_CODE = 16_000
# The last millisecond a date can be shown for (9999-12-31 23:59:59.999 UTC): a time
# past it, or not a finite number, is a damaged entry, never a crash of the list.
MAX_TIME_MS = 253_402_300_799_999.0
MAX_TURN = 10_000  # a game ends long before (MAX_ACTIONS moves of a save code)
MAX_REV = 2**31 - 1
MAX_COACH_USES = 100_000  # suggestions a player may ask for in one game (far more than moves)
# A stored analysis (samarkand_core.analysis, kept so that it is not computed twice):
MAX_ACTIONS = 4_000  # a save code's moves (samarkand_core.savecode.MAX_ACTIONS)
MAX_LEGAL = 10_000  # a best move is stored as its place among the legal moves
MAX_POINTS = 100_000  # points (in tenths) and chances (in thousandths) are whole numbers
MAX_REASONS = 12
MAX_PARAMS = 8
KINDS = ("best", "good", "inaccuracy", "mistake", "blunder")  # samarkand_core.analysis
REASON_PATTERN = re.compile(r"[a-z_.]{1,60}")
PARAM_PATTERN = re.compile(r"[a-z_]{1,20}")

ID_PATTERN = re.compile(r"[a-z0-9]{4,24}")
CODE_PATTERN = re.compile(r"s[0-9]{1,4}-[A-Za-z0-9_-]*")
SEAT_PATTERN = re.compile(r"[a-z]{1,20}")

Origin = Literal["new", "link", "copy", "file"]
ORIGINS: tuple[str, ...] = get_args(Origin)


class EntryError(ValueError):
    """A stored text that is not a valid entry: `where` (a field, or "entry") and what."""

    def __init__(self, where: str, what: str) -> None:
        super().__init__(f"{where}: {what}")
        self.where = where
        self.what = what


# -- one check per kind of value; each returns the value or raises EntryError


def _int(data: dict[str, Any], key: str, low: int, high: int) -> int:
    value = data[key]
    if type(value) is not int:  # bool is an int subclass: not a number here
        raise EntryError(key, "not a whole number")
    if not low <= value <= high:
        raise EntryError(key, f"not between {low} and {high}")
    return value


def _time(data: dict[str, Any], key: str) -> float:
    value = data[key]
    if type(value) not in (int, float):
        raise EntryError(key, "not a number")
    if not math.isfinite(value) or not 0 <= value <= MAX_TIME_MS:
        raise EntryError(key, "not a time this page can show")
    return float(value)


def _bool(data: dict[str, Any], key: str) -> bool:
    value = data[key]
    if type(value) is not bool:
        raise EntryError(key, "not true or false")
    return value


def _text(data: dict[str, Any], key: str, pattern: re.Pattern[str] | None = None,
          low: int = 0, high: int = MAX_CODE) -> str:
    value = data[key]
    if type(value) is not str:
        raise EntryError(key, "not a text")
    if not low <= len(value) <= high:
        raise EntryError(key, f"not {low} to {high} characters long")
    if pattern is not None and not pattern.fullmatch(value):
        raise EntryError(key, "not of the right form")
    return value


def _list(data: dict[str, Any], key: str, low: int, high: int) -> list[Any]:
    value = data[key]
    if type(value) is not list:
        raise EntryError(key, "not a list")
    if not low <= len(value) <= high:
        raise EntryError(key, f"not {low} to {high} items")
    return value


def _items(key: str, values: list[Any], check: Any) -> tuple[Any, ...]:
    """Each item of a list checked as a field of its own, named key.N."""
    return tuple(check({f"{key}.{i}": v}, f"{key}.{i}") for i, v in enumerate(values))


@dataclass(frozen=True, slots=True)
class StoredReason:
    """A reason of a judgement as data: a key of the analysis's or the coach's words and
    its whole numbers (goods and families by number: the page names them)."""

    key: str
    params: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True, slots=True)
class StoredDecision:
    """One judged decision: the action's index in the game (the move played is the
    game's own), the best move found as its place among the legal moves there, points
    in tenths and winning chances in thousandths (so that the store holds whole numbers)."""

    index: int
    move: int
    turn: int
    kind: str
    best: int
    points: int  # the move played's points, in tenths
    points_best: int
    win: int  # the move played's winning chance, in thousandths
    win_best: int
    reasons: tuple[StoredReason, ...] = ()
    # the standard error of the winning chance lost, in thousandths (the page shows the
    # loss ± NOISE_Z of it); analyses stored before it have none: 0, shown without a range
    win_err: int = 0


@dataclass(frozen=True, slots=True)
class StoredAnalysis:
    """An analysis of a finished game for one player (0-based), as kept with its save:
    every decision judged and everyone's winning chance after each turn (thousandths,
    chances[row][player], rows as the score chart's)."""

    player: int
    chances: tuple[tuple[int, ...], ...]
    decisions: tuple[StoredDecision, ...]


@dataclass(frozen=True, slots=True)
class SaveEntry:
    """One saved game as stored (JSON). Every field has its range: a value outside it
    makes the entry a BadEntry (listed as damaged), never an error further on."""

    v: int
    id: str
    code: str
    names: tuple[str, ...]
    seats: tuple[str, ...]
    created: float
    updated: float
    turn: int
    over: bool
    winners: tuple[int, ...] = ()
    # "copy": the moves of a tab that went another way than the stored game;
    # "file": imported from a backup file
    origin: Origin = "new"
    rev: int = 0  # raised by every write (two tabs)
    # The coach: on or off for this game, and how many suggestions each seat used
    # (empty: none yet). Entries written before the coach have neither: on, none.
    coach: bool = True
    coach_used: tuple[int, ...] = ()
    # Analyses of the finished game, at most one per player (entries before: none).
    analyses: tuple[StoredAnalysis, ...] = ()

    def __post_init__(self) -> None:
        """Entries made by the page are checked like entries read back."""
        SaveEntry.from_obj(self.as_dict())

    @staticmethod
    def from_json(raw: str) -> SaveEntry:
        try:
            data = read_json(raw)  # bounded: a value nested 20,000 deep is one bad entry
        except JsonRefused as exc:
            raise EntryError("entry", str(exc)) from None
        return SaveEntry.from_obj(data)

    @staticmethod
    def from_obj(data: Any) -> SaveEntry:
        """The entry `data` (parsed JSON) holds; EntryError if it holds none."""
        if type(data) is not dict:
            raise EntryError("entry", "not an object")
        known = {f.name for f in fields(SaveEntry)}
        extra = sorted(k for k in data if k not in known)
        if extra:
            raise EntryError(str(extra[0]), "not a field of a saved game")
        required = ("v", "id", "code", "names", "seats", "created", "updated", "turn", "over",
                    "origin")
        for key in required:
            if key not in data:
                raise EntryError(key, "missing")
        return _checked(data)

    def as_dict(self) -> dict[str, Any]:
        """The entry as JSON data, fields in their declared order."""
        return {f.name: _plain(getattr(self, f.name)) for f in fields(SaveEntry)}

    def to_json(self) -> str:
        return json.dumps(self.as_dict(), ensure_ascii=False, separators=(",", ":"),
                          allow_nan=False)

    def changed(self, **changes: Any) -> SaveEntry:
        """A copy with `changes`, checked like any entry."""
        return replace(self, **changes)


def _plain(value: Any) -> Any:
    """A field's value as JSON data: tuples as lists, stored analyses as objects."""
    if isinstance(value, StoredReason):
        return {"key": value.key, "params": dict(value.params)}
    if isinstance(value, (StoredDecision, StoredAnalysis)):
        return {f.name: _plain(getattr(value, f.name)) for f in fields(value)}
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value


def _object(data: dict[str, Any], key: str, keys: tuple[str, ...]) -> dict[str, Any]:
    """An object with exactly these keys (each one a field of its own, key.name)."""
    value = data[key]
    if type(value) is not dict:
        raise EntryError(key, "not an object")
    extra = sorted(k for k in value if k not in keys)
    if extra:
        raise EntryError(f"{key}.{extra[0]}", "not a field here")
    for k in keys:
        if k not in value:
            raise EntryError(f"{key}.{k}", "missing")
    return {f"{key}.{k}": value[k] for k in keys}


def _reason(data: dict[str, Any], key: str) -> StoredReason:
    d = _object(data, key, ("key", "params"))
    params = d[key + ".params"]
    if type(params) is not dict:
        raise EntryError(key + ".params", "not an object")
    if len(params) > MAX_PARAMS:
        raise EntryError(key + ".params", f"more than {MAX_PARAMS} values")
    for name in params:
        if not PARAM_PATTERN.fullmatch(name):
            raise EntryError(key + ".params", "a name not of the right form")
    checked = tuple((name, _int({name: v}, name, -MAX_POINTS, MAX_POINTS))
                    for name, v in params.items())
    return StoredReason(_text(d, key + ".key", REASON_PATTERN), checked)


def _decision(data: dict[str, Any], key: str) -> StoredDecision:
    value = data[key]
    # fields a later version added: read when there, their default when not
    later = tuple(k for k in _DECISION_LATER if isinstance(value, dict) and k in value)
    names = tuple(f.name for f in fields(StoredDecision) if f.name not in _DECISION_LATER)
    d = _object(data, key, names + later)
    kind = d[key + ".kind"]
    if type(kind) is not str or kind not in KINDS:
        raise EntryError(key + ".kind", "not one of " + ", ".join(KINDS))
    reasons = _list(d, key + ".reasons", 0, MAX_REASONS)
    ints = {n: _int(d, f"{key}.{n}", *_DECISION_RANGES[n]) for n in _DECISION_RANGES
            if n not in _DECISION_LATER or n in later}
    return StoredDecision(**ints, kind=kind,
                          reasons=_items(key + ".reasons", reasons, _reason))


_DECISION_RANGES = {
    "index": (0, MAX_ACTIONS), "move": (1, MAX_ACTIONS), "turn": (1, MAX_TURN),
    "best": (0, MAX_LEGAL), "points": (-MAX_POINTS, MAX_POINTS),
    "points_best": (-MAX_POINTS, MAX_POINTS), "win": (0, 1000), "win_best": (0, 1000),
    "win_err": (0, 1000),
}
_DECISION_LATER = ("win_err",)


def _chance_row(data: dict[str, Any], key: str) -> tuple[int, ...]:
    row = _list(data, key, 2, MAX_PLAYERS)
    return _items(key, row, lambda d, k: _int(d, k, 0, 1000))


def _analysis(data: dict[str, Any], key: str) -> StoredAnalysis:
    d = _object(data, key, ("player", "chances", "decisions"))
    chances = _list(d, key + ".chances", 1, MAX_TURN + 1)
    decisions = _list(d, key + ".decisions", 0, MAX_ACTIONS)
    return StoredAnalysis(_int(d, key + ".player", 0, MAX_PLAYERS - 1),
                          _items(key + ".chances", chances, _chance_row),
                          _items(key + ".decisions", decisions, _decision))


def _checked(data: dict[str, Any]) -> SaveEntry:
    if data["v"] != SAVE_VERSION or type(data["v"]) is not int:
        raise EntryError("v", f"not {SAVE_VERSION}")
    names = _list(data, "names", 2, MAX_PLAYERS)
    seats = _list(data, "seats", 2, MAX_PLAYERS)
    winners = _list(data, "winners", 0, MAX_PLAYERS) if "winners" in data else []
    used = _list(data, "coach_used", 0, MAX_PLAYERS) if "coach_used" in data else []
    analyses = _list(data, "analyses", 0, MAX_PLAYERS) if "analyses" in data else []
    origin = data["origin"]
    if origin not in ORIGINS or type(origin) is not str:
        raise EntryError("origin", "not one of " + ", ".join(ORIGINS))
    # The frozen dataclass is built without __post_init__'s check (this is the check).
    entry = object.__new__(SaveEntry)
    for name, value in (
        ("v", SAVE_VERSION),
        ("id", _text(data, "id", ID_PATTERN)),
        ("code", _text(data, "code", CODE_PATTERN, 4, MAX_CODE)),
        ("names", _items("names", names, lambda d, k: _text(d, k, None, 1, MAX_NAME))),
        ("seats", _items("seats", seats, lambda d, k: _text(d, k, SEAT_PATTERN))),
        ("created", _time(data, "created")),
        ("updated", _time(data, "updated")),
        ("turn", _int(data, "turn", 0, MAX_TURN)),
        ("over", _bool(data, "over")),
        ("winners", _items("winners", winners, lambda d, k: _int(d, k, 0, MAX_PLAYERS - 1))),
        ("origin", origin),
        ("rev", _int(data, "rev", 0, MAX_REV) if "rev" in data else 0),
        ("coach", _bool(data, "coach") if "coach" in data else True),
        ("coach_used", _items("coach_used", used, lambda d, k: _int(d, k, 0, MAX_COACH_USES))),
        ("analyses", _items("analyses", analyses, _analysis)),
    ):
        object.__setattr__(entry, name, value)
    _consistent(entry)
    return entry


def _consistent(e: SaveEntry) -> None:
    if len(e.names) != len(e.seats):
        raise EntryError("entry", "names and seats: not as many")
    if any(w >= len(e.names) for w in e.winners):
        raise EntryError("winners", "one is not a player")
    if len(set(e.winners)) != len(e.winners):
        raise EntryError("winners", "one is named twice")
    if e.winners and not e.over:
        raise EntryError("winners", "the game is not over")
    if e.coach_used and len(e.coach_used) != len(e.names):
        raise EntryError("coach_used", "not one count for each player")
    if e.analyses and not e.over:
        raise EntryError("analyses", "the game is not over")
    players = [a.player for a in e.analyses]
    if any(p >= len(e.names) for p in players):
        raise EntryError("analyses", "one is not of a player")
    if len(set(players)) != len(players):
        raise EntryError("analyses", "a player's is there twice")
    if any(len(row) != len(e.names) for a in e.analyses for row in a.chances):
        raise EntryError("analyses", "not one chance for each player")


# -- preferences (language, bot speed): small, and wrong values fall back to defaults


@dataclass(frozen=True, slots=True)
class Prefs:
    lang: str | None = None
    speed: str | None = None
    # the name last played under against the computer (the start screen's one-click game)
    name: str | None = None
    # the game's sounds switched on or off (None: never switched; state/sounds.py)
    sound: bool | None = None

    @staticmethod
    def from_obj(data: Any) -> Prefs:
        """The preferences `data` holds; defaults for anything else (other fields are
        ignored: a later version may add some). A name that is not text, or a sound that
        is not true or false, is left out alone: they were added later, and must not
        cost the language and speed."""
        if type(data) is not dict:
            return Prefs()
        lang, speed = data.get("lang"), data.get("speed")
        if not all(v is None or type(v) is str for v in (lang, speed)):
            return Prefs()
        name, sound = data.get("name"), data.get("sound")
        return Prefs(lang, speed, name if type(name) is str else None,
                     sound if type(sound) is bool else None)

    def to_json(self) -> str:
        fields: dict[str, str | bool | None] = {"lang": self.lang, "speed": self.speed}
        if self.name is not None:
            fields["name"] = self.name
        if self.sound is not None:
            fields["sound"] = self.sound
        return json.dumps(fields, ensure_ascii=False, separators=(",", ":"))

"""Saved games in a key-value store (the browser's localStorage, a dict in tests).

Each game is one entry, ``samarkand.save.<id>`` -> JSON of a SaveEntry: the save
code (which holds the whole game), who sits where (people or bots) and a few
facts for the list (names, turn, finished or not, dates). Every entry is checked
when read; an entry that fails (damaged, hand-edited, from another
program or version) is reported as a BadEntry, never deleted behind the user's
back, and never stops the other saves from loading.

The entries are read by storage_models.py, a strict reader of our own: reading and
writing saves needs nothing but the page's own code, so no move waits for a download.

Writes can fail: a full store raises StorageFull, a disabled one
StorageUnavailable; the callers turn those into a message and play on. A full
store is still read: every save stays listed and opens (``probe`` tells the two
apart at start-up).

Several tabs share one store. Every entry carries a revision (``rev``) that each
write raises; ``save_game`` writes only over the revision it read, so a tab never
overwrites another tab's moves unseen. When the stored game went on elsewhere:
a tab whose moves the stored line already holds takes that line over ("behind"),
a tab ahead on the same line writes on ("saved"), and a tab whose moves went
another way keeps them as a save of their own ("copy"). ``sync`` says the same
for a tab told by the browser's storage event that its save changed.

A game opened from a share link never overwrites another save: either the same
game is already saved (the link's moves are those of a save, or an earlier part
of them) and that save is opened, or it becomes a new entry with a fresh id.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Literal, Protocol

from samarkand_core import GameState, SaveCodeError, decode_save, encode_save
from samarkand_core.savecode import action_code
from samarkand_web.saves.jsonread import read_json
from samarkand_web.saves.storage_models import (
    MAX_COACH_USES,
    MAX_CODE,
    MAX_REV,
    MAX_TIME_MS,
    MAX_TURN,
    SAVE_VERSION,
    EntryError,
    Origin,
    Prefs,
    SaveEntry,
    StoredAnalysis,
)

# The entries' models and limits (storage_models) are part of this module's API too.
__all__ = ["MAX_COACH_USES", "MAX_CODE", "MAX_REV", "MAX_TIME_MS", "MAX_TURN", "PREFIX",
           "PREFS_KEY", "PROBE_KEY", "SAVE_VERSION", "BadEntry", "EntryError", "KeyValueStore",
           "MemoryStore", "Origin", "Prefs", "SameGames", "SaveEntry", "SaveProblem", "Saves",
           "StorageFull", "StorageUnavailable", "Synced", "Written", "holds", "load_prefs",
           "moves_of", "parse_entry", "probe", "same_start", "save_prefs", "winners_of"]

PREFIX = "samarkand.save."
PREFS_KEY = "samarkand.prefs"
PROBE_KEY = "samarkand.probe"


class StorageFull(Exception):
    """The store refused a write because it is full (QuotaExceededError)."""


class StorageUnavailable(Exception):
    """The store cannot be used at all (disabled by the browser or the user)."""


class KeyValueStore(Protocol):
    def get(self, key: str) -> str | None: ...

    def set(self, key: str, value: str) -> None: ...

    def remove(self, key: str) -> None: ...

    def keys(self) -> list[str]: ...


class MemoryStore:
    """A dict as a store; `quota` (characters, keys plus values) makes it fill up."""

    def __init__(self, data: dict[str, str] | None = None, quota: int | None = None,
                 broken: bool = False) -> None:
        self.data: dict[str, str] = dict(data or {})
        self.quota = quota
        self.broken = broken

    def _check(self) -> None:
        if self.broken:
            raise StorageUnavailable("storage is disabled")

    def get(self, key: str) -> str | None:
        self._check()
        return self.data.get(key)

    def set(self, key: str, value: str) -> None:
        self._check()
        if self.quota is not None:
            used = sum(len(k) + len(v) for k, v in self.data.items() if k != key)
            if used + len(key) + len(value) > self.quota:
                raise StorageFull(key)
        self.data[key] = value

    def remove(self, key: str) -> None:
        self._check()
        self.data.pop(key, None)

    def keys(self) -> list[str]:
        self._check()
        return list(self.data)


def probe(store: KeyValueStore) -> Literal["ok", "full", "off"]:
    """Can the store be read and written? "full": it reads but refuses a write (every
    save is still listed and opens; only new moves cannot be kept); "off": not even
    reading works, and the page plays without saving."""
    try:
        store.keys()
        store.get(PROBE_KEY)
    except Exception:
        return "off"
    try:
        store.set(PROBE_KEY, "1")
        store.remove(PROBE_KEY)
    except StorageFull:
        return "full"
    except Exception:
        return "full"  # reads but will not write: to the player, the same as full
    return "ok"


@dataclass(frozen=True, slots=True)
class BadEntry:
    """An entry under our prefix that could not be read; `reason` is for people."""

    key: str
    reason: str


class SaveProblem(Exception):
    """A save could not be loaded; `key` is an i18n key, `detail` the cause (English)."""

    def __init__(self, key: str, detail: str = "") -> None:
        super().__init__(f"{key}: {detail}")
        self.key = key
        self.detail = detail


def parse_entry(key: str, raw: str | None) -> SaveEntry | BadEntry:
    """Read one stored entry; anything wrong with it gives a BadEntry."""
    if raw is None:
        return BadEntry(key, "missing")
    try:
        entry = SaveEntry.from_json(raw)
    except EntryError as exc:
        return BadEntry(key, str(exc))
    except Exception as exc:  # whatever else a stored text can do, it is one bad entry
        return BadEntry(key, type(exc).__name__)
    if PREFIX + entry.id != key:
        return BadEntry(key, f"the entry says it is {entry.id!r}")
    # A bot level this build does not have still loads: that seat plays as "random".
    return entry


def winners_of(state: GameState) -> tuple[int, ...]:
    if not state.is_over:
        return ()
    from samarkand_core import final_scores

    return final_scores(state).winners


# -- lines of play: two states are one game when they start alike; one holds the
# other when its moves begin with all of the other's moves.


def moves_of(state: GameState) -> list[int]:
    """The game's moves as the save code numbers them (plain numbers compare cheaply)."""
    board = state.board
    return [action_code(board, a) for a in state.actions]


def same_start(a: GameState, b: GameState) -> bool:
    return a.options == b.options and a.board.fingerprint == b.board.fingerprint


def holds(longer: GameState, shorter: GameState) -> bool:
    """True when `longer` is `shorter` or `shorter` played on: nothing of it is lost."""
    if not same_start(longer, shorter):
        return False
    mine, theirs = moves_of(longer), moves_of(shorter)
    return len(mine) >= len(theirs) and mine[:len(theirs)] == theirs


Outcome = Literal["saved", "behind", "copy", "again"]


@dataclass(frozen=True, slots=True)
class Written:
    """What save_game did with a tab's position.

    saved:  written (over the revision the tab read, or over a stored line it holds);
    behind: the store already holds this position and more (played in another tab):
            nothing written, `state` is the stored game for the tab to show;
    copy:   the stored game went another way in another tab; this tab's line is
            now a save of its own (`entry` is the new one), the other is untouched;
    again:  the save had been deleted in another tab; it is written anew.
    """

    entry: SaveEntry
    outcome: Outcome
    state: GameState | None = None  # the stored game, for "behind"


SyncOutcome = Literal["same", "newer", "deleted", "apart"]


@dataclass(frozen=True, slots=True)
class Synced:
    """What another tab's change means for a tab showing this save.

    same:    nothing to do (it is the revision, or the position, the tab has);
    newer:   show the stored game: it holds all of this tab's moves, or the tab has
             nothing unsaved (the save was played on, or taken back, elsewhere);
    deleted: the save is gone; the tab's next move saves it again;
    apart:   the stored game went another way than this tab's unsaved moves: the tab's
             next move becomes a copy.
    """

    outcome: SyncOutcome
    entry: SaveEntry | None = None
    state: GameState | None = None


class Saves:
    """The saved games of one store."""

    def __init__(self, store: KeyValueStore, now: Callable[[], float],
                 new_id: Callable[[], str] | None = None) -> None:
        self.store = store
        self.now = now
        self.new_id = new_id or (lambda: os.urandom(5).hex())  # secrets.token_hex(5)

    # -- reading

    def list(self) -> tuple[list[SaveEntry], list[BadEntry]]:
        """Every save, newest first, and every entry that could not be read."""
        good: list[SaveEntry] = []
        bad: list[BadEntry] = []
        for entry in self.entries():
            if isinstance(entry, BadEntry):
                bad.append(entry)
            else:
                good.append(entry)
        good.sort(key=lambda e: (-e.updated, e.id))
        return good, bad

    def entries(self) -> Iterator[SaveEntry | BadEntry]:
        """Every entry under our prefix, read one at a time (in the order of their keys):
        a caller that must not hold up the page (an import) reads them in slices."""
        for key in sorted(self.store.keys()):
            if not key.startswith(PREFIX):
                continue  # not ours: never touched
            try:
                raw = self.store.get(key)
            except Exception as exc:  # a store that breaks on one key
                yield BadEntry(key, str(exc) or type(exc).__name__)
                continue
            yield parse_entry(key, raw)

    def get(self, save_id: str) -> SaveEntry:
        entry = parse_entry(PREFIX + save_id, self.store.get(PREFIX + save_id))
        if isinstance(entry, BadEntry):
            key = "problem.missing" if entry.reason == "missing" else "problem.damaged"
            raise SaveProblem(key, entry.reason)
        return entry

    def load(self, save_id: str) -> tuple[SaveEntry, GameState]:
        """The entry and its game, rebuilt from the save code (the engine checks every move)."""
        return self.rebuild(self.get(save_id))

    @staticmethod
    def rebuild(entry: SaveEntry) -> tuple[SaveEntry, GameState]:
        try:
            state = decode_save(entry.code)
        except SaveCodeError as exc:
            raise SaveProblem("problem.bad_code", str(exc)) from None
        if state.n != len(entry.seats):
            raise SaveProblem("problem.damaged", "the players do not match the game")
        return entry, state

    @staticmethod
    def rebuilt(entry: SaveEntry) -> GameState | None:
        """The entry's game, or None when it cannot be rebuilt (rebuild's SaveProblem): a
        damaged save holds no game to find or to compare with."""
        try:
            return Saves.rebuild(entry)[1]
        except SaveProblem:
            return None

    def find_same_game(self, state: GameState,
                       among: Sequence[SaveEntry] | None = None) -> SaveEntry | None:
        """A save that holds this game: the same start, and all of its moves (and maybe
        more). The one changed last if there are several. Only saves of the same players
        at this turn or later are rebuilt, so this stays cheap with many saves.
        `among`: the saves to look in (default: the store's, read now)."""
        found = self._same_game(state, encode_save(state), among)
        return found[0] if found is not None else None

    def save_holding(self, state: GameState, code: str) -> tuple[SaveEntry, GameState] | None:
        """find_same_game's save, with its game, for a caller that has the game's save
        code (`code`, encode_save(state)): a save of exactly that code holds `state`
        itself, and one rebuilt to compare is not rebuilt again to open it. None also
        when that save cannot be opened."""
        found = self._same_game(state, code, None)
        if found is None:
            return None
        entry, stored = found
        if stored is None:  # the game's own code: its game is `state`
            return (entry, state) if len(entry.seats) == state.n else None
        return entry, stored

    def _same_game(self, state: GameState, code: str, among: Sequence[SaveEntry] | None
                   ) -> tuple[SaveEntry, GameState | None] | None:
        """The save find_same_game answers, and its game when it was rebuilt (None when
        its code is the game's)."""
        good = sorted(among if among is not None else self.list()[0],
                      key=lambda e: (-e.updated, e.id))
        for entry in good:
            if entry.code == code:
                return entry, None
        for entry in good:
            if entry.names != state.names or entry.turn < state.turn:
                continue
            stored = self.rebuilt(entry)
            if stored is not None and holds(stored, state):
                return entry, stored
        return None

    # -- writing (may raise StorageFull / StorageUnavailable)

    def _fresh_id(self) -> str:
        existing = set(self.store.keys())
        for _ in range(100):
            sid = self.new_id()
            if PREFIX + sid not in existing:
                return sid
        raise StorageFull("no free id")  # pragma: no cover - 100 collisions of 40 bits

    def _write(self, entry: SaveEntry) -> SaveEntry:
        self.store.set(PREFIX + entry.id, entry.to_json())
        return entry

    def create(self, state: GameState, seats: Sequence[str], origin: Origin = "new",
               save_id: str | None = None,
               times: tuple[float, float] | None = None, coach: bool = True,
               coach_used: tuple[int, ...] = (),
               analyses: tuple[StoredAnalysis, ...] = (), code: str | None = None) -> SaveEntry:
        """A new entry for this game, under an id no other entry has (`save_id` if it is
        free: an imported backup keeps its ids, and its dates `times`, where it can; and
        its coach's setting and counts). `code`: the game's save code (encode_save(state))
        when the caller has made it already."""
        t = self.now()
        created, updated = times if times is not None else (t, t)
        if save_id is None or self.store.get(PREFIX + save_id) is not None:
            save_id = self._fresh_id()
        entry = SaveEntry(
            v=SAVE_VERSION, id=save_id, code=code if code is not None else encode_save(state),
            names=tuple(state.names), seats=tuple(seats), created=created, updated=updated,
            turn=state.turn, over=state.is_over, winners=winners_of(state), origin=origin,
            coach=coach, coach_used=coach_used, analyses=analyses if state.is_over else (),
        )
        return self._write(entry)

    def _position(self, entry: SaveEntry, state: GameState, rev: int) -> SaveEntry:
        return entry.changed(
            code=encode_save(state), updated=max(self.now(), entry.created),
            turn=state.turn, over=state.is_over, winners=winners_of(state),
            rev=min(rev, MAX_REV),
        )

    def update(self, entry: SaveEntry, state: GameState) -> SaveEntry:
        """Write the game's new position into its own entry, whatever is stored there
        (save_game is the careful one, for a tab that may not be the only one)."""
        return self._write(self._position(entry, state, entry.rev + 1))

    def save_game(self, entry: SaveEntry, state: GameState) -> Written:
        """Save a tab's position without ever overwriting moves it has not seen."""
        key = PREFIX + entry.id
        stored = parse_entry(key, self.store.get(key))
        if isinstance(stored, BadEntry):
            if stored.reason == "missing":  # deleted in another tab: this tab still plays it
                return Written(self._write(self._position(entry, state, entry.rev + 1)),
                               "again")
            return Written(self.create(state, entry.seats, "copy"), "copy")  # keep the junk
        if stored.rev == entry.rev and stored.code == entry.code:
            return Written(self._write(self._position(stored, state, stored.rev + 1)), "saved")
        other = self.rebuilt(stored)
        if other is None:
            return Written(self.create(state, entry.seats, "copy"), "copy")
        if holds(state, other):  # this tab is ahead on the same line: nothing is lost
            return Written(self._write(self._position(stored, state, stored.rev + 1)), "saved")
        if holds(other, state):  # the other tab already played this and more
            return Written(stored, "behind", other)
        return Written(self.create(state, entry.seats, "copy"), "copy")

    def save_coach(self, entry: SaveEntry, on: bool,
                   used: tuple[int, ...]) -> SaveEntry | None:
        """Write the coach's setting and counts into a game's entry, only over the revision
        this tab read (None otherwise: the tab's next saved move is the time to try again).
        Counts are merged with the stored ones, each seat's larger count kept, so that a
        second tab's suggestions are not lost."""
        key = PREFIX + entry.id
        stored = parse_entry(key, self.store.get(key))
        if isinstance(stored, BadEntry) or stored.rev != entry.rev or stored.code != entry.code:
            return None
        if used and len(used) != len(stored.names):
            raise ValueError("coach counts: not one for each player")
        if stored.coach_used and used:
            used = tuple(max(a, b) for a, b in zip(stored.coach_used, used, strict=True))
        used = used or stored.coach_used
        if stored.coach == on and stored.coach_used == used:
            return stored
        return self._write(stored.changed(coach=on, coach_used=used,
                                          rev=min(stored.rev + 1, MAX_REV)))

    def save_analyses(self, save_id: str, code: str,
                      analyses: tuple[StoredAnalysis, ...]) -> SaveEntry | None:
        """Keep a finished game's analyses in its save (None when the save is not that
        game any more, or gone). Analyses stored meanwhile (another tab) are kept too."""
        key = PREFIX + save_id
        stored = parse_entry(key, self.store.get(key))
        if isinstance(stored, BadEntry) or stored.code != code or not stored.over:
            return None
        mine = {a.player for a in analyses}
        merged = (*analyses, *(a for a in stored.analyses if a.player not in mine))
        merged = tuple(sorted(merged, key=lambda a: a.player))
        if merged == stored.analyses:
            return stored
        return self._write(stored.changed(analyses=merged,
                                          rev=min(stored.rev + 1, MAX_REV)))

    def sync(self, entry: SaveEntry, state: GameState) -> Synced:
        """The save a tab shows was changed elsewhere (the storage event): what now?"""
        key = PREFIX + entry.id
        stored = parse_entry(key, self.store.get(key))
        if isinstance(stored, BadEntry):
            return Synced("deleted" if stored.reason == "missing" else "apart")
        if stored.rev == entry.rev and stored.code == entry.code:
            return Synced("same", stored)
        other = self.rebuilt(stored)
        if other is None:
            return Synced("apart")
        code = encode_save(state)
        if encode_save(other) == code:
            return Synced("same", stored)  # same position (e.g. both tabs made the move)
        # A tab with nothing unsaved loses nothing by showing the save as it is now (even
        # shorter: a move taken back there); one with moves of its own only when the
        # stored game holds them.
        if code == entry.code or holds(other, state):
            return Synced("newer", stored, other)
        return Synced("apart", stored, other)

    def delete(self, key_or_id: str) -> None:
        key = key_or_id if key_or_id.startswith(PREFIX) else PREFIX + key_or_id
        self.store.remove(key)

    def import_code(self, code: str, seats: Sequence[str] | None = None) -> tuple[
            SaveEntry, GameState]:
        """A game from a share link, as a NEW save. SaveProblem if the code is bad."""
        state = self.decode_link(code)
        return self._import(state, seats), state

    def _import(self, state: GameState, seats: Sequence[str] | None,
                code: str | None = None) -> SaveEntry:
        seat_list = list(seats) if seats is not None else ["human"] * state.n
        if len(seat_list) != state.n:
            seat_list = ["human"] * state.n
        return self.create(state, seat_list, origin="link", code=code)

    @staticmethod
    def decode_link(code: str) -> GameState:
        try:
            return decode_save(code)
        except SaveCodeError as exc:
            raise SaveProblem("problem.bad_link", str(exc)) from None

    def open_code(self, code: str, seats: Sequence[str] | None = None) -> tuple[
            SaveEntry, GameState, bool]:
        """A shared game: the save that already holds it (True), or a new save (False).
        SaveProblem if the code is bad; StorageFull/StorageUnavailable if it is new and
        cannot be written."""
        state = self.decode_link(code)  # once: the link's game is this state from here on
        canonical = encode_save(state)
        found = self.save_holding(state, canonical)
        if found is not None:
            return found[0], found[1], True
        return self._import(state, seats, canonical), state, False


class SameGames:
    """``find_same_game`` for many games in turn (a backup's import), in linear time.

    Asking find_same_game once per game of a file rebuilds, for every game, each save of
    the same players at the same turn or later: with many such saves an import grew as
    the square of their number (400 saves: 44 s in CPython). Here each save is rebuilt
    at most once, and only when a game of its players is looked for and its code is not
    one already held; its moves go into a tree of the lines of play that start alike, so
    that "a save holds this game" (the same start, all of its moves and maybe more) is
    one walk down the game's own moves.

    The answer is find_same_game's, exactly: a save counts when its code is the game's,
    or when its listed names are the game's players, its listed turn is the game's or
    later, it can be rebuilt, and its game holds this one. ``work`` counts the saves
    rebuilt and the moves walked (the complexity test reads it).
    """

    def __init__(self, among: Iterable[SaveEntry] = ()) -> None:
        self.codes: set[str] = set()
        # saves not rebuilt yet, by their listed names
        self.waiting: dict[tuple[str, ...], list[SaveEntry]] = {}
        # the tree: a root per start (listed names, options, map), a node per line of
        # moves; `turns[node]` is the highest listed turn of the saves through the node
        self.roots: dict[tuple[object, ...], int] = {}
        self.edges: dict[int, int] = {}  # (node << MOVE_BITS | move) -> child node
        self.turns: list[int] = []
        self.work = 0
        for entry in among:
            self.add_entry(entry)

    # A move's number (savecode.action_code) is below 1300 + families x spaces.
    MOVE_BITS = 20

    def add_entry(self, entry: SaveEntry) -> None:
        """A save whose game is not known yet: rebuilt if a game of its players comes."""
        self.codes.add(entry.code)
        self.waiting.setdefault(tuple(entry.names), []).append(entry)

    def add(self, entry: SaveEntry, state: GameState) -> None:
        """A save just written for this game (no need to rebuild it)."""
        self.codes.add(entry.code)
        self._insert(entry, state)

    def same_code(self, state: GameState) -> bool:
        """A save holds exactly this game's code (nothing to rebuild to know it)."""
        return encode_save(state) in self.codes

    def prepare(self, state: GameState) -> Iterator[None]:
        """Rebuild the saves of this game's players not rebuilt yet: a step per save."""
        for entry in self.waiting.pop(tuple(state.names), []):
            self.work += 1
            stored = Saves.rebuilt(entry)
            if stored is not None:  # (as find_same_game: a damaged save holds nothing)
                self._insert(entry, stored)
            yield

    def held(self, state: GameState) -> bool:
        """A save holds this game (after ``prepare`` for it, or ``same_code``)."""
        node = self.roots.get(self._start(tuple(state.names), state))
        if node is None:
            return False
        edges, bits = self.edges, self.MOVE_BITS
        for move in moves_of(state):
            self.work += 1
            child = edges.get(node << bits | move)
            if child is None:
                return False
            node = child
        return self.turns[node] >= state.turn

    @staticmethod
    def _start(names: tuple[str, ...], state: GameState) -> tuple[object, ...]:
        return (names, state.options, state.board.fingerprint)

    def _node(self) -> int:
        self.turns.append(-1)
        return len(self.turns) - 1

    def _insert(self, entry: SaveEntry, state: GameState) -> None:
        start = self._start(tuple(entry.names), state)
        node = self.roots.get(start)
        if node is None:
            node = self.roots[start] = self._node()
        edges, turns, bits, turn = self.edges, self.turns, self.MOVE_BITS, entry.turn
        turns[node] = max(turns[node], turn)
        for move in moves_of(state):
            self.work += 1
            key = node << bits | move
            child = edges.get(key)
            if child is None:
                child = edges[key] = self._node()
            turns[child] = max(turns[child], turn)
            node = child


# -- preferences (language, bot speed): small, and wrong values fall back to defaults


def load_prefs(store: KeyValueStore) -> Prefs:
    try:
        raw = store.get(PREFS_KEY)
        return Prefs.from_obj(read_json(raw)) if raw else Prefs()
    except Exception:  # damaged prefs (nested 20,000 deep too) are not worth a message
        return Prefs()


def save_prefs(store: KeyValueStore, prefs: Prefs) -> None:
    store.set(PREFS_KEY, prefs.to_json())

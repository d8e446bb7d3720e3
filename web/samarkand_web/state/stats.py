"""Statistics of the games saved on this device, computed from the saves alone (nothing
else is stored: a backup file carries them with the saves it holds).

Counted per person (a human seat, by the name typed: in a game of several people at one
device each is counted under their own name; bots are not counted): finished games,
wins (a shared win counts for each winner), average and best score, by the opponents'
level and by the number of players; and each person's scores in order of the games'
end, for a small chart. A save that cannot be read is left out (the saves list shows
it as damaged).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from samarkand_core import SaveCodeError, decode_save, final_scores
from samarkand_web.saves.links import HUMAN
from samarkand_web.saves.storage_models import SaveEntry

PEOPLE = "people"  # opponents: people only
MIXED = "mixed"  # opponents of several levels, or people and bots


@dataclass(frozen=True, slots=True)
class Seat:
    """One person's result in one finished game."""

    name: str
    score: int
    won: bool
    players: int
    opponents: str  # a bot level ("random", "heuristic", "search"), PEOPLE or MIXED
    when: float  # the save's last change (ms): the game's end, for a finished game
    game: str = ""  # the save's id (the people of one game share it)


@dataclass(slots=True)
class Tally:
    games: int = 0
    wins: int = 0
    points: int = 0
    best: int = 0

    def add(self, seat: Seat) -> None:
        self.best = max(self.best, seat.score) if self.games else seat.score
        self.games += 1
        self.wins += seat.won
        self.points += seat.score

    @property
    def average(self) -> float:
        return self.points / self.games if self.games else 0.0


@dataclass(slots=True)
class Stats:
    saved: int = 0  # games saved here (that can be read)
    finished: int = 0
    by_person: dict[str, Tally] = field(default_factory=dict)
    by_level: dict[str, Tally] = field(default_factory=dict)
    by_count: dict[int, Tally] = field(default_factory=dict)
    seats: list[Seat] = field(default_factory=list)  # oldest first

    @property
    def best(self) -> int | None:
        return max((s.score for s in self.seats), default=None)

    def games(self) -> list[str]:
        """The finished games with people, oldest first (save ids)."""
        return list(dict.fromkeys(s.game for s in self.seats))

    def trend(self, name: str) -> list[Seat]:
        return [s for s in self.seats if s.name == name]


def opponents_of(seats: tuple[str, ...], me: int) -> str:
    kinds = {s for i, s in enumerate(seats) if i != me}
    if kinds == {HUMAN}:
        return PEOPLE
    return next(iter(kinds)) if len(kinds) == 1 else MIXED


def seats_of(entry: SaveEntry, scores: tuple[int, ...]) -> list[Seat]:
    """The people's results in one finished game (scores by seat)."""
    n = len(entry.names)
    return [Seat(entry.names[p], scores[p], p in entry.winners, n,
                 opponents_of(entry.seats, p), entry.updated, entry.id)
            for p in range(n) if entry.seats[p] == HUMAN]


def final_of(code: str) -> tuple[int, ...] | None:
    """The final scores of a finished game's save code (None if it cannot be read or the
    game is not over)."""
    try:
        state = decode_save(code)
    except (SaveCodeError, ValueError):
        return None
    if not state.is_over:
        return None
    fs = final_scores(state)
    return tuple(sc.total for sc in sorted(fs.scores, key=lambda sc: sc.player))


def compute(entries: Iterable[SaveEntry],
            scores: Callable[[SaveEntry], tuple[int, ...] | None] | None = None) -> Stats:
    """The statistics of these saves; `scores` reads a finished game's final scores (the
    App caches them: a finished save never changes)."""
    out = Stats()
    for e in entries:
        out.saved += 1
        if not e.over:
            continue
        final = scores(e) if scores is not None else final_of(e.code)
        if final is None or len(final) != len(e.names):
            continue
        out.finished += 1
        out.seats.extend(seats_of(e, final))
    out.seats.sort(key=lambda s: (s.when, s.game))
    for s in out.seats:
        out.by_person.setdefault(s.name, Tally()).add(s)
        out.by_level.setdefault(s.opponents, Tally()).add(s)
        out.by_count.setdefault(s.players, Tally()).add(s)
    return out

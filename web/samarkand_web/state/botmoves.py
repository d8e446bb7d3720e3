"""Moves a person can follow: each move of a bot (and, watched again, of anyone since the
person's last turn) shown on the board where it happens, one mark after another.

A mark comes from a public log line only (a camel placed, a goods marker taken, a
marriage, a sale: state/gamelog.py never writes who was asked to sell or a keep), so a
mark can tell the table nothing it did not see at a real table (docs/rules.md, Goods).

A ``Show`` is the marks to show and how many are shown. The board draws its ``frame()``:
the marks shown so far of the turn of the latest one (a new turn starts a clean board).
A live show grows as bots play (``add``), a watched one is made whole at once from the
turns since the person's last turn (``watch``); both reveal one mark per step, paced
by the bot speed (``pace_ms``), and go through the same frames for the same moves.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from samarkand_core.board import Board
from samarkand_web.state.gamelog import LogLine
from samarkand_web.state.recap import TurnRecord

if TYPE_CHECKING:
    from samarkand_web.state.controller import Controller

# How long each mark stays the newest before the next one (ms), by bot speed: the
# pause the page made before each bot move, so that a turn of three moves is followed
# in about the time it took before, but now on the board. "instant" shows a live turn
# at once; watched again, it is paced as "fast" (else there would be nothing to watch).
PACE_MS = {"slow": 1600, "normal": 750, "fast": 250, "instant": 0}
WATCH_PACE_FLOOR = "fast"

# The log lines that are a move on the board, by the kind of their mark.
MARK_OF_LINE = {"log.camel": "camel", "log.goods_marker": "marker", "log.marry": "marry",
                "log.sell": "sell"}


@dataclass(frozen=True, slots=True)
class BoardMark:
    """A move on the board: its kind (camel, marker, marry, sell), where (a space, or
    a family's domain for a marriage; the other -1) and its log line (the caption)."""

    kind: str
    line: LogLine
    space: int = -1
    family: int = -1

    @property
    def turn(self) -> int:
        return self.line.turn


def marks_of_lines(lines: Iterable[LogLine], board: Board) -> list[BoardMark]:
    """The marks of some public log lines, in order (lines that are no move on the
    board, such as a draw or a bonus, have none)."""
    out = []
    for ln in lines:
        kind = MARK_OF_LINE.get(ln.key)
        if kind is None:
            continue
        if kind == "marry":
            out.append(BoardMark(kind, ln, family=int(ln.params["family"])))
        elif kind == "camel":
            out.append(BoardMark(kind, ln, space=int(ln.params["space"])))
        else:  # a goods marker or a sale: at the space of that good
            out.append(BoardMark(kind, ln, space=board.good_space[int(ln.params["good"])]))
    return out


def marks_of_turns(records: Sequence[TurnRecord], board: Board) -> list[BoardMark]:
    """The marks of whole turns (the recap's), in order."""
    return [m for r in records for m in marks_of_lines(r.lines, board)]


def frame_at(marks: Sequence[BoardMark], shown: int) -> tuple[BoardMark, ...]:
    """What the board shows once `shown` marks are shown: those of the latest one's
    turn."""
    if shown <= 0:
        return ()
    turn = marks[shown - 1].turn
    return tuple(m for m in marks[:shown] if m.turn == turn)


def frames(marks: Sequence[BoardMark]) -> list[tuple[BoardMark, ...]]:
    """Every frame a show of `marks` goes through, one per mark."""
    return [frame_at(marks, k) for k in range(1, len(marks) + 1)]


def pace_ms(speed: str, watching: bool) -> int:
    ms = PACE_MS.get(speed, PACE_MS["normal"])
    return max(ms, PACE_MS[WATCH_PACE_FLOOR]) if watching else ms


@dataclass(slots=True)
class Show:
    """Marks on the board and how many of them are shown."""

    marks: list[BoardMark] = field(default_factory=list)
    shown: int = 0
    watching: bool = False  # "Watch again" (it never changes the game)

    @property
    def pending(self) -> bool:
        return self.shown < len(self.marks)

    def frame(self) -> tuple[BoardMark, ...]:
        return frame_at(self.marks, self.shown)

    def add(self, marks: Iterable[BoardMark]) -> None:
        """Moves just played: the first is shown at once, with the move on the board
        (unless marks wait before it); the others one step each."""
        new = list(marks)
        if not new:
            return
        first = not self.pending
        self.marks.extend(new)
        if first:
            self.shown += 1

    def step(self) -> bool:
        """Show the next mark; False when none waits."""
        if not self.pending:
            return False
        self.shown += 1
        return True

    def show_all(self) -> None:
        self.shown = len(self.marks)


def recap_records(ctl: Controller) -> list[TurnRecord]:
    """The turns the recap shows now ("Since your last turn", view/panels/recap.py):
    only while the turn is the person's own (not while they are asked to sell in
    another's turn)."""
    if ctl.is_over or not ctl.human_turn():
        return []
    if ctl.held is None and ctl.deciding != ctl.state.turn_player:
        return []
    seat = ctl.recap_seat()
    if seat is None or seat != ctl.deciding:
        return []
    return ctl.recap(seat)


def watch(records: Sequence[TurnRecord], board: Board) -> Show | None:
    """"Watch again": the moves of `records` from the first (None: there is none)."""
    marks = marks_of_turns(records, board)
    if not marks:
        return None
    return Show(marks, 1, watching=True)

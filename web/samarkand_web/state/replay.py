"""The replay screen's state: which game, which move, how fast, playing or not.

A replay never changes a saved game: it holds a ``samarkand_core.replay.Replay`` (every
position, rebuilt from the save code) and a move number. Only "Play on from here"
makes a save, a new one (actions_replay.py). Hands stay hidden unless the game is over
and the person asked to see them (``show_all``); the chart follows the same switch.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal

from samarkand_core import encode_save
from samarkand_core.replay import Replay
from samarkand_web.saves.links import HUMAN, position_url

if TYPE_CHECKING:  # the chart's module loads when a chart is first drawn
    from samarkand_core.draw.chart import Race

# Pause between two moves while playing (ms), by speed.
PLAY_SPEEDS = {"slow": 2000, "normal": 1000, "fast": 450, "fastest": 150}
DEFAULT_SPEED = "normal"

Origin = Literal["game", "home"]


@dataclass(slots=True)
class ReplayState:
    rp: Replay
    seats: tuple[str, ...]  # who sits where in the game replayed (for "play on")
    origin: Origin = "home"  # where "Close" goes back to: the game's end screen or home
    move: int = 0
    playing: bool = False
    speed: str = DEFAULT_SPEED
    show_all: bool = False
    token: int = 0  # a playback timer with another token is stale
    save_id: str | None = None  # the save of the game replayed, if opened from one
    # the analysed decision (its action index) whose better move the board draws with the
    # coach's mark ("Show" in the analysis's list); gone once the replay moves on
    better: int | None = None
    lines: dict[tuple[str, bool, int], str] = field(default_factory=dict)  # log HTML cache
    drawn: dict[tuple[str, str, bool], str] = field(default_factory=dict)  # chart, table
    _races: dict[bool, Race] = field(default_factory=dict)
    _code: str = ""

    @classmethod
    def of(cls, rp: Replay, seats: tuple[str, ...] | list[str] | None = None,
           origin: Origin = "home", move: int = 0) -> ReplayState:
        n = len(rp.names)
        seat_list = tuple(seats) if seats is not None and len(seats) == n else (HUMAN,) * n
        return cls(rp=rp, seats=seat_list, origin=origin, move=rp.clamp(move))

    # ------------------------------------------------------------------ where we are

    @property
    def n_moves(self) -> int:
        return self.rp.n_moves

    @property
    def turn(self) -> int:
        return self.rp.turn_at_move(self.move)

    @property
    def at_start(self) -> bool:
        return self.move == 0

    @property
    def at_end(self) -> bool:
        return self.move == self.rp.n_moves

    @property
    def can_show_all(self) -> bool:
        """Every hand may be shown only once the game is over."""
        return self.rp.is_over

    @property
    def hands_shown(self) -> bool:
        return self.show_all and self.can_show_all

    @property
    def can_play_on(self) -> bool:
        """A new game may start from any position that is not the end of the game."""
        return not self.rp.state_after_move(self.move).is_over

    # ------------------------------------------------------------------ moving

    def go(self, move: int) -> bool:
        """Go to a move (clamped); True if the position changed."""
        m = self.rp.clamp(move)
        changed = m != self.move
        self.move = m
        if changed:
            self.better = None
        return changed

    def step(self, how: str) -> bool:
        """"+1"/"-1": one move; "+turn"/"-turn": one turn; "start"/"end"."""
        rp = self.rp
        target = {
            "+1": self.move + 1, "-1": self.move - 1,
            "+turn": rp.next_turn(self.move), "-turn": rp.prev_turn(self.move),
            "start": 0, "end": rp.n_moves,
        }.get(how)
        return False if target is None else self.go(target)

    # ------------------------------------------------------------------ derived

    def race(self) -> Race:
        """The score race (cached; with every hand only when they are shown)."""
        key = self.hands_shown
        if key not in self._races:
            from samarkand_core.draw.chart import race

            self._races[key] = race(self.rp, all_hands=key)
        return self._races[key]

    def chart_x(self) -> float:
        from samarkand_core.draw.chart import race_x

        return race_x(self.rp, self.move)

    def code(self) -> str:
        """The save code of the whole game replayed (cached)."""
        if not self._code:
            self._code = encode_save(self.rp.final)
        return self._code

    def link(self, base: str) -> str:
        """The page's own address for this replay (a reload opens it at this move): the
        whole game replayed, which this browser holds anyway."""
        return position_url(base, self.code(), self.seats, self.move)

    def share_link(self, base: str) -> str:
        """The address to give others for this position ("Share this position"). A game
        that is not over: its moves up to this one only, none played after it (those
        are not the position's to give away). A finished game: all of it, so that the
        replay shown goes on to the end and its scores (nothing is hidden any more once
        the game is over: every hand is shown at its end)."""
        if self.rp.is_over:
            return self.link(base)
        code = encode_save(self.rp.state_after_move(self.move))
        return position_url(base, code, self.seats, self.move)

    def delay(self) -> int:
        return PLAY_SPEEDS.get(self.speed, PLAY_SPEEDS[DEFAULT_SPEED])

"""What the page shows: the screen (an enum) and the dialog over it, if any (a tagged
union: each kind of overlay a class of its own, holding what only it needs)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import TypeAlias


class Screen(StrEnum):
    HOME = "home"  # the start screen: the new-game form, the saves
    GAME = "game"  # a game being played (App.game)
    REPLAY = "replay"  # a game replayed (App.replay)


@dataclass(frozen=True, slots=True)
class Scores:
    """The final scores, over a finished game."""


@dataclass(frozen=True, slots=True)
class Stats:
    """The statistics of the games saved here, over the saves list."""


@dataclass(frozen=True, slots=True)
class RemoteSeat:
    """Which seat this device plays: a game's link opened on a device that holds none of
    it (the link and its game wait in App.bylink.pending)."""


@dataclass(frozen=True, slots=True)
class ShareDialog:
    """A game's link to copy: the game as far as it was played, or a replay's position."""

    link: str
    # the turn of the unfinished game the link reveals (the dialog says so); None when
    # the game shared is over
    turn: int | None = None
    replay: bool = False  # a replay's position (drawn by the replay screen)


@dataclass(frozen=True, slots=True)
class Rules:
    """The rules in brief, over everything else of the game (its hands hidden)."""

    under: Overlay | None = None  # the overlay the rules opened over, back when they close


Overlay: TypeAlias = "Scores | Stats | RemoteSeat | ShareDialog | Rules"

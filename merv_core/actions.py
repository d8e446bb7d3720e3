"""Merv's actions: one frozen dataclass per kind, each naming the player who decides.

Most decisions are the turn player's; some are not, and say so through `player`: at a
round's end every player in turn moves their leader to the next corner (`Sit`, `Skip`),
in the invasion each owner decides for their own buildings (`Ransom`), and with two
players the round's first and second player decide the high official's space and tile
(`ChooseSpace` / `ChooseTile` with `official=True`).
"""

from __future__ import annotations

from dataclasses import dataclass

from .components import ACTIONS, COLOURS


class IllegalActionError(ValueError):
    """apply_action was given an action that is not among legal_actions(state)."""


@dataclass(frozen=True, slots=True)
class Action:
    player: int  # the seat who decides

    def describe(self) -> str:
        return type(self).__name__


@dataclass(frozen=True, slots=True)
class ChooseSpace(Action):
    """Step 1: put a leader on a free action space (0-4 along the current side)."""

    space: int
    official: bool = False

    def describe(self) -> str:
        who = "the high official" if self.official else "leader"
        return f"{who} to space {self.space + 1}"


@dataclass(frozen=True, slots=True)
class ChooseTile(Action):
    """Step 2: activate a building tile (cell 0-24) of the activated line."""

    cell: int
    official: bool = False

    def describe(self) -> str:
        who = "high official's tile" if self.official else "activate"
        return f"{who} r{self.cell // 5 + 1}c{self.cell % 5 + 1}"


@dataclass(frozen=True, slots=True)
class CamelMarket(Action):
    """Once before or after the action: take every camel there, or put one back and
    take the bonus of the slot it covers."""

    take_all: bool

    def describe(self) -> str:
        return "camel market: take all" if self.take_all else "camel market: deposit"


@dataclass(frozen=True, slots=True)
class Fulfil(Action):
    """Fulfil the top contract of stack 0-5 (any time in one's turn)."""

    stack: int

    def describe(self) -> str:
        return f"fulfil contract {self.stack}"


@dataclass(frozen=True, slots=True)
class ChooseAction(Action):
    """Step 4: the tile's action, favour, or a soldier (kind: 'tile', 'favour', 'soldier')."""

    kind: str

    def describe(self) -> str:
        return f"action: {self.kind}"


@dataclass(frozen=True, slots=True)
class PlaceSoldier(Action):
    """A soldier on cell, or cell -1: do without."""

    cell: int

    def describe(self) -> str:
        if self.cell < 0:
            return "no soldier"
        return f"soldier r{self.cell // 5 + 1}c{self.cell % 5 + 1}"


@dataclass(frozen=True, slots=True)
class PlaceUpgrade(Action):
    """The upgrade one gained onto a cell with one's own building (-1: none can take it)."""

    cell: int


@dataclass(frozen=True, slots=True)
class TakeCard(Action):
    """Caravanserai: take the card at queue position `slot`, paying cube `cube`
    (0-3 a colour, 4 white, -1 free through a milestone's saving)."""

    slot: int
    cube: int

    def describe(self) -> str:
        paid = "free" if self.cube < 0 else (COLOURS + ("white",))[self.cube]
        return f"caravan card {self.slot + 1} ({paid})"


@dataclass(frozen=True, slots=True)
class PutCamel(Action):
    """Caravanserai: one of one's camels onto the first card without a camel."""


@dataclass(frozen=True, slots=True)
class Courtier(Action):
    """Palace: a servant into room 0-3."""

    room: int


@dataclass(frozen=True, slots=True)
class Scrolls(Action):
    """Library: cubes of these distinct colours (bit mask over the four) for scrolls."""

    colours: int

    def describe(self) -> str:
        return "scrolls: " + ",".join(c for i, c in enumerate(COLOURS) if self.colours >> i & 1)


@dataclass(frozen=True, slots=True)
class ChooseMilestone(Action):
    """Take milestone tile `tile` (its index in the component set) of stack `level` 0-3."""

    level: int
    tile: int


@dataclass(frozen=True, slots=True)
class TradingPost(Action):
    """Market: a trading post in city 0-7."""

    city: int


@dataclass(frozen=True, slots=True)
class BuyGood(Action):
    """Market: one good from city 0-7 (a camel onto its road if one has no post there)."""

    city: int


@dataclass(frozen=True, slots=True)
class Advance(Action):
    """Mosque: one field further on track 0-3 (the first advance chooses the track)."""

    track: int


@dataclass(frozen=True, slots=True)
class ChoosePointTile(Action):
    """Mosque: take point tile 0-3."""

    tile: int


@dataclass(frozen=True, slots=True)
class BuildWall(Action):
    """Wall: build wall or gate space 0-19 (side * 5 + line)."""

    space: int


@dataclass(frozen=True, slots=True)
class Done(Action):
    """End a tile action of several steps (caravanserai, palace, market, mosque, wall)."""


@dataclass(frozen=True, slots=True)
class EndTurn(Action):
    """End one's turn (after the action; the camel market and contracts may come first)."""


@dataclass(frozen=True, slots=True)
class Sit(Action):
    """Round end: take the corner place one has reached (and any camels on it)."""


@dataclass(frozen=True, slots=True)
class Skip(Action):
    """Round end: put a camel on the place one has reached and go one place forward."""


@dataclass(frozen=True, slots=True)
class Ransom(Action):
    """Invasion: for one's unprotected building on `cell`, pay cube 0-4, or -1: lose it."""

    cell: int
    cube: int


ACTION_NAMES = ACTIONS

"""An oracle for the page's strict reader (samarkand_web/saves/storage_models.py): the schema
of a saved game's entry and of the preferences written with pydantic, as the page read
them when it shipped pydantic. test_storage_reader.py checks that the reader accepts
exactly what this schema accepts. Tests only: the site ships no pydantic."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator
from samarkand_web.saves.storage_models import (
    MAX_ACTIONS,
    MAX_COACH_USES,
    MAX_CODE,
    MAX_LEGAL,
    MAX_PARAMS,
    MAX_POINTS,
    MAX_REASONS,
    MAX_REV,
    MAX_TIME_MS,
    MAX_TURN,
    Origin,
)

from samarkand_core.setup import MAX_NAME, MAX_PLAYERS

_ID = r"^[a-z0-9]{4,24}$"

Seat = Annotated[str, Field(pattern=r"^[a-z]{1,20}$")]
Name = Annotated[str, Field(min_length=1, max_length=MAX_NAME)]
Time = Annotated[float, Field(ge=0, le=MAX_TIME_MS, allow_inf_nan=False)]
SeatIndex = Annotated[int, Field(ge=0, lt=MAX_PLAYERS)]
CoachUses = Annotated[int, Field(ge=0, le=MAX_COACH_USES)]


Points = Annotated[int, Field(ge=-MAX_POINTS, le=MAX_POINTS)]
Chance = Annotated[int, Field(ge=0, le=1000)]
_STRICT = ConfigDict(extra="forbid", strict=True, frozen=True)


class StoredReason(BaseModel):
    model_config = _STRICT

    key: str = Field(pattern=r"^[a-z_.]{1,60}$")
    params: dict[Annotated[str, Field(pattern=r"^[a-z_]{1,20}$")], Points] = Field(
        max_length=MAX_PARAMS)


class StoredDecision(BaseModel):
    model_config = _STRICT

    index: int = Field(ge=0, le=MAX_ACTIONS)
    move: int = Field(ge=1, le=MAX_ACTIONS)
    turn: int = Field(ge=1, le=MAX_TURN)
    kind: Literal["best", "good", "inaccuracy", "mistake", "blunder"]
    best: int = Field(ge=0, le=MAX_LEGAL)
    points: Points
    points_best: Points
    win: Chance
    win_best: Chance
    reasons: tuple[StoredReason, ...] = Field(max_length=MAX_REASONS)
    win_err: Chance = 0  # later: entries before it have none


class StoredAnalysis(BaseModel):
    model_config = _STRICT

    player: SeatIndex
    chances: tuple[Annotated[tuple[Chance, ...], Field(min_length=2, max_length=MAX_PLAYERS)],
                   ...] = Field(min_length=1, max_length=MAX_TURN + 1)
    decisions: tuple[StoredDecision, ...] = Field(max_length=MAX_ACTIONS)


class SaveEntry(BaseModel):
    """One saved game as stored (JSON). Every field has its range: a value outside it
    makes the entry a BadEntry (listed as damaged), never an error further on."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)

    v: Literal[1]
    id: str = Field(pattern=_ID)
    code: str = Field(min_length=4, max_length=MAX_CODE, pattern=r"^s\d{1,4}-[A-Za-z0-9_-]*$")
    names: tuple[Name, ...] = Field(min_length=2, max_length=MAX_PLAYERS)
    seats: tuple[Seat, ...] = Field(min_length=2, max_length=MAX_PLAYERS)
    created: Time
    updated: Time
    turn: int = Field(ge=0, le=MAX_TURN)
    over: bool
    winners: tuple[SeatIndex, ...] = Field(default=(), max_length=MAX_PLAYERS)
    # "copy": the moves of a tab that went another way than the stored game;
    # "file": imported from a backup file
    origin: Origin
    rev: int = Field(default=0, ge=0, le=MAX_REV)  # raised by every write (two tabs)
    # The coach: on or off for this game, and how many suggestions each seat
    # used (empty: none yet). Entries written before the coach have neither: on, none.
    coach: bool = True
    coach_used: tuple[CoachUses, ...] = Field(default=(), max_length=MAX_PLAYERS)
    # Analyses of the finished game, at most one per player (entries before: none).
    analyses: tuple[StoredAnalysis, ...] = Field(default=(), max_length=MAX_PLAYERS)

    @model_validator(mode="after")
    def _consistent(self) -> SaveEntry:
        if len(self.names) != len(self.seats):
            raise ValueError("names and seats: not as many")
        if any(w >= len(self.names) for w in self.winners):
            raise ValueError("winners: one is not a player")
        if len(set(self.winners)) != len(self.winners):
            raise ValueError("winners: one is named twice")
        if self.winners and not self.over:
            raise ValueError("winners: the game is not over")
        if self.coach_used and len(self.coach_used) != len(self.names):
            raise ValueError("coach_used: not one count for each player")
        players = [a.player for a in self.analyses]
        if self.analyses and not self.over:
            raise ValueError("analyses: the game is not over")
        if any(p >= len(self.names) for p in players) or len(set(players)) != len(players):
            raise ValueError("analyses: one is not of a player, or twice")
        if any(len(row) != len(self.names) for a in self.analyses for row in a.chances):
            raise ValueError("analyses: not one chance for each player")
        return self


# -- preferences (language, bot speed): small, and wrong values fall back to defaults


class Prefs(BaseModel):
    model_config = ConfigDict(extra="ignore")

    lang: str | None = None
    speed: str | None = None

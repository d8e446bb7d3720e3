"""Validation of what a game is set up with (names, seed, first player)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

MIN_PLAYERS = 2
MAX_PLAYERS = 5
MAX_NAME = 24


class GameSetup(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", strict=True)

    names: tuple[str, ...] = Field(min_length=MIN_PLAYERS, max_length=MAX_PLAYERS)
    seed: int = Field(ge=0, lt=1 << 64)
    first_player: int | None = None

    @field_validator("names")
    @classmethod
    def _names(cls, names: tuple[str, ...]) -> tuple[str, ...]:
        cleaned = tuple(n.strip() for n in names)
        for n in cleaned:
            if not n:
                raise ValueError("a player name is empty")
            if len(n) > MAX_NAME:
                raise ValueError(f"player name {n[:10]!r}... is longer than {MAX_NAME}")
            if any(not c.isprintable() for c in n):
                raise ValueError(f"player name {n!r} has a control character")
        if len(set(cleaned)) != len(cleaned):
            raise ValueError("two players have the same name")
        return cleaned

    @model_validator(mode="after")
    def _first(self) -> GameSetup:
        if self.first_player is not None and not 0 <= self.first_player < len(self.names):
            last = len(self.names) - 1
            raise ValueError(f"first player {self.first_player} is not a seat 0..{last}")
        return self

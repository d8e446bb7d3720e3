"""The pydantic models of storage.py: what a saved game's entry and the preferences
must look like when read back from the store.

Imported on first use only (storage.py's functions and its module __getattr__), so
that the page can draw its first screen before pydantic's wheels are loaded.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from .storage import _ID, MAX_CODE

Seat = Annotated[str, Field(pattern=r"^[a-z]{1,20}$")]


class SaveEntry(BaseModel):
    """One saved game as stored (JSON)."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)

    v: Literal[1]
    id: str = Field(pattern=_ID)
    code: str = Field(min_length=4, max_length=MAX_CODE, pattern=r"^s\d{1,4}-[A-Za-z0-9_-]*$")
    names: tuple[str, ...] = Field(min_length=2, max_length=5)
    seats: tuple[Seat, ...] = Field(min_length=2, max_length=5)
    created: float = Field(ge=0)
    updated: float = Field(ge=0)
    turn: int = Field(ge=0)
    over: bool
    winners: tuple[int, ...] = ()
    origin: Literal["new", "link"]


# -- preferences (language, bot speed): small, and wrong values fall back to defaults


class Prefs(BaseModel):
    model_config = ConfigDict(extra="ignore")

    lang: str | None = None
    speed: str | None = None

"""The events of an action (GameState.events), as typed records: what happened, with
named fields. Their kinds (each class's `kind`, the name the sets below and the page's
words use), which stay private to a goods card's holder, and which reveal hidden
information (so a move cannot be taken back).

Events are frozen: the engine shares one object among every state and game that made the
same event (the `made_*` constructors below keep them), since a frozen dataclass costs a
Python call to build and a random game makes two events an action.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from typing import ClassVar, TypeAlias


@dataclass(frozen=True, slots=True)
class GameEvent:
    """What an action caused; `kind` names the class for the sets and the words."""

    kind: ClassVar[str] = ""


@dataclass(frozen=True, slots=True)
class Married(GameEvent):
    """`player` married into `family`, paying `portion` into its treasury."""

    kind: ClassVar[str] = "marry"
    player: int
    family: int
    portion: int


@dataclass(frozen=True, slots=True)
class CardsDrawn(GameEvent):
    """`player` drew `count` cards after a marriage (0: at the hand limit)."""

    kind: ClassVar[str] = "draw"
    player: int
    count: int


@dataclass(frozen=True, slots=True)
class Reshuffled(GameEvent):
    """The discard pile became a new draw pile of `cards` cards."""

    kind: ClassVar[str] = "reshuffle"
    cards: int


@dataclass(frozen=True, slots=True)
class Discarded(GameEvent):
    """`player` discarded `count` cards after a marriage's draw (which: their secret)."""

    kind: ClassVar[str] = "discard"
    player: int
    count: int


@dataclass(frozen=True, slots=True)
class TreasuryPaid(GameEvent):
    """`family`'s treasury paid `dirhams` for a second camel."""

    kind: ClassVar[str] = "treasury_pays"
    family: int
    dirhams: int


@dataclass(frozen=True, slots=True)
class CamelPlaced(GameEvent):
    """`player` placed a camel of `family` on `space`."""

    kind: ClassVar[str] = "camel"
    player: int
    family: int
    space: int


@dataclass(frozen=True, slots=True)
class MarkerTaken(GameEvent):
    """`player` took the goods marker of `good`."""

    kind: ClassVar[str] = "goods_marker"
    player: int
    good: int


@dataclass(frozen=True, slots=True)
class SaleOffered(GameEvent):
    """`holder` is asked to sell or keep the card of `good` (private)."""

    kind: ClassVar[str] = "sale_offer"
    holder: int
    good: int


@dataclass(frozen=True, slots=True)
class Sold(GameEvent):
    """`holder` sold the card of `good` (public)."""

    kind: ClassVar[str] = "sell"
    holder: int
    good: int


@dataclass(frozen=True, slots=True)
class Kept(GameEvent):
    """`holder` kept the card of `good` (private)."""

    kind: ClassVar[str] = "keep"
    holder: int
    good: int


@dataclass(frozen=True, slots=True)
class RelationshipMade(GameEvent):
    """`family` met `other` for the first time: a trade relationship."""

    kind: ClassVar[str] = "relationship"
    family: int
    other: int


@dataclass(frozen=True, slots=True)
class BonusPaid(GameEvent):
    """`player` received `dirhams` for a first meeting."""

    kind: ClassVar[str] = "bonus"
    player: int
    dirhams: int


@dataclass(frozen=True, slots=True)
class RelMarkerTaken(GameEvent):
    """`player` took a relationship marker of `family`, the dark green one if `green`."""

    kind: ClassVar[str] = "rel_marker"
    player: int
    family: int
    green: bool


@dataclass(frozen=True, slots=True)
class BagDrawn(GameEvent):
    """2 players: a tile of `family` came out of the bag, onto its domain if
    `onto_domain`, otherwise out of the game."""

    kind: ClassVar[str] = "bag"
    family: int
    onto_domain: bool


@dataclass(frozen=True, slots=True)
class Passed(GameEvent):
    """`player` had no legal action and passed."""

    kind: ClassVar[str] = "pass"
    player: int


@dataclass(frozen=True, slots=True)
class GameOver(GameEvent):
    """The game ended; `reason` is the engine's English sentence."""

    kind: ClassVar[str] = "game_over"
    reason: str


# What a replay adds to a move's events (samarkand_core.replay): no action causes them.
@dataclass(frozen=True, slots=True)
class TurnEnded(GameEvent):
    """`player` ended the turn without a second camel."""

    kind: ClassVar[str] = "end_turn"
    player: int


@dataclass(frozen=True, slots=True)
class CardsDiscarded(GameEvent):
    """Which `cards` `player` discarded: shown only once every hand may be."""

    kind: ClassVar[str] = "discarded_cards"
    player: int
    cards: tuple[int, ...]


Event: TypeAlias = (
    Married | CardsDrawn | Reshuffled | Discarded | TreasuryPaid | CamelPlaced | MarkerTaken
    | SaleOffered | Sold | Kept | RelationshipMade | BonusPaid | RelMarkerTaken | BagDrawn
    | Passed | GameOver
)
MoveEvent: TypeAlias = Event | TurnEnded | CardsDiscarded

# Every class of event the engine emits (GameState.events).
ENGINE_EVENTS: tuple[type[Event], ...] = (
    Married, CardsDrawn, Reshuffled, Discarded, TreasuryPaid, CamelPlaced, MarkerTaken,
    SaleOffered, Sold, Kept, RelationshipMade, BonusPaid, RelMarkerTaken, BagDrawn, Passed,
    GameOver,
)
EVENT_KINDS = frozenset(cls.kind for cls in ENGINE_EVENTS)

# Events that only the holder of a goods card may know about: who was asked to sell,
# and that the card was kept. docs/rules.md (Goods): at the table the holder of a kept
# card says nothing, so the log, the other players and the bots never learn it; only a
# sale ("sell") is public.
PRIVATE_EVENTS = frozenset({SaleOffered.kind, Kept.kind})

# The events after which a move cannot be taken back: each brings hidden information
# into play, which a player who took the move back would keep. Cards drawn (or a pile
# shuffled) have been seen; a discard follows such a draw; a goods marker taken asks
# the card's holder, if any (a sale offer), who then sells or keeps it; a tile drawn
# from the bag is chance that must not be drawn again. The rest (a marriage before its
# draw, camels, bonuses, relationships, passes, the end) reveal nothing hidden.
REVEALING_EVENTS = frozenset({
    CardsDrawn.kind, Reshuffled.kind, Discarded.kind, MarkerTaken.kind, SaleOffered.kind,
    Kept.kind, Sold.kind, BagDrawn.kind,
})


def public_events(events: Iterable[Event]) -> list[Event]:
    """The events of one action that the whole table sees."""
    return [e for e in events if e.kind not in PRIVATE_EVENTS]


def first_revealing(events: Iterable[GameEvent]) -> str | None:
    """The kind of the first event of `events` that reveals hidden information (so
    that the move may not be taken back), or None."""
    return next((e.kind for e in events if e.kind in REVEALING_EVENTS), None)


def reveals_hidden(events: Iterable[GameEvent]) -> bool:
    """Whether `events` (those of one action) reveal hidden information: a move that
    caused them may not be taken back (see REVEALING_EVENTS)."""
    return first_revealing(events) is not None


# The engine's constructors: one shared object per distinct event (see the docstring).
made_married = cache(Married)
made_drawn = cache(CardsDrawn)
made_reshuffled = cache(Reshuffled)
made_discarded = cache(Discarded)
made_marker = cache(MarkerTaken)
made_offer = cache(SaleOffered)
made_sold = cache(Sold)
made_kept = cache(Kept)
made_relationship = cache(RelationshipMade)
made_bonus = cache(BonusPaid)
made_rel_marker = cache(RelMarkerTaken)
made_bag = cache(BagDrawn)
made_passed = cache(Passed)

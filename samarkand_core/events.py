"""The events of an action (GameState.events): their kinds, which stay private to a
goods card's holder, and which reveal hidden information (so a move cannot be taken
back)."""

from __future__ import annotations

from collections.abc import Iterable

# Events (GameState.events) that only the holder of a goods card may know about: who
# was asked to sell, and that the card was kept. docs/rules.md (Goods): at the table the
# holder of a kept card says nothing, so the log, the other players and the bots never
# learn it; only a sale ("sell") is public.
PRIVATE_EVENTS = frozenset({"sale_offer", "keep"})


def public_events(
    events: tuple[tuple[str, tuple[object, ...]], ...],
) -> list[tuple[str, tuple[object, ...]]]:
    """The events of one action that the whole table sees."""
    return [e for e in events if e[0] not in PRIVATE_EVENTS]


# Every kind of event the engine emits (GameState.events), with its arguments.
EVENT_KINDS = frozenset({
    "marry",  # (player, family, portion)
    "draw",  # (player, cards drawn)
    "reshuffle",  # (cards in the new draw pile)
    "discard",  # (player, cards discarded)
    "treasury_pays",  # (family, dirhams) for a second camel
    "camel",  # (player, family, space)
    "goods_marker",  # (player, good)
    "sale_offer",  # (holder, good): private
    "sell",  # (holder, good)
    "keep",  # (holder, good): private
    "relationship",  # (family, other)
    "bonus",  # (player, dirhams)
    "rel_marker",  # (player, family, green)
    "bag",  # (family, onto its domain): 2 players, a tile drawn from the bag
    "pass",  # (player,)
    "game_over",  # (the engine's sentence,)
})

# The events after which a move cannot be taken back: each brings hidden information
# into play, which a player who took the move back would keep. Cards drawn (or a pile
# shuffled) have been seen; a discard follows such a draw; a goods marker taken asks
# the card's holder, if any (a sale offer), who then sells or keeps it; a tile drawn
# from the bag is chance that must not be drawn again. The rest (a marriage before its
# draw, camels, bonuses, relationships, passes, the end) reveal nothing hidden.
REVEALING_EVENTS = frozenset({
    "draw", "reshuffle", "discard", "goods_marker", "sale_offer", "keep", "sell", "bag",
})


def first_revealing(events: Iterable[tuple[str, tuple[object, ...]]]) -> str | None:
    """The kind of the first event of `events` that reveals hidden information (so
    that the move may not be taken back), or None."""
    return next((kind for kind, _ in events if kind in REVEALING_EVENTS), None)


def reveals_hidden(events: Iterable[tuple[str, tuple[object, ...]]]) -> bool:
    """Whether `events` (those of one action) reveal hidden information: a move that
    caused them may not be taken back (see REVEALING_EVENTS)."""
    return first_revealing(events) is not None

"""The rule constants of Samarkand, in one place: the engine, scoring, the drawings
(draw/board.py) and the page read them from here, so no copy can drift from the rules.

Sources: the rulebook and docs/rules.md (our reading where it is silent).
"""

from __future__ import annotations

from enum import StrEnum

# Setup (rulebook, "Setup"; docs/rules.md, "Two players").
STARTING_MONEY = 10  # dirhams each player starts with
HAND_LIMITS = {2: 10, 3: 10, 4: 7, 5: 6}  # goods cards (hand and sold) by player count
CAMELS_PER_FAMILY = 12  # one of them starts on the family's home city
MARKERS_PER_FAMILY = 5  # relationship markers on a domain, the dark green one on top
TILES_PER_FAMILY = 2  # family tiles on a domain (two players: one, the other in the bag)
TWO_PLAYER_TILES_ON_DOMAIN = 1

# A turn (rulebook, "Marriage", "Expansion", "Goods", "New trade relationship").
CARDS_DRAWN = 3  # goods cards drawn after a marriage
MAX_DISCARDS = 2  # cards a player may discard after that draw
SECOND_CAMEL_COST = 1  # paid by the family's treasury for a second camel in a turn
SALE_PRICE = 3  # dirhams for a goods card sold when its marker is taken
ACTIVE_BONUS = 3  # a first meeting: to each member of the family that moved
OTHER_BONUS = 1  # a first meeting: to each member of the family met

# Scoring (rulebook, "Scoring"): a goods card in hand, per camel on its space.
OWN_FAMILY_CAMEL = 4  # a camel of a family the player holds a tile of
OTHER_CAMEL = 1


# Variants (docs/rules.md): what a game's setup and save code carry besides the players.


class SaleTiming(StrEnum):
    """When the holder of a goods card decides to sell it (docs/rules.md, Goods): a rules
    variant the game's setup and its save codes carry.

    AT_ONCE: the rulebook's: as soon as its marker is taken, inside the mover's turn (at
    one device, against bots, and in every game made before the variant).
    AT_HOLDERS_TURN: play by link (docs/rules.md, "Selling by link"): the holder decides
    when their own next turn begins, before they play; the mover never waits for another
    device inside a turn. A question still open when the game ends lapses (kept)."""

    AT_ONCE = "at_once"
    AT_HOLDERS_TURN = "at_holders_turn"

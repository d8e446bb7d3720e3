"""Merv's game state: every part of a game at one moment, hidden parts too, immutable.

Seats 0..n-1 are the players; with two players seat 2 (`OFFICIAL`) is the high official,
who has a leader and buildings but no resources. Cells are the city's 5 x 5 grid, row by
row (cell 12 is the camel market); -1 in a per-cell tuple means "nothing".
"""

from __future__ import annotations

from dataclasses import dataclass

# Stages: what the deciding player is asked now.
SPACE = "space"  # step 1: a leader onto an action space
TILE = "tile"  # step 2: a building tile of the activated line
ACT = "act"  # steps 4 (and camel market before it, contracts)
SOLDIER = "soldier"  # a soldier or none (the action, or a pending bonus)
CARAVAN = "caravanserai"
PALACE = "palace"
LIBRARY = "library"
MARKET = "market"
MOSQUE = "mosque"
WALL = "wall"
AFTER = "after"  # camel market after the action, contracts, end of turn
REORDER = "reorder"  # round end: leaders to the next corner
INVASION = "invasion"  # unprotected buildings: ransom or loss
OVER = "over"


@dataclass(frozen=True, slots=True)
class PlayerState:
    cubes: tuple[int, int, int, int, int]  # red, blue, grey, orange, white
    camels: int
    favour: int  # field on the favour track (0 = first field)
    influence: int  # field on the influence track
    points: int
    buildings: int  # in the player's supply
    servants: int  # in the supply (soldiers and courtiers are out)
    scrolls: int  # every scroll one has, those on contracts included
    common: int  # goods in hand (goods laid on contracts are spent)
    rare: int
    spices: tuple[int, int, int, int]  # caravan cards: cinnamon, ginger, juniper, pepper
    milestones: tuple[tuple[int, int], ...]  # (stack, tile) taken
    mosque_track: int  # -1 before the first advance
    mosque_field: int  # -1 before the first advance
    point_tile: int  # -1 or the point tile taken
    contracts: tuple[int, ...]  # fulfilled contracts (indices in the component set)
    actions_taken: tuple[int, int, int, int, int, int, int, int]  # six tiles, favour, soldier


@dataclass(frozen=True, slots=True)
class Turn:
    """The turn in progress: what has been chosen and used."""

    space: int = -1
    cell: int = -1
    market_used: bool = False
    action_done: bool = False
    caravan_colour: int = -1  # the one colour paid at the caravanserai so far
    rooms: int = 0  # bit mask of the palace rooms filled in this action
    post_placed: bool = False
    bought: int = 0  # bit mask of the cities bought from in this action
    discount_used: bool = False
    joker_used: bool = False
    taken: tuple[int, ...] = ()  # spices of the caravan cards taken in this action


@dataclass(frozen=True, slots=True)
class GameState:
    names: tuple[str, ...]
    seed: int
    n: int
    year: int  # 1..3
    round: int  # 1..4: the side of the city (N, E, S, W)
    cell_tiles: tuple[int, ...]  # tile index per cell, -1 at the camel market
    market_side: int
    buildings: tuple[int, ...]  # owner seat per cell or -1
    soldiers: tuple[int, ...]  # owner seat per cell or -1
    upgrades: tuple[int, ...]  # per cell: -1, 0-3 a bonus colour, 4 white
    walls: tuple[bool, ...]  # 20 wall / gate spaces: side * 5 + line
    queue: tuple[int, ...]  # this round's turn order (leaders in the starting corner)
    spaces: tuple[int, ...]  # seat per action space of the current side, -1 free
    turn_index: int  # index in queue of whose turn it is
    corner_camels: tuple[tuple[int, ...], ...]  # camels per place, per corner
    new_queue: tuple[int, ...]  # round end: the next corner's places (seat or -1)
    mover: int  # round end: index in queue of who moves (from the back)
    place: int  # round end: the place the mover has reached
    stage: str
    pending: tuple[tuple[str, int], ...]  # bonuses to resolve first (kind, detail)
    camel_market: tuple[bool, ...]  # slot covered by a camel
    caravan_spices: tuple[int, ...]  # the card queue, front (furthest from the deck) first
    caravan_camels: tuple[bool, ...]
    deck: tuple[int, ...]  # caravan deck, top first (hidden)
    city_camels: tuple[bool, ...]  # the camel still lying in each city
    road_camels: tuple[int, ...]  # camels on each city's road in this market action
    posts: tuple[tuple[int, ...], ...]  # seats with a trading post, per city
    mosque_camels: tuple[bool, ...]  # the camel still on each track's first field
    point_tiles: tuple[int, ...]  # point tiles still in the mosque
    milestones: tuple[tuple[int, ...], ...]  # tiles left per stack (hidden)
    contracts: tuple[tuple[int, ...], ...]  # six stacks, top first
    white_upgrades: int
    bonus_upgrades: tuple[int, int, int, int]
    palace: tuple[tuple[int, ...], ...]  # seats per room
    camels_removed: int
    official_buildings: int  # the high official's supply (two players)
    official_camels: int
    ransoms: tuple[int, ...]  # invasion: cells whose owner still decides
    turn: Turn
    players: tuple[PlayerState, ...]
    moves: tuple[int, ...]  # index in legal_actions of every action so far (save codes)

    @property
    def official(self) -> int:
        """The high official's seat (two players), else -1."""
        return 2 if self.n == 2 else -1

    @property
    def is_over(self) -> bool:
        return self.stage == OVER

    @property
    def leaders(self) -> int:
        return len(self.queue)

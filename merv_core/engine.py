"""Merv's rules: `new_game`, `legal_actions`, `apply_action`.

Merv's rules with our own component set, not the published components (components.py).
The procedure follows the German short rules; where they are silent or refer to the
rulebook, docs/merv/rules.md gives our reading and the test that checks it.

`apply_action` thaws the frozen state into a working copy of lists (`_W`), applies the
rule, runs every automatic step that follows (the high official's round-end move, the
end of a round, the invasion's sure losses, the scoring) and freezes the result again, so
that every state a caller sees is immutable and asks some player a question (or is over).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import fields
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any

from . import actions as A
from .actions import Action, IllegalActionError
from .components import ACTIONS, GRID, MILESTONE_SCROLLS, WHITE, default_components
from .geometry import CENTRE, line_cells, wall_cells
from .rng import Rng
from .state import (
    ACT,
    AFTER,
    CARAVAN,
    INVASION,
    LIBRARY,
    MARKET,
    MOSQUE,
    OVER,
    PALACE,
    REORDER,
    SPACE,
    TILE,
    WALL,
    GameState,
    PlayerState,
    Turn,
)

if TYPE_CHECKING:
    from .components_schema import Components

MAX_NAME = 20
FAVOUR, SOLDIER = 6, 7  # actions_taken: after the six tile actions
_ANY = -2  # a cost of one cube of any colour
_TILE_STAGES = {"caravanserai": CARAVAN, "palace": PALACE, "library": LIBRARY,
                "market": MARKET, "mosque": MOSQUE, "wall": WALL}


class SetupError(ValueError):
    """new_game was given players or a seed it cannot start a game with."""


# ------------------------------------------------------------------ thaw / freeze

_GAME_FIELDS = tuple(f.name for f in fields(GameState))
_PLAYER_FIELDS = tuple(f.name for f in fields(PlayerState))
_TURN_FIELDS = tuple(f.name for f in fields(Turn))


class _W(SimpleNamespace):
    """The working copy of a state: the same fields, tuples made lists."""


# Fields holding tuples of tuples; every other tuple field is flat (ints, bools).
_NESTED = frozenset({"corner_camels", "pending", "posts", "milestones", "contracts", "palace"})
_PLAYER_NESTED = frozenset({"milestones"})


def _thaw_fields(obj: Any, names: tuple[str, ...], nested: frozenset[str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for f in names:
        v = getattr(obj, f)
        if f in nested:
            out[f] = [list(x) for x in v]
        elif type(v) is tuple:
            out[f] = list(v)
        else:
            out[f] = v
    return out


def _freeze_fields(obj: Any, names: tuple[str, ...], nested: frozenset[str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for f in names:
        v = getattr(obj, f)
        if f in nested:
            out[f] = tuple(tuple(x) for x in v)
        elif type(v) is list:
            out[f] = tuple(v)
        else:
            out[f] = v
    return out


_GAME_OWN = tuple(f for f in _GAME_FIELDS if f not in ("players", "turn"))


def _thaw(s: GameState) -> Any:
    w = _W(**_thaw_fields(s, _GAME_OWN, _NESTED))
    w.players = [_W(**_thaw_fields(p, _PLAYER_FIELDS, _PLAYER_NESTED)) for p in s.players]
    w.turn = _W(**_thaw_fields(s.turn, _TURN_FIELDS, frozenset()))
    return w


def _freeze(w: Any) -> GameState:
    players = tuple(PlayerState(**_freeze_fields(p, _PLAYER_FIELDS, _PLAYER_NESTED))
                    for p in w.players)
    turn = Turn(**_freeze_fields(w.turn, _TURN_FIELDS, frozenset()))
    return GameState(players=players, turn=turn, **_freeze_fields(w, _GAME_OWN, _NESTED))


# ------------------------------------------------------------------ setup

def new_game(names: Sequence[str], seed: int, components: Components | None = None) -> GameState:
    """A new game for 2 to 4 named players (seats in the order given); `seed` fixes every
    random draw of the setup: the leaders' order, the camel market's side, the tiles and
    the caravan deck."""
    comp = components or default_components()
    names = tuple(names)
    if not 2 <= len(names) <= 4:
        raise SetupError(f"Merv is for 2 to 4 players, not {len(names)}")
    for name in names:
        if not isinstance(name, str) or not 0 < len(name.strip()) <= MAX_NAME:
            raise SetupError(f"a player's name has 1 to {MAX_NAME} characters: {name!r}")
    if len(set(names)) != len(names):
        raise SetupError("two players have the same name")
    if not isinstance(seed, int) or not 0 <= seed < 1 << 64:
        raise SetupError("the seed is a whole number from 0 to 2**64 - 1")
    n = len(names)
    rng = Rng(seed)
    queue = rng.shuffled(range(n))
    if n == 2:  # the high official starts at the back of the queue
        queue.append(2)
    market_side = rng.below(2)
    tiles = rng.shuffled(range(len(comp.building_tiles)))
    cell_tiles = tiles[:CENTRE] + [-1] + tiles[CENTRE:]
    deck = rng.shuffled([i for i, s in enumerate(("cinnamon", "ginger", "juniper", "pepper"))
                         for _ in range(comp.caravan.cards[s])])  # type: ignore[index]
    shown = deck[: comp.caravan.queue]
    cities = comp.market.cities
    stacks: list[list[int]] = []
    for level in (1, 2, 3):
        for bonus in ("favour", "soldier"):
            stack = [i for i, c in enumerate(comp.contracts)
                     if c.level == level and c.bonus == bonus]
            stacks.append(sorted(stack, key=lambda i: -comp.contracts[i].points))
    leaders = len(queue)
    player = PlayerState(
        cubes=(0, 0, 0, 0, 0), camels=0, favour=0, influence=0, points=0,
        buildings=comp.buildings_per_player, servants=comp.servants_per_player, scrolls=0,
        common=0, rare=0, spices=(0, 0, 0, 0), milestones=(), mosque_track=-1,
        mosque_field=-1, point_tile=-1, contracts=(), actions_taken=(0,) * 8)
    return GameState(
        names=names, seed=seed, n=n, year=1, round=1, cell_tiles=tuple(cell_tiles),
        market_side=market_side, buildings=(-1,) * GRID * GRID,
        soldiers=(-1,) * GRID * GRID, upgrades=(-1,) * GRID * GRID, walls=(False,) * 20,
        queue=tuple(queue), spaces=(-1,) * GRID, turn_index=0,
        corner_camels=((0,) * leaders,) * 4, new_queue=(), mover=-1, place=-1,
        stage=SPACE, pending=(),
        camel_market=(False,) * len(comp.camel_market_sides[market_side].slots),
        caravan_spices=tuple(shown), caravan_camels=tuple(i < n for i in range(len(shown))),
        deck=tuple(deck[comp.caravan.queue:]), city_camels=tuple(c.inner for c in cities),
        road_camels=(0,) * len(cities), posts=((),) * len(cities),
        mosque_camels=(True,) * 4, point_tiles=(0, 1, 2, 3),
        milestones=tuple(tuple(range(len(m.tiles))) for m in comp.milestones),
        contracts=tuple(tuple(s) for s in stacks), white_upgrades=comp.upgrades.white,
        bonus_upgrades=(comp.upgrades.bonus,) * 4, palace=((), (), (), ()),
        camels_removed=0, official_buildings=comp.buildings_per_player if n == 2 else 0,
        official_camels=0, ransoms=(), turn=Turn(), players=(player,) * n, moves=())


# ------------------------------------------------------------------ small rules

def _comp() -> Components:
    return default_components()


def current_leader(s: GameState | Any) -> int:
    """The seat whose leader moves now in the action phase (the official's seat too)."""
    return int(s.queue[s.turn_index])


def real_players_in_queue(s: GameState | Any) -> list[int]:
    return [q for q in s.queue if q < s.n]


def decider(s: GameState) -> int:
    """The seat that decides now (-1 when the game is over)."""
    if s.stage == OVER:
        return -1
    if s.stage == REORDER:
        return int(s.queue[s.mover])
    if s.stage == INVASION:
        return int(s.buildings[s.ransoms[0]])
    leader = current_leader(s)
    if leader >= s.n:  # the high official: the round's first, then second player decide
        return real_players_in_queue(s)[0 if s.stage == SPACE else 1]
    return leader


def influence_level(comp: Components, influence: int) -> int:
    return sum(1 for f in comp.influence_track.levels if influence >= f)


def spice_limit(comp: Components, influence: int) -> int:
    return max([1] + [s.limit for s in comp.influence_track.spice_limits if influence >= s.field])


def scrolls_on_contracts(comp: Components, contracts: Sequence[int]) -> int:
    return sum(comp.contracts[c].scrolls for c in contracts)


def courtiers(s: GameState | Any, seat: int) -> int:
    return sum(list(room).count(seat) for room in s.palace)


def _colour_index(name: str) -> int:
    return ("red", "blue", "grey", "orange").index(name)


def tile_colour(comp: Components, s: GameState | Any, cell: int) -> int:
    return _colour_index(comp.building_tiles[s.cell_tiles[cell]].colour)


def tile_action(comp: Components, s: GameState | Any, cell: int) -> str:
    return comp.building_tiles[s.cell_tiles[cell]].action


def production(comp: Components, s: GameState | Any, cell: int) -> tuple[int, int]:
    """(base cube, bonus cube or -1) a building on `cell` produces: a white upgrade turns
    the base white; a bonus upgrade adds its cube."""
    up = s.upgrades[cell]
    base = WHITE if up == WHITE else tile_colour(comp, s, cell)
    return base, (up if 0 <= up < WHITE else -1)


def protected_by_walls(s: GameState | Any, cell: int) -> bool:
    """Every attack that could reach `cell` meets a wall or gate (our reading of 'a wall
    protects the tile'; docs/merv/rules.md)."""
    hits = [w for w in range(20) if cell in wall_cells(w)]
    return all(s.walls[w] for w in hits)


def invaded_cells(s: GameState | Any) -> list[int]:
    """Cells with a building that the invasion damages: reached by an attack through a
    side's line without wall or gate, and without a soldier."""
    out: set[int] = set()
    for w in range(20):
        if not s.walls[w]:
            out.update(c for c in wall_cells(w)
                       if s.buildings[c] >= 0 and s.soldiers[c] < 0)
    return sorted(out)


def milestone_tile(comp: Components, level: int, tile: int) -> Any:
    return comp.milestones[level].tiles[tile]


def _milestone_of(comp: Components, p: Any, kind: str) -> Any:
    for level, tile in p.milestones:
        m = milestone_tile(comp, level, tile)
        if m.kind == kind:
            return m
    return None


def plan_payment(comp: Components, p: Any, turn: Any, needs: Sequence[int],
                 action: str) -> tuple[list[int], bool, bool] | None:
    """How the player pays `needs` (colour indices, or _ANY), or None if they cannot.

    Payment is automatic (our reading): the milestone's saving drops one cube of the
    action it names (once per turn), then each colour is paid with its own cube, else
    once per turn with the joker milestone's colour, else with white; a cube of any
    colour is the colour the player holds most of, white last."""
    options: list[list[int]] = [list(needs)]
    disc = _milestone_of(comp, p, "discount")
    discount = disc is not None and disc.action == action and not turn.discount_used and needs
    if discount:
        options = [list(needs[:i]) + list(needs[i + 1:]) for i in range(len(needs))]
    jm = _milestone_of(comp, p, "joker")
    joker = -1 if jm is None or turn.joker_used else _colour_index(jm.colour)
    for need in options:
        cubes = list(p.cubes)
        used_joker = False
        ok = True
        for c in sorted(need, key=lambda x: x == _ANY):
            if c == _ANY:
                best = max(range(4), key=lambda i: (cubes[i], -i))
                c = best if cubes[best] > 0 else WHITE
            if cubes[c] > 0:
                cubes[c] -= 1
            elif joker >= 0 and not used_joker and joker != c and cubes[joker] > 0:
                cubes[joker] -= 1
                used_joker = True
            elif cubes[WHITE] > 0:
                cubes[WHITE] -= 1
            else:
                ok = False
                break
        if ok:
            return cubes, bool(discount), used_joker
    return None


def _pay(comp: Components, w: Any, p: Any, needs: Sequence[int], action: str) -> None:
    plan = plan_payment(comp, p, w.turn, needs, action)
    assert plan is not None, "payment checked by legal_actions"
    p.cubes, disc, jok = plan
    w.turn.discount_used = w.turn.discount_used or disc
    w.turn.joker_used = w.turn.joker_used or jok


def _can_pay(comp: Components, s: Any, p: Any, needs: Sequence[int], action: str) -> bool:
    return plan_payment(comp, p, s.turn, needs, action) is not None


# ------------------------------------------------------------------ gains

def gain_favour(comp: Components, p: Any, k: int, overflow: bool = True) -> None:
    """Each step forward scores the reached field's points; from the last field ('4') a
    favour is an influence instead."""
    track = comp.favour_track.points
    for _ in range(k):
        if p.favour < len(track) - 1:
            p.favour += 1
            p.points += track[p.favour]
        elif overflow:
            gain_influence(comp, p, 1, overflow=False)


def gain_influence(comp: Components, p: Any, k: int, overflow: bool = True) -> None:
    """Each step forward; the last four fields score; past the last field, favour."""
    track = comp.influence_track
    for _ in range(k):
        if p.influence < track.length - 1:
            p.influence += 1
            for f in track.points:
                if f.field == p.influence:
                    p.points += f.points
        elif overflow:
            gain_favour(comp, p, 1, overflow=False)


def _add_scrolls(comp: Components, w: Any, p: Any, k: int) -> None:
    """Scrolls, and a milestone choice for each 2nd / 4th / 6th / 8th."""
    before = p.scrolls
    p.scrolls += k
    for level, need in enumerate(MILESTONE_SCROLLS):
        if before < need <= p.scrolls and w.milestones[level]:
            w.pending.append(["milestone", level])


def _gain(comp: Components, w: Any, p: Any, kind: str, amount: int, colour: int = -1) -> None:
    if kind == "white":
        p.cubes[WHITE] += amount
    elif kind == "favour":
        gain_favour(comp, p, amount)
    elif kind == "influence":
        gain_influence(comp, p, amount)
    elif kind == "points":
        p.points += amount
    elif kind == "scroll":
        _add_scrolls(comp, w, p, amount)
    elif kind == "upgrade_white":
        for _ in range(amount):
            if w.white_upgrades > 0:
                w.pending.append(["upgrade", WHITE])
    elif kind == "upgrade_bonus":
        for _ in range(amount):
            if colour >= 0 and w.bonus_upgrades[colour] > 0:
                w.pending.append(["upgrade", colour])
    elif kind == "point_tile":
        if w.point_tiles and p.point_tile < 0:
            w.pending.append(["point_tile", 0])
    else:  # pragma: no cover - the schema allows no other kind
        raise ValueError(kind)


def soldier_cells(s: GameState | Any, seat: int) -> list[int]:
    """Cells a soldier may go to: a building, no soldier, no upgrade, no wall protection."""
    return [c for c in range(GRID * GRID)
            if s.buildings[c] >= 0 and s.soldiers[c] < 0 and s.upgrades[c] < 0
            and not protected_by_walls(s, c)]


def upgrade_cells(s: GameState | Any, seat: int) -> list[int]:
    """Cells an upgrade may go to: one's own building without an upgrade."""
    return [c for c in range(GRID * GRID) if s.buildings[c] == seat and s.upgrades[c] < 0]


# ------------------------------------------------------------------ legal actions

def legal_actions(s: GameState) -> list[Action]:
    """Every action the deciding player (`decider(s)`) may take now, in a fixed order."""
    if s.stage == OVER:
        return []
    comp = _comp()
    who = decider(s)
    if s.pending:
        return _pending_actions(comp, s, who)
    stage = s.stage
    out: list[Action] = []
    if stage == SPACE:
        official = current_leader(s) >= s.n
        out += [A.ChooseSpace(who, i, official) for i in range(GRID) if s.spaces[i] < 0]
    elif stage == TILE:
        out += [A.ChooseTile(who, c, current_leader(s) >= s.n) for c in _tile_options(s)]
    elif stage == ACT:
        out += _camel_market_actions(comp, s, who)
        out += [A.ChooseAction(who, k) for k in ("tile", "favour", "soldier")]
    elif stage == CARAVAN:
        out += _caravan_actions(comp, s, who)
    elif stage == PALACE:
        out += _palace_actions(comp, s, who)
    elif stage == LIBRARY:
        out += _library_actions(comp, s, who)
    elif stage == MARKET:
        out += _market_actions(comp, s, who)
    elif stage == MOSQUE:
        out += _mosque_actions(comp, s, who)
    elif stage == WALL:
        out += [A.BuildWall(who, w) for w in range(20) if not s.walls[w]
                and _can_pay(comp, s, s.players[who], _wall_cost(comp, w), "wall")]
        out.append(A.Done(who))
    elif stage == AFTER:
        out += _camel_market_actions(comp, s, who)
        out.append(A.EndTurn(who))
    elif stage == REORDER:
        out.append(A.Sit(who))
        if s.players[who].camels > 0 and any(q < 0 for q in s.new_queue[: s.place]):
            out.append(A.Skip(who))
    elif stage == INVASION:
        cell = s.ransoms[0]
        p = s.players[who]
        base, bonus = production(comp, s, cell)
        cubes = sorted({base, WHITE} | ({bonus} if bonus >= 0 else set()))
        out += [A.Ransom(who, cell, c) for c in cubes if p.cubes[c] > 0]
        out.append(A.Ransom(who, cell, -1))
    if stage in (SPACE, TILE, ACT, AFTER) and current_leader(s) < s.n:
        out += _fulfil_actions(comp, s, who)
    return out


def _pending_actions(comp: Components, s: GameState, who: int) -> list[Action]:
    kind, detail = s.pending[0]
    if kind == "soldier":
        cells = soldier_cells(s, who) if s.players[who].servants > 0 else []
        return [*(A.PlaceSoldier(who, c) for c in cells), A.PlaceSoldier(who, -1)]
    if kind == "upgrade":
        cells = upgrade_cells(s, who)
        return [A.PlaceUpgrade(who, c) for c in cells] or [A.PlaceUpgrade(who, -1)]
    if kind == "milestone":
        return [A.ChooseMilestone(who, detail, t) for t in s.milestones[detail]]
    if kind == "point_tile":
        return [A.ChoosePointTile(who, t) for t in s.point_tiles]
    raise AssertionError(kind)  # pragma: no cover


def active_line(s: GameState | Any) -> list[int]:
    return line_cells(s.round, s.turn.space)


def _tile_options(s: GameState) -> list[int]:
    line = [c for c in active_line(s) if c != CENTRE]
    leader = current_leader(s)
    if leader >= s.n:  # the official's tile: one without a building if there is one
        empty = [c for c in line if s.buildings[c] < 0]
        return empty or line
    if s.players[leader].buildings > 0:
        return line
    built = [c for c in line if s.buildings[c] >= 0]
    return built or line


def market_in_line(s: GameState | Any) -> bool:
    return CENTRE in active_line(s)


def _camel_market_actions(comp: Components, s: GameState, who: int) -> list[Action]:
    if s.turn.market_used or not market_in_line(s):
        return []
    out: list[Action] = []
    if any(s.camel_market):
        out.append(A.CamelMarket(who, True))
    if s.players[who].camels > 0 and not all(s.camel_market):
        out.append(A.CamelMarket(who, False))
    return out


def contract_ok(comp: Components, s: GameState | Any, p: Any, card: int) -> bool:
    c = comp.contracts[card]
    free_scrolls = p.scrolls - scrolls_on_contracts(comp, p.contracts)
    return (influence_level(comp, p.influence) >= c.level and sum(p.cubes) > 0
            and free_scrolls >= c.scrolls and p.common >= c.common and p.rare >= c.rare)


def _fulfil_actions(comp: Components, s: GameState, who: int) -> list[Action]:
    p = s.players[who]
    return [A.Fulfil(who, i) for i, stack in enumerate(s.contracts)
            if stack and contract_ok(comp, s, p, stack[0])]


def takeable(s: GameState | Any, slot: int) -> bool:
    """A caravan card may be taken if it is the first, has a camel, or follows one."""
    return slot == 0 or s.caravan_camels[slot] or s.caravan_camels[slot - 1]


def _caravan_actions(comp: Components, s: GameState, who: int) -> list[Action]:
    p = s.players[who]
    limit = spice_limit(comp, p.influence)
    kinds = sum(1 for k in p.spices if k)
    cubes: list[int] = []
    disc = _milestone_of(comp, p, "discount")
    if disc is not None and disc.action == "caravanserai" and not s.turn.discount_used:
        cubes.append(-1)
    lock = s.turn.caravan_colour
    jm = _milestone_of(comp, p, "joker")
    for c in range(WHITE + 1):
        if p.cubes[c] <= 0:
            continue
        if c == WHITE or lock < 0 or c == lock:
            cubes.append(c)
        elif jm is not None and not s.turn.joker_used and _colour_index(jm.colour) == c:
            cubes.append(c)
    out: list[Action] = []
    for slot, spice in enumerate(s.caravan_spices):
        if not takeable(s, slot) or (p.spices[spice] == 0 and kinds >= limit):
            continue
        out += [A.TakeCard(who, slot, c) for c in cubes]
    if p.camels > 0 and not all(s.caravan_camels):
        out.append(A.PutCamel(who))
    # "Gib 1 - x Ressourcen-Würfel aus": the action ends after one card at least, unless
    # none can be taken (then it ends empty).
    if s.turn.taken or not any(isinstance(a, A.TakeCard) for a in out):
        out.append(A.Done(who))
    return out


def _palace_actions(comp: Components, s: GameState, who: int) -> list[Action]:
    p = s.players[who]
    out: list[Action] = []
    if p.servants > 0:
        cost = courtiers(s, who) + 1
        for room in range(4):
            if s.turn.rooms >> room & 1 or len(s.palace[room]) >= comp.palace.seats:
                continue
            colour = _colour_index(comp.palace.rooms[room])
            if _can_pay(comp, s, p, [colour] * cost, "palace"):
                out.append(A.Courtier(who, room))
    out.append(A.Done(who))
    return out


def _library_actions(comp: Components, s: GameState, who: int) -> list[Action]:
    p = s.players[who]
    out: list[Action] = []
    for mask in range(1, 16):
        needs = [c for c in range(4) if mask >> c & 1]
        if _can_pay(comp, s, p, needs, "library"):
            out.append(A.Scrolls(who, mask))
    out.append(A.Done(who))
    return out


def post_allowed(comp: Components, s: GameState | Any, who: int, city: int) -> bool:
    """First post in an inner city; later ones in another inner city or in an outer city
    linked to an inner city where one has a post."""
    cities = comp.market.cities
    if who in s.posts[city]:
        return False
    c = cities[city]
    if c.inner:
        return True
    mine = [i for i in range(len(cities)) if who in s.posts[i]]
    if not mine:
        return False
    link = next(i for i, x in enumerate(cities) if x.name == c.link)
    return link in mine


def _city_cost(comp: Components, city: int) -> list[int]:
    return [_colour_index(c) for c in comp.market.cities[city].cost]


def _market_actions(comp: Components, s: GameState, who: int) -> list[Action]:
    p = s.players[who]
    out: list[Action] = []
    n_cities = len(comp.market.cities)
    if not s.turn.post_placed and not s.turn.bought:
        out += [A.TradingPost(who, c) for c in range(n_cities) if post_allowed(comp, s, who, c)]
    for c in range(n_cities):
        if s.turn.bought >> c & 1:
            continue
        if who not in s.posts[c] and p.camels <= 0:
            continue
        if _can_pay(comp, s, p, _city_cost(comp, c), "market"):
            out.append(A.BuyGood(who, c))
    out.append(A.Done(who))
    return out


def _mosque_actions(comp: Components, s: GameState, who: int) -> list[Action]:
    p = s.players[who]
    tracks = comp.mosque.tracks
    out: list[Action] = []
    options = range(4) if p.mosque_track < 0 else [p.mosque_track]
    for t in options:
        nxt = p.mosque_field + 1 if p.mosque_track == t else 0
        if nxt >= len(tracks[t].fields):
            continue
        cost = [_colour_index(tracks[t].colour)] * tracks[t].fields[nxt].cost
        if _can_pay(comp, s, p, cost, "mosque"):
            out.append(A.Advance(who, t))
    out.append(A.Done(who))
    return out


def _wall_cost(comp: Components, w: int) -> list[int]:
    wall = comp.walls[w]
    return [_colour_index(c) for c in wall.cost]


def wall_index(comp: Components, side: str, line: int) -> int:
    return ("N", "E", "S", "W").index(side) * GRID + line


# ------------------------------------------------------------------ apply

def apply_action(s: GameState, action: Action) -> GameState:
    """The state after `action`; IllegalActionError if it is not among legal_actions(s)."""
    legal = legal_actions(s)
    try:
        index = legal.index(action)
    except ValueError:
        who = decider(s)
        raise IllegalActionError(
            f"{action!r} is not legal now (stage {s.stage}, seat {who} decides; "
            f"{len(legal)} legal actions)") from None
    return successor(s, action, index)


def successor(s: GameState, action: Action, index: int) -> GameState:
    """The state after legal_actions(s)[index] (which is `action`), unchecked: for bots
    that have just listed the legal actions. Anything else calls apply_action."""
    comp = _comp()
    w = _thaw(s)
    w.moves.append(index)
    _apply(comp, w, action)
    _settle(comp, w)
    return _freeze(w)


def _apply(comp: Components, w: Any, a: Action) -> None:
    seat = a.player
    p: Any = w.players[seat] if seat < w.n else None
    if w.pending:
        _apply_pending(comp, w, a)
        return
    if isinstance(a, A.ChooseSpace):
        leader = current_leader(w)
        w.spaces[a.space] = leader
        w.turn.space = a.space
        w.stage = TILE
    elif isinstance(a, A.ChooseTile):
        _activate(comp, w, a.cell)
    elif isinstance(a, A.CamelMarket):
        _camel_market(comp, w, p, a.take_all)
    elif isinstance(a, A.Fulfil):
        _fulfil(comp, w, p, a.stack)
    elif isinstance(a, A.ChooseAction):
        if a.kind == "favour":
            p.actions_taken[FAVOUR] += 1
            gain_favour(comp, p, 1)
            w.stage = AFTER
        elif a.kind == "soldier":
            p.actions_taken[SOLDIER] += 1
            w.pending.append(["soldier", 0])
            w.stage = AFTER
        else:
            action = tile_action(comp, w, w.turn.cell)
            p.actions_taken[ACTIONS.index(action)] += 1
            w.stage = _TILE_STAGES[action]
    elif isinstance(a, A.TakeCard):
        _take_card(comp, w, p, a)
    elif isinstance(a, A.PutCamel):
        p.camels -= 1
        w.caravan_camels[w.caravan_camels.index(False)] = True
    elif isinstance(a, A.Courtier):
        cost = courtiers(w, seat) + 1
        _pay(comp, w, p, [_colour_index(comp.palace.rooms[a.room])] * cost, "palace")
        if not w.palace[a.room]:
            gain_favour(comp, p, 1)
        w.palace[a.room].append(seat)
        p.servants -= 1
        w.turn.rooms |= 1 << a.room
    elif isinstance(a, A.Scrolls):
        needs = [c for c in range(4) if a.colours >> c & 1]
        _pay(comp, w, p, needs, "library")
        _add_scrolls(comp, w, p, len(needs))
        w.stage = AFTER
    elif isinstance(a, A.TradingPost):
        first = not w.posts[a.city]
        w.posts[a.city].append(seat)
        w.turn.post_placed = True
        if first:
            if w.city_camels[a.city]:
                w.city_camels[a.city] = False
                p.camels += 1
            else:
                gain_favour(comp, p, comp.outer_city_favour)
    elif isinstance(a, A.BuyGood):
        _pay(comp, w, p, _city_cost(comp, a.city), "market")
        if seat not in w.posts[a.city]:
            p.camels -= 1
            w.road_camels[a.city] += 1
        if comp.market.cities[a.city].inner:
            p.common += 1
        else:
            p.rare += 1
        w.turn.bought |= 1 << a.city
    elif isinstance(a, A.Advance):
        _advance(comp, w, p, a.track)
    elif isinstance(a, A.BuildWall):
        _pay(comp, w, p, _wall_cost(comp, a.space), "wall")
        w.walls[a.space] = True
        for c in wall_cells(a.space):
            owner = w.buildings[c]
            if owner >= 0:
                gain_influence(comp, p, 1 if owner == seat else 2)
        if comp.walls[a.space].gate:
            gain_favour(comp, p, comp.gate_favour)
    elif isinstance(a, A.Done):
        _end_tile_action(comp, w, p)
    elif isinstance(a, A.EndTurn):
        _next_turn(w)
    elif isinstance(a, A.Sit):
        _sit(w, seat)
    elif isinstance(a, A.Skip):
        p.camels -= 1
        _skip(w)
    elif isinstance(a, A.Ransom):
        cell = w.ransoms.pop(0)
        if a.cube >= 0:
            p.cubes[a.cube] -= 1
        else:
            w.buildings[cell] = -1
            p.buildings += 1
    else:  # pragma: no cover - legal_actions made it
        raise AssertionError(a)


def _apply_pending(comp: Components, w: Any, a: Action) -> None:
    kind, detail = w.pending.pop(0)
    p = w.players[a.player]
    if isinstance(a, A.PlaceSoldier) and a.cell >= 0:
        w.soldiers[a.cell] = a.player
        p.servants -= 1
        gain_influence(comp, p, 1 if w.buildings[a.cell] == a.player else 2)
    elif isinstance(a, A.PlaceUpgrade) and a.cell >= 0:
        w.upgrades[a.cell] = detail
        if detail == WHITE:
            w.white_upgrades -= 1
        else:
            w.bonus_upgrades[detail] -= 1
        if w.soldiers[a.cell] >= 0:  # the soldier there is lost (back to its owner)
            w.players[w.soldiers[a.cell]].servants += 1
            w.soldiers[a.cell] = -1
    elif isinstance(a, A.ChooseMilestone):
        w.milestones[a.level].remove(a.tile)
        p.milestones.append([a.level, a.tile])
        m = milestone_tile(comp, a.level, a.tile)
        for g in m.gain:
            _gain(comp, w, p, g.kind, g.amount)
    elif isinstance(a, A.ChoosePointTile):
        w.point_tiles.remove(a.tile)
        p.point_tile = a.tile


def _activate(comp: Components, w: Any, cell: int) -> None:
    """Step 2 and 3: the tile, a building if it has none, and the production."""
    leader = current_leader(w)
    w.turn.cell = cell
    if leader >= w.n:  # the high official: a building if possible, then the turn ends
        if w.buildings[cell] < 0 and w.official_buildings > 0:
            w.buildings[cell] = leader
            w.official_buildings -= 1
        _next_turn(w)
        return
    p = w.players[leader]
    if w.buildings[cell] < 0 and p.buildings > 0:
        w.buildings[cell] = leader
        p.buildings -= 1
    owner = w.buildings[cell]
    if owner >= 0:
        for c in active_line(w):
            if c == CENTRE or w.buildings[c] != owner:
                continue
            base, bonus = production(comp, w, c)
            p.cubes[base] += 1
            if bonus >= 0:
                p.cubes[bonus] += 1
            if owner != leader and owner < w.n:
                o = w.players[owner]
                if c == cell:  # the owner gets what the activated building makes
                    o.cubes[base] += 1
                elif w.upgrades[c] == WHITE:  # elsewhere only what upgrades make
                    o.cubes[WHITE] += 1
                if bonus >= 0:
                    o.cubes[bonus] += 1
    w.stage = ACT


def _camel_market(comp: Components, w: Any, p: Any, take_all: bool) -> None:
    w.turn.market_used = True
    if take_all:
        p.camels += sum(w.camel_market)
        w.camel_market = [False] * len(w.camel_market)
        return
    slot = w.camel_market.index(False)
    w.camel_market[slot] = True
    p.camels -= 1
    bonus = comp.camel_market_sides[w.market_side].slots[slot]
    _gain(comp, w, p, bonus.kind, bonus.amount)


def _fulfil(comp: Components, w: Any, p: Any, stack: int) -> None:
    card = w.contracts[stack].pop(0)
    c = comp.contracts[card]
    _pay(comp, w, p, [_ANY], "contract")
    p.common -= c.common
    p.rare -= c.rare
    p.contracts.append(card)
    p.points += c.points
    if c.bonus == "favour":
        gain_favour(comp, p, 1)
    else:
        w.pending.append(["soldier", 0])


def _take_card(comp: Components, w: Any, p: Any, a: A.TakeCard) -> None:
    if a.cube < 0:
        w.turn.discount_used = True
    else:
        p.cubes[a.cube] -= 1
        lock = w.turn.caravan_colour
        if a.cube != WHITE:
            if lock < 0:
                w.turn.caravan_colour = a.cube
            elif a.cube != lock:
                w.turn.joker_used = True
    spice = w.caravan_spices.pop(a.slot)
    if w.caravan_camels.pop(a.slot):
        p.camels += 1
    p.spices[spice] += 1
    w.turn.taken.append(spice)


def _advance(comp: Components, w: Any, p: Any, track: int) -> None:
    t = comp.mosque.tracks[track]
    nxt = p.mosque_field + 1 if p.mosque_track == track else 0
    colour = _colour_index(t.colour)
    _pay(comp, w, p, [colour] * t.fields[nxt].cost, "mosque")
    p.mosque_track, p.mosque_field = track, nxt
    if nxt == 0 and w.mosque_camels[track]:
        w.mosque_camels[track] = False
        p.camels += 1
    for g in t.fields[nxt].gain:
        _gain(comp, w, p, g.kind, g.amount, colour)


def _end_tile_action(comp: Components, w: Any, p: Any) -> None:
    stage = w.stage
    if stage == CARAVAN:
        size = comp.caravan.queue
        while len(w.caravan_spices) < size and w.deck:
            w.caravan_spices.append(w.deck.pop(0))
            w.caravan_camels.append(False)
        for spice in range(4):
            taken = w.turn.taken.count(spice)
            pairs = p.spices[spice] // 2 - (p.spices[spice] - taken) // 2
            for _ in range(pairs):
                if spice == 0:  # cinnamon: a white cube
                    p.cubes[WHITE] += 1
                elif spice == 1:  # ginger: a soldier
                    w.pending.append(["soldier", 0])
                elif spice == 2:  # juniper: a favour
                    gain_favour(comp, p, 1)
                elif w.white_upgrades > 0:  # pepper: a white upgrade
                    w.pending.append(["upgrade", WHITE])
        w.turn.taken = []
    elif stage == MARKET:
        for k in w.road_camels:
            for _ in range(k):
                _return_camel(w)
        w.road_camels = [0] * len(w.road_camels)
    w.stage = AFTER


def _return_camel(w: Any) -> None:
    """A camel from a road: the first caravan card without one, else the camel market's
    first free slot, else out of the game."""
    if False in w.caravan_camels:
        w.caravan_camels[w.caravan_camels.index(False)] = True
    elif False in w.camel_market:
        w.camel_market[w.camel_market.index(False)] = True
    else:
        w.camels_removed += 1


def _next_turn(w: Any) -> None:
    w.turn = _W(**_thaw_fields(Turn(), _TURN_FIELDS, frozenset()))
    w.turn_index += 1
    if w.turn_index < len(w.queue):
        w.stage = SPACE
        return
    # Round end: leaders move to the next corner, the back of the queue first.
    w.stage = REORDER
    w.new_queue = [-1] * len(w.queue)
    w.mover = len(w.queue) - 1
    w.place = len(w.queue) - 1


def _end_corner(w: Any) -> int:
    return int(w.round) % 4  # round 1 ends in the north-east corner (1), round 4 in NW (0)


def _sit(w: Any, seat: int) -> None:
    corner = _end_corner(w)
    camels = w.corner_camels[corner][w.place]
    w.corner_camels[corner][w.place] = 0
    if seat < w.n:
        w.players[seat].camels += camels
    else:
        w.official_camels += camels
    w.new_queue[w.place] = seat
    w.mover -= 1
    free = [i for i, q in enumerate(w.new_queue) if q < 0]
    w.place = free[-1] if free else -1


def _skip(w: Any) -> None:
    w.corner_camels[_end_corner(w)][w.place] += 1
    w.place = max(i for i, q in enumerate(w.new_queue[: w.place]) if q < 0)


def _settle(comp: Components, w: Any) -> None:
    """Run the automatic steps until some player must decide (or the game is over)."""
    while True:
        if w.pending:
            kind, _ = w.pending[0]
            if kind == "milestone" and not w.milestones[w.pending[0][1]]:
                w.pending.pop(0)
                continue
            if kind == "point_tile" and not w.point_tiles:
                w.pending.pop(0)
                continue
            if kind == "upgrade" and (w.white_upgrades if w.pending[0][1] == WHITE
                                      else w.bonus_upgrades[w.pending[0][1]]) <= 0:
                w.pending.pop(0)
                continue
            return
        if w.stage == REORDER:
            if w.mover >= 0 and w.queue[w.mover] >= w.n:
                # The high official: with camels it skips as far forward as it can.
                while w.official_camels > 0 and any(q < 0 for q in w.new_queue[: w.place]):
                    w.official_camels -= 1
                    _skip(w)
                _sit(w, w.queue[w.mover])
                continue
            if w.mover >= 0:
                return
            _end_round(comp, w)
            continue
        if w.stage == INVASION:
            while w.ransoms and w.buildings[w.ransoms[0]] >= w.n:
                cell = w.ransoms.pop(0)  # the official never pays: its building goes
                w.buildings[cell] = -1
                w.official_buildings += 1
            if w.ransoms:
                return
            for c in range(GRID * GRID):
                if w.soldiers[c] >= 0:
                    w.players[w.soldiers[c]].servants += 1
                    w.soldiers[c] = -1
            _score_year(comp, w)
            continue
        return


def _end_round(comp: Components, w: Any) -> None:
    w.queue = list(w.new_queue)
    w.new_queue = []
    w.mover = w.place = -1
    w.spaces = [-1] * GRID
    w.turn_index = 0
    if w.round < 4:
        w.round += 1
        w.stage = SPACE
        return
    if w.year >= 2:
        w.stage = INVASION
        w.ransoms = invaded_cells(w)
    else:
        _score_year(comp, w)


def room_value(comp: Components, w: Any, p: Any, room: int) -> int:
    """Points one courtier in `room` scores (red: scrolls, blue: caravan cards, grey:
    goods, orange: mosque fields passed and reached)."""
    colour = comp.palace.rooms[room]
    if colour == "red":
        return int(p.scrolls)
    if colour == "blue":
        return sum(p.spices)
    if colour == "grey":
        return int(p.common + p.rare)
    return int(p.mosque_field + 1)


def year_points(comp: Components, w: Any, seat: int) -> int:
    """A player's points in a scoring phase (the favour the courtiers cost is paid by
    _score_year): courtiers that favour pays for, buildings, point tile, mosque's end."""
    p = w.players[seat]
    values = sorted((room_value(comp, w, p, r) for r in range(4)
                     for q in w.palace[r] if q == seat), reverse=True)
    points = sum(values[: p.favour])
    own = [c for c in range(GRID * GRID) if w.buildings[c] == seat]
    points += len(own)
    if p.point_tile >= 0:
        pt = comp.mosque.point_tiles[p.point_tile]
        points += pt.points * sum(1 for c in own if tile_action(comp, w, c) == pt.action)
    if p.mosque_track >= 0 and p.mosque_field == len(comp.mosque.tracks[p.mosque_track].fields) - 1:
        points += comp.mosque.last_field_points * sum(
            1 for c in own if tile_action(comp, w, c) == "mosque")
    return points


def caravan_points(comp: Components, spices: Sequence[int]) -> int:
    """Sets of different spices: set_points (ours 1 / 3 / 5 / 8) for 1 / 2 / 3 / 4 kinds,
    the sets made as large as they go (the best split while each larger set adds at least
    as much as the one before)."""
    counts = list(spices)
    total = 0
    while any(counts):
        kinds = sum(1 for k in counts if k)
        total += comp.caravan.set_points[kinds - 1]
        counts = [k - 1 if k else 0 for k in counts]
    return total


def _score_year(comp: Components, w: Any) -> None:
    for seat, p in enumerate(w.players):
        p.points += year_points(comp, w, seat)
        p.favour = max(0, p.favour - courtiers(w, seat))
    if w.year == 3:
        for p in w.players:
            p.points += caravan_points(comp, p.spices)
        w.stage = OVER
        return
    w.year += 1
    w.round = 1
    w.stage = SPACE

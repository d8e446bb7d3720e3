"""The heuristic bot: one look ahead over its own turn, judged by an estimate of final scores.

The estimate (`estimate_scores`) is shared with the search bot, which uses it where its
tree stops. It values for each player what is already won (money, goods markers,
relationship markers, goods cards by the camels already on their spaces) plus what is
likely still to come: camels of the player's own families reaching the spaces of the
player's cards, meetings the player's families can still make, and room in the hand for
more cards. "Likely" shrinks as the game nears its end, which is read from how many
families still lack a first relationship.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from ..actions import Action, Marry
from ..board import Board
from ..engine import apply_action, legal_actions
from ..rules import MARKERS_PER_FAMILY
from ..state import DISCARD, SECOND, SELL, GameState
from ..view import PlayerView, hidden_cards, sample_state
from .base import Decided
from .settings import read_setting

OWN = 4.0
OTHER = 1.0


@dataclass(frozen=True, slots=True)
class Weights:
    """The knobs of the estimate: set by hand, then checked in bot tournaments."""

    # Share of its own turns a player may spend taking a family to one card's space, and
    # the chance at best (next to the space) that the camel gets there.
    turn_share: float = 0.5
    reach_cap: float = 0.85
    # Chance that some other family lands on a card's space (1 point per camel).
    stray: float = 0.15
    # A future first meeting of a held family: bonus money and, sometimes, two markers.
    meeting: float = 2.5
    # How many of a family's unmet partners it may still meet, at most.
    meetings_cap: int = 3
    # A free hand slot: a later marriage may fill it with a good card.
    slot: float = 0.6
    # How much the heuristic bot weighs its rivals' gains against its own.
    rival: float = 0.5
    # Fitted on self-play (see FITTED_WEIGHTS); neutral here, so the heuristic level plays
    # as it always has. own_reach scales what an own family's camel may still add to a
    # card; the *_turns terms add, per own turn left, a share per family held, per camel
    # those families have left (in tens) and per card in hand.
    own_reach: float = 1.0
    families_turns: float = 0.0
    camels_turns: float = 0.0
    hand_turns: float = 0.0


DEFAULT_WEIGHTS = Weights()

# The search level's weights. `rival` 1.0: a player's rivals count in full, as the search's
# own reward (the margin over the best rival) counts them. The rest was fitted by least
# squares on heuristic self-play (3 and 4 players, a few thousand positions at the start
# of a turn): how each player's final score differed from the others' beyond what it had
# already won, against the parts of the estimate. Own camels reach fewer cards than the
# hand-set estimate hoped (0.8), a family's future meetings are worth less (1.5 a meeting)
# and a family with camels left is worth more than a family spent (families_turns,
# camels_turns). `rival` 1.0 alone, as the heuristic bot's weights, won 77 of 150
# three-player games against two default heuristic bots (51.3%, 95% CI 43.4-59.2%).
# See research/fit.py.
FITTED_WEIGHTS = Weights(
    rival=1.0, own_reach=0.8, stray=-0.5, meeting=1.5, slot=0.6,
    families_turns=-1.55, camels_turns=1.2, hand_turns=0.08,
)


# The Hard level's weights with four or five players: fitted the same way, on
# five-player self-play on the tuned map (the mean of `samarkand fit --players 5` over
# 150 games from seed 5000 and 300 from seed 7000, research/fit.py; slot 0, where the two
# fits gave -0.05 and -0.32). Against FITTED_WEIGHTS (fitted on three and four players of
# the first map) a stray camel on a card counts for something, an own family's reach for
# more. Against four heuristic bots (seed 1, the same deals) the Hard level won 47.0% of
# 400 five-player games with them where it won 23.4% of the first 205 with FITTED_WEIGHTS;
# with four players docs/bots.md has the runs (a fit on four players did less).
FITTED_WEIGHTS_4PLUS = Weights(
    rival=1.0, own_reach=1.08, stray=0.51, meeting=1.42, slot=0.0,
    families_turns=-2.1, camels_turns=1.5, hand_turns=-0.11,
)
# The Hard level's weights by table size where they are not FITTED_WEIGHTS.
TABLE_WEIGHTS: dict[int, Weights] = {4: FITTED_WEIGHTS_4PLUS, 5: FITTED_WEIGHTS_4PLUS}


def parse_weights(options: dict[str, str], base: Weights = DEFAULT_WEIGHTS) -> Weights:
    """Weights from text settings (tournament variants), e.g. {"rival": "0.8"}."""
    changes: dict[str, Any] = {}
    for key, text in options.items():
        if key not in Weights.__dataclass_fields__:
            raise ValueError(f"the estimate has no weight {key!r}")
        current = getattr(base, key)
        kind = int if isinstance(current, int) else float
        changes[key] = read_setting(key, text, kind, None)
    return dataclasses.replace(base, **changes)


class BoardInfo:
    """What the estimate needs of a board, computed once per board."""

    __slots__ = ("dist", "home_dist")

    def __init__(self, board: Board, dist: Sequence[tuple[int, ...]] | None = None) -> None:
        self.dist: tuple[tuple[int, ...], ...] = tuple(
            dist if dist is not None else (board.distances_from(s) for s in range(board.n_spaces))
        )
        self.home_dist = tuple(
            tuple(self.dist[a][b] for b in board.home) for a in board.home
        )


_INFO: dict[int, tuple[Board, BoardInfo]] = {}


_ROWS: dict[int, tuple[Board, list[tuple[int, ...]]]] = {}


def build_board_info(board: Board, deadline: float) -> bool:
    """Work on the board's distance table until `deadline` (perf_counter); True when done.

    The table is a hundred-odd searches over the map: ~15 ms in CPython but up to
    ~100 ms in the browser, too long for one slice of a page's thinking.
    """
    if id(board) in _INFO:
        return True
    rows = _ROWS.setdefault(id(board), (board, []))[1]
    while len(rows) < board.n_spaces:
        rows.append(board.distances_from(len(rows)))
        if len(rows) < board.n_spaces and time.perf_counter() >= deadline:
            return False
    _INFO[id(board)] = (board, BoardInfo(board, rows))
    del _ROWS[id(board)]
    return True


def board_info(board: Board) -> BoardInfo:
    # Keyed by id with the board kept alive in the value, so an id is never reused.
    entry = _INFO.get(id(board))
    if entry is None:
        entry = (board, BoardInfo(board))
        _INFO[id(board)] = entry
    return entry[1]


def turns_left(state: GameState) -> float:
    """A guess of the whole turns left in the game, from its two end conditions.

    The game ends once every family has met another or one family has met five times.
    Fitted on 3-player heuristic self-play: a turn to four and a half per family still
    to meet, eight and a half per meeting the busiest family still lacks.
    """
    markers = state.markers_left
    unmet = sum(1 for m in markers if m == MARKERS_PER_FAMILY)
    most = MARKERS_PER_FAMILY - min(markers)
    by_unmet = 4.5 * unmet - 1.0
    by_most = 8.5 * (MARKERS_PER_FAMILY - most) - 4.5
    return max(1.0, min(by_unmet, by_most))


_DMAPS: dict[tuple[int, tuple[int, ...]], tuple[int, ...]] = {}


def family_distances(info: BoardInfo, board: Board, spaces: tuple[int, ...]) -> tuple[int, ...]:
    """Steps from the nearest of `spaces` (one family's camels) to every space.

    Cached by the camel spaces: most states a search or a plan looks at share them.
    """
    key = (id(board), spaces)
    d = _DMAPS.get(key)
    if d is None:
        if len(_DMAPS) > 200_000:
            _DMAPS.clear()
        rows = [info.dist[x] for x in spaces]
        d = tuple(map(min, *rows)) if len(rows) > 1 else rows[0]
        _DMAPS[key] = d
    return d


_HOPES: dict[tuple[int, int, int, int, int], tuple[Weights, float]] = {}


def _meeting_hope(info: BoardInfo, f: int, met: int, markers: int, w: Weights) -> float:
    """Worth of the first meetings family `f` may still make, by who it has met so far.

    Cached: a game has few distinct (family, meetings so far) combinations.
    """
    key = (id(info), id(w), f, met, markers)
    entry = _HOPES.get(key)
    # The weights are kept in the entry so that their id stays theirs.
    if entry is not None and entry[0] is w:
        return entry[1]
    if len(_HOPES) > 100_000:
        _HOPES.clear()
    hd = info.home_dist[f]
    near = 0.0
    count = 0
    for g in range(len(hd)):
        if g != f:
            lo, hi = (f, g) if f < g else (g, f)
            if not met >> (lo * 10 + hi) & 1:
                # Unmet partners weigh by how close their homes are.
                near += 1.0 / (1.0 + 0.15 * hd[g])
                count += 1
    cap = min(w.meetings_cap, markers, count)
    v = w.meeting * min(near, cap)
    _HOPES[key] = (w, v)
    return v


class Estimator:
    """Estimated final scores of one state."""

    __slots__ = ("s", "w", "info", "own_turns", "time", "_movers")

    def __init__(self, state: GameState, weights: Weights = DEFAULT_WEIGHTS) -> None:
        self.s = state
        self.w = weights
        self.info = board_info(state.board)
        # Once the game is over nothing more can come: no turns, no hopes.
        self.own_turns = 0.0 if state.is_over else turns_left(state) / state.n
        # Future gains shrink as the end nears; three own turns left is "plenty".
        self.time = min(1.0, self.own_turns / 3.0)
        self._movers: dict[int, list[tuple[int, tuple[int, ...], float]]] = {}

    def movers(self, player: int) -> list[tuple[int, tuple[int, ...], float]]:
        """(family, distances, steps it can still make) for each family `player` can move."""
        m = self._movers.get(player)
        if m is None:
            s = self.s
            tiles = s.tiles[player]
            m = []
            for f in range(len(tiles)):
                if tiles[f] and s.camels_left[f] > 0:
                    # A camel a turn (more while the treasury pays), if nothing better.
                    steps = self.own_turns * self.w.turn_share
                    if s.treasury[f] > 0:
                        steps *= 1.5
                    m.append((f, family_distances(self.info, s.board, s.fam_spaces[f]), steps))
            self._movers[player] = m
        return m

    def card_value(self, player: int, good: int) -> float:
        return self.cards_value(player, (good,))

    def cards_value(self, player: int, goods: Sequence[int]) -> float:
        """Current worth of `player`'s goods cards plus what camels may still add."""
        s = self.s
        w = self.w
        good_space = s.board.good_space
        occ_all = s.occ
        tiles = s.tiles[player]
        movers = self.movers(player)
        cap = w.reach_cap
        stray = w.stray
        own_reach = w.own_reach
        total = 0.0
        for g in goods:
            space = good_space[g]
            occ = occ_all[space]
            k = len(occ)
            for f in occ:
                total += OWN if tiles[f] else OTHER
            if k < 2 and self.own_turns > 0.0:
                best = 0.0
                for f, dm, steps in movers:
                    if f not in occ:
                        # Certain enough next door, less likely the further away.
                        r = (steps + 1.0 - dm[space]) / (steps + 1.0)
                        if r > best:
                            best = r
                best *= cap
                # Two slots: an own family fills one; strays may fill the rest.
                total += OWN * own_reach * best + OTHER * stray * (2 - k - best)
        return total

    def family_value(self, f: int) -> float:
        """What holding a tile of `f` is still worth: its future first meetings."""
        s = self.s
        if s.camels_left[f] <= 0 or self.own_turns <= 0:
            return 0.0
        return _meeting_hope(self.info, f, s.met, s.markers_left[f], self.w) * self.time

    def scores(
        self,
        known: int | None = None,
        hidden: Sequence[float] = (),
        hand_sizes: Sequence[int] = (),
    ) -> list[float]:
        """Each player's estimated final score.

        `known` None: every hand is as in the state (a full guess of the hidden cards).
        `known` p: only p's hand is real; every other player q holds `hand_sizes[q]`
        cards worth `hidden[q]` in all (see `_Judge.hidden_values`).
        """
        s = self.s
        w = self.w
        out: list[float] = []
        nf = len(s.treasury)
        fam_val = [0.0] * nf
        held = [False] * nf
        for tiles in s.tiles:
            for f in range(nf):
                if tiles[f]:
                    held[f] = True
        for f in range(nf):
            if held[f]:
                fam_val[f] = self.family_value(f)
        slot_w = w.slot * self.time
        ot = self.own_turns
        fam_t = w.families_turns * ot
        camel_t = w.camels_turns * ot / 10.0
        hand_t = w.hand_turns * ot
        extra = ot > 0.0 and (fam_t != 0.0 or camel_t != 0.0 or hand_t != 0.0)
        camels_left = s.camels_left
        for q in range(s.n):
            v = float(s.money[q] + len(s.goods_markers[q]) + len(s.rel_markers[q]))
            if known is None or q == known:
                hand: Sequence[int] = s.hands[q]
                v += self.cards_value(q, hand)
                size = len(hand)
            else:
                size = hand_sizes[q]
                v += hidden[q]
            tiles = s.tiles[q]
            for f in range(nf):
                if tiles[f]:
                    v += fam_val[f]
                    if extra:
                        v += fam_t + camel_t * camels_left[f]
            if extra:
                v += hand_t * size
            if not s.is_over:
                room = s.limit - size - len(s.sold[q])
                if room > 0:
                    v += slot_w * min(room, 3)
            out.append(v)
        return out


def estimate_scores(state: GameState, weights: Weights = DEFAULT_WEIGHTS) -> list[float]:
    """Estimated final scores with every hand known (for a full state or a guess of one)."""
    if state.is_over:
        return [float(x) for x in exact_scores(state)]
    return Estimator(state, weights).scores()


def exact_scores(state: GameState) -> list[int]:
    out = []
    for q in range(state.n):
        tiles = state.tiles[q]
        v = state.money[q] + len(state.goods_markers[q]) + len(state.rel_markers[q])
        for g in state.hands[q]:
            for f in state.occ[state.board.good_space[g]]:
                v += 4 if tiles[f] else 1
        out.append(v)
    return out


# -- the bot ------------------------------------------------------------------------------


class _Judge:
    """Judges states reached by the deciding player from what that player may know.

    Other hands are unknown: each counts as its size times the mean worth of the cards
    the player cannot see. That mean is the costly part of a judgement, so it is worked
    out once for the first state judged and then only updated for the spaces that camels
    reached since (unless the game's expected length or a rival's family changed).
    """

    __slots__ = ("me", "weights", "hand_sizes", "pool", "_base")

    def __init__(
        self, me: int, weights: Weights, hand_sizes: Sequence[int], pool: Sequence[int]
    ) -> None:
        self.me = me
        self.weights = weights
        self.hand_sizes = hand_sizes
        self.pool = pool
        self._base: tuple[GameState, list[dict[int, float]], list[float]] | None = None

    def prepare(self, state: GameState) -> None:
        if self._base is None:
            est = Estimator(state, self.weights)
            per = [
                {g: est.card_value(q, g) for g in self.pool} if q != self.me else {}
                for q in range(state.n)
            ]
            self._base = (state, per, [sum(d.values()) for d in per])

    def hidden_values(self, est: Estimator) -> list[float]:
        """Expected worth of each hidden hand in the state `est` judges (0 for mine)."""
        s = est.s
        pool = self.pool
        out = [0.0] * s.n
        if not pool:
            return out
        self.prepare(s)
        assert self._base is not None
        base, per, totals = self._base
        redo_all = s.is_over or s.markers_left != base.markers_left
        changed = [
            f for f in range(len(s.fam_spaces))
            if s.fam_spaces[f] is not base.fam_spaces[f]
            or (s.treasury[f] > 0) != (base.treasury[f] > 0)
        ]
        good_at = s.board.good_at
        goods: list[int] = []
        for f in changed:
            for sp in s.fam_spaces[f][len(base.fam_spaces[f]):]:
                if good_at[sp]:
                    goods.append(good_at[sp])
        for q in range(s.n):
            size = self.hand_sizes[q]
            if q == self.me or not size:
                continue
            tiles = s.tiles[q]
            if redo_all or tiles is not base.tiles[q] or any(tiles[f] for f in changed):
                total = est.cards_value(q, pool)
            else:
                total = totals[q]
                d = per[q]
                for g in goods:
                    if g in d:
                        total += est.card_value(q, g) - d[g]
            out[q] = size * total / len(pool)
        return out

    def value(self, state: GameState) -> float:
        est = Estimator(state, self.weights)
        hidden = self.hidden_values(est)
        if state.is_over:
            sc = [float(x) for x in exact_scores(state)]
            for q in range(state.n):
                if q != self.me:
                    # Hidden hands score too at the end; exact_scores saw them empty.
                    sc[q] += hidden[q]
            return self._objective(sc, final=True)
        return self._objective(est.scores(self.me, hidden, self.hand_sizes), final=False)

    def _objective(self, sc: list[float], final: bool) -> float:
        me = self.me
        best_other = max(v for q, v in enumerate(sc) if q != me)
        v = sc[me] - self.weights.rival * best_other
        if final:
            # The game is decided: winning is what counts, by any margin.
            v += 1000.0 if sc[me] >= best_other else -1000.0
        return v

    def draw_value(self, state: GameState) -> float:
        """Expected worth of the cards a marriage draws (the state is before the draw)."""
        me = self.me
        size = len(state.hands[me]) + len(state.sold[me])
        if size >= state.limit or not self.pool:
            return 0.0
        est = Estimator(state, self.weights)
        vals = sorted((est.card_value(me, g) for g in self.pool), reverse=True)
        mean = sum(vals) / len(vals)
        # Keep up to three of the three drawn; choosing the best is worth a little extra.
        keep = min(3, state.limit - size)
        top = sum(vals[: max(1, len(vals) // 4)]) / max(1, len(vals) // 4)
        return keep * mean + (3 - keep) * 0.3 * (top - mean)


def _best(options: list[tuple[float, Action]]) -> tuple[float, Action]:
    # Ties go to the earliest action: the engine lists them in a fixed order.
    best = options[0]
    for o in options[1:]:
        if o[0] > best[0]:
            best = o
    return best


def plan(state: GameState, judge: _Judge) -> tuple[float, Action]:
    """The deciding player's best action and its value, looking to the end of the turn."""
    legal = legal_actions(state)
    if len(legal) == 1:
        return 0.0, legal[0]
    return _best(action_values(state, judge))


def action_values(state: GameState, judge: _Judge) -> list[tuple[float, Action]]:
    """Every legal action with its value to the deciding player, in the engine's order."""
    return list(iter_action_values(state, judge))


def iter_action_values(state: GameState, judge: _Judge) -> Iterator[tuple[float, Action]]:
    """`action_values` one action at a time, so that a page can think between frames."""
    me = state.current_player
    phase = state.phase
    judge.prepare(state)
    for a in legal_actions(state):
        nxt = apply_action(state, a)
        if phase == DISCARD:
            yield judge.value(nxt), a
            continue
        v = _finish_turn(nxt, judge, me)
        if isinstance(a, Marry) and not nxt.is_over:
            # The judged state drew nothing (its piles are unknown): add the draw's worth.
            v += judge.draw_value(nxt)
        yield v, a


def _finish_turn(state: GameState, judge: _Judge, me: int) -> float:
    """Value of `state` once `me` has played the rest of the turn as well as it can."""
    if state.is_over:
        return judge.value(state)
    if state.current_player == me and state.phase in (SECOND, SELL, DISCARD) and (
        state.phase != SELL or state.turn_player == me
    ):
        return plan(state, judge)[0]
    # The turn has passed, or a rival decides on a sale (whose card I cannot see):
    # judge the state as it stands.
    return judge.value(state)


def view_judge(view: PlayerView, weights: Weights = DEFAULT_WEIGHTS) -> _Judge:
    """A judge that knows what the view shows and no more."""
    return _Judge(view.viewer, weights, view.hand_sizes, hidden_cards(view))


def blank_state(view: PlayerView) -> GameState:
    """A state with only what the viewer knows: other hands and both piles are empty."""
    s = sample_state(view, 0)
    s.hands = [h if p == view.viewer else () for p, h in enumerate(s.hands)]
    s.deck = ()
    s.discard = ()
    return s


class HeuristicBot:
    """Fast and deterministic: the seed is kept only for the common interface."""

    name = "heuristic"

    def __init__(self, seed: int = 0, weights: Weights = DEFAULT_WEIGHTS) -> None:
        self.seed = seed
        self.weights = weights

    def choose(self, view: PlayerView) -> Action:
        if not view.legal:
            raise ValueError("the bot is not the player who decides now")
        if len(view.legal) == 1:
            return view.legal[0]
        return plan(blank_state(view), view_judge(view, self.weights))[1]

    def start(self, view: PlayerView) -> HeuristicThinking | Decided:
        if not view.legal:
            raise ValueError("the bot is not the player who decides now")
        if len(view.legal) == 1:
            return Decided(view.legal[0])
        return HeuristicThinking(view, self.weights)


class HeuristicThinking:
    """`HeuristicBot.choose` in slices: one legal action judged at a time.

    A page calls `step` between frames; a whole decision can take a few hundred
    milliseconds in the browser, too long for one task. The decision is the same as
    `choose`'s: the same values in the same order, the first best one wins.
    """

    def __init__(self, view: PlayerView, weights: Weights) -> None:
        self.view = view
        self.weights = weights
        self._values: Iterator[tuple[float, Action]] | None = None
        self._best: tuple[float, Action] | None = None
        self._done = False

    def step(self, max_ms: float) -> bool:
        if self._done:
            return True
        deadline = time.perf_counter() + max_ms / 1000.0
        if self._values is None:
            # The board's distance table (once per board) has slices of its own.
            if not build_board_info(self.view.board, deadline):
                return False
            self._values = iter_action_values(
                blank_state(self.view), view_judge(self.view, self.weights)
            )
        best = self._best
        for option in self._values:
            # Ties go to the earliest action, as in `_best`.
            if best is None or option[0] > best[0]:
                best = option
            if time.perf_counter() >= deadline:
                self._best = best
                return False
        self._best = best
        self._done = True
        return True

    def result(self) -> Action:
        """The decision; asked before thinking is done, the best found so far."""
        if self._best is None:
            return self.view.legal[0]
        return self._best[1]


__all__ = [
    "BoardInfo", "DEFAULT_WEIGHTS", "FITTED_WEIGHTS", "FITTED_WEIGHTS_4PLUS", "Estimator",
    "HeuristicBot", "TABLE_WEIGHTS", "Weights",
    "action_values", "parse_weights",
    "HeuristicThinking", "blank_state", "board_info", "build_board_info", "estimate_scores",
    "exact_scores",
    "iter_action_values", "plan", "turns_left",
    "view_judge",
]

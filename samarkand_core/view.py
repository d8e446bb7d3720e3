"""What one player may see (boardgame.io's playerView), and guesses of the rest.

A PlayerView holds the public table and the viewer's own hand; other hands
appear only as counts, the draw and discard piles only as sizes, and the
random state not at all. Bots and the screen read views, never states.

While the holder of a goods card decides whether to sell it, only the holder
knows who is asked (docs/rules.md, Goods: a kept card stays secret): everyone
else sees the sale decision with `pending_holder` and `current_player` at -1.
With the sale at the holder's turn (SaleTiming.AT_HOLDERS_TURN, docs/rules.md,
Selling by link) the one asked is the turn player, so a question at all would
tell: everyone else sees the turn's start (MAIN, the turn player to move).
`sample_state` fills the hidden parts with one random guess consistent with
the view, which is what a search bot plays out.
"""

from __future__ import annotations

from dataclasses import dataclass

from .actions import Action
from .board import Board
from .engine import legal_actions
from .rng import Rng
from .state import MAIN, SELL, GameState, Options, Phase, SaleTiming


@dataclass(frozen=True, slots=True)
class PlayerView:
    board: Board
    viewer: int
    names: tuple[str, ...]
    limit: int
    money: tuple[int, ...]
    tiles: tuple[tuple[int, ...], ...]
    domain_tiles: tuple[int, ...]
    treasury: tuple[int, ...]
    camels_left: tuple[int, ...]
    markers_left: tuple[int, ...]
    occ: tuple[tuple[int, ...], ...]
    marker_owner: tuple[int, ...]
    goods_markers: tuple[tuple[int, ...], ...]
    rel_markers: tuple[tuple[tuple[int, bool], ...], ...]
    hand: tuple[int, ...]  # the viewer's own cards
    hand_sizes: tuple[int, ...]
    sold: tuple[tuple[int, ...], ...]  # face up, so public
    deck_size: int
    discard_size: int
    met: int
    bag: tuple[int, ...]  # the bag's contents are public: every drawn tile is shown
    removed: tuple[int, ...]
    married_mask: int
    phase: Phase
    turn_player: int
    current_player: int  # -1 for all but the holder while a card is up for sale
    turn: int
    exp_family: int
    placed: int
    drawn: int
    pending_good: int
    pending_holder: int  # -1 for all but the holder (see the module's docstring)
    pass_streak: int
    end_reason: str | None
    n_actions: int
    legal: tuple[Action, ...]  # the viewer's legal actions, empty when not deciding
    _state: GameState  # kept only to rebuild a full state in sample_state

    @property
    def n(self) -> int:
        return len(self.names)

    @property
    def is_over(self) -> bool:
        return self.end_reason is not None


def view_for(state: GameState, player: int) -> PlayerView:
    """What `player` may see of `state`."""
    deciding = state.current_player == player and not state.is_over
    # Who holds the card up for sale is the holder's secret (docs/rules.md, Goods).
    secret_sale = state.phase == SELL and state.pending_holder != player
    current = -1 if secret_sale else state.current_player
    holder = -1 if secret_sale else state.pending_holder
    phase, good = state.phase, state.pending_good
    if secret_sale and turn_sale(state):  # the turn player's question: not even that one
        phase, good, current = MAIN, 0, state.turn_player
    return PlayerView(
        board=state.board, viewer=player, names=state.names, limit=state.limit,
        money=tuple(state.money), tiles=tuple(state.tiles),
        domain_tiles=tuple(state.domain_tiles), treasury=tuple(state.treasury),
        camels_left=tuple(state.camels_left), markers_left=tuple(state.markers_left),
        occ=tuple(state.occ), marker_owner=tuple(state.marker_owner),
        goods_markers=tuple(state.goods_markers), rel_markers=tuple(state.rel_markers),
        hand=state.hands[player], hand_sizes=tuple(len(h) for h in state.hands),
        sold=tuple(state.sold),
        deck_size=len(state.deck), discard_size=len(state.discard),
        met=state.met, bag=tuple(sorted(state.bag)), removed=state.removed,
        married_mask=state.married_mask, phase=phase, turn_player=state.turn_player,
        current_player=current, turn=state.turn, exp_family=state.exp_family,
        placed=state.placed, drawn=state.drawn, pending_good=good,
        pending_holder=holder, pass_streak=state.pass_streak,
        end_reason=state.end_reason,
        n_actions=state.history.length if state.history else 0,
        legal=tuple(legal_actions(state)) if deciding else (),
        _state=_public_copy(state, player),
    )


def _public_copy(state: GameState, player: int) -> GameState:
    """A copy with every secret blanked, so a view never carries one.

    An engine step copy: its lists are shared with `state` (the ones holding secrets are
    replaced, not changed), like every state the engine makes (see GameState)."""
    s = state._step_copy()
    s.hands = [h if p == player else () for p, h in enumerate(state.hands)]
    s.deck = ()
    s.discard = ()
    s.rng = 0
    s.options = public_options(state)
    s.history = None
    s.bag = tuple(sorted(state.bag))
    if s.phase == SELL and s.pending_holder != player:
        if turn_sale(state):
            hide_turn_sale(s)
        else:
            s.pending_holder = -1  # sample_state deals the card to some other player
    return s


def public_options(state: GameState) -> Options:
    """The game's options with its seed blanked (the seed deals every card)."""
    o = state.options
    return Options(o.names, 0, o.first_player, o.sale_timing)


def turn_sale(state: GameState) -> bool:
    """A card is up for sale at its holder's turn (SaleTiming.AT_HOLDERS_TURN): the holder
    asked is the turn player."""
    return state.phase == SELL and state.options.sale_timing is not SaleTiming.AT_ONCE


def hide_turn_sale(s: GameState) -> None:
    """Make `s` (a copy) the turn's start as everyone but the holder sees it: the turn
    player to move, their questions done (as after their answers)."""
    s.phase = MAIN
    s.pending_good = 0
    s.pending_holder = -1
    s.asks = asks = list(s.asks)
    asks[s.turn_player] = ()
    s._legal = None


def hidden_cards(view: PlayerView) -> list[int]:
    """Cards the viewer cannot place: in other hands, the deck or the discard pile."""
    known = set(view.hand)
    for s in view.sold:
        known.update(s)
    return [g for g in range(1, view.board.n_goods + 1) if g not in known]


def sample_state(view: PlayerView, seed: int) -> GameState:
    """One full state consistent with `view`, hidden cards dealt at random.

    During a sale decision that the viewer does not know the holder of, the card
    up for sale goes to another player chosen at random, who then decides."""
    rng = Rng(seed)
    pool = hidden_cards(view)
    s = view._state._step_copy()  # (lists shared; hands is replaced below, not changed)
    hands = list(s.hands)
    holder = -1
    if s.phase == SELL and s.pending_holder < 0:
        others = [p for p in range(view.n) if p != view.viewer and view.hand_sizes[p]]
        holder = others[rng.below(len(others))]
        pool.remove(s.pending_good)
        s.pending_holder = holder
    rng.shuffle(pool)
    for p in range(view.n):
        if p != view.viewer:
            k = view.hand_sizes[p] - (p == holder)
            dealt = pool[:k] + ([s.pending_good] if p == holder else [])
            del pool[:k]
            hands[p] = tuple(sorted(dealt))
    s.hands = hands
    s.deck = tuple(pool[: view.deck_size])
    s.discard = tuple(pool[view.deck_size :])
    s.rng = rng.state
    return s

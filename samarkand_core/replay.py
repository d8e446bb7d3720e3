"""Replays: every position of a game, its turns, its moves and what the table saw.

    >>> from samarkand_core.replay import Replay
    >>> r = Replay.from_code(code)                      # or Replay.from_state(state)
    >>> r.state_at(12)                                   # the position after 12 actions
    >>> r.turn_starts                                    # first action of each turn
    >>> view = r.public_view(r.n_moves)                  # the last move, hands hidden

A game is a seed plus its actions, so a replay is the engine run again from the
start; every position is kept (a state is a handful of lists), so stepping back
and forth costs nothing.

Moves. A replay steps through *moves*, not raw actions: a move is one action
together with the sale decision it may have set off. The position between a camel
reaching a goods space and the holder's answer is never shown, because showing it
(or numbering the keep that follows it) would tell the table that somebody held the
card, and a kept card is its holder's secret (docs/rules.md, Goods). Move m ends at
action count ``positions[m]``; move 0 is the start. A saved game stopped while a
holder was deciding ends its replay at the move before.

Public information. ``public_view`` is what a spectator sees: every hand hidden,
who is asked to sell hidden; cards show only when sold (``sold``) and, at the end,
on the score sheet. ``show_all`` (hands, kept cards, discarded cards) is allowed
only for a finished game, where every hand is public: the game is over and its
score sheet shows the cards anyway.
"""

from __future__ import annotations

import dataclasses
import string
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .actions import Action, space_label
from .board import Board
from .engine import apply_action, start_of
from .events import (
    PRIVATE_EVENTS,
    BagDrawn,
    BonusPaid,
    CamelPlaced,
    CardsDiscarded,
    CardsDrawn,
    Discarded,
    Event,
    MoveEvent,
    RelMarkerTaken,
    SaleOffered,
    TreasuryPaid,
    TurnEnded,
)
from .savecode import decode_save
from .state import SELL, GameState
from .view import PlayerView, hide_turn_sale, public_options, turn_sale, view_for


class HiddenHandsError(ValueError):
    """Hands were asked for in a game that is not over: they stay hidden."""


@dataclass(frozen=True, slots=True)
class Move:
    """One step of a replay: actions ``first`` .. ``end - 1`` of turn ``turn``."""

    number: int  # 1, 2, ...
    first: int  # index of its first action (0-based)
    end: int  # the action count after it: the position it leads to
    turn: int  # the turn it belongs to
    player: int  # the player whose turn it is


class Replay:
    """Every position of one game, from its first state and its actions."""

    def __init__(self, initial: GameState, actions: Sequence[Action]) -> None:
        states = [initial]
        s = initial
        for action in actions:
            s = apply_action(s, action)
            states.append(s)
        self._states = states
        self.actions: tuple[Action, ...] = tuple(actions)
        # Positions a spectator may see: never one where a holder decides on a sale.
        self.positions: tuple[int, ...] = tuple(
            k for k, st in enumerate(states) if k == 0 or st.phase != SELL)
        starts = [0]
        for k in range(1, len(states)):
            if states[k].turn != states[k - 1].turn:
                starts.append(k)
        self.turn_starts: tuple[int, ...] = tuple(starts)
        self._move_of = {k: m for m, k in enumerate(self.positions)}

    # ------------------------------------------------------------------ building

    @classmethod
    def from_state(cls, state: GameState) -> Replay:
        """The replay of the game that led to `state` (replayed from its seed)."""
        return cls(start_of(state), state.actions)

    @classmethod
    def from_code(cls, code: str, board: Board | None = None) -> Replay:
        """The replay of a save code; SaveCodeError for anything that is not one."""
        return cls.from_state(decode_save(code, board))

    # ------------------------------------------------------------------ positions

    @property
    def initial(self) -> GameState:
        return self._states[0]

    @property
    def final(self) -> GameState:
        return self._states[-1]

    @property
    def board(self) -> Board:
        return self.initial.board

    @property
    def names(self) -> tuple[str, ...]:
        return self.initial.names

    @property
    def is_over(self) -> bool:
        return self.final.is_over

    @property
    def n_actions(self) -> int:
        return len(self.actions)

    @property
    def n_moves(self) -> int:
        return len(self.positions) - 1

    @property
    def n_turns(self) -> int:
        return len(self.turn_starts)

    def state_at(self, k: int) -> GameState:
        """The position after `k` actions (0 .. n_actions)."""
        if not 0 <= k <= self.n_actions:
            raise IndexError(f"a position from 0 to {self.n_actions}, not {k}")
        return self._states[k]

    def state_after_move(self, m: int) -> GameState:
        return self._states[self.positions[self.clamp(m)]]

    def clamp(self, m: int) -> int:
        return max(0, min(self.n_moves, m))

    def move(self, m: int) -> Move:
        """Move m (1 .. n_moves)."""
        if not 1 <= m <= self.n_moves:
            raise IndexError(f"a move from 1 to {self.n_moves}, not {m}")
        first, end = self.positions[m - 1], self.positions[m]
        before = self._states[first]
        return Move(m, first, end, before.turn, before.turn_player)

    def move_at(self, k: int) -> int:
        """The last move whose position is at or before action count `k`."""
        if k in self._move_of:
            return self._move_of[k]
        lo, hi = 0, self.n_moves
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if self.positions[mid] <= k:
                lo = mid
            else:
                hi = mid - 1
        return lo

    # ------------------------------------------------------------------ turns

    def turn_at_move(self, m: int) -> int:
        """The turn number shown at move m: the turn its position belongs to."""
        return self.state_after_move(m).turn

    def turn_start_move(self, turn: int) -> int:
        """The move at which turn `turn` (1 .. n_turns) begins."""
        t = max(1, min(self.n_turns, turn))
        return self.move_at(self.turn_starts[t - 1])

    def next_turn(self, m: int) -> int:
        """The move at which the next turn begins (or the last move)."""
        t = self.turn_at_move(m)
        if t >= self.n_turns:
            return self.n_moves
        return self.turn_start_move(t + 1)

    def prev_turn(self, m: int) -> int:
        """The start of this turn, or of the one before when already there."""
        m = self.clamp(m)
        t = self.turn_at_move(m)
        start = self.turn_start_move(t)
        if start < m:
            return start
        return self.turn_start_move(t - 1) if t > 1 else 0

    # ------------------------------------------------------------------ events

    def events(self, i: int, show_all: bool = False) -> list[Event]:
        """What action i (0-based) caused: public events only, unless show_all."""
        evs = self._states[i + 1].events
        if show_all:
            self._check_all()
            return [e for e in evs if type(e) is not SaleOffered]
        return [e for e in evs if e.kind not in PRIVATE_EVENTS]

    def move_events(self, m: int, show_all: bool = False) -> list[MoveEvent]:
        """The events of move m (see `events`), with TurnEnded for a turn ended without a
        second camel and, in show_all, CardsDiscarded (which cards)."""
        mv = self.move(m)
        out: list[MoveEvent] = []
        for i in range(mv.first, mv.end):
            if self.actions[i].kind == "end_turn":  # an action that causes no event
                out.append(TurnEnded(mv.player))
            out += self.events(i, show_all)
            if show_all and self.actions[i].kind == "discard":
                cards = tuple(getattr(self.actions[i], "cards", ()))
                if cards:
                    out.append(CardsDiscarded(mv.player, cards))
        return out

    def camels_of_turn(self, m: int) -> list[int]:
        """Spaces of the camels placed in the turn of move m, up to move m: what a board
        rings as new, as in the live game."""
        if self.clamp(m) == 0:
            return []
        turn = self.move(m).turn
        first = self.turn_starts[turn - 1]
        return [e.space for i in range(first, self.positions[m])
                for e in self.events(i) if type(e) is CamelPlaced]

    # ------------------------------------------------------------------ what is seen

    def public_view(self, m: int) -> PlayerView:
        """The table at move m as a spectator sees it (every hand hidden)."""
        return public_view(self.state_after_move(m))

    def hands_at(self, m: int) -> tuple[tuple[int, ...], ...]:
        """Every hand at move m: only for a finished game (HiddenHandsError otherwise)."""
        self._check_all()
        return tuple(self.state_after_move(m).hands)

    def _check_all(self) -> None:
        if not self.is_over:
            raise HiddenHandsError("hands stay hidden until the game is over")


def public_view(state: GameState) -> PlayerView:
    """A PlayerView of nobody: no hand, no legal actions, no holder named, no secrets kept
    inside it (its `_state` has every hand, both piles and the seed blanked)."""
    secret_sale = state.phase == SELL
    # (seen by a player who is not the holder: at the holder's turn, no question shows)
    base = view_for(state, (state.pending_holder + 1) % state.n if secret_sale else 0)
    blank = state.copy()
    blank.hands = [()] * state.n
    blank.deck = ()
    blank.discard = ()
    blank.rng = 0
    blank.options = public_options(state)
    blank.history = None
    if secret_sale:
        if turn_sale(state):
            hide_turn_sale(blank)
            secret_sale = False  # the turn player is shown to move, as at their turn's start
        else:
            blank.pending_holder = -1
    # How many actions the table saw: a kept card's answer is not one of them.
    seen = sum(1 for a in state.actions if a.kind != "keep")
    return dataclasses.replace(
        base, viewer=-1, hand=(), legal=(), n_actions=seen,
        current_player=-1 if secret_sale else base.current_player,
        pending_holder=-1, _state=blank,
    )


# ---------------------------------------------------------------------- words (English)


# The sentence of each kind of event whose words only name its fields, drawn from the
# data: {player:p} a player, {family:f} "the" and a family, {family:F} a family's bare
# name, {good:g} a good, {space:s} a space's label (DescribeFormatter); the other kinds are
# worded in describe_event.
SENTENCES = {
    "marry": "{player:p} marries into {family:f} and pays {portion} dirhams.",
    "reshuffle": "The discard pile is shuffled into a new draw pile of {cards} cards.",
    "treasury_pays": "The {family:F} pays {dirhams} dirham for the second camel.",
    "camel": "{player:p} places a camel of {family:f} on {space:s}.",
    "goods_marker": "{player:p} takes the goods marker of {good:g}.",
    "sell": "{holder:p} sells the {good:g} card for 3 dirhams.",
    "keep": "{holder:p} keeps the {good:g} card (secret during the game).",
    "relationship": "First meeting of {family:f} and {other:f}: a new trade relationship.",
    "pass": "{player:p} has no legal move and passes.",
    "end_turn": "{player:p} ends the turn.",
    "game_over": "The game is over: {reason}.",
}


class DescribeFormatter(string.Formatter):
    """Fills SENTENCES: the format spec names what an argument is (p, f, F, g or s)."""

    def __init__(self, board: Board, names: Sequence[str]) -> None:
        self.board = board
        self.names = names

    def format_field(self, value: Any, format_spec: str) -> str:
        board = self.board
        if format_spec == "p":
            return self.names[int(value)]
        if format_spec == "f":
            return f"the {board.family_names[int(value)]}"
        if format_spec == "F":
            return board.family_names[int(value)]
        if format_spec == "g":
            return board.good_names[int(value)]
        if format_spec == "s":
            return space_label(board, int(value))
        return str(super().format_field(value, format_spec))


def _cards(n: int, word: str = "card") -> str:
    return f"{n} {word}{'s' if n != 1 else ''}"


def describe_event(board: Board, names: Sequence[str], event: MoveEvent) -> str:
    """One event as an English sentence (the command line; the page has its own words)."""
    words = DescribeFormatter(board, names)
    sentence = SENTENCES.get(event.kind)
    if sentence is not None:
        fields = {f.name: getattr(event, f.name) for f in dataclasses.fields(event)}
        return words.format(sentence, **fields)
    match event:
        case CardsDrawn(player=p, count=0):
            return f"{names[p]} is at the hand limit and draws no cards."
        case CardsDrawn(player=p, count=n):
            return f"{names[p]} draws {_cards(n)}."
        case Discarded(player=p, count=0):
            return f"{names[p]} keeps every card."
        case Discarded(player=p, count=n):
            return f"{names[p]} discards {_cards(n)}."
        case CardsDiscarded(cards=cards):
            return f"(Discarded: {', '.join(board.good_names[c] for c in cards)}.)"
        case BonusPaid(player=p, dirhams=n):
            return f"{names[p]} receives {_cards(n, 'dirham')}."
        case RelMarkerTaken(player=p, family=f, green=green):
            colour = "the dark green" if green else "a grey"
            return words.format("{0:p} takes {1} relationship marker of {2:f}.", p, colour, f)
        case BagDrawn(family=f, onto_domain=onto):
            where = "goes onto its domain" if onto else "leaves the game"
            return words.format("Drawn from the bag: a tile of {0:f}; it {1}.", f, where)
    return f"({event.kind})"


def move_text(replay: Replay, m: int, show_all: bool = False) -> str:
    """Move m in English: its public events as sentences."""
    board, names = replay.board, replay.names
    return " ".join(describe_event(board, names, e) for e in reading_order(
        replay.move_events(m, show_all)))


def reading_order(events: Sequence[MoveEvent]) -> list[MoveEvent]:
    """The engine's events in the order a person tells them: the camel first, then what
    its family paid for it (the engine charges the second camel before placing it)."""
    out = list(events)
    for i in range(len(out) - 1):
        if type(out[i]) is TreasuryPaid and type(out[i + 1]) is CamelPlaced:
            out[i], out[i + 1] = out[i + 1], out[i]
    return out

"""What a click means: a small state machine over the rules engine.

The controller holds one game (a GameState, the full truth) and what the page
adds to it: which seats are bots, the family chosen for an expansion, the cards
ticked for a discard, whose hand may be shown (the pass-the-device screen), the
log, the camels placed last. Every move it makes is one of
``legal_actions(state)`` — the engine is the single judge — and it never shows a
hand to anyone but its owner: the drawing reads ``view_for(state, seat)``.

No browser here: the page (main.py) and the headless tests drive it the same way.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from samarkand_core import (
    PRIVATE_EVENTS,
    Action,
    Discard,
    EndTurn,
    GameState,
    IllegalActionError,
    Keep,
    Marry,
    Pass,
    Place,
    Sell,
    apply_action,
    legal_actions,
    new_game,
    view_for,
)
from samarkand_core.bots import LEVELS, make_bot
from samarkand_core.state import DISCARD, MAIN, MARKERS_PER_FAMILY, SECOND, SELL
from samarkand_core.view import PlayerView

HUMAN = "human"
SECOND_CAMEL_COST = 1
SALE_PRICE = 3


@dataclass(frozen=True, slots=True)
class LogLine:
    """One line of the game log, in no language yet: an i18n key and its values.

    Values named player/holder (seat), family/other (family index), space (space
    id) and good (good number) are turned into names when the line is shown.
    """

    turn: int
    key: str
    params: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Notice:
    """Something the table should notice now (a bag draw, a bot's move)."""

    key: str
    params: dict[str, Any] = field(default_factory=dict)


def seat_kind(seat: str) -> str:
    """'human' or a bot level; a level this build lacks plays as the first level (random)."""
    if seat == HUMAN:
        return HUMAN
    return seat if seat in LEVELS else LEVELS[0]


def events_to_log(turn: int, events: Sequence[tuple[str, tuple[object, ...]]]) -> list[LogLine]:
    """The engine's public events of one action as log lines (keys of i18n).

    Who was asked to sell a card and whether it was kept are the holder's secret
    (RULES-NOTES, Goods): those events never reach the log."""
    out: list[LogLine] = []
    for kind, args in events:
        if kind in PRIVATE_EVENTS:
            continue
        a: tuple[Any, ...] = tuple(args)
        if kind == "marry":
            out.append(LogLine(turn, "log.marry", {"player": a[0], "family": a[1], "n": a[2]}))
        elif kind == "draw":
            if a[1] == 0:
                out.append(LogLine(turn, "log.draw_none", {"player": a[0]}))
            else:
                out.append(LogLine(turn, "log.draw", {"player": a[0], "n": a[1]}))
        elif kind == "reshuffle":
            out.append(LogLine(turn, "log.reshuffle", {"n": a[0]}))
        elif kind == "discard":
            key = "log.discard_none" if a[1] == 0 else "log.discard"
            out.append(LogLine(turn, key, {"player": a[0], "n": a[1]}))
        elif kind == "treasury_pays":
            out.append(LogLine(turn, "log.second_camel_paid", {"family": a[0], "n": a[1]}))
        elif kind == "camel":
            out.append(LogLine(turn, "log.camel",
                               {"player": a[0], "family": a[1], "space": a[2]}))
        elif kind == "goods_marker":
            out.append(LogLine(turn, "log.goods_marker", {"player": a[0], "good": a[1]}))
        elif kind == "sell":
            out.append(LogLine(turn, "log.sell", {"holder": a[0], "good": a[1],
                                                   "n": SALE_PRICE}))
        elif kind == "relationship":
            out.append(LogLine(turn, "log.relationship", {"family": a[0], "other": a[1]}))
        elif kind == "bonus":
            out.append(LogLine(turn, "log.bonus", {"player": a[0], "n": a[1]}))
        elif kind == "rel_marker":
            key = "log.rel_marker_green" if a[2] else "log.rel_marker"
            out.append(LogLine(turn, key, {"player": a[0], "family": a[1]}))
        elif kind == "bag":
            key = "log.bag_domain" if a[1] else "log.bag_removed"
            out.append(LogLine(turn, key, {"family": a[0]}))
        elif kind == "pass":
            out.append(LogLine(turn, "log.pass", {"player": a[0]}))
        elif kind == "game_over":
            out.append(LogLine(turn, "log.game_over", {}))
    return out


def end_reason_key(state: GameState) -> tuple[str, dict[str, Any]]:
    """Why the game ended, as an i18n key (the engine's own text is English only)."""
    markers = state.markers_left
    for f, m in enumerate(markers):
        if m == 0:
            return "end.five", {"family": f}
    if all(m < MARKERS_PER_FAMILY for m in markers):
        return "end.all_met", {}
    return "end.no_moves", {}


class Controller:
    """One game on one device, with human and bot seats."""

    def __init__(self, state: GameState, seats: Sequence[str], *, replay_log: bool = True,
                 bot_seed: int | None = None) -> None:
        if len(seats) != state.n:
            raise ValueError(f"{state.n} players but {len(seats)} seats")
        self.state = state
        self.seats: tuple[str, ...] = tuple(seat_kind(s) for s in seats)
        self.selected_family: int | None = None
        self.discard_sel: set[int] = set()
        self.revealed: int | None = None
        self.log: list[LogLine] = []
        self.last_spaces: list[int] = []
        self._last_turn = -1
        self.notices: list[Notice] = []
        self.error: Notice | None = None
        self.recent: list[LogLine] = []  # what the last action did
        self.render_cache: dict[tuple[str, int], str] = {}  # log lines as HTML, by language
        seed = state.options.seed if bot_seed is None else bot_seed
        self.bots = {p: make_bot(level, seed * 7 + p) for p, level in enumerate(self.seats)
                     if level != HUMAN}
        self.thinking: Any = None
        self.decided = False  # the bot has finished thinking; its move is not played yet
        self.think_ms = 0.0
        if replay_log and state.history is not None:
            self._replay(state)
        self._after_change()

    # ------------------------------------------------------------------ construction

    @classmethod
    def new(cls, names: Sequence[str], seats: Sequence[str], seed: int,
            first: int | None = None) -> Controller:
        return cls(new_game(list(names), seed, first), seats)

    def _replay(self, final: GameState) -> None:
        """Rebuild the log (and the last camels) by replaying the game's actions."""
        s = new_game(list(final.names), final.options.seed, final.options.first_player,
                     board=final.board)
        for action in final.actions:
            turn = s.turn
            s = apply_action(s, action)
            self._record(turn, s)

    # ------------------------------------------------------------------ who decides

    @property
    def view(self) -> PlayerView:
        """The public view (with the revealed player's hand, if any). Without one it is the
        turn player's view, never the holder's of a card up for sale."""
        viewer = self.revealed if self.revealed is not None else self.state.turn_player
        return view_for(self.state, viewer)

    @property
    def humans(self) -> list[int]:
        return [p for p, s in enumerate(self.seats) if s == HUMAN]

    @property
    def deciding(self) -> int:
        return self.state.current_player

    @property
    def is_over(self) -> bool:
        return self.state.is_over

    def is_bot(self, seat: int) -> bool:
        return self.seats[seat] != HUMAN

    @property
    def bot_to_move(self) -> bool:
        return not self.is_over and self.is_bot(self.deciding)

    @property
    def shared_device(self) -> bool:
        """Several people take turns on this device: hands hide behind a curtain."""
        return len(self.humans) > 1

    @property
    def needs_curtain(self) -> bool:
        """A person must decide now whose hand is not on the screen."""
        return (not self.is_over and not self.is_bot(self.deciding)
                and self.revealed != self.deciding)

    @property
    def secret_sale(self) -> bool:
        """A goods card is up for sale and the screen must not say who holds it: only the
        holder may know (RULES-NOTES, Goods), and the holder's hand is not shown now."""
        return (self.state.phase == SELL and not self.is_over
                and self.revealed != self.state.pending_holder)

    def reveal(self) -> None:
        """The person asked for has the device: show their hand and their choices."""
        if not self.is_over and not self.is_bot(self.deciding):
            self.revealed = self.deciding
            self._auto_select()

    def hand_shown(self) -> int | None:
        """Whose hand the screen may show now (None: nobody's)."""
        return self.revealed

    def human_turn(self) -> bool:
        """A person decides now and the screen is theirs: choices may be offered."""
        return not self.is_over and not self.is_bot(self.deciding) and not self.needs_curtain

    # ------------------------------------------------------------------ what is legal

    def legal(self) -> list[Action]:
        if not self.human_turn():
            return []
        return legal_actions(self.state)

    def marry_families(self) -> list[str]:
        return [a.family for a in self.legal() if isinstance(a, Marry)]

    def expand_families(self) -> list[int]:
        """Families whose camel may be placed now (in order of the board)."""
        idx = self.state.board.family_index
        fams = sorted({idx[a.family] for a in self.legal() if isinstance(a, Place)})
        return fams

    def active_family(self) -> int | None:
        """The family a click on a space would place: the chosen one, or the second camel's."""
        if self.state.phase == SECOND:
            return self.state.exp_family
        return self.selected_family

    def legal_spaces(self) -> list[int]:
        f = self.active_family()
        if f is None:
            return []
        fid = self.state.board.family_ids[f]
        return sorted(a.space for a in self.legal() if isinstance(a, Place) and a.family == fid)

    def can_pass(self) -> bool:
        return any(isinstance(a, Pass) for a in self.legal())

    def can_end_turn(self) -> bool:
        return any(isinstance(a, EndTurn) for a in self.legal())

    def discard_range(self) -> tuple[int, int]:
        sizes = [len(a.cards) for a in self.legal() if isinstance(a, Discard)]
        return (min(sizes), max(sizes)) if sizes else (0, 0)

    def discard_choice(self) -> Discard | None:
        """The discard the ticked cards make, if it is a legal one."""
        want = tuple(sorted(self.discard_sel))
        for a in self.legal():
            if isinstance(a, Discard) and a.cards == want:
                return a
        return None

    def sale(self) -> tuple[int, int] | None:
        """(holder, good) while a goods card is offered for sale."""
        if self.state.phase == SELL:
            return self.state.pending_holder, self.state.pending_good
        return None

    # ------------------------------------------------------------------ clicks

    def click_family(self, fid: str) -> bool:
        """A click on a family's domain: marry into it, if that is legal now."""
        for a in self.legal():
            if isinstance(a, Marry) and a.family == fid:
                self._apply(a)
                return True
        self.error = Notice("error.cannot_marry", {"family": self._family(fid)})
        return False

    def select_family(self, fid: str) -> bool:
        """Choose the family whose trading route to expand (before clicking a space)."""
        f = self._family(fid)
        if f is None or f not in self.expand_families() or self.state.phase != MAIN:
            self.error = Notice("error.cannot_expand", {"family": f})
            return False
        self.selected_family = None if self.selected_family == f else f
        self.error = None
        return True

    def click_space(self, space: int) -> bool:
        """A click on a space: place a camel of the active family there, if legal."""
        f = self.active_family()
        if f is None:
            if self.human_turn() and self.state.phase == MAIN and self.expand_families():
                self.error = Notice("error.choose_family_first")
            return False
        fid = self.state.board.family_ids[f]
        for a in self.legal():
            if isinstance(a, Place) and a.family == fid and a.space == space:
                self._apply(a)
                return True
        if self.human_turn():
            self.error = Notice("error.cannot_place", {"family": f, "space": space})
        return False

    def end_turn(self) -> bool:
        return self._apply_kind(EndTurn)

    def pass_turn(self) -> bool:
        return self._apply_kind(Pass)

    def toggle_discard(self, card: int) -> bool:
        if self.state.phase != DISCARD or not self.human_turn():
            return False
        if card not in self.state.hands[self.deciding]:
            return False
        if card in self.discard_sel:
            self.discard_sel.discard(card)
        else:
            _, hi = self.discard_range()
            if len(self.discard_sel) >= hi:
                self.error = Notice("error.discard_at_most", {"n": hi})
                return False
            self.discard_sel.add(card)
        self.error = None
        return True

    def confirm_discard(self) -> bool:
        choice = self.discard_choice()
        if choice is None:
            lo, hi = self.discard_range()
            self.error = Notice("error.discard_range", {"lo": lo, "hi": hi})
            return False
        self._apply(choice)
        return True

    def sell(self) -> bool:
        return self._apply_kind(Sell)

    def keep(self) -> bool:
        return self._apply_kind(Keep)

    def _apply_kind(self, kind: type) -> bool:
        for a in self.legal():
            if isinstance(a, kind):
                self._apply(a)
                return True
        return False

    def _family(self, fid: str) -> int | None:
        return self.state.board.family_index.get(fid)

    # ------------------------------------------------------------------ bots

    def bot_start(self) -> None:
        """Let the bot whose turn it is start thinking (on its own view only)."""
        if not self.bot_to_move:
            self.thinking = None
            return
        seat = self.deciding
        self.think_ms = 0.0
        self.decided = False
        self.thinking = self.bots[seat].start(view_for(self.state, seat))

    def bot_step(self, max_ms: float) -> bool:
        """Think for about max_ms; True once the bot has decided."""
        if self.thinking is None:
            self.bot_start()
            if self.thinking is None:
                return False
        t0 = time.perf_counter()
        self.decided = bool(self.thinking.step(max_ms))
        self.think_ms += (time.perf_counter() - t0) * 1000
        return self.decided

    def bot_commit(self) -> Action | None:
        """Play the decided move; an illegal one (a bot bug) falls back to a legal one."""
        if self.thinking is None or not self.bot_to_move:
            self.thinking = None
            return None
        action = self.thinking.result()
        self.thinking = None
        self.decided = False
        seat = self.deciding
        try:
            self._apply(action, bot=True)
        except IllegalActionError:
            fallback = legal_actions(self.state)[0]
            self.log.append(LogLine(self.state.turn, "log.bot_illegal", {"player": seat}))
            self._apply(fallback, bot=True)
            return fallback
        return action

    def bot_move_now(self, max_ms: float = 1e9) -> Action | None:
        """Think and play in one go (tests, and the 'instant' speed)."""
        self.bot_start()
        while self.thinking is not None and not self.bot_step(max_ms):
            pass
        return self.bot_commit()

    # ------------------------------------------------------------------ applying

    def apply(self, action: Action) -> None:
        """Play an action for whoever decides now (the engine checks it)."""
        self._apply(action)

    def _apply(self, action: Action, bot: bool = False) -> None:
        turn = self.state.turn
        new = apply_action(self.state, action)  # raises IllegalActionError if not legal
        self.state = new
        self.notices = []
        before = len(self.log)
        self._record(turn, new)
        self.recent = self.log[before:]
        self._after_change()

    def _record(self, turn: int, s: GameState) -> None:
        for kind, args in s.events:
            if kind == "camel":
                if turn != self._last_turn:
                    self.last_spaces = []
                    self._last_turn = turn
                self.last_spaces.append(int(args[2]))  # type: ignore[call-overload]
            elif kind == "bag":
                self.notices.append(Notice("log.bag_domain" if args[1] else "log.bag_removed",
                                           {"family": args[0]}))
        self.log.extend(events_to_log(turn, s.events))

    def _after_change(self) -> None:
        s = self.state
        self.discard_sel = set()
        self.error = None
        if s.phase != MAIN:
            self.selected_family = None
        # The hand on the screen stays only while its owner keeps deciding. With several
        # people at the device a sale always asks for "whoever holds" the card behind the
        # curtain, even when that is the player whose turn it is: the screens then look
        # the same whoever holds it (RULES-NOTES, Goods).
        if self.revealed is not None and (
                s.is_over or self.revealed != s.current_player
                or (s.phase == SELL and self.shared_device)):
            self.revealed = None
        if len(self.humans) == 1 and not s.is_over:
            self.revealed = self.humans[0]  # nobody else at the device to hide it from
        self._auto_select()

    def _auto_select(self) -> None:
        """With only one family to expand, it is chosen already."""
        if self.state.phase == MAIN and self.human_turn():
            fams = self.expand_families()
            self.selected_family = fams[0] if len(fams) == 1 else None

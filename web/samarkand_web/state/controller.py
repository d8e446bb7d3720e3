"""What a click means: a small state machine over the rules engine.

The controller holds one game (a GameState, the full truth) and what the page
adds to it: which seats are bots, the family chosen for an expansion, the cards
ticked for a discard, whose hand may be shown (the pass-the-device screen), the
log, the turns played (for the recap "since your last turn"), the camels placed
last. Every move it makes is one of ``legal_actions(state)`` — the engine is the
single judge — and it never shows a hand to anyone but its owner: the drawing
reads ``view_for(state, seat)``.

Take back: a person's clicks are moves on ``state`` (what the screen
shows) that stay pending, and can be taken back one by one, until they commit
into ``committed`` (what is saved and shared). A move commits when hidden
information comes out: a marriage once its cards are drawn (it waits for
"draw the cards" until then), a camel that takes a goods marker (whoever holds
the card is asked, and whether anyone is asked tells where the card is), a
discard, a sale or a keep; and all pending moves commit when the person ends
the turn. A placement after which the engine ends the turn waits for the
person's "End turn" (``held``), so the second camel and its dirham, or a
last camel, can be taken back too. Bots' moves commit at once.

A goods marker taken (docs/rules.md, Goods: only a sale is public). A bot that holds
the card decides at once, within the move that took the marker: no step of its own,
no pause, nothing on the screen unless it sells. One person with bots is asked only
when they hold the card. With several people at the device every goods marker taken
opens one public "sale window" (``window``), the same whoever holds the card, a bot
that kept it or nobody: "No sale" (a person holder keeps it) or "I hold it: sell"
(which person; a claim by someone else is refused). Meanwhile ``state`` is the
window's public picture of the game (``SaleWindow.shown``) and the game itself waits
in ``SaleWindow.real``.

No browser here: the page (main.py) and the headless tests drive it the same way.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from samarkand_core import (
    DISCARD,
    MAIN,
    SELL,
    Action,
    EndTurn,
    GameState,
    IllegalActionError,
    Keep,
    Marry,
    Pass,
    Place,
    SaleTiming,
    Sell,
    Termination,
    apply_action,
    first_revealing,
    legal_actions,
    new_game,
    outcome,
    start_of,
    view_for,
)
from samarkand_core.bots import LEVELS, Thinking, make_bot
from samarkand_core.events import (
    BagDrawn,
    CamelPlaced,
    CardsDrawn,
    Event,
    Kept,
    Married,
    SaleOffered,
    Sold,
)
from samarkand_core.rules import SALE_PRICE, SECOND_CAMEL_COST
from samarkand_core.view import hide_turn_sale
from samarkand_web.state.choices import HUMAN, Choices
from samarkand_web.state.gamelog import LogLine, Notice, events_to_log
from samarkand_web.state.recap import TurnRecord, record_action
from samarkand_web.state.sale_window import SaleWindow, goods_taken, sale_picture

__all__ = ["HUMAN", "SALE_PRICE", "SECOND_CAMEL_COST", "Controller", "LogLine", "Notice",
           "end_reason_key", "events_to_log", "seat_kind"]

# The i18n key of each way a game ends (family_out_of_markers names the family: "end.five").
END_KEYS = {Termination.NO_DARK_GREEN_MARKER: "end.all_met",
            Termination.FAMILY_OUT_OF_MARKERS: "end.five",
            Termination.ALL_PASSED: "end.no_moves"}

# Why a person's move can no longer be taken back (i18n keys), by the kind of the first
# event that revealed hidden information (the core says which: REVEALING_EVENTS).
REFUSAL_BY_EVENT = {"draw": "takeback.no_cards", "reshuffle": "takeback.no_cards",
                    "discard": "takeback.no_cards", "goods_marker": "takeback.no_goods",
                    "sale_offer": "takeback.no_goods", "keep": "takeback.no_goods",
                    "sell": "takeback.no_goods", "bag": "takeback.no_bag"}


@dataclass(frozen=True, slots=True)
class _Step:
    """What the screen was before one pending move (restored by take back)."""

    state: GameState
    selected_family: int | None
    log_len: int
    turns: tuple[TurnRecord, ...]
    latest_spaces: tuple[int, ...]
    latest_families: tuple[int, ...]
    recent: tuple[LogLine, ...]
    last_camels: tuple[int, ...]
    last_turn: int


def seat_kind(seat: str) -> str:
    """'human' or a bot level; a level this build lacks plays as the first level (random)."""
    if seat == HUMAN:
        return HUMAN
    return seat if seat in LEVELS else LEVELS[0]


def end_reason_key(state: GameState) -> tuple[str, dict[str, Any]]:
    """Why the game ended, as an i18n key: the core's termination (samarkand_core.outcome;
    the engine's own text is English only)."""
    ended = outcome(state)
    if ended is None:
        raise ValueError("the game is not over")
    if ended.termination is Termination.FAMILY_OUT_OF_MARKERS:
        return "end.five", {"family": ended.family}
    return END_KEYS[ended.termination], {}


class Controller(Choices):
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
        self._last_camels: list[int] = []  # camels of the latest turn that placed any
        self._last_turn = -1
        self.turns: list[TurnRecord] = []  # every turn so far, public events only
        self.latest_spaces: tuple[int, ...] = ()  # where the latest move put camels
        self.latest_families: tuple[int, ...] = ()  # whom the latest move married into
        # for the motion of the hand and the money (play.css): the cards the latest
        # draw brought into its player's hand, until that player's next turn (shown only
        # in that hand), and the players whose money the latest move changed (public)
        self.drawn_now: tuple[int, frozenset[int]] = (-1, frozenset())
        self.money_moved: frozenset[int] = frozenset()
        # take back: the saved game, the pending moves, a chosen marriage, a held turn end
        self.committed = state
        self.commits = 0
        self._steps: list[_Step] = []
        self.pending_marriage: int | None = None
        self.held: int | None = None
        self.refusal: str | None = None  # why the person's turn so far cannot be taken back
        self.notices: list[Notice] = []
        self.error: Notice | None = None
        self.recent: list[LogLine] = []  # what the last action did
        self.render_cache: dict[tuple[str, int], str] = {}  # log lines as HTML, by language
        seed = state.options.seed if bot_seed is None else bot_seed
        self.bots = {p: make_bot(level, seed * 7 + p) for p, level in enumerate(self.seats)
                     if level != HUMAN}
        self.thinking: Thinking | None = None
        self.decided = False  # the bot has finished thinking; its move is not played yet
        self.think_ms = 0.0
        self.window: SaleWindow | None = None  # hotseat: the sale window (see above)
        # (before, after) the latest camel that took a goods marker, until its sale is
        # settled: the window's public picture is made from them
        self._taken: tuple[GameState, GameState] | None = None
        self._step_events: tuple[Event, ...] = ()  # what the latest action itself caused
        # the sale at the holder's turn (a game by link: docs/rules.md, Selling by link):
        # the goods asked about (or answered) in the turn `_asked_turn` (see questions)
        self.deferred = state.options.sale_timing is SaleTiming.AT_HOLDERS_TURN
        self._asked: list[int] = []
        self._asked_turn = -1
        if replay_log and state.history is not None:
            self._replay(state)
        if state.phase == SELL and self.is_bot(state.pending_holder) and not state.is_over:
            self._bot_sale()  # a game saved before bots sold at once
            self._commit()
        self._open_window()  # (also for a game that was left in its sale window)
        self._after_change()

    # ------------------------------------------------------------------ construction

    @classmethod
    def new(cls, names: Sequence[str], seats: Sequence[str], seed: int,
            first: int | None = None) -> Controller:
        return cls(new_game(list(names), seed, first), seats)

    def _replay(self, final: GameState) -> None:
        """Rebuild the log (and the last camels) by replaying the game's actions."""
        s = start_of(final)  # (its players, seed, map and rules variant)
        for action in final.actions:
            before = s
            s = apply_action(s, action)
            # each move's notes replace the last's, as they do in play (_advance): the
            # game opened again says the bag draw of its last move only, not all of them
            self.notices = []
            self._record(before, s)
            self._note_taken(before, s)
        self.latest_spaces = ()
        self.latest_families = ()
        self.drawn_now, self.money_moved = (-1, frozenset()), frozenset()

    # ------------------------------------------------------------------ the device

    def reveal(self) -> None:
        """The person asked for has the device: show their hand and their choices."""
        if not self.is_over and self.window is None and not self.is_bot(self.deciding):
            self.revealed = self.deciding
            self._auto_select()

    # ------------------------------------------------------------------ clicks

    def click_family(self, fid: str) -> bool:
        """A click on a family's domain: choose to marry into it, if that is legal now.
        The marriage waits for confirm_marriage() (its cards are drawn then), so that it
        can be taken back until they are shown."""
        for a in self.legal():
            if isinstance(a, Marry) and a.family == fid:
                self.pending_marriage = self._family(fid)
                self.error = None
                return True
        self.error = Notice("error.cannot_marry", {"family": self._family(fid)})
        return False

    def confirm_marriage(self) -> bool:
        """Marry into the chosen family: pay, draw the cards (this commits the turn)."""
        f = self.pending_marriage
        if f is None or not self.human_turn():
            return False
        self.pending_marriage = None
        fid = self.state.board.family_ids[f]
        for a in self.legal():
            if isinstance(a, Marry) and a.family == fid:
                self._play(a)
                return True
        return False

    def select_family(self, fid: str) -> bool:
        """Choose the family whose trading route to expand (before clicking a space)."""
        f = self._family(fid)
        if f is None or f not in self.expand_families() or self.state.phase != MAIN:
            self.error = Notice("error.cannot_expand", {"family": f})
            return False
        if self.pending_marriage is not None or self.held is not None:
            self.error = Notice("error.cannot_expand", {"family": f})
            return False
        only = len(self.expand_families()) == 1  # the only family stays chosen
        self.selected_family = None if self.selected_family == f and not only else f
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
                self._play(a)
                return True
        if self.human_turn():
            self.error = Notice("error.cannot_place", {"family": f, "space": space})
        return False

    def end_turn(self) -> bool:
        """End the turn: after the first camel (the engine's EndTurn), or confirm a turn
        that the engine ended already (held); either way everything pending commits."""
        if self.held is not None:
            if not self.can_end_turn():
                return False
            self._commit()
            self._after_change()
            return True
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
        self._play(choice)
        return True

    def sell(self) -> bool:
        return self._apply_kind(Sell)

    def keep(self) -> bool:
        return self._apply_kind(Keep)

    def _apply_kind(self, kind: type) -> bool:
        for a in self.legal():
            if isinstance(a, kind):
                self._play(a)
                return True
        return False

    # ------------------------------------------------------------------ take back

    def can_take_back(self) -> bool:
        """The person deciding has something of this turn to take back: a pending move,
        a marriage waiting for its cards, or (with a choice of families) the family
        chosen to expand."""
        if not self.human_turn() or self.deciding != self._turn_owner():
            return False
        return bool(self._steps) or self.pending_marriage is not None or (
            self.state.phase == MAIN and self.selected_family is not None
            and len(self.expand_families()) > 1)

    def take_back_refusal(self) -> str | None:
        """Why nothing can be taken back now (an i18n key), when the person has done
        something this turn that hidden information has already sealed."""
        if self.can_take_back() or not self.human_turn():
            return None
        return self.refusal

    def take_back(self) -> bool:
        """Undo the person's latest decision of this turn; False (with the reason as the
        error) when there is none that may be undone."""
        if not self.can_take_back():
            key = self.take_back_refusal() or "takeback.nothing"
            self.error = Notice(key) if self.human_turn() else None
            return False
        self.error = None
        if self.pending_marriage is not None:
            self.pending_marriage = None
            return True
        if not self._steps:
            self.selected_family = None
            return True
        step = self._steps.pop()
        self.state = step.state
        self.held = None
        del self.log[step.log_len:]
        for cached in [k for k in self.render_cache if k[1] >= step.log_len]:
            del self.render_cache[cached]
        self.turns[:] = step.turns
        self.latest_spaces = step.latest_spaces
        self.latest_families = step.latest_families
        self.recent = list(step.recent)
        self._last_camels = list(step.last_camels)
        self._last_turn = step.last_turn
        self.notices = []
        self.discard_sel = set()
        self.selected_family = step.selected_family
        return True

    def restore_pending(self, places: Sequence[Place]) -> int:
        """Place again, as pending moves, the person's camels that were placed and not
        confirmed before the page was reloaded (saves/pending.py): they can be confirmed
        or taken back as before. Stops at the first that is not legal now; returns how
        many were placed."""
        done = 0
        while places and self.deferred and self.window is not None and (
                self.window.real.phase != SELL):
            # camels placed at this turn's start came after its questions (the person was
            # asked first): those the engine no longer asks were answered before the
            # reload (a keep or a sale is in the save), so they are not asked again
            w = self._close_window()
            self._asked.append(w.good)
            self._after_change()
        if self.state is not self.committed or self.window is not None:
            return 0
        for place in places:
            if self.is_over or self.is_bot(self.deciding) or place not in legal_actions(
                    self.state):
                break
            self._play(place)
            done += 1
        return done

    def _step(self) -> _Step:
        return _Step(self.state, self.selected_family, len(self.log), tuple(self.turns),
                     self.latest_spaces, self.latest_families, tuple(self.recent),
                     tuple(self._last_camels), self._last_turn)

    def _commit(self) -> None:
        """Everything on the screen becomes the saved game."""
        self.committed = self.state
        self.commits += 1
        self._steps.clear()
        self.held = None
        self.pending_marriage = None

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
        """Play an action for whoever decides now (the engine checks it) and commit it
        with anything pending: for bots, tests and scripts, which take nothing back."""
        self._apply(action)

    def _apply(self, action: Action, bot: bool = False) -> None:
        self.pending_marriage = None
        self.held = None
        self._advance(action)
        self._commit()
        self._open_window()
        self._after_change()

    def _play(self, action: Action) -> None:
        """A person's move: pending (can be taken back) unless hidden information comes
        out with it; a turn the engine ends waits for "End turn"."""
        step = self._step()
        owner = self.state.turn_player
        new = self._advance(action)
        events = new.events
        if new.turn != step.state.turn:
            # a question at the next player's turn (the sale at the holder's turn, by
            # link) is the holder's secret, and so is a bot's keep of it at once: they
            # seal nothing of this move, which waits for "End turn" as it would with no
            # question; a bot's sale is public (docs/rules.md, Selling by link)
            events = tuple(e for e in self._step_events if type(e) is not SaleOffered)
            if new.events is not self._step_events:
                events += tuple(e for e in new.events if type(e) is Sold)
        revealing = first_revealing(events)
        refusal = None if revealing is None else REFUSAL_BY_EVENT[revealing]
        if refusal is not None or not isinstance(action, Place):
            self._commit()
            if self.state.turn_player == owner and not self.state.is_over:
                self.refusal = refusal  # the turn goes on, sealed so far
        else:
            self._steps.append(step)
            if new.turn != step.state.turn or new.is_over:
                self.held = owner
        self._open_window()
        self._after_change()

    def _advance(self, action: Action) -> GameState:
        """Play `action` on the screen's game; a bot that holds the card of a goods
        marker it takes decides at once, as part of the same move (docs/rules.md, Goods:
        the table must not see a step that only a holder would cause)."""
        if isinstance(action, (Sell, Keep)):
            self._decide(action)
            self._step_events = self.state.events
            return self.state
        before = self.state
        new = apply_action(before, action)  # raises IllegalActionError if not legal
        self._step_events = new.events  # (the action's own, before a bot's sale below)
        if new.turn != before.turn:  # a new turn starts with nothing chosen or sealed
            self.refusal = None
            self.selected_family = None
        self.state = new
        self.notices = []
        start = len(self.log)
        self._record(before, new)
        self.recent = self.log[start:]
        self._note_taken(before, new)
        if new.phase == SELL and self.is_bot(new.pending_holder):
            self._bot_sale()
        return self.state

    def _note_taken(self, before: GameState, new: GameState) -> None:
        """Remember the camel that took a goods marker until its sale is settled (a sale
        is public: no window follows it)."""
        if goods_taken(new) is not None:
            self._taken = (before, new)
        elif any(type(e) is Sold for e in new.events) or not any(
                type(e) is Kept for e in new.events):
            self._taken = None

    def _bot_sale(self) -> None:
        """The bot that holds the card up for sale decides now, on its own view, with
        no step, pause or line of its own: only a sale shows."""
        s = self.state
        holder = s.pending_holder
        thinking = self.bots[holder].start(view_for(s, holder))
        while not thinking.step(1e9):
            pass
        action = thinking.result()
        if action not in legal_actions(s):  # a bot's bug: it keeps (nothing shows)
            action = Keep(good=s.pending_good)
        self._decide(action)

    def _decide(self, action: Action) -> None:
        """A sale or a keep: said (if public) with the move that took the marker, whose
        camels stay the latest move's (a keep must change nothing the table sees)."""
        before = self.state
        recent = self.recent
        spaces, families = self.latest_spaces, self.latest_families
        moved = self.money_moved
        self.state = new = apply_action(before, action)
        start = len(self.log)
        self._record(before, new)
        self.recent = recent + self.log[start:]
        self.latest_spaces, self.latest_families = spaces, families
        self.money_moved |= moved  # a keep (it moves no money) leaves the move's as they were
        self._note_taken(before, new)
        if new.turn != before.turn:
            self.refusal = None
            self.selected_family = None

    def _record(self, before: GameState, s: GameState) -> None:
        turn = before.turn
        spaces: list[int] = []
        families: list[int] = []
        for e in s.events:
            if isinstance(e, CamelPlaced):
                if turn != self._last_turn:
                    self._last_camels = []
                    self._last_turn = turn
                self._last_camels.append(e.space)
                spaces.append(e.space)
            elif isinstance(e, Married):
                families.append(e.family)
            elif isinstance(e, BagDrawn):
                self.notices.append(Notice("log.bag_domain" if e.onto_domain
                                           else "log.bag_removed", {"family": e.family}))
        if s.turn != before.turn and s.turn_player == self.drawn_now[0]:
            self.drawn_now = (-1, frozenset())  # the drawer's next turn: old news
        for e in s.events:
            if isinstance(e, CardsDrawn):
                self.drawn_now = (e.player, frozenset(s.hands[e.player])
                                  - frozenset(before.hands[e.player]))
        self.money_moved = frozenset(p for p in range(s.n) if s.money[p] != before.money[p])
        lines = events_to_log(turn, s.events)
        self.log.extend(lines)
        record_action(self.turns, before, s, lines)
        self.latest_spaces = tuple(spaces)
        self.latest_families = tuple(families)

    # ------------------------------------------------------------------ the sale window

    def _open_window(self) -> None:
        """With several people at the device: after a goods marker is taken (and not sold
        by a bot), the public sale window, drawn from the same picture whoever holds the
        card. Lines that the engine wrote after the marker's (the game's end) wait until
        the window closes, as they would after a holder's keep."""
        taken, self._taken = self._taken, None
        if taken is None or self.window is not None or not self._wants_window(taken):
            return
        before, placed = taken
        good = goods_taken(placed)
        assert good is not None
        cut = max(i for i, ln in enumerate(self.log) if ln.key == "log.goods_marker") + 1
        rcut = max((i + 1 for i, ln in enumerate(self.recent) if ln.key == "log.goods_marker"),
                   default=0)
        tail = tuple(self.log[cut:])
        turns = tuple(self.turns)
        if tail:
            del self.log[cut:]
            for stale in [k for k in self.render_cache if k[1] >= cut]:
                del self.render_cache[stale]
            last = self.turns[-1]
            self.turns[-1] = TurnRecord(last.turn, last.player, last.lines[:-len(tail)],
                                        last.money_before, last.money_after, last.spaces,
                                        last.families)
        self.window = SaleWindow(good, self.state, sale_picture(before, placed, good), tail,
                                 tuple(self.recent[:rcut]), tuple(self.recent[rcut:]), turns,
                                 self.latest_spaces, self.latest_families)
        self.recent = list(self.recent[:rcut])
        self.state = self.window.shown
        self.revealed = None
        self.selected_family = None

    def _wants_window(self, taken: tuple[GameState, GameState]) -> bool:
        """Whether the marker just taken (`taken`: the camel's before and after) opens
        the window here: with several people at the device, always (a game by link asks
        round its devices: state/remote.py), unless the game sells at the holder's turn
        (then the window opens as each turn begins: questions)."""
        return self.shared_device and not self.deferred

    # ------------------------------------------------------------------ at the holder's turn

    def questions(self, seat: int | None = None) -> list[int]:
        """A game that sells at the holder's turn (docs/rules.md, Selling by link): the
        goods the player whose turn begins (`seat`: only theirs) is still to be asked
        about, in the order their markers were taken: at the start of their turn (no move
        of it made but a sale or a keep), every marker taken since their last turn began
        (the log's, public), less those answered this turn and those sold. Empty
        otherwise."""
        s = self.state
        if (not self.deferred or s.is_over or (seat is not None and s.turn_player != seat)
                or s.phase not in (MAIN, SELL) or s.placed or s.married_now
                or s is not self.committed):
            return []
        if self._asked_turn != s.turn:
            self._asked_turn, self._asked = s.turn, []
        since = s.turn - s.n  # the turn this player's last one was (0 or less: none)
        goods = [int(ln.params["good"]) for ln in self.log
                 if ln.key == "log.goods_marker" and since <= ln.turn < s.turn]
        sold = {g for cards in s.sold for g in cards}  # (a sale is public: nothing to ask)
        return [g for g in goods if g not in self._asked and g not in sold]

    def _ask_question(self, seat: int | None = None) -> int | None:
        """Open the public window of the next question (if any; its good): the screen
        shows the turn's start as everyone sees it (the engine's question, where the
        player holds the card, is hidden: view.hide_turn_sale), the same whoever holds
        it. At one device it is the sale window (a game by link opened here without its
        record: the turn player alone may hold the card, so "No sale" or a claim)."""
        goods = self.questions(seat)
        if not goods:
            return None
        real = self.state
        shown = real.copy()
        if shown.phase == SELL:
            hide_turn_sale(shown)
        self.window = SaleWindow(goods[0], real, shown, (), tuple(self.recent), (),
                                 tuple(self.turns), self.latest_spaces, self.latest_families)
        self.state = shown
        self.selected_family = None
        self.revealed = None
        return goods[0]

    def _keep_unsaid(self, good: int) -> None:
        """The player whose turn begins keeps the card of `good` (the engine's question):
        said by nobody, so no record of a turn begun either (which would end the marks of
        the camels placed since their last turn, as a move of theirs does)."""
        turns = list(self.turns)
        self._decide(Keep(good=good))
        self._commit()
        self.turns[:] = turns

    def _close_window(self) -> SaleWindow:
        w = self.window
        assert w is not None
        self.window = None
        self.state = w.real
        self.log.extend(w.log_tail)
        self.turns[:] = w.turns
        self.recent = list(w.recent + w.recent_tail)
        self.latest_spaces, self.latest_families = w.latest_spaces, w.latest_families
        self.error = None
        return w

    def sale_ask(self, asking: bool) -> bool:
        """"I hold it: sell" (the names of the people are offered), or back."""
        if self.window is None:
            return False
        self.window.asking = asking
        self.error = None
        return True

    def sale_pass(self) -> bool:
        """"No sale, play on": a person who holds the card keeps it; when a bot kept it
        or nobody holds it, the game simply goes on. The same step in every case."""
        if self.window is None:
            return False
        w = self._close_window()
        if self.deferred:  # the turn player's question: a keep if they hold the card
            self._asked.append(w.good)
            if self.state.phase == SELL and self.state.pending_good == w.good:
                self._keep_unsaid(w.good)
        elif self.state.phase == SELL:  # a person holds it and keeps it
            self._decide(Keep(good=w.good))
            self._commit()
        self._after_change()
        return True

    def sale_claim(self, seat: int) -> bool:
        """A person says they hold the card and sell it: the sale, public, if they do;
        else the window says they do not hold it (all a false claim tells a table)."""
        w = self.window
        if w is None or seat not in self.humans:
            return False
        real = w.real
        if not (real.phase == SELL and real.pending_holder == seat
                and real.pending_good == w.good):
            w.asking = False
            self.error = Notice("sale.not_holder", {"player": seat})
            return False
        self._close_window()
        return self._sell_asked(w.good)

    def _sell_asked(self, good: int) -> bool:
        """The holder's sale, said in answer to the window or round just closed."""
        self._asked.append(good)
        self._decide(Sell(good=good))
        self._commit()
        self._after_change()
        return True

    # ------------------------------------------------------------------ after a change

    def _after_change(self) -> None:
        s = self.state
        self.discard_sel = set()
        self.error = None
        if s.phase != MAIN:
            self.selected_family = None
        # The hand on the screen stays only while its owner keeps deciding. With several
        # people at the device no hand shows in the sale window (a public screen), and
        # after it the next person takes the device again, whoever held the card.
        if self.revealed is not None and self.held is None and (
                s.is_over or self.revealed != s.current_player or self.window is not None):
            self.revealed = None
        if len(self.humans) == 1 and not s.is_over:
            self.revealed = self.humans[0]  # nobody else at the device to hide it from
        if self.deferred and self.shared_device and self.window is None:
            self._ask_question()  # (a game by link opened at one device)
        self._auto_select()

    def _auto_select(self) -> None:
        """With only one family to expand, it is chosen already."""
        if self.state.phase == MAIN and self.human_turn() and self.held is None:
            fams = self.expand_families()
            if len(fams) == 1:
                self.selected_family = fams[0]
            elif self.selected_family not in fams:
                self.selected_family = None

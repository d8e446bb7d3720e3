"""A game played by link (saves/remote.py) on one of its devices: the controller of the
person whose device this is.

Unlike a game at one device, there is nobody else at this screen: no curtain. The
screen always shows this person's own view (their hand, the recap since their last
turn); they decide only for their own seat, bots play wherever the turn is, and when a
person on another device decides next the page offers the link (``waiting_for``).

A goods marker taken (docs/rules.md, Goods: only a sale is public) starts a *sale round*:
whoever holds the card (a person anywhere, the mover, a bot, or nobody), the public
question "whoever holds this card may sell it now" is asked on the device where the
marker was taken, then goes by link to every other person in turn (``SaleRound``). Each
device shows the game as the table saw it when the marker was taken (the hotseat's sale
window, state/sale_window.py, with its public picture): the holder's device offers Sell
or Keep, every other device only "Pass on", and then the link to the next person. So the
links, their recipients and every screen of the mover and of the others are the same
wherever the card is; a sale is public and ends the round at once. The round's order
ends where play goes on (one link saved), so it needs nothing but public facts; where a
round stands on a device opened from a link is read from the game's sends (``sale`` is
set on a send that asks the question).

That is the rule of the games by link started before the variant (they keep it). A game
by link started now is played with the sale at the holder's turn (SaleTiming
.AT_HOLDERS_TURN, docs/rules.md, Selling by link): no round, one link a turn. When this
device's person's turn begins, the same panel asks about every goods marker taken since
their last turn began, one after the other (``questions``), whoever holds the card: Sell
or Keep on the holder's device (the engine asks it then), "Go on" on every other;
meanwhile the screen shows the turn's start as everyone else sees it (a SaleWindow whose
picture hides the question), then the person plays.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from samarkand_core import SELL, GameState, Keep, apply_action
from samarkand_core.events import Sold
from samarkand_web.saves.remote import Send
from samarkand_web.state.controller import HUMAN, Controller
from samarkand_web.state.gamelog import LogLine
from samarkand_web.state.sale_window import goods_taken


@dataclass(slots=True)
class SaleRound:
    """The sale round of the latest goods marker, as this device takes part in it."""

    good: int
    taken: tuple[GameState, GameState]  # the camel's move that took the marker (the picture)
    origin: int  # the person on whose device the marker was taken: asked first
    order: tuple[int, ...]  # the people asked, in order, the origin first
    goes_on: int | None  # the person whose device plays on after it (None: the game is over)
    answered: bool = False  # this device's person has answered (passed on, kept or sold)

    def after(self, seat: int) -> int | None:
        """Whom the game goes to after `seat` answered (None: it goes on at `seat`)."""
        i = self.order.index(seat)
        if i + 1 < len(self.order):
            return self.order[i + 1]
        return self.origin if self.goes_on == self.origin != seat else None

    def asks_after(self, seat: int) -> bool:
        """Is the link after `seat`'s answer a question (not the way back to the origin)?"""
        return self.order.index(seat) + 1 < len(self.order)


def play_goes_on(real: GameState, seats: Sequence[str]) -> int | None:
    """The person whose device plays on once the sale of the marker just taken is settled
    (the first person from the next decider on; bots play on that device), None if the
    game is over then. Public: a keep and a sale lead to the same next decider, and a
    card up for sale is settled here as kept, so it is the same wherever the card is."""
    s = apply_action(real, Keep(good=real.pending_good)) if real.phase == SELL else real
    if s.is_over:
        return None
    p = s.current_player
    return next(((p + k) % s.n for k in range(s.n) if seats[(p + k) % s.n] == HUMAN), None)


def round_order(seats: Sequence[str], origin: int, goes_on: int | None) -> tuple[int, ...]:
    """The origin, then every other person in seat order, ending where play goes on when
    that is another person's device (else in seat order from the origin)."""
    n = len(seats)
    start = origin if goes_on is None or goes_on == origin else goes_on
    others = sorted((p for p in range(n) if seats[p] == HUMAN and p != origin),
                    key=lambda p: (p - start - 1) % n)
    return (origin, *others)


class RemoteController(Controller):
    def __init__(self, state: GameState, seats: Sequence[str], local: int,
                 sends: Sequence[Send] = ()) -> None:
        if not (0 <= local < state.n):
            raise ValueError(f"no seat {local + 1} in a game of {state.n}")
        # read by _after_change and _wants_window, which the constructor calls
        self.local = local
        self.sends = tuple(sends)  # the game's sends when it was opened here
        self.round: SaleRound | None = None
        self._reopen = False
        super().__init__(state, seats)

    @property
    def shared_device(self) -> bool:
        return False  # one person at this screen: no curtain

    @property
    def needs_curtain(self) -> bool:
        return False

    def reveal(self) -> None:
        return None

    def human_turn(self) -> bool:
        """Only this device's person decides here (a bot's move is played, not chosen)."""
        return not self.is_over and self.window is None and self.deciding == self.local

    def recap_seat(self) -> int | None:
        return self.local

    def _after_change(self) -> None:
        super()._after_change()
        if self.deferred and self.window is None:
            self._ask()
        self.revealed = None if self.state.is_over else self.local

    # ------------------------------------------------------------------ at the holder's turn

    def _ask(self) -> None:
        """This device's person's questions as their turn begins (Controller.questions),
        one after the other, each a round of one (the same panel whoever holds it)."""
        good = self._ask_question(self.local)
        self.round = None if good is None else SaleRound(
            good, (self.state, self.state), self.local, (self.local,), self.local)

    def _record(self, before: GameState, s: GameState) -> None:
        super()._record(before, s)
        if self.deferred:
            return  # (no round to end: the holder was asked at their turn)
        if any(isinstance(e, Sold) for e in s.events) and len(self.humans) > 1:
            # a sale is public: the round's question goes no further (the log says so on
            # every device, as it is rebuilt from the moves)
            self.log.append(LogLine(before.turn, "remote.round_sold", {}))

    # ------------------------------------------------------------------ the sale round

    def _wants_window(self, taken: tuple[GameState, GameState]) -> bool:
        """Where the round of the marker just taken stands on this device, from the
        sends known here: the window opens while this device's person is asked, or has
        answered and sends the question on."""
        if self.deferred:  # asked at the holder's turn, not now (questions)
            return False
        if self._reopen:  # the holder kept the card: the same picture stays
            self._reopen = False
            return True
        placed = taken[1]
        good = goods_taken(placed)
        assert good is not None
        m = len(placed.actions)
        sends = [s for s in self.sends if s.moves >= m]
        if any(not s.sale for s in sends):
            # the round is over (the way back to its origin, or the final position going
            # round), or a link from before the rounds went to the next player
            return False
        asked = {s.to for s in sends}
        origin = (next((s.sender for s in sends if s.sender not in asked), sends[0].sender)
                  if sends else self.local)
        if self.is_bot(origin):
            return False
        goes_on = play_goes_on(self.state, self.seats)
        keeper = placed.pending_holder if len(self.state.actions) > m else -1
        answered = keeper == self.local or any(s.sender == self.local for s in sends)
        if not answered and self.local != origin and self.local not in asked:
            return False
        rnd = SaleRound(good, taken, origin, round_order(self.seats, origin, goes_on),
                        goes_on, answered)
        if answered and rnd.after(self.local) is None:
            return False
        self.round = rnd
        return True

    def round_asked(self) -> bool:
        """This device's person is asked the round's question now."""
        return self.window is not None and self.round is not None and not self.round.answered

    def round_holder(self) -> bool:
        """...and holds the card (only this device knows it): Sell or Keep."""
        w = self.window
        return (self.round_asked() and w is not None and w.real.phase == SELL
                and w.real.pending_holder == self.local and w.real.pending_good == w.good)

    def round_pass(self) -> bool:
        """"Pass on": this person does not hold the card."""
        if not self.round_asked() or self.round_holder():
            return False
        return self._answered()

    def round_keep(self) -> bool:
        """The holder keeps the card: said by nobody, the round goes on the same."""
        rnd = self.round
        if not self.round_holder() or rnd is None:
            return False
        self._close_window()
        if self.deferred:  # as a "Go on": the next question, or the turn
            self._keep_unsaid(rnd.good)
            return self._answered()
        self._decide(Keep(good=rnd.good))
        self._commit()
        self._taken = rnd.taken
        self._reopen = True
        self._open_window()
        return self._answered()

    def round_sell(self) -> bool:
        """The holder sells: public, so the round ends here and play goes on."""
        if not self.round_holder():
            return False
        w = self._close_window()
        self.round = None
        return self._sell_asked(w.good)

    def _answered(self) -> bool:
        rnd = self.round
        assert rnd is not None
        rnd.answered = True
        if self.deferred:
            self._asked.append(rnd.good)
        if rnd.after(self.local) is None:  # the last asked, where play goes on
            if self.window is not None:
                self._close_window()
            self.round = None
        self._after_change()
        return True

    @property
    def asks_next(self) -> bool:
        """The link to send now asks the round's question (a send marked `sale`)."""
        rnd = self.round
        return (self.window is not None and rnd is not None and rnd.answered
                and rnd.asks_after(self.local))

    @property
    def waiting_for(self) -> int | None:
        """The person on another device who decides next, once everything of this
        device's turn is settled (None: this device or a bot decides, or it is over)."""
        if self.is_over or self.held is not None:
            return None
        if self.window is not None:  # the round: the next person asked, once answered
            rnd = self.round
            return rnd.after(self.local) if rnd is not None and rnd.answered else None
        if self.state is not self.committed:
            return None  # a pending move (never the case once another person decides)
        p = self.deciding
        return None if self.is_bot(p) or p == self.local else p


def remote_waiting(ctl: Controller | None) -> int | None:
    """For the screens: whom a game played by link waits for (None: not waiting, or
    not a game played by link)."""
    return ctl.waiting_for if isinstance(ctl, RemoteController) else None

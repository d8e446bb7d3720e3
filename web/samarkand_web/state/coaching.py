"""The coach at the table: who may ask, what it thinks about, what it counts.

A person on their own decision (their turn, a discard, the second camel, or a sale
asked of them as the card's holder on their own screen) may ask for a suggestion. The
coach (samarkand_core.bots.coach: the Hard bot's move and the next best, with reasons)
then thinks about the position on the screen, pending moves included, from that
person's view only (``view_for(state, person)``: never a card they cannot see), in
slices of about COACH_SLICE_MS, each a step of the worker's host of its own, like the
bots (between steps the worker reads the page's messages: a click, a Cancel). The
person may play on meanwhile: a suggestion (or the thinking) belongs to one ``Spot``
(the position and what the person has chosen in it) and is dropped as soon as the
screen shows another one. A suggestion shown counts once for the person.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from samarkand_core import GameState, view_for
from samarkand_web.state.controller import Controller

if TYPE_CHECKING:  # the coach (and the search it runs) loads on the first suggestion
    from samarkand_core.bots.coach import Advice, CoachThinking
    from samarkand_core.view import PlayerView

COACH_SLICE_MS = 12.0  # as the bots' slices (state/session.py, BOT_SLICE_MS): tasks stay short


@dataclass(frozen=True, slots=True)
class Spot:
    """The position a suggestion is for: the state on the screen (with pending moves) and
    whose screen it is. The same Spot means the person has not acted since."""

    state: GameState
    seat: int
    revealed: int | None
    pending_marriage: int | None
    held: int | None

    def same(self, other: Spot) -> bool:
        # States are never changed in place: the same object is the same position.
        return (self.state is other.state and self.seat == other.seat
                and self.revealed == other.revealed
                and self.pending_marriage == other.pending_marriage
                and self.held == other.held)


def spot_of(ctl: Controller) -> Spot:
    return Spot(ctl.state, ctl.deciding, ctl.revealed, ctl.pending_marriage, ctl.held)


def can_ask(ctl: Controller) -> bool:
    """A person decides now, on their own screen, with a move to make: not while a
    marriage waits for its cards or a finished turn for "End the turn" (both only
    confirm or take back). A sale is coached only where its holder alone is asked (one
    person with bots); never in the hotseat sale window, a public screen that must look
    the same whoever holds the card (docs/rules.md, Goods)."""
    return (ctl.human_turn() and ctl.held is None and ctl.pending_marriage is None
            and ctl.window is None and ctl.revealed == ctl.deciding and bool(ctl.legal()))


def public_moves(state: GameState) -> int:
    """The moves the table has seen: a kept goods card is none (docs/rules.md, Goods: its
    holder says nothing), so a keep, a bot's included, counts for nothing."""
    return sum(1 for a in state.actions if a.kind != "keep")


def public_view(state: GameState, seat: int) -> PlayerView:
    """`seat`'s view with its count of moves made public (the search seeds its guesses
    with it): the coach's suggestion is the same whether someone kept a card or not."""
    return dataclasses.replace(view_for(state, seat), n_actions=public_moves(state))


def coach_seed(state: GameState, seat: int) -> int:
    """The coach's random seed from public facts only (the turn, the number of moves, the
    seat): the same position gets the same suggestion, and no hidden card plays a part.
    A kept goods card is no public move (docs/rules.md, Goods: the holder says nothing), so
    keeps are not counted: a bot's keep must not change a suggestion."""
    return (state.turn * 1009 + public_moves(state)) * 8 + seat


@dataclass(slots=True)
class Job:
    spot: Spot
    thinking: CoachThinking | None = None  # made by the first tick, not by the click
    slices: int = 0
    advice: Advice | None = None  # ready, to be drawn by the next tick


@dataclass(frozen=True, slots=True)
class Shown:
    spot: Spot
    advice: Advice


@dataclass(slots=True)
class CoachDesk:
    """The coach of one open game: on or off, the suggestions each seat used, the one
    being thought about and the one shown."""

    on: bool = True
    used: list[int] = field(default_factory=list)
    token: int = 0
    job: Job | None = None
    shown: Shown | None = None
    iterations: int | None = None  # tests: a smaller search than the Hard bot's

    @classmethod
    def of(cls, on: bool, used: Sequence[int], players: int) -> CoachDesk:
        counts = list(used) if len(used) == players else [0] * players
        return cls(on=on, used=counts)

    # -- what the screen shows

    def thinking(self, ctl: Controller) -> bool:
        return self.job is not None and self.job.spot.same(spot_of(ctl))

    def current(self, ctl: Controller) -> Advice | None:
        """The suggestion for the position on the screen, if one was made for it."""
        if self.shown is not None and self.shown.spot.same(spot_of(ctl)):
            return self.shown.advice
        return None

    def offered(self, ctl: Controller) -> bool:
        """The "Suggest a move" button is on the screen."""
        return self.on and can_ask(ctl)

    # -- what the person does

    def ask(self, ctl: Controller) -> int | None:
        """Start thinking about the position on the screen; the token for the ticks, or
        None when there is nothing to think about (off, not the person's decision, or
        the suggestion is already shown or on its way)."""
        if not self.offered(ctl) or self.current(ctl) is not None or self.thinking(ctl):
            return None
        self.token += 1
        self.job = Job(spot_of(ctl))
        self.shown = None
        return self.token

    def hide(self) -> None:
        self.shown = None
        self.job = None

    def switch(self, on: bool) -> None:
        self.on = on
        if not on:
            self.hide()

    def forget_stale(self, ctl: Controller | None) -> None:
        """Drop what belongs to a position no longer on the screen (the person acted)."""
        if ctl is None:
            self.hide()
            return
        here = spot_of(ctl)
        if self.job is not None and not self.job.spot.same(here):
            self.job = None
        if self.shown is not None and not self.shown.spot.same(here):
            self.shown = None

    # -- thinking

    def tick(self, ctl: Controller, token: int, max_ms: float = COACH_SLICE_MS) -> str:
        """One short step: "start" (the coach looks at the person's view), "step" (it
        thought for about max_ms), "done" (the suggestion, ready at the step before, is
        shown and counted), or "" (nothing: a stale timer, or the person acted)."""
        job = self.job
        if job is None or token != self.token:
            return ""
        if not self.on or not job.spot.same(spot_of(ctl)):
            self.job = None
            return ""
        if job.thinking is None:
            from samarkand_core.bots.coach import Coach  # not before the page's start

            seat = job.spot.seat
            coach = Coach(coach_seed(ctl.state, seat)) if self.iterations is None else Coach(
                coach_seed(ctl.state, seat), iterations=self.iterations)
            job.thinking = coach.start(public_view(ctl.state, seat))
            return "start"
        if job.advice is None:
            job.slices += 1
            if job.thinking.step(max_ms):
                # drawn in a step of its own: the last slice and the page's render would
                # make one long step together, holding up the page's next message
                job.advice = job.thinking.result()
            return "step"
        self.shown = Shown(job.spot, job.advice)
        self.job = None
        self.used[job.spot.seat] += 1
        return "done"

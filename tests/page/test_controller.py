"""What a click means (samarkand_web.state.controller): every move goes through the engine's
legal actions, hands stay hidden behind the pass-the-device screen, bots think in slices."""

from __future__ import annotations

import pytest
from samarkand_web.state.controller import HUMAN, Controller, events_to_log
from samarkand_web.words import i18n

from samarkand_core import (
    Discard,
    EndTurn,
    IllegalActionError,
    Keep,
    Marry,
    Pass,
    Place,
    Sell,
    legal_actions,
)
from samarkand_core.bots.base import Decided
from samarkand_core.state import DISCARD, MAIN, SECOND, SELL
from tests.support.helpers import random_game
from tests.support.web_support import play_until, settled

HUMANS3 = ["human", "human", "human"]


def fresh(players: int = 3, seed: int = 1, seats: list[str] | None = None) -> Controller:
    names = ["Ann", "Bob", "Cem", "Dee", "Eve"][:players]
    ctl = Controller.new(names, seats or [HUMAN] * players, seed, 0)
    ctl.reveal()
    return ctl


def offered(ctl: Controller) -> set[object]:
    """Every action the screen offers now, as the engine's actions."""
    board = ctl.state.board
    out: set[object] = set()
    for fid in ctl.marry_families():
        out.add(("marry", fid))
    fams = [ctl.state.exp_family] if ctl.state.phase == SECOND else ctl.expand_families()
    for f in fams:
        ctl.selected_family = f if ctl.state.phase == MAIN else None
        for space in ctl.legal_spaces():
            out.add(("place", board.family_ids[f], space))
    return out


def test_screen_offers_exactly_the_engines_legal_moves_over_a_whole_game() -> None:
    ctl = fresh(3, 5)
    steps = 0
    while not ctl.is_over:
        if ctl.window is not None:  # hotseat's sale window: no move is offered in it
            assert ctl.legal() == [] and ctl.state.phase == SELL
            real = ctl.window.real
            if steps % 2 and real.phase == SELL:
                assert ctl.sale_claim(real.pending_holder)
            else:
                assert ctl.sale_pass()
            steps += 1
            continue
        ctl.reveal()
        legal = legal_actions(ctl.state)
        assert ctl.legal() == legal
        if ctl.state.phase in (MAIN, SECOND):
            engine = {("marry", a.family) for a in legal if isinstance(a, Marry)} | {
                ("place", a.family, a.space) for a in legal if isinstance(a, Place)}
            assert offered(ctl) == engine
        ctl.apply(legal[steps * 7 % len(legal)])
        steps += 1
    assert ctl.legal() == []


def test_marry_by_clicking_a_legal_family_domain_then_drawing_the_cards() -> None:
    ctl = fresh()
    money = ctl.state.money[0]
    fid = ctl.marry_families()[0]
    assert ctl.click_family(fid)
    f = ctl.state.board.family_index[fid]
    # chosen, not made yet: nothing paid, no card drawn (it can still be taken back)
    assert ctl.pending_marriage == f and ctl.state.money[0] == money and not ctl.log
    assert ctl.active_family() == f and ctl.legal() == []
    assert ctl.confirm_marriage()
    assert ctl.pending_marriage is None
    assert ctl.state.money[0] == money - ctl.state.board.portion[f]
    assert ctl.state.tiles[0][f] == 1
    assert ctl.log[0].key == "log.marry"


def test_clicking_a_family_that_cannot_be_married_changes_nothing_and_says_why() -> None:
    s = play_until(lambda s: s.phase == MAIN and any(
        not isinstance(a, Marry) for a in legal_actions(s)) and len(
        [a for a in legal_actions(s) if isinstance(a, Marry)]) < 10)
    ctl = Controller(s, HUMANS3[: s.n] + [HUMAN] * (s.n - 3))
    ctl.reveal()
    marriable = set(ctl.marry_families())
    fid = next(f for f in s.board.family_ids if f not in marriable)
    before = ctl.state
    assert not ctl.click_family(fid)
    assert ctl.state is before
    assert ctl.error is not None and ctl.error.key == "error.cannot_marry"


def test_marriage_then_discard_within_the_range_the_engine_allows() -> None:
    s = play_until(lambda s: s.phase == DISCARD and len(
        {len(a.cards) for a in legal_actions(s) if isinstance(a, Discard)}) > 1)
    ctl = Controller(s, [HUMAN] * s.n)
    ctl.reveal()
    lo, hi = ctl.discard_range()
    hand = list(ctl.state.hands[ctl.deciding])
    for card in hand[:hi]:
        assert ctl.toggle_discard(card)
    assert not ctl.toggle_discard(hand[hi])  # one more than allowed is refused
    assert ctl.error is not None and ctl.error.key == "error.discard_at_most"
    assert ctl.toggle_discard(hand[0])  # untick
    choice = ctl.discard_choice()
    if hi - 1 < lo:
        assert choice is None and not ctl.confirm_discard()
        ctl.toggle_discard(hand[0])
    discarded = tuple(sorted(ctl.discard_sel))
    player = ctl.deciding
    assert ctl.confirm_discard()
    assert not set(discarded) & set(ctl.state.hands[player])
    assert any(ln.key in ("log.discard", "log.discard_none") for ln in ctl.log)


def test_discard_with_too_few_cards_ticked_is_refused() -> None:
    s = play_until(lambda s: s.phase == DISCARD and min(
        len(a.cards) for a in legal_actions(s) if isinstance(a, Discard)) >= 1)
    ctl = Controller(s, [HUMAN] * s.n)
    ctl.reveal()
    assert ctl.discard_choice() is None
    assert not ctl.confirm_discard()
    assert ctl.error is not None and ctl.error.key == "error.discard_range"
    assert ctl.state is s


def test_expansion_needs_a_family_then_a_highlighted_space() -> None:
    s = play_until(lambda s: s.phase == MAIN and settled(s) and len(
        {a.family for a in legal_actions(s) if isinstance(a, Place)}) >= 2)
    ctl = Controller(s, [HUMAN] * s.n)
    ctl.reveal()
    assert ctl.selected_family is None and ctl.legal_spaces() == []
    assert not ctl.click_space(0)
    assert ctl.error is not None and ctl.error.key == "error.choose_family_first"
    f = ctl.expand_families()[0]
    fid = s.board.family_ids[f]
    assert ctl.select_family(fid)
    spaces = ctl.legal_spaces()
    assert spaces == sorted(a.space for a in legal_actions(s)
                            if isinstance(a, Place) and a.family == fid)
    illegal = next(i for i in range(s.board.n_spaces) if i not in spaces)
    assert not ctl.click_space(illegal) and ctl.state is s
    assert ctl.click_space(spaces[0])
    assert f in ctl.state.occ[spaces[0]]


def test_only_family_to_expand_is_chosen_already() -> None:
    s = play_until(lambda s: s.phase == MAIN and len(
        {a.family for a in legal_actions(s) if isinstance(a, Place)}) == 1)
    ctl = Controller(s, [HUMAN] * s.n)
    ctl.reveal()
    assert ctl.selected_family == ctl.expand_families()[0]
    assert ctl.legal_spaces()


def test_two_camel_expansion_costs_the_family_one_dirham() -> None:
    s = play_until(lambda s: s.phase == SECOND and any(
        isinstance(a, Place) for a in legal_actions(s)))
    ctl = Controller(s, [HUMAN] * s.n)
    ctl.reveal()
    f = s.exp_family
    assert ctl.active_family() == f and ctl.can_end_turn()
    treasury = s.treasury[f]
    assert ctl.click_space(ctl.legal_spaces()[0])
    assert ctl.state.treasury[f] == treasury - 1
    assert any(ln.key == "log.second_camel_paid" for ln in ctl.log)


def test_end_turn_after_the_first_camel() -> None:
    s = play_until(lambda s: s.phase == SECOND)
    ctl = Controller(s, [HUMAN] * s.n)
    ctl.reveal()
    player = s.turn_player
    assert ctl.end_turn()
    assert ctl.state.turn_player != player or ctl.is_over


def test_hotseat_sale_window_names_nobody_and_sells_only_for_the_holder() -> None:
    """docs/rules.md, Goods: with several people at the device the sale is asked in a
    public window that names nobody and shows no hand; "I hold it: sell" by someone who
    does not hold the card is refused with their name; by the holder it is the sale."""
    s = play_until(lambda s: s.phase == SELL and s.pending_holder != s.turn_player)
    ctl = Controller(s, [HUMAN] * s.n)
    holder, good = s.pending_holder, s.pending_good
    w = ctl.window
    assert w is not None and w.good == good and w.real is s and ctl.committed is s
    assert ctl.sale() == (-1, good) and ctl.view.current_player == -1  # nobody named
    assert not ctl.needs_curtain and ctl.legal() == [] and ctl.hand_shown() is None
    ctl.reveal()  # no hand is shown in the window, whoever asks
    assert ctl.hand_shown() is None
    other = next(p for p in range(s.n) if p != holder)
    assert ctl.sale_ask(True) and w.asking
    assert not ctl.sale_claim(other)
    assert ctl.window is w and not w.asking and ctl.committed is s
    assert ctl.error is not None and ctl.error.key == "sale.not_holder"
    assert ctl.error.params == {"player": other}
    money = s.money[holder]
    assert ctl.sale_claim(holder)
    assert ctl.window is None and ctl.state.money[holder] == money + 3
    assert good in ctl.state.sold[holder] and ctl.committed is ctl.state
    assert ctl.log[-1].key in ("log.sell", "log.game_over") and any(
        ln.key == "log.sell" and ln.params["holder"] == holder for ln in ctl.recent)
    assert ctl.hand_shown() is None  # the next person takes the device


def test_keeping_a_card_offered_for_sale() -> None:
    """docs/rules.md, Goods: "No sale" in the window is the holder's keep, and the holder
    of a kept card says nothing: the log has no line about the offer or the keep."""
    s = play_until(lambda s: s.phase == SELL)
    ctl = Controller(s, [HUMAN] * s.n)
    good = s.pending_good
    before = list(ctl.log)
    recent = list(ctl.recent)
    assert ctl.sale_pass()
    assert ctl.window is None and ctl.committed is ctl.state
    assert isinstance(ctl.state.actions[-1], Keep)
    assert good in ctl.state.hands[s.pending_holder]
    assert ctl.log[:len(before)] == before
    assert [ln.key for ln in ctl.log[len(before):]] in ([], ["log.game_over"])
    assert ctl.recent[:len(recent)] == recent
    assert all(ln.params.get("good") != good for ln in ctl.log
               if ln.key not in ("log.goods_marker", "log.sell"))


def test_one_person_is_asked_only_for_a_card_they_hold_and_a_bot_decides_at_once() -> None:
    """docs/rules.md, Goods: one person with bots is asked to sell, on their own screen,
    only when they hold the card; a bot that holds it decides within the same move,
    leaving no sale to wait for (and no step of its own)."""
    s = play_until(lambda s: s.phase == SELL and s.pending_holder != s.turn_player)
    seats = ["random"] * s.n
    seats[s.pending_holder] = HUMAN
    ctl = Controller(s, seats)
    assert ctl.window is None and ctl.human_turn() and ctl.hand_shown() == s.pending_holder
    assert set(ctl.legal()) == {Sell(good=s.pending_good), Keep(good=s.pending_good)}
    seats = [HUMAN if p == s.turn_player else "random" for p in range(s.n)]
    ctl = Controller(s, seats)  # the holder is a bot: it has decided already
    assert ctl.state.phase != SELL and ctl.window is None
    assert type(ctl.state.actions[-1]) in (Sell, Keep) and ctl.committed is ctl.state


def test_first_meeting_of_two_families_is_logged_with_bonuses_and_markers() -> None:
    s = play_until(lambda s: any(e.kind == "relationship" for e in s.events))
    ctl = Controller(s, [HUMAN] * s.n)  # the log is rebuilt by replaying
    keys = [ln.key for ln in ctl.log]
    assert "log.relationship" in keys and "log.bonus" in keys
    assert "log.rel_marker_green" in keys


def test_pass_is_offered_only_when_nothing_else_is_legal() -> None:
    s = play_until(lambda s: legal_actions(s) == [Pass()], max_games=600)
    ctl = Controller(s, [HUMAN] * s.n)
    ctl.reveal()
    assert ctl.can_pass() and ctl.pass_turn()
    assert ctl.log[-1].key in ("log.pass", "log.game_over")


def test_hands_are_hidden_until_the_right_person_has_the_device() -> None:
    ctl = Controller.new(["Ann", "Bob", "Cem"], HUMANS3, 4, 0)
    assert ctl.shared_device and ctl.needs_curtain and ctl.hand_shown() is None
    assert ctl.legal() == [] and not ctl.click_family(ctl.state.board.family_ids[0])
    ctl.reveal()
    assert ctl.hand_shown() == 0 and not ctl.needs_curtain
    ctl.apply(next(a for a in ctl.legal() if isinstance(a, Marry)))
    while ctl.state.phase == DISCARD:
        ctl.apply(ctl.legal()[0])
    assert ctl.deciding == 1
    assert ctl.hand_shown() is None and ctl.needs_curtain


def test_one_person_with_bots_never_sees_a_curtain() -> None:
    ctl = Controller.new(["Ann", "Bot 2", "Bot 3"], [HUMAN, "random", "random"], 4, 0)
    assert not ctl.shared_device and not ctl.needs_curtain
    assert ctl.hand_shown() == 0
    ctl.apply(ctl.legal()[0])
    while ctl.state.phase == DISCARD:
        ctl.apply(ctl.legal()[0])
    assert ctl.bot_to_move and ctl.hand_shown() == 0 and not ctl.needs_curtain


def test_an_all_bot_game_plays_itself_to_the_end() -> None:
    ctl = Controller.new(["B1", "B2", "B3", "B4"], ["random"] * 4, 9)
    assert ctl.hand_shown() is None
    moves = 0
    while not ctl.is_over:
        assert ctl.bot_to_move and ctl.legal() == []
        assert ctl.bot_move_now() is not None
        moves += 1
        assert moves < 3000
    assert ctl.log[-1].key == "log.game_over"


class SlowThinking:
    """Thinks in three slices, then picks the last legal action."""

    def __init__(self, legal: tuple[object, ...]) -> None:
        self.legal = legal
        self.slices = 0

    def step(self, max_ms: float) -> bool:
        self.slices += 1
        return self.slices >= 3

    def result(self) -> object:
        return self.legal[-1]


class SlowBot:
    name = "slow"

    def __init__(self) -> None:
        self.views: list[object] = []

    def start(self, view: object) -> SlowThinking:
        self.views.append(view)
        return SlowThinking(view.legal)  # type: ignore[attr-defined]

    def choose(self, view: object) -> object:  # pragma: no cover - unused
        raise NotImplementedError


def test_bot_thinks_in_slices_from_its_own_view_then_moves() -> None:
    ctl = Controller.new(["Ann", "Bot"], [HUMAN, "random"], 2, 1)
    bot = SlowBot()
    ctl.bots[1] = bot  # type: ignore[assignment]
    assert ctl.bot_to_move
    state = ctl.state
    assert not ctl.bot_step(10) and not ctl.bot_step(10)
    assert ctl.state is state  # nothing played while thinking
    assert ctl.bot_step(10)
    action = ctl.bot_commit()
    assert action == legal_actions(state)[-1]
    view = bot.views[0]
    assert view.viewer == 1 and view.hand == state.hands[1]  # type: ignore[attr-defined]


def test_an_illegal_bot_move_is_replaced_by_a_legal_one() -> None:
    ctl = Controller.new(["Ann", "Bot"], [HUMAN, "random"], 2, 1)
    ctl.thinking = Decided(EndTurn())  # not legal at the start of a turn
    before = ctl.state
    ctl.bot_commit()
    assert ctl.state is not before
    assert any(ln.key == "log.bot_illegal" for ln in ctl.log)


def test_illegal_action_from_outside_is_refused_by_the_engine() -> None:
    ctl = fresh()
    with pytest.raises(IllegalActionError):
        ctl.apply(Sell(good=1))
    with pytest.raises(IllegalActionError):
        ctl.apply(Keep(good=1))


def test_log_rebuilt_on_resume_equals_the_live_log() -> None:
    live = fresh(4, 11)
    while not live.is_over and live.state.turn < 40:
        if live.window is not None:  # hotseat's sale window: "No sale"
            assert live.sale_pass()
            continue
        live.reveal()
        live.apply(live.legal()[live.state.turn % len(live.legal())])
    resumed = Controller(live.state, [HUMAN] * 4)
    assert resumed.log == live.log
    assert resumed.last_spaces == live.last_spaces


def test_last_spaces_are_the_camels_of_the_latest_turn_with_placements() -> None:
    s = play_until(lambda s: s.phase == SECOND and any(
        isinstance(a, Place) for a in legal_actions(s)))
    ctl = Controller(s, [HUMAN] * s.n)
    first = ctl.last_spaces[-1]
    ctl.reveal()
    second = ctl.legal_spaces()[0]
    ctl.click_space(second)
    assert ctl.last_spaces == [first, second]


def test_every_log_and_error_key_exists_in_the_strings() -> None:
    _, states = random_game(2, 1)  # a finished game, every state on the way
    keys = set()
    for before, after in zip(states, states[1:], strict=False):
        keys |= {ln.key for ln in events_to_log(before.turn, after.events)}
    for key in keys | {"log.bot_illegal", "error.cannot_marry", "error.cannot_expand",
                       "error.choose_family_first", "error.cannot_place",
                       "error.discard_at_most", "error.discard_range"}:
        assert key in i18n.EN, key


def test_reloaded_game_shows_only_the_latest_bag_draw_not_every_earlier_one() -> None:
    """Two players: a tile drawn from the bag is said in the status until the next
    move (docs/rules.md). A game opened again (its log rebuilt from its moves) says
    the same as the page that played it, not every bag draw of the game stacked up."""
    bots = ["bot:random"] * 2
    live = Controller.new(["Ann", "Bob"], bots, 3, 0)
    draws = 0
    while draws < 4 and not live.is_over:
        live.bot_move_now()
        draws += sum(e.kind == "bag" for e in live.state.events)
    assert draws >= 4, "the game drew fewer tiles than the test needs"
    again = Controller(live.committed, bots)
    assert len(again.notices) <= 1
    assert again.notices == live.notices

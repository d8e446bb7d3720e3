"""The game's sounds (issue 35): a camel placed, a sale, the end and "your turn", as
typed effects (state/sounds.py, Effects.sounds) that the browser plays; the switch that
turns them on or off, remembered on the device, off by default on a touch screen; and
never a sound for what only a card's holder knows (docs/rules.md, Goods: only a sale is
public)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import cast

import pytest
from samarkand_web.handlers import saves
from samarkand_web.saves.storage import PREFS_KEY, MemoryStore, Prefs, load_prefs
from samarkand_web.state.app import App
from samarkand_web.state.controller import HUMAN
from samarkand_web.state.effects import Effects
from samarkand_web.state.sounds import Sound
from samarkand_web.view.render import render

from samarkand_core import SELL, GameState, Place, legal_actions
from tests.support.app_play import click_legal
from tests.support.sale_twins import (
    Trace,
    bot_turn_trace,
    click_place,
    hotseat_trace,
    open_app,
    positions,
    solo_trace,
    twin,
)
from tests.support.web_support import make_app

HOT2 = (HUMAN, HUMAN)


class Ear:
    """Every dispatch and bot tick of an App, with the sounds its Effects asked for."""

    def __init__(self, app: App) -> None:
        self.heard: list[tuple[str, tuple[Sound, ...]]] = []
        dispatch, tick = app.dispatch, app.game.bot_tick

        def heard_dispatch(action: str, value: str = "", form: dict[str, str] | None = None
                           ) -> Effects:
            fx = dispatch(action, value, form)
            self.heard.append((action, fx.sounds))
            return fx

        def heard_tick(token: int, max_ms: float = 1e9) -> Effects:
            fx = tick(token, max_ms)
            self.heard.append((f"tick:{app.game.bot_phase}", fx.sounds))
            return fx

        app.dispatch = heard_dispatch  # type: ignore[method-assign]
        app.game.bot_tick = heard_tick  # type: ignore[method-assign]

    def sounds(self) -> list[Sound]:
        return [s for _, sounds in self.heard for s in sounds]


def run_bots(app: App, fx: Effects) -> Effects:
    """The bots' ticks as the page runs them, until a person is asked or the game ends."""
    for _ in range(20_000):
        if fx.bot_delay is None:
            return fx
        fx = app.game.bot_tick(fx.bot_token, 1e9)
    raise AssertionError("the bots did not stop")


def quiet_place(state: GameState) -> Place | None:
    """A camel of the turn's player that takes no goods marker and leaves the turn on."""
    from samarkand_core import apply_action

    for a in legal_actions(state):
        if isinstance(a, Place):
            after = apply_action(state, a)
            if (not any(e.kind == "goods_marker" for e in after.events)
                    and after.turn == state.turn):
                return a
    return None


def first_quiet(players: int, seats: tuple[str, ...]) -> tuple[GameState, Place]:
    for state, _ in positions(players, seats, seed0=1, games=10):
        place = quiet_place(state)
        if place is not None:
            return state, place
    raise AssertionError("no quiet camel found")


# ---------------------------------------------------------------- the four moments


def test_a_camel_placed_by_a_person_sounds_once() -> None:
    """"a camel placed": the person's click on a space gives the camel sound, and only
    that (the turn goes on: no "your turn")."""
    state, place = first_quiet(2, HOT2)
    app = open_app(state, HOT2)
    fx = click_place(app, place)
    assert fx.sounds == (Sound.CAMEL,)


def test_choosing_a_family_makes_no_sound() -> None:
    """Only what changes the table sounds: choosing the family to expand does not."""
    state, place = first_quiet(2, HOT2)
    app = open_app(state, HOT2)
    app.dispatch("reveal")
    assert app.dispatch("expand", place.family).sounds == ()


def _own_card_positions() -> Iterator[tuple[App, App]]:
    """One person against a bot: the person's camel takes a goods marker whose card the
    person holds (they alone are asked): two twin pages at that question."""
    seats = (HUMAN, "random")
    for state, place in positions(2, seats, seed0=1, games=8, person=0):
        good = state.board.good_at[place.space]
        apps = []
        for _ in range(2):
            app = open_app(twin(state, good, 0), seats)
            click_place(app, place)
            apps.append(app)
        ctl = apps[0].ctl
        assert ctl is not None
        if ctl.state.phase == SELL and ctl.state.pending_holder == 0:
            yield apps[0], apps[1]


def test_a_sale_sounds_and_a_keep_is_silent() -> None:
    """"a sale": selling the card is public, and sounds; keeping it tells the table
    nothing, and makes no sound."""
    found = 0
    for sells, keeps in _own_card_positions():
        sold = sells.dispatch("sell")
        kept = keeps.dispatch("keep")
        assert Sound.SALE in sold.sounds
        assert Sound.SALE not in kept.sounds and Sound.CAMEL not in kept.sounds
        found += 1
        if found == 3:
            break
    assert found == 3


def test_a_bots_sale_sounds_as_its_mark_shows() -> None:
    """A bot's move sounds as the board shows it: a bot that sells (public) gives the
    sale sound, in a whole game of bots that also gives camels and the end."""
    app = make_app()
    ear = Ear(app)
    fx = app.boot("?players=bot:random,bot:random,bot:random&seed=11&speed=fast", "")
    run_bots(app, fx)
    ctl = app.ctl
    assert ctl is not None and ctl.is_over
    sold = sum(1 for ln in ctl.log if ln.key == "log.sell")
    assert sold and ear.sounds().count(Sound.SALE) >= 1
    assert Sound.CAMEL in ear.sounds()


def test_the_end_sounds_once_and_not_again_when_the_game_is_opened() -> None:
    """"the end": once, as the game ends; the saved game opened again is no news. A game
    of bots only has no "your turn"."""
    store = MemoryStore()
    app = make_app(store)
    ear = Ear(app)
    fx = app.boot("?players=bot:random,bot:random&seed=5&speed=instant", "")
    run_bots(app, fx)
    assert app.ctl is not None and app.ctl.is_over
    sounds = ear.sounds()
    assert sounds.count(Sound.END) == 1 and sounds[-1] == Sound.END
    assert Sound.TURN not in sounds
    entry = app.entry
    assert entry is not None
    again = make_app(store)
    assert saves.resume_game(again, entry.id).sounds == ()


def test_your_turn_sounds_once_the_bots_moves_are_shown() -> None:
    """"your turn": after the bots' turns, once their marks have all been shown on the
    board (not before, with their camels), once for each of the person's turns; never
    for a question about a card in a bot's turn, nor for the person's own moves; opening
    the game does not sound it."""
    after_show = 0
    for seed in range(1, 7):
        app = make_app()
        fx = app.boot(f"?players=Ann,bot:random,bot:random&seed={seed}&first=2", "")
        assert fx.sounds == ()
        ctl = app.ctl
        assert ctl is not None
        person_turns: set[int] = set()
        heard = 0
        for step in range(400):
            if ctl.is_over:
                break
            before = ctl.state.turn
            if fx.bot_delay is not None:
                fx = app.game.bot_tick(fx.bot_token, 1e9)
                phase = app.game.bot_phase
            else:
                ear = Ear(app)
                click_legal(app, step)
                fx = Effects(bot_delay=0, bot_token=app.game.bot_token) if app.game.bot_scheduled \
                    else Effects()
                fx.sounds = tuple(s for _, sounds in ear.heard for s in sounds)
                phase = "person"
                if ctl.state.turn == before:  # the person's own move in their turn
                    assert Sound.TURN not in fx.sounds
            if ctl.state.turn_player == 0 and ctl.human_turn() and not app.game.show.pending:
                person_turns.add(ctl.state.turn)
            if Sound.TURN in fx.sounds:
                heard += 1
                assert not app.game.show.pending and ctl.human_turn()
                assert ctl.state.turn_player == 0 and ctl.state.phase != SELL
                after_show += phase == "show"
        assert heard == len(person_turns) >= 2
    assert after_show  # some turns waited for the bots' camels to be shown


def test_in_hotseat_each_persons_turn_sounds() -> None:
    """Several people at the device: the device goes round, and each new turn sounds
    once, when the last one is done (its "End the turn" or its last decision)."""
    app = make_app()
    ear = Ear(app)
    app.boot("?players=Ann,Bob&seed=4", "")
    ctl = app.ctl
    assert ctl is not None
    reached: set[int] = set()
    for i in range(80):
        click_legal(app, i)
        if ctl.is_over:
            break
        started = ctl.held is None and ctl.window is None and ctl.state.turn not in reached
        if started and ctl.state.turn != 1:
            reached.add(ctl.state.turn)
            assert Sound.TURN in ear.heard[-1][1]
        else:
            assert Sound.TURN not in ear.heard[-1][1]
    assert len(reached) >= 5
    assert ear.sounds().count(Sound.TURN) == len(reached)


# ---------------------------------------------------------------- the switch


def test_sounds_are_on_at_a_desk_and_off_on_a_touch_screen_by_default() -> None:
    """Quiet by default on a phone (pointer: coarse), on at a desk; the switch says so."""
    state, place = first_quiet(2, HOT2)
    for touch, on in ((False, True), (True, False)):
        app = make_app(touch=touch)
        app.open_game(None, state, HOT2)
        assert app.sound is on
        assert f'role="switch" aria-checked="{"true" if on else "false"}"' in render(
            app).regions["header"]
        assert bool(click_place(app, place).sounds) is on


def test_the_switch_is_remembered_on_the_device() -> None:
    """"Sounds: on/off" is kept in the preferences and read back by the next page; once
    switched on, a sound says so; switched off, nothing sounds."""
    store = MemoryStore()
    phone = make_app(store, touch=True)
    assert phone.dispatch("sound").sounds == (Sound.TURN,)  # on, and heard
    assert load_prefs(store).sound is True
    again = make_app(store, touch=True)
    assert again.sound is True
    off = again.dispatch("sound")
    assert off.sounds == () and load_prefs(store).sound is False
    assert make_app(store, touch=False).sound is False  # chosen, whatever the screen
    state, place = first_quiet(2, HOT2)
    desk = make_app(store)
    desk.open_game(None, state, HOT2)
    assert click_place(desk, place).sounds == ()


def test_the_switch_has_a_name_and_its_words_in_every_language() -> None:
    """The switch's accessible name is its word, in the page's language."""
    state, _ = first_quiet(2, HOT2)
    for lang, word, on in (("en", "Sounds", "on"), ("de", "Töne", "an"),
                           ("fr", "Sons", "activés"), ("it", "Suoni", "attivi")):
        app = make_app()
        app.set_lang(lang)
        app.open_game(None, state, HOT2)
        header = render(app).regions["header"]
        assert f'<span class="sound-word">{word}</span>' in header
        assert f'<span class="sound-state" aria-hidden="true">{on}</span>' in header


@pytest.mark.parametrize(("raw", "expected"), [
    ('{"lang":"de","speed":"fast"}', Prefs("de", "fast")),  # before the sounds
    ('{"lang":"de","speed":"fast","sound":true}', Prefs("de", "fast", sound=True)),
    ('{"lang":"de","sound":false}', Prefs("de", None, sound=False)),
    ('{"lang":"de","sound":"yes"}', Prefs("de")),  # not true or false: left out alone
    ('{"lang":"de","sound":1}', Prefs("de")),
    ('{"lang":"de","sound":null,"name":"Ann"}', Prefs("de", name="Ann")),
])
def test_the_sound_preference_is_read_strictly(raw: str, expected: Prefs) -> None:
    assert load_prefs(MemoryStore({PREFS_KEY: raw})) == expected


def test_the_sound_preference_is_written_only_once_chosen() -> None:
    assert "sound" not in json.loads(Prefs("en", "normal").to_json())
    assert json.loads(Prefs("en", "normal", sound=False).to_json())["sound"] is False


# ---------------------------------------------------------------- secrets


def sounds_of(trace: Trace) -> list[tuple[Sound, ...]]:
    """The sounds of each step of a trace (a step that was no dispatch has none)."""
    # fx_dict keeps Effects.sounds as it is: a tuple of Sounds
    return [cast("tuple[Sound, ...]", fx.get("sounds", ())) for _, fx, _ in trace.steps]


def all_sounds(trace: Trace) -> set[Sound]:
    return {s for step in sounds_of(trace) for s in step}


def test_a_kept_card_sounds_as_no_card_in_hotseat() -> None:
    """docs/rules.md, Goods, hotseat: the other person keeps the card, nobody holds it,
    or the mover holds it: the same sounds at every step (a camel, then no sale sound);
    a sale claimed is public and sounds."""
    found = 0
    for state, place in positions(2, HOT2, seed0=1, games=5):
        mover = state.turn_player
        kept = hotseat_trace(state, place, HOT2, 1 - mover)
        nobody = hotseat_trace(state, place, HOT2, None)
        own = hotseat_trace(state, place, HOT2, mover)
        assert sounds_of(kept) == sounds_of(nobody) == sounds_of(own)
        assert sounds_of(nobody)[0] == (Sound.CAMEL,)
        assert Sound.SALE not in all_sounds(kept)
        sold = hotseat_trace(state, place, HOT2, 1 - mover, after=f"sale-claim:{1 - mover}")
        assert Sound.SALE in all_sounds(sold)
        found += 1
        if found == 6:
            break
    assert found == 6


def test_a_bots_kept_card_sounds_as_no_card() -> None:
    """docs/rules.md, Goods, one person against bots: the person's camel takes a marker
    whose card a bot keeps, or nobody holds: the same sounds; and a bot's own camel
    taking a marker whose card another bot keeps sounds as when nobody holds it."""
    seats = (HUMAN, "heuristic")
    compared = 0
    for seed in range(1, 9):
        for state, place in list(positions(2, seats, seed0=seed, games=1, person=0))[:3]:
            nobody = solo_trace(state, place, seats, None)
            bot = solo_trace(state, place, seats, 1)
            if bot.sold:
                continue
            assert sounds_of(bot) == sounds_of(nobody)
            assert sounds_of(nobody)[0] in ((Sound.CAMEL,), (Sound.CAMEL, Sound.END))
            compared += 1
    assert compared
    bots = (HUMAN, "random", "random")
    turns = 0
    for state, _ in positions(3, bots, seed0=1, games=20, person=1):
        from tests.support.sale_twins import bot_takes

        good = bot_takes(state, bots)
        if good is None or good in state.hands[1]:
            continue
        nobody = bot_turn_trace(state, bots, good, None)
        kept = bot_turn_trace(state, bots, good, 2)
        if kept.sold:
            continue
        assert sounds_of(kept) == sounds_of(nobody)
        assert Sound.CAMEL in all_sounds(nobody)
        turns += 1
        if turns == 3:
            break
    assert turns == 3

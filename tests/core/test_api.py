"""The public API of samarkand_core: purity of apply_action, error messages, action classes,
parse_action, determinism, the random number generator, and no pydantic on the engine's
path."""

from __future__ import annotations

import copy
import json
import pickle
import subprocess
import sys

import pytest

import samarkand_core as sk
from samarkand_core.rng import Rng, below, next_u64, outputs, shuffled
from tests.support.helpers import (
    BOARD,
    END,
    NAMES,
    PASS,
    bury,
    discard,
    give,
    goods_space_for,
    marry,
    new,
    place,
    play,
    random_game,
    sell,
    snapshot,
    stage,
    to_turn,
    with_camels,
    with_money,
    with_tiles,
    with_treasury,
)

F = 0


def every_kind_of_position() -> list[sk.GameState]:
    """Positions of a few random games covering every phase."""
    out = []
    for n, seed in ((2, 1), (3, 2), (4, 3), (5, 4)):
        out += random_game(n, seed)[1]
    assert {s.phase for s in out} >= {"main", "second", "sell", "discard", "over"}
    return out


POSITIONS = every_kind_of_position()


# -- apply_action ---------------------------------------------------------------------------


def test_apply_action_does_not_mutate_its_argument() -> None:
    """API: apply_action returns a new state and leaves the given one unchanged, for every
    kind of action (marry, discard, place, sell, keep, end turn, pass)."""
    seen = set()
    for s in POSITIONS:
        if s.is_over:
            continue
        legal = sk.legal_actions(s)
        for a in (legal[0], legal[-1]):
            before = snapshot(s)
            after = sk.apply_action(s, a)
            assert snapshot(s) == before
            assert after is not s
            seen.add(a.kind)
    assert seen >= {"marry", "discard", "place", "sell", "keep", "end_turn"}
    s = with_money(new(3), 0, 0)
    s = with_money(s, 1, 0)
    before = snapshot(s)
    sk.apply_action(s, PASS)
    assert snapshot(s) == before


def test_a_copy_of_a_state_owns_every_list_it_holds() -> None:
    """API: GameState.copy (a position to edit by hand) gives the copy its own list for
    each field that holds one, equal to the original's, so that changing an item of the
    copy leaves the original alone; the engine's caches (the legal actions, the frontier)
    start empty in the copy and are worked out again."""
    caches = {"_legal", "_frontier"}
    for s in POSITIONS:
        sk.legal_actions(s)
        s.frontier  # noqa: B018 - fill the cache the copy must not share
        c = s.copy()
        lists = {name for name in sk.GameState.__slots__ if isinstance(getattr(s, name), list)}
        assert lists - caches, "a position holds lists"
        for name in lists - caches:
            assert getattr(c, name) == getattr(s, name), name
            assert getattr(c, name) is not getattr(s, name), name
        for name in caches:
            assert getattr(c, name) is None, name
        assert c.frontier == s.frontier and sk.legal_actions(c) == sk.legal_actions(s)


def test_apply_action_accepts_an_equal_action_object() -> None:
    """API: an action built or parsed outside the engine (equal, not the same object) is
    accepted like the engine's own."""
    s = new(3)
    a = sk.parse_action({"kind": "marry", "family": BOARD.family_ids[F]})
    assert sk.apply_action(s, a).tiles[0][F] == 1


def test_illegal_action_error_is_a_value_error() -> None:
    """API: IllegalActionError is a ValueError, so callers may catch either."""
    assert issubclass(sk.IllegalActionError, ValueError)
    with pytest.raises(ValueError):
        sk.apply_action(new(3), PASS)


def message(s: sk.GameState, a: object) -> str:
    with pytest.raises(sk.IllegalActionError) as info:
        sk.apply_action(s, a)  # type: ignore[arg-type]
    text = str(info.value)
    assert text and "\n" not in text
    return text


def test_message_not_enough_money() -> None:
    """API: a refused marriage for lack of money says what it costs and what the player has."""
    portion = BOARD.portion[F]
    text = message(with_money(new(3), 0, portion - 1), marry(F))
    assert f"costs {portion} dirhams" in text
    assert f"Ann has {portion - 1}" in text


def test_message_space_not_adjacent() -> None:
    """API: a camel refused for adjacency says the space is not next to the family."""
    s = with_tiles(new(3), 0, F)
    dist = BOARD.distances_from(BOARD.home[F])
    far = next(t for t in range(BOARD.n_spaces) if dist[t] == 3)
    text = message(s, place(F, far))
    assert "not next to a camel" in text and BOARD.family_names[F] in text


def test_message_space_full() -> None:
    """API: a camel refused because the space is full says so."""
    s = with_tiles(new(3), 0, F)
    t = BOARD.neighbours[BOARD.home[F]][0]
    g, h = [x for x in range(BOARD.n_families) if x != F][:2]
    s = with_camels(s, [(g, t), (h, t)])
    assert "already holds two camels" in message(s, place(F, t))


def test_message_wrong_phase_marry_while_discarding() -> None:
    """API: an action of the wrong phase says what the player is asked now."""
    s = sk.apply_action(new(3), marry(F))
    text = message(s, marry(1))
    assert "not a choice now" in text and "discard" in text


def test_message_wrong_phase_place_during_a_sale() -> None:
    """API: during a sale, a camel is refused with a message naming who is asked what."""
    s = to_turn(with_treasury(with_tiles(new(4, seed=81), 0, F), F, 2), 0)
    g = goods_space_for(s)
    s = give(bury(stage(s, F, BOARD.good_space[g]), g), 2, g)
    s = sk.apply_action(s, place(F, BOARD.good_space[g]))
    assert s.phase == "sell"
    other = next(t for t in sorted(s.frontier[F]) if not s.occ[t])
    text = message(s, place(F, other))
    assert "not a choice now" in text and "Cem" in text and BOARD.good_names[g] in text


@pytest.mark.parametrize("phase", ["sell", "discard"])
def test_message_wrong_phase_end_turn(phase: str) -> None:
    """API: ending the turn while a sale or a discard is pending is a wrong-phase action,
    and the message should say what the player is asked now (not that no camel was
    placed)."""
    if phase == "discard":
        s = sk.apply_action(new(3), marry(F))
    else:
        s = to_turn(with_treasury(with_tiles(new(4, seed=81), 0, F), F, 2), 0)
        g = goods_space_for(s)
        s = give(bury(stage(s, F, BOARD.good_space[g]), g), 0, g)
        s = sk.apply_action(s, place(F, BOARD.good_space[g]))
    assert s.phase == phase
    assert "not a choice now" in message(s, END)


def test_messages_for_other_refusals() -> None:
    """API: the other refusals say why in words."""
    s = with_tiles(new(3), 0, F)
    assert "no family 'atlantis'" in message(s, sk.Marry(family="atlantis"))
    assert "no family 'atlantis'" in message(s, sk.Place(family="atlantis", space=0))
    assert "no space 9999" in message(s, place(F, 9999))
    assert "holds no tile" in message(s, place(1, BOARD.neighbours[BOARD.home[1]][0]))
    assert "may not pass" in message(s, PASS)
    d = sk.apply_action(new(3), marry(F))
    assert "does not hold" in message(d, sk.Discard(cards=(99,)))
    three = d.hands[0][:3]
    assert "at most 2" in message(d, sk.Discard(cards=three))
    assert "ascending" in message(d, sk.Discard(cards=tuple(reversed(d.hands[0][:2]))))
    over = random_game(3, 5)[0]
    assert "game is over" in message(over, PASS)
    assert message(new(3), {"kind": "pass"})  # not even an Action: still refused in words


# -- action classes and parse_action -------------------------------------------------------

KINDS: dict[type[sk.Action], str] = {
    sk.Marry: "marry", sk.Place: "place", sk.EndTurn: "end_turn", sk.Discard: "discard",
    sk.Sell: "sell", sk.Keep: "keep", sk.Pass: "pass"}


def all_actions() -> list[sk.Action]:
    out: dict[sk.Action, None] = {}
    for s in POSITIONS:
        for a in sk.legal_actions(s):
            out[a] = None
    return list(out)


def test_every_action_class_has_its_kind() -> None:
    """API: each action class has a fixed `kind`, also in its dict form."""
    for cls, kind in KINDS.items():
        assert cls.kind == kind
    for a in all_actions():
        assert a.kind == KINDS[type(a)]
        assert a.as_dict()["kind"] == a.kind


def test_actions_are_frozen_and_hashable() -> None:
    """API: actions are frozen (immutable, hashable, compared by value): equal fields give
    the very same object, so `==`, `in` and dict keys agree with identity."""
    a = place(F, 3)
    with pytest.raises(AttributeError):
        a.space = 4  # type: ignore[misc]
    with pytest.raises(AttributeError):
        discard(1, 2).cards = ()  # type: ignore[misc]
    with pytest.raises(AttributeError):
        a.other = 1  # type: ignore[attr-defined]
    assert a == sk.Place(family=BOARD.family_ids[F], space=3)
    assert a is sk.Place(BOARD.family_ids[F], 3)
    assert a != sk.Place(family=BOARD.family_ids[F], space=4)
    assert a != sk.Marry(family=BOARD.family_ids[F])
    assert len({a, sk.Place(family=BOARD.family_ids[F], space=3), END, sk.EndTurn()}) == 2
    assert sk.Discard(cards=[1, 2]) is sk.Discard(cards=(1, 2))  # type: ignore[arg-type]
    assert sk.Discard() is sk.Discard(cards=())
    assert repr(a) == f"Place(family={BOARD.family_ids[F]!r}, space=3)"


def test_actions_survive_copy_and_pickle_as_themselves() -> None:
    """API: copying or pickling an action gives back the same interned object (a bot in
    another process, a deep copy of a position)."""
    for a in all_actions():
        assert copy.copy(a) is a and copy.deepcopy(a) is a
        assert pickle.loads(pickle.dumps(a)) is a


def test_parse_action_round_trips_every_action() -> None:
    """API: parse_action reads an action back from its dict and from its JSON text, and
    gives the engine's own object."""
    for a in all_actions():
        assert sk.parse_action(a.as_dict()) is a
        assert sk.parse_action(a.to_json()) is a
        assert sk.parse_action(json.dumps(a.as_dict()).encode()) is a


def test_parse_action_is_strict_about_types() -> None:
    """API (issue 39): parse_action takes numbers as numbers and texts as texts: `true` is
    not 1 and "3" is not 3 (refused with where and why); a JSON array or a list is the
    discard's cards."""
    fid = BOARD.family_ids[F]
    for bad in ({"kind": "place", "family": fid, "space": "3"},
                {"kind": "place", "family": fid, "space": True},
                {"kind": "place", "family": fid, "space": 3.0},
                {"kind": "sell", "good": "3"},
                {"kind": "keep", "good": False},
                {"kind": "discard", "cards": [True, 2]},
                json.dumps({"kind": "place", "family": fid, "space": True}),
                '{"kind": "sell", "good": "3"}'):
        with pytest.raises(sk.BadActionError) as info:
            sk.parse_action(bad)
        assert str(info.value).startswith("not an action: ")
        assert "valid integer" in str(info.value)
    assert sk.parse_action({"kind": "place", "family": fid, "space": 3}) is place(F, 3)
    assert sk.parse_action({"kind": "discard", "cards": [1, 2]}) is discard(1, 2)
    assert sk.parse_action('{"kind": "discard", "cards": [1, 2]}') is discard(1, 2)
    assert sk.parse_action({"kind": "discard"}) is sk.Discard()


def test_apply_action_refuses_a_foreign_object_whatever_its_eq_says() -> None:
    """API (issue 39): only the engine's own action classes, by exact type: an object
    whose __eq__ always says True is not played as a Pass (or anything), nor is a
    subclass of an action."""
    class Anything:
        def __eq__(self, other: object) -> bool:
            return True

        __hash__ = object.__hash__

    class FakePass(type(PASS)):  # type: ignore[misc]
        pass

    s = new(3)
    for foreign in (Anything(), object.__new__(FakePass)):
        with pytest.raises(sk.IllegalActionError) as info:
            sk.apply_action(s, foreign)  # type: ignore[arg-type]
        assert "Not an action of this game" in str(info.value)
    first = sk.legal_actions(s)[0]
    assert Anything() in sk.legal_actions(s)  # what `in` alone would have let through
    assert list(sk.apply_action(s, first).actions) == [first]


@pytest.mark.parametrize(
    "junk",
    [
        {},
        {"kind": "fly"},
        {"kind": "marry"},
        {"kind": "marry", "family": 3},
        {"kind": "place", "family": "x", "space": "abc"},
        {"kind": "place", "family": "x"},
        {"kind": "pass", "extra": 1},
        {"kind": "discard", "cards": "1,2"},
        {"kind": "sell", "good": None},
        {"family": "x"},
        "not json",
        "{",
        "[]",
        '{"kind": "keep"}',
        b"\xff\xfe",
        42,
        None,
        [],
        [{"kind": "pass"}],
        3.5,
    ],
)
def test_parse_action_rejects_junk(junk: object) -> None:
    """API: parse_action raises BadActionError (a ValueError) for anything that is not an
    action, with a message that says where it went wrong."""
    with pytest.raises(sk.BadActionError) as info:
        sk.parse_action(junk)
    assert isinstance(info.value, ValueError)
    assert str(info.value).startswith("not an action")


def test_describe_gives_a_one_line_sentence_for_every_action() -> None:
    """API: every action has describe(board): one line of words naming the family, space or
    good concerned."""
    for a in all_actions():
        text = a.describe(BOARD)
        assert text and "\n" not in text and len(text) < 120
        if isinstance(a, sk.Marry):
            f = BOARD.family_index[a.family]
            assert BOARD.family_names[f] in text and str(BOARD.portion[f]) in text
        elif isinstance(a, sk.Place):
            assert BOARD.family_names[BOARD.family_index[a.family]] in text
        elif isinstance(a, (sk.Sell, sk.Keep)):
            assert BOARD.good_names[a.good] in text
        elif isinstance(a, sk.Discard) and a.cards:
            assert str(len(a.cards)) in text


# -- determinism -------------------------------------------------------------------------


@pytest.mark.parametrize("n", (2, 3, 4, 5))
def test_same_seed_and_actions_give_the_same_game(n: int) -> None:
    """API: a game is a function of its names, seed, first player and actions: replaying
    the actions of a game from a fresh start gives the same state at every step."""
    end, states = random_game(n, 90 + n)
    s = sk.new_game(list(end.names), end.options.seed, first_player=end.options.first_player)
    assert snapshot(s) == snapshot(states[0])
    for a, expected in zip(end.actions, states[1:], strict=True):
        s = sk.apply_action(s, a)
        assert snapshot(s) == snapshot(expected)


def test_different_seeds_give_different_games() -> None:
    """API: the seed decides every shuffle: two seeds, two deals."""
    assert new(4, seed=1).deck != new(4, seed=2).deck


def test_naming_the_first_player_does_not_change_the_deal() -> None:
    """API: a game started with its first player named deals the same cards as the one
    that drew that player from the seed (so a replay, which names the first player, deals
    the same)."""
    for seed in range(10):
        drawn = sk.new_game(list(NAMES[:4]), seed)
        for first in range(4):
            named = sk.new_game(list(NAMES[:4]), seed, first_player=first)
            assert named.hands == drawn.hands and named.deck == drawn.deck


def test_legal_actions_are_stable() -> None:
    """API: legal_actions gives the same list, in the same order, every time it is asked."""
    for s in POSITIONS[::10]:
        assert list(sk.legal_actions(s)) == list(sk.legal_actions(s.copy()))


def test_final_scores_of_any_position() -> None:
    """API: final_scores scores the position as it stands, also before the end."""
    s = new(3)
    fs = sk.final_scores(s)
    assert [x.total for x in fs.scores] == [10, 10, 10]
    assert fs.winners == (0, 1, 2)


def test_the_public_names_are_exported() -> None:
    """API: everything in __all__ is importable from samarkand_core."""
    for name in sk.__all__:
        assert hasattr(sk, name)


def test_a_scripted_game_runs_through_the_public_api() -> None:
    """API: the module docstring's usage works: new_game, legal_actions, apply_action."""
    s = sk.new_game(["Ann", "Bob", "Cem"], seed=7)
    s = sk.apply_action(s, sk.legal_actions(s)[0])
    s = play(s, discard())
    assert s.turn == 2
    assert sell(1).kind == "sell"


# -- the random number generator -----------------------------------------------------------

SPLITMIX64_1234567 = [
    6457827717110365317,
    3203168211198807973,
    9817491932198370423,
    4593380528125082431,
    16408922859458223821,
]


def test_rng_is_the_published_splitmix64() -> None:
    """API: the RNG is SplitMix64 (Steele, Lea & Flood; Vigna's reference splitmix64.c):
    seeded with 1234567 its first outputs are the reference values, the same on every
    Python version and in Pyodide."""
    state = 1234567
    out = []
    for _ in range(5):
        state, x = next_u64(state)
        out.append(x)
    assert out == SPLITMIX64_1234567


def test_rng_derived_draws_are_pinned() -> None:
    """API: below() takes the next output modulo n, shuffled() is Fisher-Yates over below():
    pinned from the reference outputs, so a given seed deals the same game forever."""
    assert below(1234567, 10) == (next_u64(1234567)[0], SPLITMIX64_1234567[0] % 10)
    r = Rng(1234567)
    assert [r.below(1000) for _ in range(5)] == [x % 1000 for x in SPLITMIX64_1234567]
    # Fisher-Yates on [0, 1, 2]: i = 2 swaps with out[0] % 3, then i = 1 with out[1] % 2
    items = [0, 1, 2]
    j = SPLITMIX64_1234567[0] % 3
    items[2], items[j] = items[j], items[2]
    k = SPLITMIX64_1234567[1] % 2
    items[1], items[k] = items[k], items[1]
    assert shuffled(1234567, [0, 1, 2])[1] == items


@pytest.mark.parametrize("count", [0, 1, 2, 31, 32, 33, 100])
@pytest.mark.parametrize("seed", [0, 1234567, 2**64 - 1, 0x9E3779B97F4A7C15])
def test_rng_outputs_made_at_once_are_the_outputs_one_by_one(seed: int, count: int) -> None:
    """API: outputs() (many SplitMix64 steps side by side in one big int, for shuffles and
    random play) gives exactly the numbers and the state of as many next_u64 calls."""
    state, expected = seed, []
    for _ in range(count):
        state, x = next_u64(state)
        expected.append(x)
    assert outputs(seed, count) == (state, expected)


def test_rng_handles_any_integer_seed() -> None:
    """API: the RNG state is 64 bits; a seed beyond that wraps rather than failing."""
    assert next_u64(2**64 + 5) == next_u64(5)
    r = Rng(-1)
    assert 0 <= r.below(7) < 7 and 0.0 <= r.random() < 1.0


# -- no pydantic on the engine's path ---------------------------------------------------------

NO_PYDANTIC = """
import sys
import samarkand_core
from samarkand_core import new_game, legal_actions, apply_action, view_for, encode_save
from samarkand_core import decode_save, default_board, final_scores, sample_state
s = new_game(["a", "b"], 1)
while not s.is_over:
    s = apply_action(s, legal_actions(s)[-1])
v = view_for(s, 0)
sample_state(view_for(new_game(["a", "b", "c"], 2), 1), 3)
assert decode_save(encode_save(s)).history.length == s.history.length
final_scores(s)
default_board()
print(sorted(m for m in sys.modules if m.split(".")[0] == "pydantic"))
"""


def test_the_engine_does_not_import_pydantic() -> None:
    """Importing samarkand_core, setting up, playing, viewing, saving and loading a
    game import no pydantic (a fresh interpreter, so no other test has imported it)."""
    out = subprocess.run([sys.executable, "-c", NO_PYDANTIC], capture_output=True,
                         text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_parse_action_imports_pydantic_only_when_called() -> None:
    """Pydantic is for input from outside: parse_action loads it on first use."""
    code = ("import sys; import samarkand_core as s; before = 'pydantic' in sys.modules; "
            "s.parse_action({'kind': 'pass'}); print(before, 'pydantic' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.split() == ["False", "True"]

"""Save codes: round trips, size, and decode_save against damaged or hostile input.

The format (samarkand_core/savecode.py): "s1-" + base64url(zlib(payload)), the payload a
run of varints: board fingerprint, player count, names (length + UTF-8), first player,
seed, action count, action codes. Hostile codes below are built by hand from that
description (tests/support/savecode_bytes.py); whatever the input, decode_save returns a
game or raises SaveCodeError.
"""

from __future__ import annotations

import base64
import string
import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

import samarkand_core.savecode as savecode_module
import savepack
from samarkand_core import (
    GameState,
    Pass,
    Place,
    SaveCodeError,
    apply_action,
    decode_save,
    encode_save,
    legal_actions,
    new_game,
)
from samarkand_core.savecode import (
    MAX_ACTIONS,
    MAX_CODE_CHARS,
    MAX_PAYLOAD_BYTES,
    action_code,
    board_fingerprint,
)
from tests.support.helpers import BOARD, NAMES, random_game, snapshot
from tests.support.savecode_bytes import envelope, payload, varint

ALPHABET = string.ascii_letters + string.digits + "-_"


class Work:
    """What one decode_save did: text read, bytes inflated, moves replayed. Decoding
    anything must be quick and never hang; that is what bounds it (no clock is asked)."""

    def __init__(self) -> None:
        self.inflated = 0
        self.inflaters = 0
        self.steps = 0

    def check(self) -> None:
        assert self.inflaters <= 1
        assert self.inflated <= MAX_PAYLOAD_BYTES
        assert self.steps <= MAX_ACTIONS


class _CountingZlib:
    """The save codes' zlib (savepack's), with every inflater counting what it gives out."""

    def __init__(self, work: Work) -> None:
        self.error = zlib.error
        self.work = work

    def decompressobj(self) -> Any:
        work, inflater = self.work, zlib.decompressobj()
        work.inflaters += 1

        class Counted:
            def decompress(self, data: bytes, max_length: int = 0) -> bytes:
                out = inflater.decompress(data, max_length)
                work.inflated += len(out)
                return out

            def __getattr__(self, name: str) -> Any:
                return getattr(inflater, name)

        return Counted()


@contextmanager
def measured_work() -> Iterator[Work]:
    work = Work()

    def counted_apply(state: GameState, action: Any) -> GameState:
        work.steps += 1
        return apply_action(state, action)

    # the modules' own names (imported there, not exported: hence the ignores)
    real = savecode_module.apply_action, savepack.zlib  # type: ignore[attr-defined]
    savecode_module.apply_action = counted_apply  # type: ignore[attr-defined]
    savepack.zlib = _CountingZlib(work)  # type: ignore[attr-defined, assignment]
    try:
        yield work
    finally:
        savecode_module.apply_action, savepack.zlib = real  # type: ignore[attr-defined]


def assert_rejected(text: object) -> SaveCodeError:
    with measured_work() as work, pytest.raises(SaveCodeError) as info:
        decode_save(text)  # type: ignore[arg-type]
    work.check()
    if isinstance(text, str) and len(text.strip()) > MAX_CODE_CHARS:
        assert work.inflaters == 0  # refused by its length, before anything is unpacked
    assert isinstance(info.value, ValueError)
    assert str(info.value)  # a message for the person who pasted it
    return info.value


def decodes_or_rejects(text: str) -> None:
    """Any text: a game, or SaveCodeError - never another exception, never a hang (its
    work bounded: see Work)."""
    with measured_work() as work:
        try:
            state = decode_save(text)
        except SaveCodeError:
            pass
        else:
            assert isinstance(state, GameState)
    work.check()


# -- round trips ---------------------------------------------------------------------------


def same_game(a: GameState, b: GameState) -> None:
    assert snapshot(a) == snapshot(b)


@settings(max_examples=40, deadline=None,
          phases=(Phase.explicit, Phase.reuse, Phase.generate))  # a game: no shrinking
@given(n=st.integers(2, 5), seed=st.integers(0, 2**64 - 1), data=st.data())
def test_round_trip_of_random_games(n: int, seed: int, data: st.DataObject) -> None:
    """Save codes: decode_save(encode_save(s)) rebuilds the same game - the same actions,
    money, hands, piles, board, phase and random state - at any point of a random game."""
    s = new_game(list(NAMES[:n]), seed, first_player=data.draw(st.integers(0, n - 1)))
    steps = data.draw(st.integers(0, 300), label="steps")
    for _ in range(steps):
        if s.is_over:
            break
        legal = legal_actions(s)
        s = apply_action(s, legal[data.draw(st.integers(0, len(legal) - 1))])
    code = encode_save(s)
    assert code.startswith("s1-")
    assert set(code[3:]) <= set(ALPHABET)
    same_game(decode_save(code), s)


def test_round_trip_at_every_step_of_a_game() -> None:
    """Save codes: every position of a finished game, not only the last, round-trips."""
    _, states = random_game(4, 3)
    for s in states[::7] + [states[-1]]:
        same_game(decode_save(encode_save(s)), s)


@pytest.mark.parametrize("seed", [0, 1, 2**63, 2**64 - 1])
def test_round_trip_of_extreme_seeds(seed: int) -> None:
    """Save codes: any 64-bit seed survives the trip."""
    s = new_game(list(NAMES[:3]), seed)
    d = decode_save(encode_save(s))
    assert d.options.seed == seed
    same_game(d, s)


def test_round_trip_of_unusual_names() -> None:
    """Save codes: player names of any script, up to 24 characters, survive the trip."""
    names = ["Zoë", "李雷", "Ωmega-Παῦλος", "\U0001f42a" * 24, "O'Brien & Sons"]
    s = new_game(names, 5)
    s = apply_action(s, legal_actions(s)[0])
    d = decode_save(encode_save(s))
    assert d.names == tuple(names)
    same_game(d, s)


def test_decoded_game_plays_on_like_the_original() -> None:
    """Save codes: a decoded game continues exactly as the original would."""
    _, states = random_game(5, 8)
    mid = states[len(states) // 2]
    d = decode_save(encode_save(mid))
    for s in states[len(states) // 2 + 1:]:
        d = apply_action(d, s.actions[-1])
        same_game(d, s)


def test_surrounding_whitespace_is_ignored() -> None:
    """Save codes: a code pasted with spaces or a newline around it still loads."""
    s = random_game(3, 4)[0]
    same_game(decode_save("  " + encode_save(s) + "\n"), s)


def test_finished_five_player_games_have_short_codes() -> None:
    """Save codes: a finished 5-player game's code is under 2,000 characters (it fits a
    URL and a chat message)."""
    longest = 0
    for seed in range(40):
        end, _ = random_game(5, seed)
        assert end.is_over
        longest = max(longest, len(encode_save(end)))
    assert longest < 2000


# -- hostile and damaged codes --------------------------------------------------------


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=300))
def test_random_text_is_rejected(text: str) -> None:
    """decode_save: random text raises SaveCodeError, nothing else."""
    assert_rejected(text)


@settings(max_examples=100, deadline=None)
@given(st.text(alphabet=ALPHABET, max_size=300))
def test_random_code_bodies_are_rejected(body: str) -> None:
    """decode_save: "s1-" and random URL-safe characters raise SaveCodeError."""
    assert_rejected("s1-" + body)


@settings(max_examples=150, deadline=None)
@given(st.binary(max_size=400))
def test_random_bytes_as_base64_are_rejected(raw: bytes) -> None:
    """decode_save: random bytes in the envelope (base64url, not a zlib stream) raise
    SaveCodeError."""
    assert_rejected(envelope(raw, compress=False))


@settings(max_examples=150, deadline=None)
@given(st.binary(max_size=400))
def test_random_payloads_are_rejected(raw: bytes) -> None:
    """decode_save: a valid zlib stream of random bytes raises SaveCodeError."""
    assert_rejected(envelope(raw))


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    names=st.lists(st.text(max_size=30), min_size=0, max_size=7),
    first=st.integers(0, 2**70),
    seed=st.integers(0, 2**70),
    actions=st.lists(st.integers(0, 5000), max_size=40),
)
def test_random_well_formed_payloads_decode_or_are_rejected(
    names: list[str], first: int, seed: int, actions: list[int]
) -> None:
    """decode_save: payloads with the right shape but random players, seeds and moves give a
    game or SaveCodeError, never another exception."""
    decodes_or_rejects(envelope(payload(names=names, first=first, seed=seed, actions=actions)))


def test_truncated_codes_are_rejected() -> None:
    """decode_save: every proper prefix of a real code raises SaveCodeError."""
    code = encode_save(random_game(4, 11)[0])
    for k in range(len(code)):
        assert_rejected(code[:k])


@settings(max_examples=300, deadline=None)
@given(data=st.data())
def test_single_character_mutations_decode_or_are_rejected(data: st.DataObject) -> None:
    """decode_save: changing one character of a real code gives a game (if it happens to
    name another legal game) or SaveCodeError, nothing else, and never hangs."""
    code = CODE_FOR_MUTATION
    i = data.draw(st.integers(0, len(code) - 1))
    c = data.draw(st.sampled_from(ALPHABET + "=+/ .s1é"))
    decodes_or_rejects(code[:i] + c + code[i + 1:])


CODE_FOR_MUTATION = encode_save(random_game(4, 12)[0])


def test_every_single_character_mutation_of_a_short_code() -> None:
    """decode_save: all one-character changes of a short code, exhaustively."""
    s = new_game(list(NAMES[:3]), 4)
    for _ in range(6):
        s = apply_action(s, legal_actions(s)[-1])
    code = encode_save(s)
    for i in range(len(code)):
        for c in "A_-0z":
            decodes_or_rejects(code[:i] + c + code[i + 1:])


@pytest.mark.parametrize("version", ["0", "3", "10", "9999"])
def test_wrong_version_is_rejected(version: str) -> None:
    """decode_save: a code of a format version other than 1 and 2 (VARIANT_FORMAT) raises
    SaveCodeError that says so."""
    body = encode_save(new_game(list(NAMES[:3]), 1)).split("-", 1)[1]
    assert "version" in str(assert_rejected(f"s{version}-{body}"))


def test_an_illegal_move_is_rejected() -> None:
    """decode_save: a code whose move is not legal at that point (a Pass, or a camel, at the
    very start, when only marriages are legal) raises SaveCodeError naming the move."""
    err = assert_rejected(envelope(payload(actions=[action_code(BOARD, Pass())])))
    assert "Move 1" in str(err)
    camel = action_code(BOARD, Place(family=BOARD.family_ids[0],
                                     space=BOARD.neighbours[BOARD.home[0]][0]))
    assert "Move 1" in str(assert_rejected(envelope(payload(actions=[camel]))))


@pytest.mark.parametrize("code", [10**6, 2**40, 1299, 1235])
def test_an_action_code_naming_no_action_is_rejected(code: int) -> None:
    """decode_save: a number that is no action code raises SaveCodeError."""
    assert_rejected(envelope(payload(actions=[code])))


def test_a_move_after_the_end_is_rejected() -> None:
    """decode_save: a code with moves after the game ended raises SaveCodeError."""
    end = random_game(3, 13)[0]
    moves = [action_code(BOARD, a) for a in end.actions]
    text = envelope(payload(names=list(end.names), first=end.options.first_player,
                            seed=end.options.seed, actions=moves + [0]))
    assert_rejected(text)
    ok = envelope(payload(names=list(end.names), first=end.options.first_player,
                          seed=end.options.seed, actions=moves))
    same_game(decode_save(ok), end)  # the hand-built payload itself is right


def test_a_zip_bomb_is_rejected_quickly() -> None:
    """decode_save: a zlib stream that would expand to 10 MB (far beyond any game) raises
    SaveCodeError without inflating it."""
    bomb = "s1-" + base64.urlsafe_b64encode(zlib.compress(b"\0" * 10_000_000, 9)).rstrip(
        b"=").decode("ascii")
    assert_rejected(bomb)
    payload_bomb = envelope(payload() + b"\0" * 5_000_000)
    assert_rejected(payload_bomb)


@pytest.mark.parametrize("value", [None, 42, b"s1-abc", ["s1-"], 3.5])
def test_not_a_text_is_rejected(value: object) -> None:
    """decode_save: anything but a str raises SaveCodeError."""
    assert_rejected(value)


def test_huge_text_is_rejected_quickly() -> None:
    """decode_save: a megabyte of code characters raises SaveCodeError at once."""
    assert_rejected("s1-" + "A" * 1_000_000)


@pytest.mark.parametrize(
    "data",
    [
        payload(fingerprint=(board_fingerprint(BOARD) + 1) & 0xFFFF),  # another map
        payload(names=["Solo"]),  # one player
        payload(names=list("ABCDEF")),  # six players
        payload(names=["Ann", "Ann", "Bob"]),  # same name twice
        payload(names=["Ann", "", "Bob"]),  # an empty name
        payload(names=["Ann", "x" * 40, "Bob"]),  # a name too long
        payload(names=["Ann", "a\nb", "Bob"]),  # a control character
        payload(first=3),  # no fourth seat
        payload(seed=2**64),  # seed beyond 64 bits
        payload(count=5000),  # more moves than a game can have
        payload(count=3),  # says 3 moves, holds none
        payload() + b"\x01",  # extra data
        payload()[:-1],  # cut short
        varint(2**80),  # a varint far too large
        b"",  # nothing at all
    ],
)
def test_malformed_payloads_are_rejected(data: bytes) -> None:
    """decode_save: a payload whose map, players, seed or move list is wrong raises
    SaveCodeError."""
    assert_rejected(envelope(data))


def test_name_bytes_that_are_not_utf8_are_rejected() -> None:
    """decode_save: a player name that is not UTF-8 raises SaveCodeError."""
    data = varint(board_fingerprint(BOARD)) + varint(2) + varint(2) + b"\xff\xfe"
    data += varint(3) + b"Bob" + varint(0) + varint(1) + varint(0)
    assert_rejected(envelope(data))


def test_the_hand_built_payload_matches_the_format() -> None:
    """Guard for the hostile payloads above: the same builder with good values loads."""
    s = decode_save(envelope(payload(names=["Ann", "Bob", "Cem"], first=1, seed=99)))
    same_game(s, new_game(["Ann", "Bob", "Cem"], 99, first_player=1))

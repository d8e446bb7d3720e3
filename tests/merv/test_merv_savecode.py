"""Save codes (merv1-): replay to the same state; anything else is SaveCodeError."""

from __future__ import annotations

import base64
import zlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from merv_core import SaveCodeError, decode_save, encode_save, new_game, view_for
from tests.merv.merv_helpers import random_game


@pytest.mark.parametrize("n,seed", [(2, 11), (3, 12), (4, 13)])
def test_finished_random_games_replay_to_the_same_state(n: int, seed: int) -> None:
    states = random_game(n, seed)
    end = states[-1]
    code = encode_save(end)
    assert code.startswith("merv1-")
    assert decode_save(code) == end
    middle = states[len(states) // 2]
    assert decode_save(encode_save(middle)) == middle


CODE = encode_save(random_game(2, 3)[-1])


@settings(max_examples=60, deadline=None)
@given(st.text(max_size=60) | st.builds(lambda i, c: CODE[:i] + c + CODE[i + 1:],
                                        st.integers(0, len(CODE) - 1),
                                        st.sampled_from("AZaz09-_!")))
def test_damaged_codes_raise_only_save_code_error(text: str) -> None:
    try:
        decode_save(text)
    except SaveCodeError:
        pass


def test_a_move_out_of_range_is_reported() -> None:
    raw = bytes([2, 1, 65, 1, 66, 1, 1, 99])
    code = "merv1-" + base64.urlsafe_b64encode(zlib.compress(raw)).decode().rstrip("=")
    with pytest.raises(SaveCodeError, match="Move 1"):
        decode_save(code)
    with pytest.raises(SaveCodeError, match="not a Merv save code"):
        decode_save("s1-abc")


def test_views_hide_the_deck_and_the_face_down_milestones() -> None:
    s = new_game(["A", "B"], 1)
    v = view_for(s, 0)
    assert v.state.deck == () and v.deck_size == len(s.deck) > 0
    assert all(m == () for m in v.state.milestones) and v.milestones_left[0] > 0

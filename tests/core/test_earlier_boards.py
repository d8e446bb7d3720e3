"""Old save codes on a changed map: the map a code was made on stays loadable.

A save code names its map by the low 16 bits of the rules fingerprint (savecode.py). When
the shipped map changes, the one it replaces is kept in samarkand_core/boards/ under its
fingerprint and recorded in board_digest.py (board.py, "Earlier maps"); decode_save finds
the map a code names among the shipped one and the kept ones, so the page (saved games,
shared links) and the command line (`replay`, `chart`) load old codes on their own map.

The checks of tests/core/test_board.py run on every kept map too (its `board` fixture covers
them all). The tests below change the map in a temporary copy of the package's board
files, the way a map designer would: `--keep`, edit board.json, `--renew`.
"""

from __future__ import annotations

import hashlib
import json
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

import samarkand_core.board as board_module
import samarkand_core.board_digest as digest_module
import samarkand_core.engine as engine_module
from samarkand_core import (
    GameState,
    SaveCodeError,
    decode_save,
    encode_save,
    final_scores,
    new_game,
)
from samarkand_core.__main__ import main
from samarkand_core.board import (
    Board,
    board_for_fingerprint,
    default_board,
    earlier_board,
    earlier_board_name,
    earlier_fingerprints,
    known_boards,
    load_board,
    parse_board,
)
from samarkand_core.board_digest import EARLIER_BOARDS
from samarkand_core.board_tool import earlier_board_files, keep_shipped_board
from samarkand_core.replay import Replay
from samarkand_core.savecode import board_fingerprint
from tests.support.helpers import NAMES, snapshot
from tests.support.savecode_bytes import envelope, payload
from tests.support.web_support import played_out

PACKAGE = Path(board_module.__file__).resolve().parent
BOARD_JSON = PACKAGE / "board.json"


# -- the maps kept in the package ------------------------------------------------------------


def test_every_kept_map_is_valid_named_for_its_fingerprint_and_recorded() -> None:
    """board_digest.py records exactly the files in boards/, each validated in full, named
    for its fingerprint, and told apart from the others (and from the shipped map) by the
    16 bits a save code holds; `--renew` writes that record."""
    assert earlier_board_files(BOARD_JSON) == EARLIER_BOARDS
    assert earlier_fingerprints() == tuple(EARLIER_BOARDS)
    for fingerprint in EARLIER_BOARDS:
        validated = load_board(PACKAGE / "boards" / earlier_board_name(fingerprint))
        trusted = earlier_board(fingerprint)  # by its recorded digest, without pydantic
        assert trusted.fingerprint == validated.fingerprint == fingerprint
        assert trusted.data == validated.data


def test_a_code_made_on_each_known_map_decodes_on_that_map() -> None:
    for board in known_boards():
        state = new_game(list(NAMES[:3]), 5, board=board)
        decoded = decode_save(encode_save(state))
        assert decoded.board is board
        assert snapshot(decoded) == snapshot(state)


# A code made on the map shipped when save codes began (fingerprint b4ad8134db0bf5db): 40
# random moves of a three-player game, seed 2026. If this map is ever changed without
# `board_tool --keep`, this code stops loading and this test says so.
FIRST_MAP = 0xB4AD8134DB0BF5DB
FIRST_MAP_CODE = (
    "s1-eNoBWQCm_9vrAwMDQW5uA0JvYgNDZW0B6g8oCsEBBW4DYJES8hEKtgIGgwWAEgGnDcYNvwvAC5ASkxLVDdQNtQ"
    "7CDpISAYESAdAO4Q4HigOXDdYNpA60DoAP_w7FDaYN6Hsc1w"
)


def test_a_code_made_on_the_first_map_still_loads_on_it() -> None:
    state = decode_save(FIRST_MAP_CODE)
    assert state.board.fingerprint == FIRST_MAP
    assert state.names == ("Ann", "Bob", "Cem") and state.options.seed == 2026
    assert len(state.actions) == 40 and state.turn == 21
    assert encode_save(state) == FIRST_MAP_CODE


# -- a map change, made in a temporary copy ---------------------------------------------------


def random_game(n: int, seed: int, board: Board) -> GameState:
    """A finished game of random legal moves on `board`."""
    return played_out(new_game(list(NAMES[:n]), seed, board=board), seed)


class ChangedMap:
    """The package's board files copied to a directory, the map changed there as a map
    designer would change it, and board.py pointed at the copy."""

    def __init__(self, root: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        self.board_json = root / "board.json"
        shutil.copyfile(BOARD_JSON, self.board_json)
        if (PACKAGE / "boards").is_dir():
            shutil.copytree(PACKAGE / "boards", root / "boards")
        self.old = default_board()
        kept = keep_shipped_board(self.board_json)
        assert kept == root / "boards" / earlier_board_name(self.old.fingerprint)
        # The change: the first family's marriage portion one higher (a rule the
        # fingerprint covers; the validator allows portions 3 to 6).
        raw = json.loads(self.board_json.read_text(encoding="utf-8"))
        portion = raw["families"][0]["portion"]
        raw["families"][0]["portion"] = portion + 1 if portion < 6 else portion - 1
        self.board_json.write_text(json.dumps(raw), encoding="utf-8")
        self.new: Board = parse_board(self.board_json.read_bytes())
        assert self.new.fingerprint != self.old.fingerprint
        self.recorded = earlier_board_files(self.board_json)  # what --renew would record

        def earlier_bytes(fingerprint: int) -> bytes:
            return (root / "boards" / earlier_board_name(fingerprint)).read_bytes()

        # The new map is now the shipped one, everywhere a game may start.
        monkeypatch.setattr(board_module, "default_board", lambda: self.new)
        monkeypatch.setattr(engine_module, "default_board", lambda: self.new)
        monkeypatch.setattr(board_module, "_earlier_board_bytes", earlier_bytes)
        monkeypatch.setattr(digest_module, "EARLIER_BOARDS", self.recorded)
        board_module.earlier_board.cache_clear()


@pytest.fixture
def changed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[ChangedMap]:
    yield ChangedMap(tmp_path, monkeypatch)
    board_module.earlier_board.cache_clear()


def test_keeping_the_shipped_map_records_it_under_its_fingerprint(changed: ChangedMap) -> None:
    """`--keep` copies board.json to boards/ under its fingerprint; `--renew` records it."""
    digest = hashlib.sha256(BOARD_JSON.read_bytes()).hexdigest()
    assert changed.recorded[changed.old.fingerprint] == digest
    found = board_for_fingerprint(lambda fp: fp == changed.old.fingerprint)
    assert found is not None and found.data == changed.old.data
    assert board_for_fingerprint(lambda fp: fp == changed.new.fingerprint) is changed.new


def test_an_old_code_decodes_and_replays_on_its_own_map(changed: ChangedMap) -> None:
    """A finished game saved before the change loads on the map it was played on: the
    same game, move for move, drawn and replayed on that map."""
    game = random_game(4, 17, changed.old)  # played before the change
    code = encode_save(game)
    decoded = decode_save(code)
    assert decoded.board.fingerprint == changed.old.fingerprint
    assert decoded.board.data == changed.old.data
    assert snapshot(decoded) == snapshot(game)
    replay = Replay.from_code(code)
    assert replay.board.fingerprint == changed.old.fingerprint
    assert replay.n_moves > 0


def test_a_new_code_decodes_on_the_new_map(changed: ChangedMap) -> None:
    state = new_game(list(NAMES[:3]), 8)  # the shipped map is now the new one
    assert state.board is changed.new
    decoded = decode_save(encode_save(state))
    assert decoded.board is changed.new
    assert decoded.board.portion[0] != changed.old.portion[0]
    assert snapshot(decoded) == snapshot(state)


def test_insisting_on_a_map_still_refuses_a_code_from_another(changed: ChangedMap) -> None:
    old_code = encode_save(new_game(list(NAMES[:2]), 3, board=changed.old))
    with pytest.raises(SaveCodeError, match="different map"):
        decode_save(old_code, changed.new)


def test_a_code_naming_an_unknown_map_gets_a_clear_message(changed: ChangedMap) -> None:
    known = {board_fingerprint(changed.new), *(fp & 0xFFFF for fp in changed.recorded)}
    unknown = next(fp for fp in range(1 << 16) if fp not in known)
    with pytest.raises(SaveCodeError, match="made on a map this game does not know"):
        decode_save(envelope(payload(fingerprint=unknown)))


def test_the_command_line_replays_an_old_code_on_its_map(
    changed: ChangedMap, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    game = random_game(3, 21, changed.old)
    code = encode_save(game)
    assert main(["replay", code]) == 0
    winners = ", ".join(game.names[w] for w in final_scores(game).winners)
    assert f"Winner(s): {winners}" in capsys.readouterr().out
    svg = tmp_path / "old.svg"
    assert main(["replay", code, "--to", "5", "--svg", str(svg)]) == 0
    assert svg.read_text(encoding="utf-8").lstrip().startswith("<svg")


def test_a_changed_kept_file_is_validated_and_must_still_be_its_map(
    changed: ChangedMap, tmp_path: Path
) -> None:
    """A kept map whose bytes no longer have their recorded digest is validated in full,
    and refused if it is now another map: a code never replays on a map it was not made
    on."""
    path = tmp_path / "boards" / earlier_board_name(changed.old.fingerprint)
    raw = json.loads(path.read_text(encoding="utf-8"))
    raw["spaces"][0]["name"] = "Renamed"  # not a rules change: still the same map
    path.write_text(json.dumps(raw), encoding="utf-8")
    board_module.earlier_board.cache_clear()
    assert earlier_board(changed.old.fingerprint).data.spaces[0].name == "Renamed"
    raw["families"][1]["portion"] = 6 if raw["families"][1]["portion"] != 6 else 5
    path.write_text(json.dumps(raw), encoding="utf-8")
    board_module.earlier_board.cache_clear()
    with pytest.raises(ValueError, match="is another map"):
        earlier_board(changed.old.fingerprint)
    code = encode_save(new_game(list(NAMES[:2]), 3, board=changed.old))
    with pytest.raises(SaveCodeError):
        decode_save(code)


def test_renew_refuses_a_misnamed_or_indistinguishable_kept_map(tmp_path: Path) -> None:
    (tmp_path / "boards").mkdir()
    shipped = tmp_path / "board.json"
    shutil.copyfile(BOARD_JSON, shipped)
    misnamed = tmp_path / "boards" / "old.json"
    shutil.copyfile(BOARD_JSON, misnamed)
    with pytest.raises(ValueError, match="named for its fingerprint"):
        earlier_board_files(shipped)
    misnamed.unlink()
    keep_shipped_board(shipped)  # ... and board.json left unchanged
    with pytest.raises(ValueError, match="could not tell them apart"):
        earlier_board_files(shipped)

"""The replay commands: `replay CODE [--to N] [--svg FILE]` and `chart CODE`."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from samarkand_core import encode_save, final_scores
from samarkand_core.__main__ import main
from samarkand_core.replay import Replay
from samarkand_core.savecode import VARIANT_FORMAT
from tests.support.replay_support import twin_games
from tests.support.web_support import play_until, random_game

GAME = random_game(3, 21)
CODE = encode_save(GAME)


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    rc = main(list(args))
    out = capsys.readouterr()
    return rc, out.out, out.err


def test_replay_prints_a_numbered_line_per_move(capsys: pytest.CaptureFixture[str]) -> None:
    rc, out, _ = run(capsys, "replay", CODE)
    assert rc == 0
    rp = Replay.from_state(GAME)
    numbered = [ln for ln in out.splitlines() if ln[:4].strip().isdigit()]
    assert [int(ln[:4]) for ln in numbered] == list(range(1, rp.n_moves + 1))
    assert "Winner(s): " + ", ".join(GAME.names[w] for w in final_scores(GAME).winners) in out


def test_replay_to_a_move_shows_the_table_there(capsys: pytest.CaptureFixture[str],
                                                tmp_path: Path) -> None:
    target = tmp_path / "board.svg"
    rc, out, _ = run(capsys, "replay", CODE, "--to", "12", "--svg", str(target))
    assert rc == 0
    numbered = [ln for ln in out.splitlines() if ln[:4].strip().isdigit()]
    assert len(numbered) == 12
    s = Replay.from_state(GAME).state_after_move(12)
    assert "After move 12 of " in out and f"turn {s.turn}" in out
    for p in range(s.n):
        assert f"{s.names[p]}: {s.money[p]} dirhams" in out
    root = ET.fromstring(target.read_text())
    assert root.get("class") == "board"
    # the camels on the drawing are those of move 12
    ns = "{http://www.w3.org/2000/svg}"
    drawn = {int(g.get("data-space") or -1): len(g.findall(f".//{ns}g[@data-camel]"))
             for g in root.findall(f".//{ns}g[@data-space]")}
    assert drawn == {i: len(o) for i, o in enumerate(s.occ)}


def test_replay_output_hides_what_the_table_does_not_see(
        capsys: pytest.CaptureFixture[str]) -> None:
    a, b = twin_games()
    _, out_a, _ = run(capsys, "replay", encode_save(a), "--to", "60")
    _, out_b, _ = run(capsys, "replay", encode_save(b), "--to", "60")
    assert out_a == out_b
    assert "keeps the" not in out_a and "hand:" not in out_a


def test_replay_all_shows_hands_of_a_finished_game_only(
        capsys: pytest.CaptureFixture[str]) -> None:
    rc, out, _ = run(capsys, "replay", CODE, "--to", "10", "--all")
    assert rc == 0 and "hand:" in out
    unfinished = encode_save(play_until(lambda s: s.turn == 20))
    rc, out, err = run(capsys, "replay", unfinished, "--all")
    assert rc == 2 and "hidden until the game is over" in err and out == ""


@pytest.mark.parametrize("args,message", [
    (("replay", "s1-abc"), "error: "),
    (("replay", "hello"), "This is not a save code"),
    (("replay", CODE, "--to", "100000"), "there is no move 100000"),
    (("replay", CODE, "--to", "-1"), "there is no move -1"),
    # a format no build reads yet (s2 is a rules variant's code since the sale by link)
    (("chart", f"s{VARIANT_FORMAT + 1}-AAAA"), f"version {VARIANT_FORMAT + 1}"),
])
def test_bad_input_gets_a_clear_message(capsys: pytest.CaptureFixture[str],
                                        args: tuple[str, ...], message: str) -> None:
    rc, out, err = run(capsys, *args)
    assert rc == 2 and message in err and "Traceback" not in err


def test_chart_writes_an_svg_and_prints_its_numbers(capsys: pytest.CaptureFixture[str],
                                                    tmp_path: Path) -> None:
    target = tmp_path / "race.svg"
    rc, out, _ = run(capsys, "chart", CODE, "--svg", str(target), "--table")
    assert rc == 0
    root = ET.fromstring(target.read_text())
    assert root.get("role") == "img" and "race" in (root.get("class") or "")
    rows = [ln.split() for ln in out.splitlines()[1:] if ln.strip()[:1].isdigit()]
    assert int(rows[-1][0]) == GAME.turn
    assert [int(x) for x in rows[-1][1:1 + GAME.n]] == [
        s.total for s in final_scores(GAME).scores]


def test_chart_breakdown(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    target = tmp_path / "bars.svg"
    rc, _, _ = run(capsys, "chart", CODE, "--kind", "breakdown", "--svg", str(target))
    assert rc == 0 and "breakdown" in target.read_text()
    unfinished = encode_save(play_until(lambda s: s.turn == 20))
    rc, _, err = run(capsys, "chart", unfinished, "--kind", "breakdown", "--svg",
                     str(target))
    assert rc == 2 and "not over" in err

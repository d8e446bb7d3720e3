"""The command line: `python -m merv_core selfplay|play`, JSON lines, one-line errors; and
the heuristic bot beats the random one clearly (issue 38: at least 75%)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from merv_core import decode_save, outcome

ROOT = Path(__file__).resolve().parents[2]


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "merv_core", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=600)


def test_heuristic_beats_random_through_the_selfplay_command() -> None:
    out = run("selfplay", "--players", "2", "--games", "12", "--seed", "100",
              "--bots", "heuristic,random")
    assert out.returncode == 0, out.stderr
    lines = [json.loads(x) for x in out.stdout.splitlines()]
    games, summary = lines[:-1], lines[-1]
    assert len(games) == 12 and summary["summary"]
    for g in games:
        assert g["players"] == 2 and g["bots"] == ["heuristic", "random"]
        assert len(g["scores"]) == 2 and g["winners"]
        end = outcome(decode_save(g["save"]))
        assert end is not None and list(end.scores) == g["scores"]
    heuristic_wins = sum(1 for g in games if g["winners"] == [0])
    assert heuristic_wins >= 10  # 75% of 12 is 9: a real margin above it


def test_play_prints_a_save_code_that_loads() -> None:
    out = run("play", "--players", "3", "--seed", "4", "--bots", "random")
    assert out.returncode == 0, out.stderr
    code = out.stdout.strip().splitlines()[-1].removeprefix("Save code: ")
    assert decode_save(code).is_over


def test_errors_are_one_line_and_exit_2() -> None:
    for args in (["selfplay", "--players", "5"], ["selfplay", "--bots", "wizard"],
                 ["selfplay", "--players", "3", "--bots", "random,random"],
                 ["play", "--seed", "x"], ["nonsense"]):
        out = run(*args)
        assert out.returncode == 2
        assert out.stderr.startswith("merv: error: ") and out.stderr.count("\n") == 1
        assert "Traceback" not in out.stderr

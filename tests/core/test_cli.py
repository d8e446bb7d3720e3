"""The command line as a package: `--version`, the tournament extra checked before any
game, and the progress bars of the long commands (on stderr, only on a terminal)."""

from __future__ import annotations

import fcntl
import json
import os
import pty
import struct
import subprocess
import sys
import termios
import threading
from pathlib import Path

import pytest

import samarkand_core
from samarkand_core import SAVE_FORMAT, encode_save, new_game
from samarkand_core.__main__ import main

ROOT = Path(__file__).resolve().parents[2]


def test_version_names_the_package_and_the_save_format(
        capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["--version"])
    assert exc.value.code == 0
    out = capsys.readouterr().out
    assert f"samarkand-core {samarkand_core.__version__} " in out
    assert f"format {SAVE_FORMAT}, s{SAVE_FORMAT}-" in out


def test_save_format_is_the_prefix_of_every_code() -> None:
    """One source of truth: the number the API exports is the one codes carry."""
    code = encode_save(new_game(["Ann", "Bob"], 3))
    assert code.startswith(f"s{SAVE_FORMAT}-")


def test_tournament_without_openskill_exits_2_before_any_game(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        tmp_path: Path) -> None:
    """The ratings need openskill after the last game: without it the command says what
    to install and stops at once (no game played: its --log file is never opened)."""
    monkeypatch.setitem(sys.modules, "openskill", None)  # `import openskill` fails
    monkeypatch.delitem(sys.modules, "openskill.models", raising=False)
    log = tmp_path / "games.jsonl"
    assert main(["tournament", "--games", "2", "--json", "--log", str(log)]) == 2
    out = capsys.readouterr()
    assert out.out == ""
    assert out.err.startswith("samarkand: error: ") and out.err.count("\n") == 1
    assert "pip install 'samarkand-core[tournament]'" in out.err
    assert not log.exists()


# --------------------------------------------------------------------------- progress

def _run(args: list[str], stderr_tty: bool) -> tuple[int, str, str]:
    """Run `python -m samarkand_core ARGS` with stdout a pipe and stderr a pipe or a
    terminal (a pseudo-terminal of 100 columns); return status, stdout and stderr."""
    cmd = [sys.executable, "-m", "samarkand_core", *args]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    if not stderr_tty:
        proc = subprocess.run(cmd, capture_output=True, text=True, env=env, cwd=ROOT)
        return proc.returncode, proc.stdout, proc.stderr
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 100, 0, 0))
    chunks: list[bytes] = []

    def drain() -> None:  # read as it comes: a full terminal would block the command
        while True:
            try:
                data = os.read(master, 4096)
            except OSError:  # the terminal's other end closed
                return
            if not data:
                return
            chunks.append(data)

    reader = threading.Thread(target=drain)
    reader.start()
    proc2 = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=slave, env=env, cwd=ROOT)
    os.close(slave)
    out, _ = proc2.communicate()
    reader.join()
    os.close(master)
    return proc2.returncode, out.decode(), b"".join(chunks).decode(errors="replace")


TOURNAMENT = ["tournament", "--games", "3", "--players", "3", "--bots",
              "random,random,random", "--json"]


def test_tournament_shows_progress_on_a_terminal_and_keeps_stdout_json() -> None:
    rc, out, err = _run(TOURNAMENT, stderr_tty=True)
    assert rc == 0
    assert json.loads(out)["games"] == 3  # stdout: the JSON alone
    assert "tournament:" in err and "3/3" in err and "game/s" in err


@pytest.mark.parametrize("quiet", [True, False])
def test_tournament_progress_is_off_with_quiet_or_without_a_terminal(quiet: bool) -> None:
    rc, out, err = _run(TOURNAMENT + (["--quiet"] if quiet else []), stderr_tty=quiet)
    assert rc == 0
    assert json.loads(out)["games"] == 3
    assert "game/s" not in err and "%|" not in err


def test_selfplay_and_balance_show_progress_on_a_terminal() -> None:
    rc, out, err = _run(["selfplay", "--games", "4"], stderr_tty=True)
    assert rc == 0
    lines = [json.loads(line) for line in out.splitlines()]
    assert len(lines) == 5 and lines[-1]["total"] is True  # four games and the totals
    assert "selfplay:" in err and "4/4" in err
    rc, out, err = _run(["balance", "--games", "2", "--json"], stderr_tty=True)
    assert rc == 0
    assert json.loads(out)["games"] == 2
    assert "balance:" in err and "2/2" in err
    rc, out, err = _run(["selfplay", "--games", "4", "--quiet"], stderr_tty=True)
    assert rc == 0 and len(out.splitlines()) == 1 and "4/4" not in err


def test_a_reader_that_goes_away_gets_no_traceback() -> None:
    """`samarkand tournament --json | head -c 10`: the pipe closes before the result is
    written; the command stops with status 1 and says nothing on stderr."""
    proc = subprocess.Popen([sys.executable, "-m", "samarkand_core", *TOURNAMENT],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT,
                            env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.close()  # before the first game ends: the JSON meets a closed pipe
    err = proc.stderr.read().decode()
    assert proc.wait() == 1
    assert "Traceback" not in err and "BrokenPipe" not in err

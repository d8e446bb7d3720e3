"""web/tools/serve.py as `make play` runs it: a port in use is no traceback
(the next free one is taken, or a message says how to choose one), the address is
printed once, and requests print nothing unless asked for."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support.web_support import load_module

ROOT = Path(__file__).resolve().parents[2]
SERVE_PY = ROOT / "web" / "tools" / "serve.py"


serve = load_module("samarkand_web_serve_p", SERVE_PY)


@pytest.fixture
def taken_port() -> Iterator[int]:
    """A port on 127.0.0.1 held by a listening socket for the test."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.bind(("127.0.0.1", 0))
    sock.listen(1)
    try:
        yield int(sock.getsockname()[1])
    finally:
        sock.close()


def test_a_taken_first_port_moves_on_to_a_free_one(taken_port: int, tmp_path: Path) -> None:
    server = serve.bind_server(tmp_path, None, start=taken_port, tries=10)
    try:
        port = server.server_address[1]
        assert taken_port < port < taken_port + 10
    finally:
        server.server_close()


def test_a_port_given_and_taken_says_how_to_choose_one(taken_port: int, tmp_path: Path
                                                       ) -> None:
    with pytest.raises(serve.PortsTaken) as info:
        serve.bind_server(tmp_path, taken_port)
    text = str(info.value)
    assert f"port {taken_port}" in text and "--port" in text and "PORT=" in text


def test_main_with_a_taken_port_prints_a_message_not_a_traceback(
        taken_port: int, capsys: pytest.CaptureFixture[str]) -> None:
    assert serve.main(["--port", str(taken_port)]) == 2
    err = capsys.readouterr().err
    assert "in use" in err and "Traceback" not in err


def _serve_cli(args: list[str]) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, str(SERVE_PY), *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)


@pytest.mark.parametrize("log", [False, True])
def test_the_cli_prints_the_address_once_and_requests_only_with_log(
        taken_port: int, log: bool) -> None:
    """`make play`'s server: started where the first port is taken, it prints the address
    it chose; ten requests add no line to its output (a line each with --log)."""
    proc = _serve_cli(["--first-port", str(taken_port)] + (["--log"] if log else []))
    try:
        assert proc.stdout is not None
        first = proc.stdout.readline()
        assert "Samarkand is served at http://127.0.0.1:" in first
        url = first.split(" at ", 1)[1].split()[0]
        assert f":{taken_port}/" not in url
        assert "is in use" in proc.stdout.readline()
        for _ in range(10):
            with urllib.request.urlopen(url, timeout=10) as resp:
                assert resp.status == 200
        time.sleep(0.3)
    finally:
        proc.terminate()
        out, err = proc.communicate(timeout=10)
    lines = [ln for ln in (out + err).splitlines() if "GET /" in ln]
    assert len(lines) == (10 if log else 0), out + err

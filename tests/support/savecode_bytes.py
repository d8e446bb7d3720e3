"""A save code's bytes written by hand, apart from the code's own writer
(samarkand_core/savecode.py, savepack): the payload is a run of varints (board
fingerprint, player count, names as length + UTF-8, first player, seed, action count,
action codes), and the code is "s1-" + base64url(zlib(payload)). The tests of the save
codes and of the earlier boards build well-formed and hostile codes from it.
"""

from __future__ import annotations

import base64
import zlib

from samarkand_core.savecode import board_fingerprint
from tests.support.helpers import BOARD, NAMES


def varint(n: int) -> bytes:
    """LEB128, written here apart from the code's own: 7 bits a byte, lowest first, the
    high bit set on every byte but the last."""
    groups = [(n >> (7 * k)) & 0x7F for k in range(max(1, -(-n.bit_length() // 7)))]
    return bytes([g | 0x80 for g in groups[:-1]] + groups[-1:])


def payload(names: list[str] | None = None, first: int = 0, seed: int = 1,
            actions: list[int] | None = None, fingerprint: int | None = None,
            count: int | None = None) -> bytes:
    names = list(NAMES[:3]) if names is None else names
    actions = [] if actions is None else actions
    out = varint(board_fingerprint(BOARD) if fingerprint is None else fingerprint)
    out += varint(len(names))
    for name in names:
        raw = name.encode("utf-8")
        out += varint(len(raw)) + raw
    out += varint(first) + varint(seed) + varint(len(actions) if count is None else count)
    for a in actions:
        out += varint(a)
    return out


def envelope(data: bytes, version: str = "1", compress: bool = True) -> str:
    body = zlib.compress(data) if compress else data
    return f"s{version}-" + base64.urlsafe_b64encode(body).rstrip(b"=").decode("ascii")

"""Keeping the maps' records: `python -m samarkand_core.board_tool --renew` validates
board.json and the earlier maps in boards/ and records their digests in board_digest.py
(after editing board.json); `--keep` copies board.json to boards/ under its fingerprint
before the map is changed, so that save codes made on it keep loading (docs/package.md).

A module of its own, beside board.py (the maps) and board_schema.py (their validation),
which it uses both: neither imports it.
"""

from __future__ import annotations

import hashlib
import sys
from collections.abc import Sequence
from pathlib import Path

from .board import EARLIER_DIR, earlier_board_name, shipped_board_path, validate_board_file

# -- the recorded digest of the shipped board ----------------------------------------------
# board_digest.py, written below: the sha256 of board.json when it last passed the pydantic
# validation of board_schema.py, and that board's rules fingerprint. default_board() trusts
# board.json without pydantic while its bytes have this digest, and validates it in full
# otherwise. EARLIER_BOARDS: the same for each earlier map kept for old save codes
# (fingerprint: sha256 of boards/<fingerprint as 16 hex digits>.json).

DIGEST_FILE = Path(__file__).with_name("board_digest.py")

_DIGEST_TEMPLATE = '''"""Written by `python -m samarkand_core.board_tool --renew`: do not edit.
What its numbers are, and how default_board() trusts them: board_tool.py."""

BOARD_JSON_SHA256 = "{digest}"
BOARD_FINGERPRINT = {fingerprint}  # Board.fingerprint of that board (what save codes check)
EARLIER_BOARDS: dict[int, str] = {{{earlier}}}
'''


def file_digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def earlier_board_files(board_json: Path) -> dict[int, str]:
    """Validate each earlier map in boards/ next to board_json; their sha256 by fingerprint.

    ValueError when a file is not named for its fingerprint, or when two maps (the shipped
    one included) agree in the 16 bits of fingerprint a save code holds: a code could not
    tell them apart."""
    shipped = validate_board_file(board_json).fingerprint
    seen = {shipped & 0xFFFF: board_json.name}
    found = {}
    for path in sorted(board_json.with_name(EARLIER_DIR).glob("*.json")):
        fingerprint = validate_board_file(path).fingerprint
        where = f"{EARLIER_DIR}/{path.name}"
        if path.name != earlier_board_name(fingerprint):
            raise ValueError(f"{where}: an earlier map is named for its fingerprint, "
                             f"{earlier_board_name(fingerprint)}")
        if fingerprint & 0xFFFF in seen:
            raise ValueError(f"{where}: its fingerprint agrees with {seen[fingerprint & 0xFFFF]}'s"
                             " in the 16 bits a save code holds, so a code could not tell them"
                             " apart (is it the shipped map itself?)")
        seen[fingerprint & 0xFFFF] = where
        found[fingerprint] = file_digest(path)
    return found


def renew_digest(board_json: Path | None = None) -> str:
    """Validate board.json and every earlier map in boards/, then record their digests in
    board_digest.py; return board.json's digest."""
    path = board_json or shipped_board_path()
    board = validate_board_file(path)
    digest = file_digest(path)
    earlier = "".join(f"\n    {fp}: {sha!r}," for fp, sha in earlier_board_files(path).items())
    text = _DIGEST_TEMPLATE.format(digest=digest, fingerprint=board.fingerprint,
                                   earlier=earlier + ("\n" if earlier else ""))
    if not DIGEST_FILE.exists() or DIGEST_FILE.read_text(encoding="utf-8") != text:
        DIGEST_FILE.write_text(text, encoding="utf-8")
    return digest


def keep_shipped_board(board_json: Path | None = None) -> Path:
    """Copy board.json (validated) to boards/ under its fingerprint, before it is changed,
    so that save codes made on it keep loading; the copy's path. Renew the digest after
    editing board.json."""
    path = board_json or shipped_board_path()
    board = validate_board_file(path)
    target = path.with_name(EARLIER_DIR) / earlier_board_name(board.fingerprint)
    target.parent.mkdir(exist_ok=True)
    target.write_bytes(path.read_bytes())
    return target


USAGE = """usage: python -m samarkand_core.board_tool --renew | --keep
  --renew  validate board.json and the earlier maps in boards/, record their digests
  --keep   copy board.json to boards/ under its fingerprint (before changing the map)"""


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if args == ["--renew"]:
        print(f"board.json is valid; recorded sha256 {renew_digest()} in {DIGEST_FILE.name}")
        return 0
    if args == ["--keep"]:
        print(f"kept board.json as {keep_shipped_board()}; now edit board.json and --renew")
        return 0
    print(USAGE, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())

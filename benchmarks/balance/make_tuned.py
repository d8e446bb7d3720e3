"""Make a candidate map from the shipped one: move goods spaces (and homes), renumber the
goods west to east, set every portion by the documented formula (or by hand), check it
with the board checks of tests/core/test_board.py. A candidate for `balance --board`; written
in board.json's own layout (one family, good, space or sea a line), so that a candidate
chosen to ship can be written over board.json (after `board_tool --keep`).

usage: make_tuned.py OUT.json [GOOD_FROM:GOOD_TO ...] [home:FAMILY:SPACE ...]
                              [portion:FAMILY:N ...]
A portion set by hand departs from the formula: the formula's check is skipped for it
(tests/core/test_board.py's TUNED_PORTIONS must list it before the map ships).
"""

from __future__ import annotations

import inspect
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from samarkand_core.board import parse_board, suggested_portion  # noqa: E402
from tests.core import test_board  # noqa: E402


def move_home(data: dict[str, Any], by_id: dict[int, Any], arg: str) -> None:
    _, fid, to_text = arg.split(":")
    to = int(to_text)
    fam = next(f for f in data["families"] if f["id"] == fid)
    old, new = by_id[fam["home"]], by_id[to]
    assert new["kind"] == "land" and not new.get("good") and not new.get("home"), arg
    # The home city's name goes with it; the old space keeps a plain name if it had one.
    new_name, old_name = new.get("name"), old["name"]
    new["home"], old["home"] = fid, None
    new["name"], old["name"] = old_name, new_name
    fam["home"] = to


def move_good(data: dict[str, Any], by_id: dict[int, Any], arg: str) -> None:
    a, b = (int(x) for x in arg.split(":"))
    src, dst = by_id[a], by_id[b]
    assert src.get("good") and not dst.get("good") and not dst.get("home"), arg
    assert dst["kind"] == "land", arg
    number = src["good"]
    good = next(g for g in data["goods"] if g["number"] == number)
    dst["good"], src["good"] = number, None
    good["space"] = b
    if not dst.get("name"):
        # A goods space needs a name: it takes the old space's, which needs none now.
        dst["name"], src["name"] = src["name"], None


def board_text(data: dict[str, Any]) -> str:
    """board.json's layout: one line for each scalar key and each element of a list."""
    parts = []
    for key, value in data.items():
        head = f"  {json.dumps(key)}: "
        if isinstance(value, list) and value and isinstance(value[0], dict):
            rows = ",\n".join("    " + json.dumps(v, ensure_ascii=False) for v in value)
            parts.append(f"{head}[\n{rows}\n  ]")
        else:
            parts.append(head + json.dumps(value, ensure_ascii=False))
    return "{\n" + ",\n".join(parts) + "\n}\n"


def main(argv: list[str]) -> None:
    data = json.loads((ROOT / "samarkand_core" / "board.json").read_text())
    by_id = {s["id"]: s for s in data["spaces"]}
    by_hand = {}
    for arg in argv[2:]:
        if arg.startswith("portion:"):
            _, fid, n = arg.split(":")
            by_hand[fid] = int(n)
            continue
        (move_home if arg.startswith("home:") else move_good)(data, by_id, arg)
    # Goods numbered west to east again (names stay with their goods).
    order = sorted(data["goods"], key=lambda g: (by_id[g["space"]]["x"], by_id[g["space"]]["y"]))
    for k, g in enumerate(order, 1):
        g["number"] = k
        by_id[g["space"]]["good"] = k
    data["goods"] = order
    board = parse_board(json.dumps(data))
    for fam in data["families"]:
        fam["portion"] = by_hand.get(fam["id"], suggested_portion(board, fam["home"]))
    assert set(by_hand) <= {fam["id"] for fam in data["families"]}, by_hand
    text = board_text(data)
    board = parse_board(text)
    for name, fn in inspect.getmembers(test_board, inspect.isfunction):
        params = list(inspect.signature(fn).parameters)
        if by_hand and name == "test_portions_are_3_to_6_and_follow_the_documented_formula":
            continue  # by hand: listed in TUNED_PORTIONS before it ships
        if name.startswith("test_") and params == ["board"] and "default_board" not in name:
            fn(board)
    Path(argv[1]).write_text(text, encoding="utf-8")
    print("portions", [f["portion"] for f in data["families"]],
          "fingerprint", f"{board.fingerprint:016x}")


if __name__ == "__main__":
    main(sys.argv)

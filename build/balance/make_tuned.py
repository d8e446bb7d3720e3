"""Make a candidate map from the shipped one: move goods spaces (and homes), renumber the
goods west to east, set every portion by the documented formula, check it.

usage: make_tuned.py OUT.json GOOD_FROM:GOOD_TO ... [home:FAMILY:SPACE ...]
"""
import json, sys, inspect
from pathlib import Path
from samarkand_core.board import parse_board, suggested_portion

ROOT = Path(__file__).resolve().parents[2]
data = json.loads((ROOT / "samarkand_core" / "board.json").read_text())
spaces = data["spaces"]
by_id = {s["id"]: s for s in spaces}
for arg in sys.argv[2:]:
    if arg.startswith("home:"):
        _, fid, to = arg.split(":"); to = int(to)
        fam = next(f for f in data["families"] if f["id"] == fid)
        old = by_id[fam["home"]]; new = by_id[to]
        assert new["kind"] == "land" and not new.get("good") and not new.get("home"), arg
        # The home city's name goes with it; the old space keeps a plain name if it had one.
        new_name = new.get("name"); old_name = old["name"]
        new["home"] = fid; old["home"] = None
        new["name"], old["name"] = old_name, new_name
        fam["home"] = to
        continue
    a, b = (int(x) for x in arg.split(":"))
    src, dst = by_id[a], by_id[b]
    assert src.get("good") and not dst.get("good") and not dst.get("home") and dst["kind"] == "land", arg
    number = src["good"]
    good = next(g for g in data["goods"] if g["number"] == number)
    dst["good"], src["good"] = number, None
    good["space"] = b
    if not dst.get("name"):
        # A goods space needs a name: it takes the old space's, which needs none now.
        dst["name"], src["name"] = src["name"], None
# Goods numbered west to east again (names stay with their goods).
order = sorted(data["goods"], key=lambda g: (by_id[g["space"]]["x"], by_id[g["space"]]["y"]))
for k, g in enumerate(order, 1):
    g["number"] = k
    by_id[g["space"]]["good"] = k
data["goods"] = order
board = parse_board(json.dumps(data))
for f, fam in enumerate(data["families"]):
    fam["portion"] = suggested_portion(board, fam["home"])
data["name"] = data["name"]
text = json.dumps(data, indent=1, ensure_ascii=False) + "\n"
board = parse_board(text)
sys.path.insert(0, str(ROOT))
from tests import test_board
for name, fn in inspect.getmembers(test_board, inspect.isfunction):
    if name.startswith("test_") and list(inspect.signature(fn).parameters) == ["board"] and "default_board" not in name:
        fn(board)
Path(sys.argv[1]).write_text(text, encoding="utf-8")
print("portions", [f["portion"] for f in data["families"]], "fingerprint", f"{board.fingerprint:016x}")

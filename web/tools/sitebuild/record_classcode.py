"""Run in Pyodide by bundle.class_code (run_in_pyodide.mjs): import the page's modules
from the source tree with dataclasses compiling through a recording CodeTable (the
page's classcode module), and write the table to /work/out/classcode.bin. Modules that
do not import here (those needing pydantic) are listed in /work/out/failed.json.

/work/job.json: {"path": [folders put first on the import path], "hook": the classcode
module's name, "modules": [module names]}.
"""

from __future__ import annotations

import importlib
import json
import marshal
import sys


def main() -> None:
    with open("/work/job.json") as f:
        job = json.load(f)
    sys.path[:0] = job["path"]
    sys.dont_write_bytecode = True  # the source tree is the host's: leave it as it is
    hook = importlib.import_module(job["hook"]).install(record=True)
    failed = []
    for name in job["modules"]:
        try:
            importlib.import_module(name)
        except Exception as exc:
            failed.append([name, repr(exc)[:200]])
    with open("/work/out/classcode.bin", "wb") as f:
        f.write(marshal.dumps(hook.table))
    with open("/work/out/failed.json", "w") as f:
        json.dump(failed, f)


if __name__ == "__main__":
    main()

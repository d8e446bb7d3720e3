"""The worker's garbage collector held off while a message is answered (web/main.py's
handle, samarkand_web/worker/collector.py) and run once the answer is posted: nothing
collected automatically while held, the collection that came due run by due(), and the
collector on again after it."""

from __future__ import annotations

import gc

from samarkand_web.worker import collector


class Cycle:
    def __init__(self) -> None:
        self.me = self


def test_no_collection_while_held_and_the_due_one_after() -> None:
    was = gc.isenabled()
    runs: list[int] = []

    def seen(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            runs.append(info["generation"])

    gc.collect()
    gc.callbacks.append(seen)
    try:
        collector.hold()
        made = [Cycle() for _ in range(gc.get_threshold()[0] * 3)]
        assert runs == [] and not gc.isenabled()
        generation = collector.due()
        assert generation is not None and runs == [generation] and gc.isenabled()
        assert collector.due() is None and runs == [generation]  # nothing due now
        del made
    finally:
        gc.callbacks.remove(seen)
        if not was:
            gc.disable()

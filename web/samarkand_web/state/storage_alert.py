"""The header's storage alert (App.storage): whether the store can be read, whether it
refused a write, and the last refusal's cause. One alert, never a pile of messages."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(slots=True)
class StorageAlert:
    ok: bool = True  # the store can be read (False: nothing is saved this visit)
    refused: bool = False  # the store refused a write (full or blocked)
    detail: str = ""  # the last refusal's cause, for the alert's details

    def failed(self, exc: Exception) -> None:
        """A write was refused: full, blocked, or failing in a way of its own."""
        self.refused = True
        self.detail = (str(exc) or type(exc).__name__)[:200]

    def state(self, unsaved: bool) -> str:
        """What the alert says: "off" (the store cannot be read), "unsaved" (the open
        game, `unsaved`, has moves the store refused), "refused" (the store refuses
        writes; nothing is lost yet) or "" (all is well)."""
        if not self.ok:
            return "off"
        if unsaved:
            return "unsaved"
        return "refused" if self.refused else ""

"""Backup files: one saved as a download, one picked to import."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from samarkand_web.browser.dom import Document, Event, JsBridge, Window, missing
from samarkand_web.browser.timings import Timings
from samarkand_web.handlers import saves
from samarkand_web.state.effects import Effects

if TYPE_CHECKING:
    from samarkand_web.state.app import App

REVOKE_AFTER_MS = 60_000  # the download's blob URL is freed once the browser has it

Guard = Callable[[Callable[[], Effects]], object]


class Files:
    def __init__(self, app: App, doc: Document, win: Window, js: JsBridge, timings: Timings,
                 guard: Guard) -> None:
        """`guard(call)`: call() into the App, its Effects applied (tasks.Tasks.guard)."""
        self.app, self.doc, self.win, self.js = app, doc, win, js
        self.timings, self.guard = timings, guard

    def download(self, name: str, text: str) -> None:
        """Save text as a file (a backup): a link to a blob, clicked."""
        from samarkand_web.saves.backup import MIME

        parts = self.js.array()
        parts.push(text)
        blob = self.win.Blob.new(parts, self.js.record({"type": MIME}))
        url = self.win.URL.createObjectURL(blob)
        link = self.doc.createElement("a")
        link.href = url
        link.download = name
        link.hidden = True
        self.doc.body.appendChild(link)
        link.click()
        link.remove()
        self.win.setTimeout(self.js.once(lambda: self.win.URL.revokeObjectURL(url)),
                            REVOKE_AFTER_MS)

    def pick(self) -> None:
        """The browser's file picker for a backup to import (an input of its own, outside
        the regions that are redrawn, so a redraw cannot lose the chosen file)."""
        field = self.doc.getElementById("import-file")
        if missing(field):
            field = self.doc.createElement("input")
            field.type = "file"
            field.id = "import-file"
            field.accept = ".json,application/json"
            field.hidden = True
            field.addEventListener("change", self.js.proxy(self.on_picked))
            self.doc.body.appendChild(field)
        field.value = ""  # the same file picked again is a change too
        field.click()

    def on_picked(self, event: Event) -> None:
        from samarkand_web.saves.backup import MAX_BACKUP_CHARS

        files = event.target.files
        if files is None or missing(files) or not int(files.length):
            return
        picked = files.item(0)
        if float(picked.size) > MAX_BACKUP_CHARS:
            self.guard(lambda: saves.backup_problem(self.app, "backup.too_big"))
            return
        picked.text().then(
            self.js.once(lambda text: self.guard(lambda: self.started(str(text)))),
            self.js.once(lambda *_a: self.guard(
                lambda: saves.backup_problem(self.app, "backup.read_failed"))))

    def started(self, text: str) -> Effects:
        if self.app.importing is None:  # (a second file while one runs is refused)
            record = self.timings.backup_import
            record.slices, record.longest_ms, record.ms = 0, 0.0, 0.0
            record.start = self.timings.now()
        return saves.import_backup_text(self.app, text)

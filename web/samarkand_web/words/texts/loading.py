"""Words of the start-up: the loading indicator's stages (drawn into the built start
page, before Python runs) and the saved games while they are being read."""

from __future__ import annotations

STRINGS: dict[str, dict[str, str]] = {
    "en": {
        "loading.label": "Starting the game",
        "loading.runtime": "Loading the runtime",
        "loading.python": "Starting Python",
        "loading.game": "Setting up the game",
        "loading.failed": "The game could not start. Reload the page to try again.",
        "loading.slow": "This is taking longer than usual: a slow connection, perhaps. The "
                        "game goes on loading; reloading may help if nothing changes.",
        "loading.reload": "Reload the page",
        "saves.reading": "Reading the saved games…",
    },
}

"""Words of the saved games under stress: full storage, two tabs, links opened twice,
backup files."""

from __future__ import annotations

STRINGS: dict[str, dict[str, str]] = {
    "en": {
        "storage.alert.unsaved": "Not saved",
        "storage.alert.refused": "Cannot save",
        "storage.alert.off": "Saving is off",
        "storage.alert.cause": "What the browser said",
        "storage.alert.export": "Export all saves",
        "tabs.updated_bots": "This game went on in another tab; here it is as it stands "
                             "now. Its bots play on in the other tab and wait here, until "
                             "you let them play on here.",
        "storage.full_start": "The browser stores nothing more for this site (its storage is "
                              "full, or blocked). Your saved games "
                              "are all listed and open as usual, but new games and moves "
                              "cannot be saved until there is room: delete an old game, or "
                              "export your saves to a file first.",
        "storage.full_move": "Turn {turn} of the game of {names} is not saved: the browser "
                             "stores nothing more for this site (its storage is full, or "
                             "blocked). To keep it, copy the game as a "
                             "link, or delete an old game from your saved games (this game "
                             "is then saved at once).",
        "storage.saved_again": "There is room again: the game of {names} is saved (turn "
                               "{turn}).",
        "message.share": "Copy the game as a link",
        "message.saves": "Show saved games",
        "tabs.updated": "This game went on in another tab; here it is as it stands now.",
        "tabs.copy": "This game was also played on in another tab, in another way. Your "
                     "moves here are kept as a saved game of their own (marked as a copy); "
                     "the other tab's moves stay in the original.",
        "tabs.deleted": "This game was deleted in another tab. Your next move here saves it "
                        "again; to leave it deleted, go to the saved games.",
        "tabs.saved_again": "This game had been deleted in another tab; your move here saved "
                            "it again.",
        "tabs.apart": "This game went another way in another tab. Your next move here is "
                      "kept as a saved game of its own.",
        "saves.from_copy": "a copy: also played in another tab",
        "saves.from_file": "from a backup file",
        "saves.no_date": "date unknown",
        "saves.export": "Export all saves",
        "saves.import": "Import saves",
        "saves.backup_hint": "A backup file keeps your games when this site's data is "
                             "cleared, and takes them to another device.",
        "link.already": "This game is already in your saved games; it is opened there.",
        "link.already_further": "This game is already in your saved games, played on to "
                                "turn {turn}; it is opened there.",
        "link.open_copy": "Open the link's turn as a new save",
        "backup.exported": "{n} saved games were written to the file {file}.",
        "backup.exported_one": "One saved game was written to the file {file}.",
        "backup.nothing": "There are no saved games to export yet.",
        "backup.added": "{n} games from the file were added to your saved games.",
        "backup.added_one": "One game from the file was added to your saved games.",
        "backup.already": "{n} games of the file are already here and were left as they are.",
        "backup.already_one": "One game of the file is already here and was left as it is.",
        "backup.refused": "{n} saves in the file are damaged and were not added.",
        "backup.refused_one": "One save in the file is damaged and was not added.",
        "backup.not_saved": "{n} games did not fit: the browser's storage is full. Delete "
                            "old games and import the file again (nothing is added twice).",
        "backup.not_saved_one": "One game did not fit: the browser's storage is full. Delete "
                                "old games and import the file again (nothing is added "
                                "twice).",
        "backup.empty": "The file holds no saved games.",
        "backup.not_json": "This file is not a Samarkand backup (it is not JSON); nothing was "
                           "imported.",
        "backup.not_ours": "This file is not a Samarkand backup, or it is damaged; nothing "
                           "was imported.",
        "backup.version": "This backup was made by a newer version of the game; nothing was "
                          "imported.",
        "backup.too_deep": "This file is nested far too deeply to be a Samarkand backup; "
                           "nothing was imported.",
        "backup.too_big": "This file is far too large to be a Samarkand backup; nothing was "
                          "imported.",
        "backup.read_failed": "The file could not be read; nothing was imported.",
        "backup.download_failed": "The browser did not save the file.",
        "backup.importing": "Importing saves: {done} of {total}",
        "backup.importing_one": "Importing the save: {done} of {total}",
        "backup.busy": "An import is already under way: wait until it has finished, then "
                       "import this file.",
        "backup.future_dates": "{n} games of the file were dated later than now; they are "
                               "dated now.",
        "backup.future_dates_one": "One game of the file was dated later than now; it is "
                                   "dated now.",
        "share.unfinished": "This game is not over. The link holds it up to now (turn "
                            "{turn}): the moves made so far, and nothing else. Whoever "
                            "opens it gets a copy as a new saved game.",
        "share.secret": "Anyone who decodes the link can see every hand and the order of the "
                        "cards still to be drawn: share it only with people who may see them.",
        "share.copy_now": "Copy the link (the game up to now)",
        "link.repeated": "The address gives “{name}” more than once ({values}): it is not clear "
                         "which is meant, so it was not used. Nothing was saved.",
        "link.repeated_game": "The link gives “{name}” more than once ({values}): it is not "
                              "clear which is meant, so its game was not opened. Nothing was "
                              "saved.",
    },
}

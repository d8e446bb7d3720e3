"""What every action handler is: a plain function of the App, the clicked control's
data-value and the new-game form's fields, returning the Effects for the browser."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, TypeAlias

from samarkand_web.saves.storage import SaveProblem, StorageUnavailable

if TYPE_CHECKING:
    from samarkand_core import GameState
    from samarkand_web.saves.storage_models import SaveEntry
    from samarkand_web.state.app import App
    from samarkand_web.state.effects import Effects

# The new-game form's fields as main.py reads them ({name: value}).
Form: TypeAlias = dict[str, str]
Handler: TypeAlias = "Callable[[App, str, Form], Effects]"


def saved_game(app: App, save_id: str) -> tuple[SaveEntry, GameState] | None:
    """The saved game `save_id` and its entry, for a handler that opens it read only
    (its replay, its share link); None when it cannot be read, and the player is told
    why: the save is missing or damaged (a message), or the storage refuses (its alert).
    """
    try:
        return app.saves.load(save_id)
    except SaveProblem as exc:
        app.message("error", exc.key, {}, exc.detail)
    except StorageUnavailable as exc:
        app.storage_failed(exc)
    return None

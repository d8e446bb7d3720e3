"""What every action handler is: a plain function of the App, the clicked control's
data-value and the new-game form's fields, returning the Effects for the browser."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, TypeAlias

if TYPE_CHECKING:
    from samarkand_web.state.app import App
    from samarkand_web.state.effects import Effects

# The new-game form's fields as main.py reads them ({name: value}).
Form: TypeAlias = dict[str, str]
Handler: TypeAlias = "Callable[[App, str, Form], Effects]"

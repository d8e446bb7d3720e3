"""The game's sounds played (state/sounds.py says which): dom.js's samarkandSound makes
them with WebAudio. The App already left them out when this device's switch is off."""

from __future__ import annotations

from samarkand_web.browser.dom import Window, missing
from samarkand_web.state.sounds import Sound


def play(win: Window, sounds: tuple[Sound, ...]) -> None:
    """Play `sounds` one after another; a browser without sound (or dom.js) stays quiet."""
    if not sounds:
        return
    if missing(getattr(win, "samarkandSound", None)):
        return
    try:
        win.samarkandSound(",".join(sounds))
    except Exception:  # no sound is no harm: the game goes on
        pass

"""Words of the game's sounds: the header's switch (state/sounds.py)."""

from __future__ import annotations

EN = {
    # the switch's name and its state beside it ("Sounds on"); a screen reader says the
    # name and the switch's own state
    "sound.switch": "Sounds",
    "sound.on": "on",
    "sound.off": "off",
}

STRINGS = {"en": EN}

"""Words about the site itself: a new version waiting behind the running one (the
service worker, sw-register.js), and the link to the licenses of what it ships."""

from __future__ import annotations

STRINGS: dict[str, dict[str, str]] = {
    "en": {
        "update.ready": "A new version is ready. Reload to use it.",
        "update.reload": "Reload",
        "update.other_tabs": "Samarkand is open in other tabs too: the new version starts "
                             "once only this one is open, or after they are all closed.",
        "about.notices": "Licenses of the software this game runs on",
    },
}

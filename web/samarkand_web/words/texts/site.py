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
    "de": {
        "update.ready": "Eine neue Version ist bereit. Lade die Seite neu, um sie zu nutzen.",
        "update.reload": "Neu laden",
        "update.other_tabs": "Samarkand ist auch in anderen Tabs offen: Die neue Version "
                             "startet, sobald nur noch dieser offen ist oder alle "
                             "geschlossen sind.",
        "about.notices": "Lizenzen der Software, auf der dieses Spiel läuft",
    },
    "fr": {
        "update.ready": "Une nouvelle version est prête. Rechargez la page pour l’utiliser.",
        "update.reload": "Recharger",
        "update.other_tabs": "Samarkand est aussi ouvert dans d’autres onglets : la nouvelle "
                             "version démarrera quand seul celui-ci restera ouvert, ou "
                             "quand tous seront fermés.",
        "about.notices": "Licences des logiciels sur lesquels ce jeu fonctionne",
    },
    "it": {
        "update.ready": "Una nuova versione è pronta. Ricarica la pagina per usarla.",
        "update.reload": "Ricarica",
        "update.other_tabs": "Samarkand è aperto anche in altre schede: la nuova versione "
                             "partirà quando resterà aperta solo questa, o quando saranno "
                             "tutte chiuse.",
        "about.notices": "Licenze del software su cui funziona questo gioco",
    },
}

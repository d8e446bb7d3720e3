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
        "saves.reading": "Reading the saved games…",
    },
    "de": {
        "loading.label": "Das Spiel startet",
        "loading.runtime": "Laufzeitumgebung wird geladen",
        "loading.python": "Python startet",
        "loading.game": "Spiel wird vorbereitet",
        "loading.failed": "Das Spiel konnte nicht starten. Lade die Seite neu, um es "
                          "noch einmal zu versuchen.",
        "saves.reading": "Gespeicherte Spiele werden gelesen …",
    },
    "fr": {
        "loading.label": "Démarrage du jeu",
        "loading.runtime": "Chargement de l’environnement",
        "loading.python": "Démarrage de Python",
        "loading.game": "Préparation du jeu",
        "loading.failed": "Le jeu n’a pas pu démarrer. Rechargez la page pour réessayer.",
        "saves.reading": "Lecture des parties enregistrées…",
    },
    "it": {
        "loading.label": "Avvio del gioco",
        "loading.runtime": "Caricamento dell’ambiente",
        "loading.python": "Avvio di Python",
        "loading.game": "Preparazione del gioco",
        "loading.failed": "Il gioco non è partito. Ricarica la pagina per riprovare.",
        "saves.reading": "Lettura delle partite salvate…",
    },
}

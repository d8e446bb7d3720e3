"""Words of a newcomer's first game: the one-click game against the computer on the start
screen, the start page while the game loads, finished games in the saves list, the
coach's counts in a share link, and the pictures of the rules panel."""

from __future__ import annotations

STRINGS: dict[str, dict[str, str]] = {
    "en": {
        "quick.name": "Your name",
        "quick.play": "Play against the computer",
        "quick.hint": "You and two computer players (Medium); who starts is drawn at random.",
        "quick.friends": "Play with friends on this device",
        "quick.setup": "Set up the game: people and computer players",
        "early.loading": "Loading…",
        "early.note": "The game is still loading. A click on a start button is kept and "
                      "carried out as soon as it is ready.",
        "early.pending": "Starting as soon as the game is ready…",
        "saves.finished": "Finished",
        "saves.won_by": "won by {winners}",
        "saves.final_scores": "Final scores",
        "link.bad_coached": "The link’s counts of suggested moves could not be read "
                            "({value}); the game opens without them.",
        "rules.pic.camel": "A camel of the {family}: a disc in the family’s colour with its "
                           "symbol",
        "rules.pic.domain": "The domain of the {family}: marriage portion and treasury (coins), "
                            "its two family tiles, camels and relationship markers left",
        "rules.pic.goods": "A goods space: its number on the gold goods marker, still on the "
                           "board",
        "rules.pic.markers": "A family’s relationship markers: a stack with the dark green "
                             "one on top until its first trade relationship",
        "rules.pic.gauge": "The end gauge: families still without a trade relationship (3 of "
                           "10) and the most relationships of one family (4 of 5)",
    },
    "de": {
        "quick.name": "Dein Name",
        "quick.play": "Gegen den Computer spielen",
        "quick.hint": "Du und zwei Computergegner (Mittel); wer beginnt, wird ausgelost.",
        "quick.friends": "Mit Freunden an diesem Gerät spielen",
        "quick.setup": "Das Spiel einrichten: Menschen und Computergegner",
        "early.loading": "Wird geladen …",
        "early.note": "Das Spiel wird noch geladen. Ein Klick auf eine Startschaltfläche "
                      "wird gemerkt und ausgeführt, sobald es bereit ist.",
        "early.pending": "Startet, sobald das Spiel bereit ist …",
        "saves.finished": "Beendet",
        "saves.won_by": "gewonnen von {winners}",
        "saves.final_scores": "Endwertung",
        "link.bad_coached": "Die Zahl der Zugvorschläge im Link war nicht lesbar ({value}); "
                            "das Spiel öffnet ohne sie.",
        "rules.pic.camel": "Ein Kamel der Familie {family}: eine Scheibe in der Farbe der "
                           "Familie mit ihrem Symbol",
        "rules.pic.domain": "Das Gebiet der Familie {family}: Mitgift und Schatzkammer "
                            "(Münzen), ihre zwei Familienplättchen, übrige Kamele und "
                            "Beziehungssteine",
        "rules.pic.goods": "Ein Warenfeld: seine Nummer auf dem goldenen Warenplättchen, "
                           "das noch auf dem Spielplan liegt",
        "rules.pic.markers": "Die Beziehungssteine einer Familie: ein Stapel, oben der "
                             "dunkelgrüne bis zu ihrer ersten Handelsbeziehung",
        "rules.pic.gauge": "Die Anzeige des Spielendes: Familien noch ohne Handelsbeziehung "
                           "(3 von 10) und die meisten Beziehungen einer Familie (4 von 5)",
    },
    "fr": {
        "quick.name": "Votre nom",
        "quick.play": "Jouer contre l’ordinateur",
        "quick.hint": "Vous et deux joueurs ordinateur (Moyen) ; le premier joueur est tiré "
                      "au sort.",
        "quick.friends": "Jouer entre amis sur cet appareil",
        "quick.setup": "Préparer la partie : personnes et joueurs ordinateur",
        "early.loading": "Chargement…",
        "early.note": "Le jeu est encore en chargement. Un clic sur un bouton de démarrage "
                      "est retenu et exécuté dès qu’il est prêt.",
        "early.pending": "Démarrage dès que le jeu est prêt…",
        "saves.finished": "Terminée",
        "saves.won_by": "gagnée par {winners}",
        "saves.final_scores": "Scores finaux",
        "link.bad_coached": "Les nombres de coups suggérés du lien sont illisibles "
                            "({value}) ; la partie s’ouvre sans eux.",
        "rules.pic.camel": "Un chameau de la famille {family} : un disque à la couleur de la "
                           "famille, avec son symbole",
        "rules.pic.domain": "Le domaine de la famille {family} : dot et trésor (pièces), ses "
                            "deux tuiles Famille, chameaux et jetons de relation restants",
        "rules.pic.goods": "Une case de marchandise : son numéro sur le jeton marchandise "
                           "doré, encore sur le plateau",
        "rules.pic.markers": "Les jetons de relation d’une famille : une pile, le vert "
                             "foncé au-dessus jusqu’à sa première relation commerciale",
        "rules.pic.gauge": "L’indicateur de fin : familles encore sans relation commerciale "
                           "(3 sur 10) et le plus de relations d’une famille (4 sur 5)",
    },
    "it": {
        "quick.name": "Il tuo nome",
        "quick.play": "Gioca contro il computer",
        "quick.hint": "Tu e due giocatori computer (Medio); chi inizia è sorteggiato.",
        "quick.friends": "Gioca con amici su questo dispositivo",
        "quick.setup": "Prepara la partita: persone e giocatori computer",
        "early.loading": "Caricamento…",
        "early.note": "Il gioco si sta ancora caricando. Un clic su un pulsante di avvio "
                      "viene ricordato ed eseguito appena è pronto.",
        "early.pending": "Si avvia appena il gioco è pronto…",
        "saves.finished": "Finita",
        "saves.won_by": "vinta da {winners}",
        "saves.final_scores": "Punteggi finali",
        "link.bad_coached": "I conteggi delle mosse suggerite nel link non sono leggibili "
                            "({value}); la partita si apre senza.",
        "rules.pic.camel": "Un cammello della famiglia {family}: un disco nel colore della "
                           "famiglia con il suo simbolo",
        "rules.pic.domain": "Il dominio della famiglia {family}: dote e tesoro (monete), le "
                            "sue due tessere famiglia, cammelli e segnalini relazione rimasti",
        "rules.pic.goods": "Una casella merce: il suo numero sul segnalino merce dorato, "
                           "ancora sul tabellone",
        "rules.pic.markers": "I segnalini relazione di una famiglia: una pila, quello verde "
                             "scuro in cima fino alla sua prima relazione commerciale",
        "rules.pic.gauge": "L’indicatore della fine: famiglie ancora senza relazione "
                           "commerciale (3 su 10) e il massimo di relazioni di una famiglia "
                           "(4 su 5)",
    },
}

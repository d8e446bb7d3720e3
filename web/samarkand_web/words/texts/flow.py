"""Words of the play flow (issue 8): take back, the confirmed marriage, the held end of a
turn, the recap since your last turn, how close the end is, the keyboard, the skip link
and "More options" on the start screen."""

from __future__ import annotations

EN = {
    # take back
    "takeback.button": "Take back",
    "takeback.label": "Take back your last decision of this turn",
    "takeback.nothing": "There is nothing of this turn to take back.",
    "takeback.no_cards": "Cards have been drawn: what you did this turn can no longer be "
                         "taken back.",
    "takeback.no_goods": "A goods marker was taken, and whoever holds its card may have been "
                         "asked to sell: that camel can no longer be taken back.",
    "takeback.no_bag": "A tile has been drawn from the bag: this can no longer be taken back.",
    # a marriage waits for its cards; a finished turn waits for "End the turn"
    "pending.marry": "Marry into the {family} for {portion} dirhams and draw {n} goods cards? "
                     "You can take it back until the cards are drawn.",
    "pending.marry_none": "Marry into the {family} for {portion} dirhams? Your hand is at the "
                          "limit, so you draw no cards.",
    "pending.marry_button": "Marry and draw the cards",
    "pending.marry_button_none": "Marry",
    "pending.marry_short": "confirm the marriage, or take it back.",
    "pending.held": "Your turn is complete. End it, or take back your last camel.",
    "pending.held_over": "This camel ends the game. End your turn to see the scores, or take "
                         "the camel back.",
    "pending.held_short": "end your turn, or take back your last camel.",
    # since your last turn
    "recap.title": "Since your last turn",
    "recap.title_first": "Before your first turn",
    "recap.turns": "{n} turns",
    "recap.turns_one": "1 turn",
    "recap.toggle": "Show or hide what happened since your last turn",
    "recap.turn": "Turn {n}",
    "recap.money": "Money:",
    "recap.nothing": "Nothing happened since your last turn.",
    # how close is the end
    "ending.label": "End of the game",
    "ending.green": "{n} of {total} families still without a trade relationship",
    "ending.green_one": "1 of {total} families still without a trade relationship",
    "ending.most": "most relationships of one family: {n} of 5",
    "ending.warn_green": "One more turn could end the game: only {n} families still have no "
                         "trade relationship.",
    "ending.warn_green_one": "One more turn could end the game: only 1 family still has no "
                             "trade relationship.",
    "ending.warn_five": "One more turn could end the game: the {family} has {n} of 5 trade "
                        "relationships.",
    # keyboard and screen readers
    "skip.board": "Skip to the board",
    "keys.hint": "Keyboard: Tab moves between controls, Enter chooses, the arrow keys move "
                 "between highlighted spaces, Ctrl+Z takes back, Escape closes a dialog.",
    "board.region": "The board",
    # start screen
    "form.more": "More options",
    # the recap's short phrases (the turn's player is named once, in the turn's head;
    # families by their chip and city)
    "recap.e.log.marry": "marries into the {family} family for {n} dirhams",
    "recap.e.log.draw": "draws {n} cards",
    "recap.e.log.draw_one": "draws 1 card",
    "recap.e.log.draw_none": "draws no card (hand limit)",
    "recap.e.log.reshuffle": "the discard pile becomes a new draw pile of {n} cards",
    "recap.e.log.discard": "discards {n} cards",
    "recap.e.log.discard_one": "discards 1 card",
    "recap.e.log.discard_none": "keeps every card",
    "recap.e.log.second_camel_paid": "{family} pays {n} dirham for a second camel",
    "recap.e.log.camel": "{family} {to} {space}",
    "recap.e.log.goods_marker": "takes the goods marker {good}",
    "recap.e.log.sell": "{holder} sells the {good} card for {n} dirhams",
    "recap.e.log.relationship": "first trade relationship: {family} and {other}",
    "recap.e.log.bonus": "{player} receives {n} dirhams",
    "recap.e.log.bonus_one": "{player} receives 1 dirham",
    "recap.e.log.rel_marker": "takes a grey relationship marker ({family})",
    "recap.e.log.rel_marker_green": "takes the dark green relationship marker ({family})",
    "recap.e.log.bag_domain": "bag: one {family} tile goes onto its domain",
    "recap.e.log.bag_removed": "bag: one {family} tile leaves the game",
    "recap.e.log.pass": "passes (no legal move)",
}

DE = {
    "takeback.button": "Zurücknehmen",
    "takeback.label": "Deine letzte Entscheidung in diesem Zug zurücknehmen",
    "takeback.nothing": "In diesem Zug gibt es nichts zurückzunehmen.",
    "takeback.no_cards": "Es wurden Karten gezogen: Was du in diesem Zug getan hast, lässt sich "
                         "nicht mehr zurücknehmen.",
    "takeback.no_goods": "Ein Warenplättchen wurde genommen, und wer die passende Karte hält, "
                         "wurde vielleicht gefragt, ob er sie verkauft: Dieses Kamel lässt sich "
                         "nicht mehr zurücknehmen.",
    "takeback.no_bag": "Ein Plättchen wurde aus dem Beutel gezogen: Das lässt sich nicht mehr "
                       "zurücknehmen.",
    "pending.marry": "In das {family} für {portion} Dirham einheiraten und {n} Warenkarten "
                     "ziehen? Bis die Karten gezogen sind, kannst du es zurücknehmen.",
    "pending.marry_none": "In das {family} für {portion} Dirham einheiraten? Deine Hand ist am "
                          "Limit, du ziehst also keine Karten.",
    "pending.marry_button": "Einheiraten und Karten ziehen",
    "pending.marry_button_none": "Einheiraten",
    "pending.marry_short": "bestätige die Heirat oder nimm sie zurück.",
    "pending.held": "Dein Zug ist vollständig. Beende ihn oder nimm dein letztes Kamel zurück.",
    "pending.held_over": "Dieses Kamel beendet das Spiel. Beende deinen Zug, um die Wertung zu "
                         "sehen, oder nimm das Kamel zurück.",
    "pending.held_short": "beende deinen Zug oder nimm dein letztes Kamel zurück.",
    "recap.title": "Seit deinem letzten Zug",
    "recap.title_first": "Vor deinem ersten Zug",
    "recap.turns": "{n} Züge",
    "recap.turns_one": "1 Zug",
    "recap.toggle": "Zeigen oder verbergen, was seit deinem letzten Zug geschah",
    "recap.turn": "Zug {n}",
    "recap.money": "Geld:",
    "recap.nothing": "Seit deinem letzten Zug ist nichts geschehen.",
    "ending.label": "Spielende",
    "ending.green": "{n} von {total} Familien noch ohne Handelsbeziehung",
    "ending.green_one": "1 von {total} Familien noch ohne Handelsbeziehung",
    "ending.most": "meiste Beziehungen einer Familie: {n} von 5",
    "ending.warn_green": "Schon der nächste Zug könnte das Spiel beenden: Nur noch {n} Familien "
                         "haben keine Handelsbeziehung.",
    "ending.warn_green_one": "Schon der nächste Zug könnte das Spiel beenden: Nur noch 1 Familie "
                             "hat keine Handelsbeziehung.",
    "ending.warn_five": "Schon der nächste Zug könnte das Spiel beenden: Das {family} hat {n} "
                        "von 5 Handelsbeziehungen.",
    "skip.board": "Zum Spielplan springen",
    "keys.hint": "Tastatur: Tab wechselt zwischen Bedienelementen, Enter wählt, die Pfeiltasten "
                 "wechseln zwischen hervorgehobenen Feldern, Strg+Z nimmt zurück, Escape "
                 "schließt ein Fenster.",
    "board.region": "Der Spielplan",
    "form.more": "Weitere Optionen",
    "recap.e.log.marry": "heiratet für {n} Dirham in die Familie {family} ein",
    "recap.e.log.draw": "zieht {n} Karten",
    "recap.e.log.draw_one": "zieht 1 Karte",
    "recap.e.log.draw_none": "zieht keine Karte (Kartenlimit)",
    "recap.e.log.reshuffle": "der Ablagestapel wird zum neuen Nachziehstapel mit {n} Karten",
    "recap.e.log.discard": "wirft {n} Karten ab",
    "recap.e.log.discard_one": "wirft 1 Karte ab",
    "recap.e.log.discard_none": "behält alle Karten",
    "recap.e.log.second_camel_paid": "{family} zahlt {n} Dirham für ein zweites Kamel",
    "recap.e.log.camel": "{family} {to} {space}",
    "recap.e.log.goods_marker": "nimmt das Warenplättchen {good}",
    "recap.e.log.sell": "{holder} verkauft die Karte {good} für {n} Dirham",
    "recap.e.log.relationship": "erste Handelsbeziehung: {family} und {other}",
    "recap.e.log.bonus": "{player} erhält {n} Dirham",
    "recap.e.log.bonus_one": "{player} erhält 1 Dirham",
    "recap.e.log.rel_marker": "nimmt einen grauen Beziehungsstein ({family})",
    "recap.e.log.rel_marker_green": "nimmt den dunkelgrünen Beziehungsstein ({family})",
    "recap.e.log.bag_domain": "Beutel: ein Plättchen ({family}) kommt auf ihren Bereich",
    "recap.e.log.bag_removed": "Beutel: ein Plättchen ({family}) scheidet aus dem Spiel aus",
    "recap.e.log.pass": "passt (kein möglicher Zug)",
}

FR = {
    "takeback.button": "Annuler",
    "takeback.label": "Annuler ta dernière décision de ce tour",
    "takeback.nothing": "Il n'y a rien à annuler dans ce tour.",
    "takeback.no_cards": "Des cartes ont été piochées : ce que tu as fait dans ce tour ne peut "
                         "plus être annulé.",
    "takeback.no_goods": "Un jeton de marchandise a été pris, et celui qui a la carte "
                         "correspondante a peut-être été invité à la vendre : ce chameau ne peut "
                         "plus être annulé.",
    "takeback.no_bag": "Une tuile a été tirée du sac : cela ne peut plus être annulé.",
    "pending.marry": "Entrer par mariage dans la {family} pour {portion} dirhams et piocher {n} "
                     "cartes de marchandise ? Tu peux annuler tant que les cartes ne sont pas "
                     "piochées.",
    "pending.marry_none": "Entrer par mariage dans la {family} pour {portion} dirhams ? Ta main "
                          "est à la limite : tu ne pioches aucune carte.",
    "pending.marry_button": "Se marier et piocher",
    "pending.marry_button_none": "Se marier",
    "pending.marry_short": "confirme le mariage ou annule-le.",
    "pending.held": "Ton tour est complet. Termine-le ou annule ton dernier chameau.",
    "pending.held_over": "Ce chameau termine la partie. Finis ton tour pour voir les scores, "
                         "ou annule le chameau.",
    "pending.held_short": "finis ton tour ou annule ton dernier chameau.",
    "recap.title": "Depuis ton dernier tour",
    "recap.title_first": "Avant ton premier tour",
    "recap.turns": "{n} tours",
    "recap.turns_one": "1 tour",
    "recap.toggle": "Afficher ou masquer ce qui s'est passé depuis ton dernier tour",
    "recap.turn": "Tour {n}",
    "recap.money": "Argent :",
    "recap.nothing": "Rien ne s'est passé depuis ton dernier tour.",
    "ending.label": "Fin de la partie",
    "ending.green": "{n} familles sur {total} encore sans relation commerciale",
    "ending.green_one": "1 famille sur {total} encore sans relation commerciale",
    "ending.most": "le plus de relations d'une famille : {n} sur 5",
    "ending.warn_green": "Un seul tour de plus pourrait finir la partie : seules {n} familles "
                         "n'ont encore aucune relation commerciale.",
    "ending.warn_green_one": "Un seul tour de plus pourrait finir la partie : une seule famille "
                             "n'a encore aucune relation commerciale.",
    "ending.warn_five": "Un seul tour de plus pourrait finir la partie : la {family} a {n} "
                        "relations commerciales sur 5.",
    "skip.board": "Aller au plateau",
    "keys.hint": "Clavier : Tab passe d'une commande à l'autre, Entrée choisit, les flèches "
                 "passent d'une case en évidence à l'autre, Ctrl+Z annule, Échap ferme une "
                 "fenêtre.",
    "board.region": "Le plateau",
    "form.more": "Plus d'options",
    "recap.e.log.marry": "entre par mariage dans la famille {family} pour {n} dirhams",
    "recap.e.log.draw": "pioche {n} cartes",
    "recap.e.log.draw_one": "pioche 1 carte",
    "recap.e.log.draw_none": "ne pioche aucune carte (limite de cartes)",
    "recap.e.log.reshuffle": "la défausse devient une nouvelle pioche de {n} cartes",
    "recap.e.log.discard": "défausse {n} cartes",
    "recap.e.log.discard_one": "défausse 1 carte",
    "recap.e.log.discard_none": "garde toutes ses cartes",
    "recap.e.log.second_camel_paid": "{family} paie {n} dirham pour un second chameau",
    "recap.e.log.camel": "{family} {to} {space}",
    "recap.e.log.goods_marker": "prend le jeton marchandise {good}",
    "recap.e.log.sell": "{holder} vend la carte {good} pour {n} dirhams",
    "recap.e.log.relationship": "première relation commerciale : {family} et {other}",
    "recap.e.log.bonus": "{player} reçoit {n} dirhams",
    "recap.e.log.bonus_one": "{player} reçoit 1 dirham",
    "recap.e.log.rel_marker": "prend un jeton de relation gris ({family})",
    "recap.e.log.rel_marker_green": "prend le jeton de relation vert foncé ({family})",
    "recap.e.log.bag_domain": "sac : une tuile ({family}) va sur son domaine",
    "recap.e.log.bag_removed": "sac : une tuile ({family}) quitte la partie",
    "recap.e.log.pass": "passe (aucun coup permis)",
}

IT = {
    "takeback.button": "Annulla",
    "takeback.label": "Annulla la tua ultima decisione di questo turno",
    "takeback.nothing": "In questo turno non c'è niente da annullare.",
    "takeback.no_cards": "Sono state pescate delle carte: ciò che hai fatto in questo turno non "
                         "si può più annullare.",
    "takeback.no_goods": "È stato preso un segnalino merce, e chi ha la carta corrispondente "
                         "può essere stato invitato a venderla: questo cammello non si può più "
                         "annullare.",
    "takeback.no_bag": "È stata estratta una tessera dal sacchetto: non si può più annullare.",
    "pending.marry": "Sposarti nella {family} per {portion} dirham e pescare {n} carte merce? "
                     "Puoi annullare finché le carte non sono pescate.",
    "pending.marry_none": "Sposarti nella {family} per {portion} dirham? La tua mano è al "
                          "limite: non peschi carte.",
    "pending.marry_button": "Sposati e pesca le carte",
    "pending.marry_button_none": "Sposati",
    "pending.marry_short": "conferma il matrimonio o annullalo.",
    "pending.held": "Il tuo turno è completo. Finiscilo o annulla il tuo ultimo cammello.",
    "pending.held_over": "Questo cammello fa finire la partita. Finisci il turno per vedere i "
                         "punteggi, o annulla il cammello.",
    "pending.held_short": "finisci il turno o annulla il tuo ultimo cammello.",
    "recap.title": "Dal tuo ultimo turno",
    "recap.title_first": "Prima del tuo primo turno",
    "recap.turns": "{n} turni",
    "recap.turns_one": "1 turno",
    "recap.toggle": "Mostra o nascondi cosa è successo dal tuo ultimo turno",
    "recap.turn": "Turno {n}",
    "recap.money": "Denaro:",
    "recap.nothing": "Non è successo niente dal tuo ultimo turno.",
    "ending.label": "Fine della partita",
    "ending.green": "{n} famiglie su {total} ancora senza relazione commerciale",
    "ending.green_one": "1 famiglia su {total} ancora senza relazione commerciale",
    "ending.most": "più relazioni di una famiglia: {n} su 5",
    "ending.warn_green": "Un solo turno in più potrebbe far finire la partita: solo {n} "
                         "famiglie non hanno ancora una relazione commerciale.",
    "ending.warn_green_one": "Un solo turno in più potrebbe far finire la partita: solo 1 "
                             "famiglia non ha ancora una relazione commerciale.",
    "ending.warn_five": "Un solo turno in più potrebbe far finire la partita: la {family} ha {n} "
                        "relazioni commerciali su 5.",
    "skip.board": "Vai al tabellone",
    "keys.hint": "Tastiera: Tab passa da un comando all'altro, Invio sceglie, le frecce passano "
                 "da una casella evidenziata all'altra, Ctrl+Z annulla, Esc chiude una "
                 "finestra.",
    "board.region": "Il tabellone",
    "form.more": "Altre opzioni",
    "recap.e.log.marry": "si sposa nella famiglia {family} per {n} dirham",
    "recap.e.log.draw": "pesca {n} carte",
    "recap.e.log.draw_one": "pesca 1 carta",
    "recap.e.log.draw_none": "non pesca carte (limite di carte)",
    "recap.e.log.reshuffle": "gli scarti diventano un nuovo mazzo di {n} carte",
    "recap.e.log.discard": "scarta {n} carte",
    "recap.e.log.discard_one": "scarta 1 carta",
    "recap.e.log.discard_none": "tiene tutte le carte",
    "recap.e.log.second_camel_paid": "{family} paga {n} dirham per un secondo cammello",
    "recap.e.log.camel": "{family} {to} {space}",
    "recap.e.log.goods_marker": "prende il segnalino merce {good}",
    "recap.e.log.sell": "{holder} vende la carta {good} per {n} dirham",
    "recap.e.log.relationship": "prima relazione commerciale: {family} e {other}",
    "recap.e.log.bonus": "{player} riceve {n} dirham",
    "recap.e.log.bonus_one": "{player} riceve 1 dirham",
    "recap.e.log.rel_marker": "prende un segnalino relazione grigio ({family})",
    "recap.e.log.rel_marker_green": "prende il segnalino relazione verde scuro ({family})",
    "recap.e.log.bag_domain": "sacchetto: una tessera ({family}) va sulla sua casella",
    "recap.e.log.bag_removed": "sacchetto: una tessera ({family}) esce dal gioco",
    "recap.e.log.pass": "passa (nessuna mossa consentita)",
}

STRINGS: dict[str, dict[str, str]] = {"en": EN, "de": DE, "fr": FR, "it": IT}

"""Words of play by link: each person on their own device, the game sent as a link
after each turn (saves/remote.py, handlers/remote.py, view/panels/remote.py)."""

from __future__ import annotations

STRINGS: dict[str, dict[str, str]] = {
    "en": {
        "link.bad_remote": "The address asks for remote={value}: only 1 (play by link) "
                           "or 0 is possible.",
        "remote.form": "Where",
        "remote.form_here": "At this device",
        "remote.form_link": "By link: each on their own device",
        "remote.form_note": "Play by link: after each turn the page gives a link to send to "
                            "the next player (by chat, mail or a QR code); this device plays "
                            "for the first person. The link holds the whole game, the hands "
                            "and the cards still to come included, so that every device can "
                            "check every move: it trusts the players not to decode it, like "
                            "face-down cards on a table.",
        "remote.damaged": "This game link is damaged (cut short or changed on the way): "
                          "nothing was opened or saved. Ask for the link again.",
        "remote.illegal": "This game link holds a move the rules do not allow: nothing was "
                          "opened or saved.",
        "remote.not_theirs": "This game link does not fit its game (it is not for the person "
                             "who decides next): nothing was opened or saved.",
        "remote.new": "{sender} sent you this game: it is saved on this device, where you "
                      "play {you}.",
        "remote.updated": "{sender}'s moves are in this device's save of the game.",
        "remote.same": "This device already holds this game as far as the link goes: nothing "
                       "changed.",
        "remote.older": "This link is older than the game on this device (turn {turn}): "
                        "nothing changed.",
        "remote.branch": "The game on this device went another way than this link. Both are "
                         "kept: the link's game is a save of its own (a copy).",
        "remote.other_seat": "This link is for {to}; in this game this device plays {you}.",
        "remote.status_waiting": "plays on their own device: send them the game",
        "remote.send_title": "Send the game to {name}",
        "remote.send_text": "{name} decides next, on their own device. Send this link by chat "
                            "or mail, or let them scan the code.",
        "remote.over_text": "The game is over. Send the final position to {name}.",
        "remote.link_label": "Link for {name}",
        "remote.share": "Send to {name}",
        "remote.copy": "Copy the link",
        "remote.copied": "Link copied: paste it into a message to {name}.",
        "remote.copy_failed": "The link could not be copied: select it in the field and copy "
                              "it by hand.",
        "remote.qr_show": "QR code for a device beside you",
        "remote.qr_hide": "Hide the QR code",
        "remote.qr_label": "QR code of the link for {name}",
        "remote.qr_too_long": "This link is too long for a QR code: send it as a link.",
        "remote.device": "Played by link: this device plays {name}.",
        "remote.history": "Links of this game",
        "remote.history_item": "Move {moves}: {sender} to {to}, {when}",
        "remote.history_none": "No link sent yet.",
        "remote.list_your_turn": "your turn",
        "remote.list_waiting": "waiting for {name}",
        "remote.list_tag": "by link",
    },
    "de": {
        "link.bad_remote": "Die Adresse verlangt remote={value}: Möglich ist nur 1 "
                           "(Spiel per Link) oder 0.",
        "remote.form": "Wo",
        "remote.form_here": "An diesem Gerät",
        "remote.form_link": "Per Link: jede Person am eigenen Gerät",
        "remote.form_note": "Spiel per Link: Nach jedem Zug gibt die Seite einen Link, den du "
                            "an die nächste Person schickst (per Chat, Mail oder QR-Code); "
                            "dieses Gerät spielt für die erste Person. Der Link enthält das "
                            "ganze Spiel, auch die Handkarten und die noch kommenden Karten, "
                            "damit jedes Gerät jeden Zug prüfen kann: Er vertraut darauf, dass "
                            "niemand ihn entschlüsselt, wie bei verdeckten Karten auf dem "
                            "Tisch.",
        "remote.damaged": "Dieser Spiel-Link ist beschädigt (unterwegs gekürzt oder verändert): "
                          "Nichts wurde geöffnet oder gespeichert. Lass dir den Link noch "
                          "einmal schicken.",
        "remote.illegal": "Dieser Spiel-Link enthält einen Zug, den die Regeln nicht erlauben: "
                          "Nichts wurde geöffnet oder gespeichert.",
        "remote.not_theirs": "Dieser Spiel-Link passt nicht zu seinem Spiel (er ist nicht für "
                             "die Person, die als Nächste entscheidet): Nichts wurde geöffnet "
                             "oder gespeichert.",
        "remote.new": "{sender} hat dir dieses Spiel geschickt: Es ist auf diesem Gerät "
                      "gespeichert, hier spielst du {you}.",
        "remote.updated": "Die Züge von {sender} sind im Spielstand dieses Geräts.",
        "remote.same": "Dieses Gerät hat das Spiel schon so weit, wie der Link reicht: Nichts "
                       "hat sich geändert.",
        "remote.older": "Dieser Link ist älter als das Spiel auf diesem Gerät (Zug {turn}): "
                        "Nichts hat sich geändert.",
        "remote.branch": "Das Spiel auf diesem Gerät ist anders weitergegangen als dieser Link. "
                         "Beide bleiben: Das Spiel des Links ist ein eigener Spielstand (eine "
                         "Kopie).",
        "remote.other_seat": "Dieser Link ist für {to}; in diesem Spiel spielt dieses Gerät "
                             "{you}.",
        "remote.status_waiting": "spielt am eigenen Gerät: Schick das Spiel hin",
        "remote.send_title": "Das Spiel an {name} schicken",
        "remote.send_text": "{name} entscheidet als Nächstes, am eigenen Gerät. Schick diesen "
                            "Link per Chat oder Mail, oder lass den Code scannen.",
        "remote.over_text": "Das Spiel ist vorbei. Schick den Endstand an {name}.",
        "remote.link_label": "Link für {name}",
        "remote.share": "An {name} senden",
        "remote.copy": "Link kopieren",
        "remote.copied": "Link kopiert: Füge ihn in eine Nachricht an {name} ein.",
        "remote.copy_failed": "Der Link konnte nicht kopiert werden: Markiere ihn im Feld und "
                              "kopiere ihn von Hand.",
        "remote.qr_show": "QR-Code für ein Gerät neben dir",
        "remote.qr_hide": "QR-Code ausblenden",
        "remote.qr_label": "QR-Code des Links für {name}",
        "remote.qr_too_long": "Dieser Link ist zu lang für einen QR-Code: Schick ihn als Link.",
        "remote.device": "Spiel per Link: Dieses Gerät spielt {name}.",
        "remote.history": "Links dieses Spiels",
        "remote.history_item": "Aktion {moves}: {sender} an {to}, {when}",
        "remote.history_none": "Noch kein Link verschickt.",
        "remote.list_your_turn": "du bist dran",
        "remote.list_waiting": "wartet auf {name}",
        "remote.list_tag": "per Link",
    },
    "fr": {
        "link.bad_remote": "L’adresse demande remote={value} : seuls 1 (jeu par lien) "
                           "et 0 sont possibles.",
        "remote.form": "Où",
        "remote.form_here": "Sur cet appareil",
        "remote.form_link": "Par lien : chacun sur son appareil",
        "remote.form_note": "Jeu par lien : après chaque tour, la page donne un lien à envoyer "
                            "au joueur suivant (par messagerie, e-mail ou QR code) ; cet "
                            "appareil joue pour la première personne. Le lien contient toute "
                            "la partie, y compris les mains et les cartes à venir, pour que "
                            "chaque appareil puisse vérifier chaque coup : il compte sur les "
                            "joueurs pour ne pas le décoder, comme des cartes face cachée sur "
                            "une table.",
        "remote.damaged": "Ce lien de partie est abîmé (coupé ou modifié en route) : rien n’a "
                          "été ouvert ni enregistré. Redemandez le lien.",
        "remote.illegal": "Ce lien de partie contient un coup que les règles n’autorisent pas : "
                          "rien n’a été ouvert ni enregistré.",
        "remote.not_theirs": "Ce lien ne correspond pas à sa partie (il n’est pas pour la "
                             "personne qui décide ensuite) : rien n’a été ouvert ni "
                             "enregistré.",
        "remote.new": "{sender} vous a envoyé cette partie : elle est enregistrée sur cet "
                      "appareil, où vous jouez {you}.",
        "remote.updated": "Les coups de {sender} sont dans la sauvegarde de cet appareil.",
        "remote.same": "Cet appareil a déjà cette partie aussi loin que va le lien : rien n’a "
                       "changé.",
        "remote.older": "Ce lien est plus ancien que la partie sur cet appareil (tour {turn}) : "
                        "rien n’a changé.",
        "remote.branch": "La partie sur cet appareil a pris un autre chemin que ce lien. Les "
                         "deux sont gardées : celle du lien est une sauvegarde à part (une "
                         "copie).",
        "remote.other_seat": "Ce lien est pour {to} ; dans cette partie, cet appareil joue "
                             "{you}.",
        "remote.status_waiting": "joue sur son appareil : envoyez-lui la partie",
        "remote.send_title": "Envoyer la partie à {name}",
        "remote.send_text": "{name} décide ensuite, sur son propre appareil. Envoyez ce lien "
                            "par messagerie ou e-mail, ou faites scanner le code.",
        "remote.over_text": "La partie est finie. Envoyez la position finale à {name}.",
        "remote.link_label": "Lien pour {name}",
        "remote.share": "Envoyer à {name}",
        "remote.copy": "Copier le lien",
        "remote.copied": "Lien copié : collez-le dans un message à {name}.",
        "remote.copy_failed": "Le lien n’a pas pu être copié : sélectionnez-le dans le champ et "
                              "copiez-le à la main.",
        "remote.qr_show": "QR code pour un appareil à côté de vous",
        "remote.qr_hide": "Masquer le QR code",
        "remote.qr_label": "QR code du lien pour {name}",
        "remote.qr_too_long": "Ce lien est trop long pour un QR code : envoyez-le comme lien.",
        "remote.device": "Jeu par lien : cet appareil joue {name}.",
        "remote.history": "Liens de cette partie",
        "remote.history_item": "Action {moves} : {sender} à {to}, {when}",
        "remote.history_none": "Aucun lien envoyé pour l’instant.",
        "remote.list_your_turn": "à vous de jouer",
        "remote.list_waiting": "en attente de {name}",
        "remote.list_tag": "par lien",
    },
    "it": {
        "link.bad_remote": "L’indirizzo chiede remote={value}: sono possibili solo 1 "
                           "(gioco via link) o 0.",
        "remote.form": "Dove",
        "remote.form_here": "Su questo dispositivo",
        "remote.form_link": "Via link: ognuno sul proprio dispositivo",
        "remote.form_note": "Gioco via link: dopo ogni turno la pagina dà un link da mandare "
                            "al giocatore successivo (in chat, per e-mail o con un codice QR); "
                            "questo dispositivo gioca per la prima persona. Il link contiene "
                            "tutta la partita, comprese le mani e le carte ancora da pescare, "
                            "perché ogni dispositivo possa verificare ogni mossa: si fida che "
                            "i giocatori non lo decodifichino, come le carte coperte su un "
                            "tavolo.",
        "remote.damaged": "Questo link di partita è danneggiato (tagliato o cambiato per "
                          "strada): non è stato aperto né salvato nulla. Chiedi di nuovo il "
                          "link.",
        "remote.illegal": "Questo link di partita contiene una mossa che le regole non "
                          "permettono: non è stato aperto né salvato nulla.",
        "remote.not_theirs": "Questo link non corrisponde alla sua partita (non è per la persona "
                             "che decide dopo): non è stato aperto né salvato nulla.",
        "remote.new": "{sender} ti ha mandato questa partita: è salvata su questo dispositivo, "
                      "dove giochi {you}.",
        "remote.updated": "Le mosse di {sender} sono nel salvataggio di questo dispositivo.",
        "remote.same": "Questo dispositivo ha già questa partita fin dove arriva il link: non è "
                       "cambiato nulla.",
        "remote.older": "Questo link è più vecchio della partita su questo dispositivo (turno "
                        "{turn}): non è cambiato nulla.",
        "remote.branch": "La partita su questo dispositivo è andata diversamente da questo "
                         "link. Restano entrambe: la partita del link è un salvataggio a sé "
                         "(una copia).",
        "remote.other_seat": "Questo link è per {to}; in questa partita questo dispositivo "
                             "gioca {you}.",
        "remote.status_waiting": "gioca sul proprio dispositivo: mandagli la partita",
        "remote.send_title": "Manda la partita a {name}",
        "remote.send_text": "{name} decide dopo, sul proprio dispositivo. Manda questo link in "
                            "chat o per e-mail, o fai scansionare il codice.",
        "remote.over_text": "La partita è finita. Manda la posizione finale a {name}.",
        "remote.link_label": "Link per {name}",
        "remote.share": "Manda a {name}",
        "remote.copy": "Copia il link",
        "remote.copied": "Link copiato: incollalo in un messaggio a {name}.",
        "remote.copy_failed": "Non è stato possibile copiare il link: selezionalo nel campo e "
                              "copialo a mano.",
        "remote.qr_show": "Codice QR per un dispositivo accanto a te",
        "remote.qr_hide": "Nascondi il codice QR",
        "remote.qr_label": "Codice QR del link per {name}",
        "remote.qr_too_long": "Questo link è troppo lungo per un codice QR: mandalo come link.",
        "remote.device": "Gioco via link: questo dispositivo gioca {name}.",
        "remote.history": "Link di questa partita",
        "remote.history_item": "Azione {moves}: {sender} a {to}, {when}",
        "remote.history_none": "Nessun link ancora mandato.",
        "remote.list_your_turn": "tocca a te",
        "remote.list_waiting": "in attesa di {name}",
        "remote.list_tag": "via link",
    },
}

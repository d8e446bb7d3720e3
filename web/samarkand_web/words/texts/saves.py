"""Words of the saved games under stress: full storage, two tabs, links opened twice,
backup files (issue 10)."""

from __future__ import annotations

STRINGS: dict[str, dict[str, str]] = {
    "en": {
        "storage.alert.unsaved": "Not saved",
        "storage.alert.refused": "Cannot save",
        "storage.alert.off": "Saving is off",
        "storage.alert.cause": "What the browser said",
        "storage.alert.export": "Export all saves",
        "tabs.updated_bots": "This game went on in another tab; here it is as it stands "
                             "now. Its bots play on in the other tab and wait here, until "
                             "you let them play on here.",
        "storage.full_start": "The browser stores nothing more for this site (its storage is "
                              "full, or blocked). Your saved games "
                              "are all listed and open as usual, but new games and moves "
                              "cannot be saved until there is room: delete an old game, or "
                              "export your saves to a file first.",
        "storage.full_move": "Turn {turn} of the game of {names} is not saved: the browser "
                             "stores nothing more for this site (its storage is full, or "
                             "blocked). To keep it, copy the game as a "
                             "link, or delete an old game from your saved games (this game "
                             "is then saved at once).",
        "storage.saved_again": "There is room again: the game of {names} is saved (turn "
                               "{turn}).",
        "message.share": "Copy the game as a link",
        "message.saves": "Show saved games",
        "tabs.updated": "This game went on in another tab; here it is as it stands now.",
        "tabs.copy": "This game was also played on in another tab, in another way. Your "
                     "moves here are kept as a saved game of their own (marked as a copy); "
                     "the other tab's moves stay in the original.",
        "tabs.deleted": "This game was deleted in another tab. Your next move here saves it "
                        "again; to leave it deleted, go to the saved games.",
        "tabs.saved_again": "This game had been deleted in another tab; your move here saved "
                            "it again.",
        "tabs.apart": "This game went another way in another tab. Your next move here is "
                      "kept as a saved game of its own.",
        "saves.from_copy": "a copy: also played in another tab",
        "saves.from_file": "from a backup file",
        "saves.no_date": "date unknown",
        "saves.export": "Export all saves",
        "saves.import": "Import saves",
        "saves.backup_hint": "A backup file keeps your games when this site's data is "
                             "cleared, and takes them to another device.",
        "link.already": "This game is already in your saved games; it is opened there.",
        "link.already_further": "This game is already in your saved games, played on to "
                                "turn {turn}; it is opened there.",
        "link.open_copy": "Open the link's turn as a new save",
        "backup.exported": "{n} saved games were written to the file {file}.",
        "backup.exported_one": "One saved game was written to the file {file}.",
        "backup.nothing": "There are no saved games to export yet.",
        "backup.added": "{n} games from the file were added to your saved games.",
        "backup.added_one": "One game from the file was added to your saved games.",
        "backup.already": "{n} games of the file are already here and were left as they are.",
        "backup.already_one": "One game of the file is already here and was left as it is.",
        "backup.refused": "{n} saves in the file are damaged and were not added.",
        "backup.refused_one": "One save in the file is damaged and was not added.",
        "backup.not_saved": "{n} games did not fit: the browser's storage is full. Delete "
                            "old games and import the file again (nothing is added twice).",
        "backup.not_saved_one": "One game did not fit: the browser's storage is full. Delete "
                                "old games and import the file again (nothing is added "
                                "twice).",
        "backup.empty": "The file holds no saved games.",
        "backup.not_json": "This file is not a Samarkand backup (it is not JSON); nothing was "
                           "imported.",
        "backup.not_ours": "This file is not a Samarkand backup, or it is damaged; nothing "
                           "was imported.",
        "backup.version": "This backup was made by a newer version of the game; nothing was "
                          "imported.",
        "backup.too_big": "This file is far too large to be a Samarkand backup; nothing was "
                          "imported.",
        "backup.read_failed": "The file could not be read; nothing was imported.",
        "backup.download_failed": "The browser did not save the file.",
        "backup.importing": "Importing saves: {done} of {total}",
        "backup.importing_one": "Importing the save: {done} of {total}",
        "backup.busy": "An import is already under way: wait until it has finished, then "
                       "import this file.",
        "backup.future_dates": "{n} games of the file were dated later than now; they are "
                               "dated now.",
        "backup.future_dates_one": "One game of the file was dated later than now; it is "
                                   "dated now.",
        "share.unfinished": "This game is not over. The link holds it up to now (turn "
                            "{turn}): the moves made so far, and nothing else. Whoever "
                            "opens it gets a copy as a new saved game.",
        "share.secret": "Anyone who decodes the link can see every hand and the order of the "
                        "cards still to be drawn: share it only with people who may see them.",
        "share.copy_now": "Copy the link (the game up to now)",
        "link.repeated": "The address gives “{name}” more than once ({values}): it is not clear "
                         "which is meant, so it was not used. Nothing was saved.",
        "link.repeated_game": "The link gives “{name}” more than once ({values}): it is not "
                              "clear which is meant, so its game was not opened. Nothing was "
                              "saved.",
    },
    "de": {
        "storage.alert.unsaved": "Nicht gespeichert",
        "storage.alert.refused": "Speichern nicht möglich",
        "storage.alert.off": "Speichern ist aus",
        "storage.alert.cause": "Was der Browser meldete",
        "storage.alert.export": "Alle Spielstände exportieren",
        "tabs.updated_bots": "Dieses Spiel ging in einem anderen Tab weiter; hier ist es, "
                             "wie es jetzt steht. Seine Bots spielen im anderen Tab weiter "
                             "und warten hier, bis du sie hier weiterspielen lässt.",
        "storage.full_start": "Der Browser speichert für diese Seite nichts mehr (sein "
                              "Speicher ist voll oder gesperrt). Deine "
                              "gespeicherten Spiele stehen alle in der Liste und lassen sich "
                              "öffnen, aber neue Spiele und Züge können erst wieder "
                              "gespeichert werden, wenn Platz ist: Lösche ein altes Spiel oder "
                              "exportiere deine Spielstände vorher in eine Datei.",
        "storage.full_move": "Zug {turn} des Spiels von {names} ist nicht gespeichert: Der "
                             "Browser speichert für diese Seite nichts mehr (sein Speicher "
                             "ist voll oder gesperrt). Um ihn zu "
                             "behalten, kopiere das Spiel als Link oder lösche ein altes Spiel "
                             "aus deinen gespeicherten Spielen (dann wird dieses Spiel sofort "
                             "gespeichert).",
        "storage.saved_again": "Es ist wieder Platz: Das Spiel von {names} ist gespeichert "
                               "(Zug {turn}).",
        "message.share": "Spiel als Link kopieren",
        "message.saves": "Gespeicherte Spiele zeigen",
        "tabs.updated": "Dieses Spiel ging in einem anderen Tab weiter; hier ist es, wie es "
                        "jetzt steht.",
        "tabs.copy": "Dieses Spiel wurde auch in einem anderen Tab weitergespielt, und zwar "
                     "anders. Deine Züge hier bleiben als eigenes gespeichertes Spiel "
                     "erhalten (als Kopie markiert); die Züge des anderen Tabs bleiben im "
                     "Original.",
        "tabs.deleted": "Dieses Spiel wurde in einem anderen Tab gelöscht. Dein nächster Zug "
                        "hier speichert es wieder; soll es gelöscht bleiben, geh zu den "
                        "gespeicherten Spielen.",
        "tabs.saved_again": "Dieses Spiel war in einem anderen Tab gelöscht worden; dein Zug "
                            "hier hat es wieder gespeichert.",
        "tabs.apart": "Dieses Spiel ging in einem anderen Tab anders weiter. Dein nächster "
                      "Zug hier wird als eigenes gespeichertes Spiel behalten.",
        "saves.from_copy": "eine Kopie: auch in einem anderen Tab gespielt",
        "saves.from_file": "aus einer Sicherungsdatei",
        "saves.no_date": "Datum unbekannt",
        "saves.export": "Alle Spielstände exportieren",
        "saves.import": "Spielstände importieren",
        "saves.backup_hint": "Eine Sicherungsdatei bewahrt deine Spiele, wenn die Daten dieser "
                             "Seite gelöscht werden, und bringt sie auf ein anderes Gerät.",
        "link.already": "Dieses Spiel ist schon in deinen gespeicherten Spielen; es wurde dort "
                        "geöffnet.",
        "link.already_further": "Dieses Spiel ist schon in deinen gespeicherten Spielen, "
                                "weitergespielt bis Zug {turn}; es wurde dort geöffnet.",
        "link.open_copy": "Den Stand des Links als neuen Spielstand öffnen",
        "backup.exported": "{n} gespeicherte Spiele wurden in die Datei {file} geschrieben.",
        "backup.exported_one": "Ein gespeichertes Spiel wurde in die Datei {file} geschrieben.",
        "backup.nothing": "Es gibt noch keine gespeicherten Spiele zum Exportieren.",
        "backup.added": "{n} Spiele aus der Datei wurden zu deinen gespeicherten Spielen "
                        "hinzugefügt.",
        "backup.added_one": "Ein Spiel aus der Datei wurde zu deinen gespeicherten Spielen "
                            "hinzugefügt.",
        "backup.already": "{n} Spiele der Datei sind schon hier und blieben, wie sie sind.",
        "backup.already_one": "Ein Spiel der Datei ist schon hier und blieb, wie es ist.",
        "backup.refused": "{n} Spielstände in der Datei sind beschädigt und wurden nicht "
                          "hinzugefügt.",
        "backup.refused_one": "Ein Spielstand in der Datei ist beschädigt und wurde nicht "
                              "hinzugefügt.",
        "backup.not_saved": "{n} Spiele passten nicht mehr: Der Speicher des Browsers ist "
                            "voll. Lösche alte Spiele und importiere die Datei noch einmal "
                            "(nichts wird doppelt hinzugefügt).",
        "backup.not_saved_one": "Ein Spiel passte nicht mehr: Der Speicher des Browsers ist "
                                "voll. Lösche alte Spiele und importiere die Datei noch einmal "
                                "(nichts wird doppelt hinzugefügt).",
        "backup.empty": "Die Datei enthält keine gespeicherten Spiele.",
        "backup.not_json": "Diese Datei ist keine Samarkand-Sicherung (sie ist kein JSON); "
                           "nichts wurde importiert.",
        "backup.not_ours": "Diese Datei ist keine Samarkand-Sicherung oder sie ist "
                           "beschädigt; nichts wurde importiert.",
        "backup.version": "Diese Sicherung stammt von einer neueren Version des Spiels; "
                          "nichts wurde importiert.",
        "backup.too_big": "Diese Datei ist viel zu groß für eine Samarkand-Sicherung; nichts "
                          "wurde importiert.",
        "backup.read_failed": "Die Datei konnte nicht gelesen werden; nichts wurde "
                              "importiert.",
        "backup.download_failed": "Der Browser hat die Datei nicht gespeichert.",
        "backup.importing": "Spielstände werden importiert: {done} von {total}",
        "backup.importing_one": "Der Spielstand wird importiert: {done} von {total}",
        "backup.busy": "Es läuft schon ein Import: Warte, bis er fertig ist, und importiere "
                       "diese Datei dann.",
        "backup.future_dates": "{n} Spiele der Datei trugen ein Datum nach dem heutigen; sie "
                               "tragen jetzt das heutige.",
        "backup.future_dates_one": "Ein Spiel der Datei trug ein Datum nach dem heutigen; es "
                                   "trägt jetzt das heutige.",
        "share.unfinished": "Dieses Spiel ist noch nicht zu Ende. Der Link enthält es bis "
                            "jetzt (Zug {turn}): die bisherigen Züge und nichts weiter. Wer ihn "
                            "öffnet, bekommt eine Kopie als neues gespeichertes Spiel.",
        "share.secret": "Wer den Link entschlüsselt, kann alle Handkarten sehen und die "
                        "Reihenfolge der Karten, die noch gezogen werden: Teile ihn nur mit "
                        "Leuten, die sie sehen dürfen.",
        "share.copy_now": "Link kopieren (das Spiel bis jetzt)",
        "link.repeated": "Die Adresse nennt „{name}“ mehr als einmal ({values}): Es ist nicht "
                         "klar, was gemeint ist, daher wurde es nicht verwendet. Nichts wurde "
                         "gespeichert.",
        "link.repeated_game": "Der Link nennt „{name}“ mehr als einmal ({values}): Es ist nicht "
                              "klar, was gemeint ist, daher wurde sein Spiel nicht geöffnet. "
                              "Nichts wurde gespeichert.",
    },
    "fr": {
        "storage.alert.unsaved": "Non enregistré",
        "storage.alert.refused": "Enregistrement impossible",
        "storage.alert.off": "Enregistrement désactivé",
        "storage.alert.cause": "Ce que le navigateur a dit",
        "storage.alert.export": "Exporter toutes les parties",
        "tabs.updated_bots": "Cette partie a continué dans un autre onglet ; la voici telle "
                             "qu'elle est maintenant. Ses bots jouent dans l'autre onglet et "
                             "attendent ici, jusqu'à ce que tu les laisses jouer ici.",
        "storage.full_start": "Le navigateur n'enregistre plus rien pour ce site (son "
                              "stockage est plein, ou bloqué). "
                              "Toutes tes parties enregistrées sont listées et s'ouvrent "
                              "comme d'habitude, mais les nouvelles parties et les coups ne "
                              "peuvent pas être enregistrés tant qu'il n'y a pas de place : "
                              "supprime une ancienne partie, ou exporte d'abord tes parties "
                              "dans un fichier.",
        "storage.full_move": "Le tour {turn} de la partie de {names} n'est pas enregistré : "
                             "le navigateur n'enregistre plus rien pour ce site (son "
                             "stockage est plein, ou bloqué). Pour "
                             "le garder, copie la partie comme lien, ou supprime une ancienne "
                             "partie de tes parties enregistrées (cette partie est alors "
                             "enregistrée aussitôt).",
        "storage.saved_again": "Il y a de nouveau de la place : la partie de {names} est "
                               "enregistrée (tour {turn}).",
        "message.share": "Copier la partie comme lien",
        "message.saves": "Voir les parties enregistrées",
        "tabs.updated": "Cette partie a continué dans un autre onglet ; la voici telle "
                        "qu'elle est maintenant.",
        "tabs.copy": "Cette partie a aussi été jouée dans un autre onglet, autrement. Tes "
                     "coups ici sont gardés comme une partie enregistrée à part (marquée "
                     "comme copie) ; les coups de l'autre onglet restent dans l'original.",
        "tabs.deleted": "Cette partie a été supprimée dans un autre onglet. Ton prochain coup "
                        "ici l'enregistre de nouveau ; pour qu'elle reste supprimée, va aux "
                        "parties enregistrées.",
        "tabs.saved_again": "Cette partie avait été supprimée dans un autre onglet ; ton coup "
                            "ici l'a enregistrée de nouveau.",
        "tabs.apart": "Cette partie a pris un autre chemin dans un autre onglet. Ton prochain "
                      "coup ici est gardé comme une partie enregistrée à part.",
        "saves.from_copy": "une copie : jouée aussi dans un autre onglet",
        "saves.from_file": "d'un fichier de sauvegarde",
        "saves.no_date": "date inconnue",
        "saves.export": "Exporter toutes les parties",
        "saves.import": "Importer des parties",
        "saves.backup_hint": "Un fichier de sauvegarde garde tes parties quand les données de "
                             "ce site sont effacées, et les emporte sur un autre appareil.",
        "link.already": "Cette partie est déjà dans tes parties enregistrées ; elle y est "
                        "ouverte.",
        "link.already_further": "Cette partie est déjà dans tes parties enregistrées, jouée "
                                "jusqu'au tour {turn} ; elle y est ouverte.",
        "link.open_copy": "Ouvrir le tour du lien comme nouvelle partie",
        "backup.exported": "{n} parties enregistrées ont été écrites dans le fichier {file}.",
        "backup.exported_one": "Une partie enregistrée a été écrite dans le fichier {file}.",
        "backup.nothing": "Il n'y a encore aucune partie enregistrée à exporter.",
        "backup.added": "{n} parties du fichier ont été ajoutées à tes parties enregistrées.",
        "backup.added_one": "Une partie du fichier a été ajoutée à tes parties enregistrées.",
        "backup.already": "{n} parties du fichier sont déjà ici et n'ont pas été touchées.",
        "backup.already_one": "Une partie du fichier est déjà ici et n'a pas été touchée.",
        "backup.refused": "{n} parties du fichier sont endommagées et n'ont pas été "
                          "ajoutées.",
        "backup.refused_one": "Une partie du fichier est endommagée et n'a pas été ajoutée.",
        "backup.not_saved": "{n} parties n'ont pas trouvé de place : l'espace de stockage du "
                            "navigateur est plein. Supprime d'anciennes parties et importe "
                            "le fichier de nouveau (rien n'est ajouté deux fois).",
        "backup.not_saved_one": "Une partie n'a pas trouvé de place : l'espace de stockage du "
                                "navigateur est plein. Supprime d'anciennes parties et importe "
                                "le fichier de nouveau (rien n'est ajouté deux fois).",
        "backup.empty": "Le fichier ne contient aucune partie enregistrée.",
        "backup.not_json": "Ce fichier n'est pas une sauvegarde de Samarkand (ce n'est pas du "
                           "JSON) ; rien n'a été importé.",
        "backup.not_ours": "Ce fichier n'est pas une sauvegarde de Samarkand, ou il est "
                           "endommagé ; rien n'a été importé.",
        "backup.version": "Cette sauvegarde vient d'une version plus récente du jeu ; rien "
                          "n'a été importé.",
        "backup.too_big": "Ce fichier est bien trop grand pour être une sauvegarde de "
                          "Samarkand ; rien n'a été importé.",
        "backup.read_failed": "Le fichier n'a pas pu être lu ; rien n'a été importé.",
        "backup.download_failed": "Le navigateur n'a pas enregistré le fichier.",
        "backup.importing": "Importation des parties : {done} sur {total}",
        "backup.importing_one": "Importation de la partie : {done} sur {total}",
        "backup.busy": "Une importation est déjà en cours : attends qu'elle soit finie, puis "
                       "importe ce fichier.",
        "backup.future_dates": "{n} parties du fichier étaient datées d'après maintenant ; "
                               "elles sont datées de maintenant.",
        "backup.future_dates_one": "Une partie du fichier était datée d'après maintenant ; "
                                   "elle est datée de maintenant.",
        "share.unfinished": "Cette partie n'est pas finie. Le lien la contient jusqu'à "
                            "maintenant (tour {turn}) : les coups joués jusqu'ici, et rien "
                            "d'autre. Qui l'ouvre en obtient une copie comme nouvelle partie "
                            "enregistrée.",
        "share.secret": "Qui décode le lien peut voir toutes les mains et l'ordre des cartes "
                        "qui restent à piocher : ne le partage qu'avec des personnes qui "
                        "peuvent les voir.",
        "share.copy_now": "Copier le lien (la partie jusqu'à maintenant)",
        "link.repeated": "L'adresse donne « {name} » plus d'une fois ({values}) : on ne sait pas "
                         "lequel compte, il n'a donc pas été utilisé. Rien n'a été enregistré.",
        "link.repeated_game": "Le lien donne « {name} » plus d'une fois ({values}) : on ne sait "
                              "pas lequel compte, sa partie n'a donc pas été ouverte. Rien n'a "
                              "été enregistré.",
    },
    "it": {
        "storage.alert.unsaved": "Non salvato",
        "storage.alert.refused": "Impossibile salvare",
        "storage.alert.off": "Salvataggio disattivato",
        "storage.alert.cause": "Che cosa ha detto il browser",
        "storage.alert.export": "Esporta tutti i salvataggi",
        "tabs.updated_bots": "Questa partita è andata avanti in un'altra scheda; eccola "
                             "com'è ora. I suoi bot giocano nell'altra scheda e qui "
                             "aspettano, finché non li lasci giocare qui.",
        "storage.full_start": "Il browser non salva più nulla per questo sito (la sua "
                              "memoria è piena, o bloccata). Le tue partite "
                              "salvate sono tutte elencate e si aprono come sempre, ma nuove "
                              "partite e mosse non possono essere salvate finché non c'è "
                              "posto: elimina una vecchia partita, o prima esporta i tuoi "
                              "salvataggi in un file.",
        "storage.full_move": "Il turno {turn} della partita di {names} non è salvato: lo "
                             "browser non salva più nulla per questo sito (la sua memoria è "
                             "piena, o bloccata). Per tenerlo, copia "
                             "la partita come link, o elimina una vecchia partita dalle tue "
                             "partite salvate (questa partita viene allora salvata subito).",
        "storage.saved_again": "C'è di nuovo posto: la partita di {names} è salvata (turno "
                               "{turn}).",
        "message.share": "Copia la partita come link",
        "message.saves": "Mostra le partite salvate",
        "tabs.updated": "Questa partita è andata avanti in un'altra scheda; eccola com'è ora.",
        "tabs.copy": "Questa partita è stata giocata anche in un'altra scheda, in un altro "
                     "modo. Le tue mosse qui restano come una partita salvata a sé (segnata "
                     "come copia); le mosse dell'altra scheda restano nell'originale.",
        "tabs.deleted": "Questa partita è stata eliminata in un'altra scheda. La tua prossima "
                        "mossa qui la salva di nuovo; per lasciarla eliminata, vai alle "
                        "partite salvate.",
        "tabs.saved_again": "Questa partita era stata eliminata in un'altra scheda; la tua "
                            "mossa qui l'ha salvata di nuovo.",
        "tabs.apart": "Questa partita ha preso un'altra strada in un'altra scheda. La tua "
                      "prossima mossa qui viene tenuta come una partita salvata a sé.",
        "saves.from_copy": "una copia: giocata anche in un'altra scheda",
        "saves.from_file": "da un file di backup",
        "saves.no_date": "data sconosciuta",
        "saves.export": "Esporta tutti i salvataggi",
        "saves.import": "Importa salvataggi",
        "saves.backup_hint": "Un file di backup conserva le tue partite quando i dati di "
                             "questo sito vengono cancellati, e le porta su un altro "
                             "dispositivo.",
        "link.already": "Questa partita è già tra le tue partite salvate; è stata aperta lì.",
        "link.already_further": "Questa partita è già tra le tue partite salvate, giocata "
                                "fino al turno {turn}; è stata aperta lì.",
        "link.open_copy": "Apri il turno del link come nuovo salvataggio",
        "backup.exported": "{n} partite salvate sono state scritte nel file {file}.",
        "backup.exported_one": "Una partita salvata è stata scritta nel file {file}.",
        "backup.nothing": "Non ci sono ancora partite salvate da esportare.",
        "backup.added": "{n} partite del file sono state aggiunte alle tue partite salvate.",
        "backup.added_one": "Una partita del file è stata aggiunta alle tue partite salvate.",
        "backup.already": "{n} partite del file sono già qui e sono rimaste come sono.",
        "backup.already_one": "Una partita del file è già qui ed è rimasta com'è.",
        "backup.refused": "{n} salvataggi nel file sono danneggiati e non sono stati "
                          "aggiunti.",
        "backup.refused_one": "Un salvataggio nel file è danneggiato e non è stato aggiunto.",
        "backup.not_saved": "{n} partite non ci stavano più: lo spazio del browser è pieno. "
                            "Elimina vecchie partite e importa di nuovo il file (niente viene "
                            "aggiunto due volte).",
        "backup.not_saved_one": "Una partita non ci stava più: lo spazio del browser è pieno. "
                                "Elimina vecchie partite e importa di nuovo il file (niente "
                                "viene aggiunto due volte).",
        "backup.empty": "Il file non contiene partite salvate.",
        "backup.not_json": "Questo file non è un backup di Samarkand (non è JSON); non è "
                           "stato importato niente.",
        "backup.not_ours": "Questo file non è un backup di Samarkand, o è danneggiato; non è "
                           "stato importato niente.",
        "backup.version": "Questo backup viene da una versione più recente del gioco; non è "
                          "stato importato niente.",
        "backup.too_big": "Questo file è troppo grande per essere un backup di Samarkand; non "
                          "è stato importato niente.",
        "backup.read_failed": "Il file non ha potuto essere letto; non è stato importato "
                              "niente.",
        "backup.download_failed": "Il browser non ha salvato il file.",
        "backup.importing": "Importazione dei salvataggi: {done} di {total}",
        "backup.importing_one": "Importazione del salvataggio: {done} di {total}",
        "backup.busy": "È già in corso un'importazione: aspetta che finisca, poi importa "
                       "questo file.",
        "backup.future_dates": "{n} partite del file avevano una data successiva a adesso; "
                               "ora hanno la data di adesso.",
        "backup.future_dates_one": "Una partita del file aveva una data successiva a adesso; "
                                   "ora ha la data di adesso.",
        "share.unfinished": "Questa partita non è finita. Il link la contiene fino a ora "
                            "(turno {turn}): le mosse fatte finora, e nient'altro. "
                            "Chi lo apre ne riceve una copia come nuova partita salvata.",
        "share.secret": "Chi decodifica il link può vedere tutte le mani e l'ordine delle "
                        "carte ancora da pescare: condividilo solo con chi può vederle.",
        "share.copy_now": "Copia il link (la partita fino a ora)",
        "link.repeated": "L'indirizzo indica «{name}» più di una volta ({values}): non è chiaro "
                         "quale valga, quindi non è stato usato. Non è stato salvato nulla.",
        "link.repeated_game": "Il link indica «{name}» più di una volta ({values}): non è "
                              "chiaro quale valga, quindi la sua partita non è stata aperta. "
                              "Non è stato salvato nulla.",
    },
}

# The scorer's pad (issue 13): the page around the buttons the referee offers.
pad-new-deal = Spiel { $no } eintragen
pad-transcript-empty = Noch nichts getippt. Bitte antippen, was geschah.
pad-undo = ↶ Letzten Tipp zurück
pad-restart = ⟲ Neu beginnen
pad-save = Speichern
pad-save-offline = Speichern (wird geprüft, sobald Netz da ist)
pad-saved = Gespeichert
pad-saved-wait = Gespeichert – wartet auf Bestätigung
pad-last-deal = Letztes Spiel
pad-offline = Kein Netz: Die Eingabe wird auf diesem Telefon gesammelt und geprüft, sobald wieder Netz da ist.
pad-unchecked = ungeprüft
pad-queue = Auf diesem Telefon gespeichert
pad-waiting = wartet auf Netz – wird dann geprüft
pad-sending = wird gesendet …
pad-refused = Abgelehnt – bitte korrigieren:
pad-stale = Inzwischen wurde an diesem Tisch ein anderes Spiel gespeichert. Bitte prüfen und neu eintragen.
pad-correct = Korrigieren
pad-discard = Verwerfen
pad-discard-ask = Dieses Spiel wirklich verwerfen? Es wird nicht gespeichert.
pad-correcting = Korrektur eines abgelehnten Spiels
pad-over-hint = An diesem Tisch wird nichts mehr eingetragen.
pad-needs-script = Das Eintragen braucht JavaScript. Bitte im Browser einschalten.
pad-no-net-yet = Kein Netz und noch keine Spielzüge auf diesem Telefon. Bitte einmal mit Netz öffnen.
pad-group-bet = Bieten
pad-group-answer = Antwort
pad-group-tricks = Stiche
pad-group-show = Zeigen
pad-group-card = Karten
pad-group-number = Zahl
pad-group-side = Seite
pad-group-other = Weiteres
pad-closed-title = Runde { $round } abgeschlossen – Ergebnis von Tisch { $table }
pad-closed-score = Endstand
pad-closed-standings = Zur Tabelle des Turniers
pad-closed-none = An diesem Tisch wurde kein Spiel eingetragen.
pad-unreadable = Dieser Eintrag ist unvollständig oder beschädigt und wurde nicht gespeichert.
pad-melds-hint = Meldungen: jede Meldung als Zahl, mit Leerzeichen getrennt, z. B. „40 20“ für ein Vierziger und ein Zwanziger; leer lassen, wenn nichts gemeldet wurde.
pad-cut-hint = Abheben: nur bei Punktgleichstand. Die Seiten in der Reihenfolge, in der sie beim Abheben gewonnen haben, z. B. „P2 P1“.
pad-group-meld = Melden
pad-group-digits = Augen
pad-group-count = Stiche
pad-group-baptism = Getauft als
pad-game-waiting = Die Partie ist fertig eingetragen und wartet auf Bestätigung: { $n ->
    [one] ein Spiel ist
   *[other] { $count } Spiele sind
} noch nicht bestätigt und { $n ->
    [one] zählt
   *[other] zählen
} erst danach.
pad-over-waiting = Alle Spiele sind eingetragen, der Tisch wartet auf Bestätigung: { $n ->
    [one] ein Spiel ist
   *[other] { $count } Spiele sind
} noch nicht bestätigt und { $n ->
    [one] zählt
   *[other] zählen
} erst danach.

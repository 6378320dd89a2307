# Runden mit Sorgfalt abschließen, das Turnier abschließen, geplante Runden, Tischkarten als PDF

stage-final = Endstand
stage-interim = Zwischenstand
stage-after = Zwischenstand nach Runde { $round }

field-planned-rounds = Geplante Runden
field-planned-rounds-hint = Leer lassen, wenn die Zahl noch offen ist; später änderbar.
error-planned-rounds = Geplante Runden: leer lassen oder 1 bis 50.

round-of-planned = Runde { $round } von { $planned }
draw-past-plan = { $planned ->
    [one] Die geplante Runde ist ausgelost.
   *[other] Alle { $planned } geplanten Runden sind ausgelost.
} Für eine weitere Runde erst die geplanten Runden erhöhen.

close-warning-title = Noch nicht alles fertig
close-warning-unfinished = Tische ohne fertiges Spiel:
close-warning-unconfirmed = Tische mit unbestätigten Spielen:
close-warning-hint = Unbestätigte Spiele zählen nicht. Trotzdem abschließen?
close-anyway = Trotzdem abschließen
close-back = Zurück zur Runde

finish-title = Turnier abschließen
finish-hint = Danach ist der Stand der Endstand: keine Auslosung, keine Eingaben und keine Korrekturen mehr, bis das Turnier mit Grund wieder geöffnet wird.
finish-submit = Turnier abschließen
finish-confirm = Das Turnier abschließen? Der Stand wird zum Endstand.
finish-open-round = Erst Runde { $round } abschließen, dann das Turnier.
finish-no-round = Noch keine Runde ausgelost.
finish-done = Das Turnier ist abgeschlossen. Der Stand ist der Endstand.
finish-frozen = Das Turnier ist abgeschlossen: keine Eingaben und Korrekturen mehr.
finish-reopen-title = Turnier wieder öffnen
finish-reopen-reason = Grund
finish-reopen-hint = Der Grund wird mit Namen und Zeit im Protokoll festgehalten.
finish-reopen-submit = Turnier wieder öffnen
finish-reopen-reason-needed = Bitte einen Grund angeben (höchstens 500 Zeichen).
finish-not-finished = Das Turnier ist nicht abgeschlossen.

plan-title = Geplante Runden
plan-none = Die Zahl der Runden ist offen.
plan-is = Geplant: { $planned ->
    [one] 1 Runde
   *[other] { $planned } Runden
}, ausgelost: { $drawn }.
plan-submit = Übernehmen
plan-bad = Geplante Runden: leer lassen oder eine Zahl von { $drawn } bis 50 (so viele Runden sind schon ausgelost).

cards-pdf = Tischkarten als PDF
cards-pdf-hint = Gibt für jeden Tisch einen neuen Link aus (die alten gelten dann nicht mehr) und lädt die Karten als PDF.
cards-reissue-title = Eine Tischkarte neu ausgeben
cards-reissue-hint = Für einen Tisch, dessen Karte verloren ist: nur sein Link wird ersetzt, alle anderen gelten weiter.
cards-reissue-table = Tisch
cards-reissue-submit = Karte neu ausgeben
cards-reissue-pdf = als PDF

public-qr-caption = Ergebnisse live am Handy
confirm-all-title = Diese Tische haben Spiele, die noch auf Bestätigung warten; sie zählen erst, wenn sie bestätigt sind:
confirm-all-line = Tisch { $table } ({ $seats }): { $count ->
    [one] 1 Spiel wartet
   *[other] { $count } Spiele warten
}
confirm-all-line-round = Runde { $round }, Tisch { $table } ({ $seats }): { $count ->
    [one] 1 Spiel wartet
   *[other] { $count } Spiele warten
}
confirm-all-submit = Alle bestätigen
confirm-all-reason = Alle wartenden Spiele auf einmal bestätigt

# A state form (close, reopen, finish, draw, undraw, finals, swap, plan) sent again after it
# was done: nothing changed a second time.
form-already-done = Das war schon erledigt: das Formular wurde ein zweites Mal gesendet, es hat sich nichts weiter geändert.

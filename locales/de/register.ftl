# The club's register of players (web::secretary::register) and picking from it.
nav-register = Spielerregister
register-title = Spielerregister
register-hint = Das Register hält die Spielerinnen und Spieler des Vereins, jede Person einmal. Bei der Anmeldung zu einem Turnier wird sie von hier gewählt; ein hier berichtigter Name stimmt in jedem Turnier.
register-choose-club = Verein wählen
register-search = Suchen (Name, Mitgliedsnummer, Jahrgang)
register-search-go = Suchen
register-count = { $count ->
    [one] Eine Person
   *[other] { $count } Personen
}
register-member-no = Mitgliedsnummer
register-birth-year = Jahrgang
register-played = Turniere
register-tournaments = { $count ->
    [0] noch kein Turnier
    [one] ein Turnier
   *[other] { $count } Turniere
}
register-add-title = Person aufnehmen
register-add = Ins Register aufnehmen
register-edit-title = Berichtigen
register-edit-hint = Ein neuer Name gilt in jedem Turnier dieser Person, auch in abgeschlossenen; ein Teamname aus den Spielernamen ändert sich mit.
register-merge-title = Zusammenführen
register-merge-hint = Zwei Einträge derselben Person (etwa ein Tippfehler): der gewählte Eintrag wird in diesen überführt, mit allen Turnieren. Der Administrator kann das rückgängig machen. Namensgleiche verschiedene Personen nicht zusammenführen.
register-merge-other = Doppelter Eintrag
register-merge = Zusammenführen
register-merge-confirm = Den gewählten Eintrag mit allen Turnieren in diesen überführen?
register-merges-title = Zusammenführungen
register-merge-line = { $merged } in { $kept } zusammengeführt ({ $by }, { $when })
register-merge-line-undone = { $merged } in { $kept } zusammengeführt ({ $by }, { $when }), rückgängig gemacht
register-merge-undo = Rückgängig machen
register-label-member = Nr. { $number }
register-label-year = Jg. { $year }
register-label-record = Eintrag { $id }
register-error-name = Der Name muss 1 bis 160 Zeichen lang sein, ohne Steuerzeichen.
register-error-member-no = Die Mitgliedsnummer darf höchstens 64 Zeichen lang sein, ohne Steuerzeichen.
register-error-year = Der Jahrgang „{ $year }“ geht nicht: bitte ein Jahr von 1900 bis 2100.
register-error-name-taken = In einem Turnier dieser Person hat schon jemand anderes diesen Namen. Nichts wurde geändert.
register-merge-error-same = Ein Eintrag kann nicht mit sich selbst zusammengeführt werden.
register-merge-error-shared = Beide Einträge spielen im selben Turnier: das sind zwei Personen. Nichts wurde geändert.
register-merge-error-undone = Diese Zusammenführung ist schon rückgängig gemacht.
register-merge-error-choose = Bitte den Eintrag wählen.
entrants-pick-hint = Namen eintippen: Personen aus dem Spielerregister werden vorgeschlagen. Ein Name, den das Register noch nicht kennt, wird neu aufgenommen.
entrants-new-person = Neue Person (gleichnamig, aber nicht im Register)
entrants-ambiguous = „{ $name }“ heißen mehrere im Spielerregister. Bitte wählen: { $choices } – oder „Neue Person“ ankreuzen.
entrants-preview-title = Vor dem Speichern prüfen
entrants-preview-hint = Jeder Name der Liste ist mit dem Spielerregister verglichen. Bitte bei jedem Treffer wählen, wer gemeint ist; dann speichern.
entrants-preview-name = Name in der Liste
entrants-preview-choice = Im Register
entrants-preview-found = gefunden
entrants-preview-new = neu ins Register
entrants-preview-ambiguous = mehrere gleichnamig: bitte wählen
entrants-preview-pick = Bitte wählen
entrants-preview-as-new = neue Person
entrants-preview-store = Speichern
entrants-preview-missing = Bei { $count ->
    [one] einem Namen
   *[other] { $count } Namen
} fehlt die Wahl, wer gemeint ist.
season-public-club = Verein
season-public-preview = Vorschau: diese Saison ist noch nicht öffentlich.
season-public-on = Die Saison ist öffentlich.
season-public-off = Die Saison ist nicht öffentlich.
season-public-page = Öffentliche Seite
season-public-show = Öffentlich zeigen
season-public-hide = Nicht mehr öffentlich zeigen

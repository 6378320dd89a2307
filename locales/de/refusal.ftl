# Refusals of the service areas (`error::refusal`): what the layers below the web refuse,
# worded here. German first; game terms stay German.

## Texts (a name, a reason)
refusal-text-field = { $field ->
    [player] Der Name des Spielers
    [team] Der Name der Mannschaft
    [member] Die Mitgliedsnummer
    [tournament] Der Name des Turniers
    [place] Der Ort
    [club] Der Name des Vereins
    [reopen] Der Grund für das Wiederöffnen
    *[change] Der Grund für die Änderung
}
refusal-text-empty = { refusal-text-field }: bitte etwas eingeben. Nichts wurde gespeichert.
refusal-text-too-long = { refusal-text-field }: höchstens { $max } Zeichen. Nichts wurde gespeichert.
refusal-text-control = { refusal-text-field }: enthält ein Steuerzeichen (etwa einen Zeilenumbruch, ein Tabulator- oder Nullzeichen). Nichts wurde gespeichert.
refusal-text-invisible = { refusal-text-field }: enthält ein unsichtbares Zeichen oder eines, das die Schreibrichtung umkehrt. Nichts wurde gespeichert.

## Drawing a round
refusal-draw-round-open = Erst die laufende Runde abschließen, dann die nächste auslosen.
refusal-draw-finished = Das Turnier ist abgeschlossen: es wird keine Runde mehr ausgelost.
refusal-draw-knockout-begun = Die Finalspiele haben begonnen: es gibt keine weitere Runde.
refusal-draw-plan-complete = Alle geplanten Runden ({ $planned }) sind ausgelost. Für eine weitere Runde erst den Rundenplan ändern.
refusal-draw-sessions-complete = Alle Durchgänge ({ $sessions }) sind ausgelost.
refusal-draw-too-few = Zu wenige Teilnehmer für eine Auslosung (mindestens zwei).
refusal-draw-too-few-for-table = { $players ->
    [one] Ein Spieler ist
    *[other] { $players } Spieler sind
} zu wenige für einen Dreiertisch.
refusal-draw-deals-by-three = An Vierertischen muss die Zahl der Spiele durch drei teilbar sein, nicht { $deals }.
refusal-draw-no-fit = Die Tische passen nicht zum Teilnehmerfeld. Bitte die Seite neu laden und noch einmal versuchen.
refusal-draw-unknown-seat = { $entrant } sitzt in dieser Runde an keinem Tisch.
refusal-draw-started = Die Runde hat begonnen: die Sitzplätze ändern sich nicht mehr.

## Closing, finishing, planning
refusal-close-finished = Das Turnier ist abgeschlossen. Um ein Ergebnis zu ändern, das Turnier (mit Grund) wieder öffnen.
refusal-close-nothing-drawn = Noch keine Runde ist ausgelost: es gibt nichts abzuschließen.
refusal-close-round-open = Runde { $round } läuft noch: erst die Runde abschließen, dann das Turnier.
refusal-close-not-finished = Das Turnier ist nicht abgeschlossen.
refusal-plan-only-rounds = Nur ein Turnier in Runden hat einen Rundenplan.
refusal-plan-finished = Das Turnier ist abgeschlossen: der Rundenplan ändert sich nicht mehr.
refusal-plan-range = Geplante Runden: 1 bis { $max }.
refusal-plan-below-drawn = Ausgeloste Runden: { $drawn }; der Plan kann nicht { $planned ->
    [one] eine Runde
    *[other] { $planned } Runden
} sein.

## Knockout finals
refusal-finals-none = Dieses Turnier hat keine Finalspiele.
refusal-finals-size = Ins Finale kommen 2, 4 oder 8, nicht { $n }.
refusal-finals-already-drawn = Die Finalspiele sind schon ausgelost.
refusal-finals-round-open = Erst die laufende Runde abschließen, dann die Finalspiele auslosen.
refusal-finals-not-rounds = Finalspiele gibt es nur im Rundenformat.
refusal-finals-no-winner = Ein Finalspiel hat noch keinen Sieger.
refusal-finals-complete = Alle Finalspiele sind entschieden.
refusal-finals-too-few = Nur { $entrants } Teilnehmer in der Wertung: zu wenige für die Finalspiele.
refusal-finals-tie-at-cut = Die Teilnehmer auf Platz { $rank } sind gleichauf über die Grenze zum Finale: erst entscheiden, wer weiterkommt.
refusal-finals-not-ready = Dieses Finalspiel hat noch nicht beide Teilnehmer.
refusal-finals-already-decided = Ein späteres Finalspiel hat schon ein Ergebnis, das von diesem abhängt.

## The field
refusal-field-knockout-begun = Die Finalspiele haben begonnen: das Teilnehmerfeld steht fest.
refusal-entrant-start-number-taken = Die Startnummer { $number } ist schon vergeben.
refusal-entrant-no-teams = In dieser Variante spielt jeder für sich: keine Mannschaften.
refusal-entrant-team-size = Eine Mannschaft hat { $size ->
    [one] einen Spieler
    *[other] { $size } Spieler
}.
refusal-entrant-unknown-player = { $entrant } ist in diesem Turnier nicht angemeldet.
refusal-entrant-in-team = { $entrant } spielt schon in einer Mannschaft.
refusal-entrant-not-in-register = Im Mitgliederverzeichnis des Vereins gibt es die Nummer { $id } nicht.
refusal-entrant-which-register = Bitte den Verein wählen, dessen Mitgliederverzeichnis gemeint ist.

## Deals
refusal-deal-no-such = Spiel { $deal } gibt es nicht; das nächste Spiel ist { $next }.
refusal-deal-needs-reason = Ein bestätigtes Spiel wird nur mit Grund korrigiert.
refusal-deal-closed-needs-reason = Die Runde ist abgeschlossen: eine Änderung braucht einen Grund.
refusal-deal-malformed = Die Spiele dieses Tisches sind nicht lesbar. Nichts wurde gespeichert.
refusal-deal-breaks-rule = Spiel { $deal } verstößt gegen eine Regel: { $rule } Nichts wurde gespeichert.
refusal-deal-correction-breaks-rule = Die Korrektur verstößt gegen eine Regel. Nichts wurde gespeichert.
refusal-deal-nothing-changed = Kein Spiel wurde geändert.

## The tournament, prizes, tiebreaks, import
refusal-tournament-date-range = Das Datum { $date } liegt nicht zwischen { $first } und { $last }.
refusal-tournament-inconsistent = Die Einstellungen des Turniers passen nicht zusammen. Nichts wurde gespeichert.
refusal-prizes-finished = Das Turnier ist abgeschlossen: die Preisliste ändert sich nicht mehr.
refusal-prizes-shares-over = Die Anteile ergeben { $percent } %, mehr als das Ganze.
refusal-prizes-over-pot = Die Preise ({ $paid },{ $paid-cents } €) übersteigen den Topf ({ $pot },{ $pot-cents } €).
refusal-prizes-deduction-over = Der Abzug ({ $deduction },{ $deduction-cents } €) übersteigt die Startgelder ({ $fees },{ $fees-cents } €).
refusal-prizes-paid-percent = Ein Anteil von { $percent } % des Feldes kann nicht ausgezahlt werden.
refusal-tiebreaks-finished = Das Turnier ist abgeschlossen: die Wertung ändert sich nicht mehr.
refusal-tiebreaks-not-offered = Die Feinwertung „{ $column }“ gibt es für dieses Spiel und Format nicht.
refusal-tiebreaks-twice = Die Feinwertung „{ $column }“ steht zweimal in der Liste.
refusal-import-malformed = Die Turnierdatei ist fehlerhaft: nichts wurde eingelesen.
refusal-import-round-range = Runde { $round } der Turnierdatei liegt außerhalb des Möglichen: nichts wurde eingelesen.
refusal-demo-there = Das Beispiel ist schon da (Verein „{ $club }“): nichts wurde geschrieben.

# The audit log in words (web::tables::audit_words): one sentence per kind of event.
audit-deal-entered = Spiel { $deal } an Tisch { $table } eingetragen
audit-deal-entered-pending = Spiel { $deal } an Tisch { $table } eingetragen, wartet auf Bestätigung
audit-deal-imported = Spiel { $deal } an Tisch { $table } aus der Turnierdatei übernommen
audit-deal-confirmed = Spiel { $deal } an Tisch { $table } bestätigt
audit-deal-corrected = Spiel { $deal } an Tisch { $table } korrigiert
audit-deal-corrected-pending = Spiel { $deal } an Tisch { $table } geändert, wartet auf Bestätigung
audit-deal-withdrawn = Spiel { $deal } an Tisch { $table } zurückgenommen
audit-deal-other = Spiel { $deal } an Tisch { $table }: Fassung { $version } ({ $status })
audit-kind-tournament-created = Turnier angelegt
audit-kind-tournament-imported = Turnier aus einer Turnierdatei eingelesen
audit-kind-tournament-finished = Turnier abgeschlossen
audit-kind-tournament-reopened = Turnier wieder geöffnet
audit-kind-round-drawn = Runde { $round } ausgelost (Startwert { $seed })
audit-kind-round-undrawn = Auslosung der Runde { $round } zurückgenommen
audit-kind-round-closed = Runde { $round } abgeschlossen
audit-kind-round-reopened = Runde { $round } wieder geöffnet
audit-kind-finals-drawn = Finalrunde ausgelost (Runde { $round })
audit-kind-seats-swapped = Runde { $round }: Plätze getauscht, { $swapped }
audit-kind-player-added = Spieler { $name } angemeldet
audit-kind-team-added = Mannschaft { $name } angemeldet
audit-kind-player-consent = Öffentliche Anzeige von { $name }: { $consent }
audit-kind-player-erased = Spieler gelöscht: heißt jetzt { $name }, alle Ergebnisse bleiben
audit-kind-entrant-edited = Eintrag von { $name } geändert: { $changes }
audit-kind-entrant-withdrawn = { $name } abgemeldet ab Runde { $round }
audit-kind-entrant-absent = { $name } fehlt in Runde { $round }
audit-kind-entrant-late = { $name } nachgemeldet ab Runde { $round }
audit-kind-visibility = Öffentliche Seiten { $public ->
    [yes] eingeschaltet
   *[no] ausgeschaltet
}
audit-kind-confirmation = Bestätigung geändert: { $confirmation }
audit-kind-scorer-links = Tischkarten für Runde { $round } ausgegeben ({ $tables ->
    [one] 1 Tisch
   *[other] { $tables } Tische
}, neue Links)
audit-kind-link-reissued = Neuer Link für Tisch { $table } in Runde { $round }
audit-kind-tiebreaks-set = Feinwertung festgelegt: { $tiebreaks }
audit-kind-prizes-set = Preisliste festgelegt
audit-kind-deal-voided = Spiel { $deal } an Tisch { $table } für ungültig erklärt
audit-kind-deals-corrected = Spiele { $deals } an Tisch { $table } gemeinsam korrigiert
audit-kind-register-renamed = Name im Spielerregister berichtigt: { $before } → { $after }
audit-kind-players-merged = Spielerregister: { $merged } in { $kept } zusammengeführt
audit-kind-players-merge-undone = Zusammenführung im Spielerregister rückgängig gemacht
audit-kind-rounds-planned = Geplante Runden geändert: { $before } → { $after }
audit-rounds-unplanned = offen
audit-kind-unknown = Eintrag „{ $kind }“
audit-zone = Zeiten in Ortszeit ({ $zone })
audit-time-format = %d.%m.%Y %H:%M:%S

## pages: the details and authors in words
audit-key-rounds = { $v ->
    [one] 1 Runde
   *[other] { $v } Runden
}
audit-key-open-round = Runde { $v } noch offen
audit-key-absent = { $v ->
    [yes] abwesend
   *[other] wieder dabei
}
audit-key-moved = { $v ->
    [0] keine späteren Spiele betroffen
    [one] 1 späteres Spiel neu gerechnet
   *[other] { $v } spätere Spiele neu gerechnet
}
audit-key-version = Version { $v }
audit-key-status = Stand: { $v }
audit-key-players-before = Spieler vorher: { $v }
audit-key-players-after = Spieler nachher: { $v }
audit-status-open = offen
audit-status-finished = abgeschlossen
audit-actor-cli = Kommandozeile
audit-actor-scorer = Tischlink Runde { $round }, Tisch { $table }

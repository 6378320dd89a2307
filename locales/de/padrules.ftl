# Das Tipp-Feld des Schreibers (Issue 13): Tasten, Protokoll und Hinweise.
padr-too-large = Die Anfrage ist zu groß (höchstens 64 KiB).
padr-not-json = Die Anfrage ist kein gültiges JSON der Form {"{"}"actions": [...]{"}"}.
padr-bad-lang = Unbekannte Sprache: erlaubt sind „de“ und „en“.
padr-new-game = die nächste Partie beginnt bei 0
padr-writes = { $side } { $n ->
    [one] schreibt
   *[other] schreiben
} { $points }
padr-game-over = Partie beendet: { $side } { $n ->
    [one] gewinnt
   *[other] gewinnen
} { $score }
padr-bummerl = { $n ->
    [one] ein Bummerl
   *[other] { $marks } Bummerl
}
padr-w-alone = { $side } spielt allein
padr-w-said-alone = { $side } spielt allein
padr-w-bet = { $side } { $n ->
    [one] bietet
   *[other] bieten
}
padr-w-four = { $side } { $n ->
    [one] bietet
   *[other] bieten
} sofort 4
padr-w-see = { $side } { $n ->
    [one] schaut
   *[other] schauen
}
padr-w-fold = { $side } { $n ->
    [one] geht
   *[other] gehen
}
padr-w-give-up = { $side } { $n ->
    [one] gibt
   *[other] geben
} auf (gestrichen)
padr-w-play = { $side } { $n ->
    [one] spielt
   *[other] spielen
} (gestrichen)
padr-w-said-play = { $side } { $n ->
    [one] spielt
   *[other] spielen
}
padr-w-tricks = { $side } { $n ->
    [one] macht
   *[other] machen
} 3 Stiche
padr-w-said-tricks = { $side } { $n ->
    [one] macht
   *[other] machen
} den Stich
padr-w-farbe-ok = { $side }: Farbe! – { $bettors } hatte die Karte
padr-w-farbe-no = { $side }: Farbe! – { $bettors } hatte sie nicht
padr-w-said-farbe-ok = { $side } { $n ->
    [one] ruft
   *[other] rufen
} Farbe, aber { $bettors } hatte die Karte
padr-w-said-farbe-no = { $side } { $n ->
    [one] ruft
   *[other] rufen
} Farbe zu Recht: { $bettors } hatte die Karte nicht
padr-w-machine = { $side } { $n ->
    [one] hat
   *[other] haben
} die Maschine
padr-w-gestrichen = { $side } ist gestrichen
padr-w-gespannt = { $side } ist gespannt
padr-w-decide = { $side } entscheidet zuerst: spielen oder aufgeben
padr-w-both = Beide gestrichen: Entscheidungsspiel
padr-f-trump = Trumpf: { $suit }
padr-f-bet = { $side } bietet { $figure }
padr-f-hold = { $side } hält { $figure }
padr-f-raise = { $side } bietet { $figure } zurück
padr-f-good = { $side }: { $figure } gut
padr-f-tricks = { $side } macht 3 Stiche
padr-f-said-tricks = { $side } macht 3 Stiche: Spiel an { $side }
padr-f-show = { $figure }: { $side } hat das bessere
padr-f-stands = { $figure }: steht
padr-f-cards = { $figure }: Karten zeigen
padr-f-card = { $side } zeigt { $card }
padr-f-said-card = { $side } zeigt { $card }
padr-f-baptism = getauft als { $card }
padr-f-said-baptism = getauft als { $card }
padr-f-cards-of = Karten von { $side }
padr-f-done = { $figure } fertig gezeigt
padr-f-said-done = { $figure } gezeigt
padr-f-unshown = { $side } kann { $figure } nicht zeigen
padr-f-unshown-other = { $side } kann { $figure } nicht zeigen, die anderen schon
padr-f-decider = Entscheidung: { $side } hat die beste Figur
padr-f-decider-none = Entscheidung: niemand hat eine Figur
padr-f-both = Beide gestrichen: es wird nicht geboten, die beste Figur entscheidet
padr-g-points = { $side }: { $delta } Augen
padr-g-tricks = { $side }: { $delta } Stich
padr-g-meld = { $side } meldet { $meld }
padr-g-out = { $side } hat „Aus!“ gerufen
padr-g-over = { $side } hat übergaigelt
padr-g-sevens = { $side } hat fünf Siebener
padr-g-dissle = { $side } spielt auf Dissle
padr-g-dissle-trick = Der Dissle-Spieler hat einen Stich gemacht
padr-g-farbe = { $side } zeigt fünf einer Farbe
padr-g-cut = Stechen: { $side } als Nächster
padr-g-done = Fertig
padr-g-said-side = { $side }: { $points ->
    [one] 1 Auge
   *[other] { $points } Augen
}, { $tricks ->
    [one] 1 Stich
   *[other] { $tricks } Stiche
}
padr-g-said-side-melds = { $side }: { $points ->
    [one] 1 Auge
   *[other] { $points } Augen
}, { $tricks ->
    [one] 1 Stich
   *[other] { $tricks } Stiche
}, gemeldet { $melds }
padr-g-said-cut = Stechen: { $order }
padr-g-erase = Alle Striche sind vergeben: jetzt wird gelöscht
padr-g-digit = { $digit }
padr-g-count = { $count } { $n ->
    [one] Stich
   *[other] Stiche
}
padr-g-head-digits = Augen von { $side }
padr-g-head-count = Stiche von { $side }
padr-g-said-filled = { $side }: der Rest des Packs (240 Augen und alle Stiche)

# The scorer's entry pages (issue 7): figure panel, card picker, the rule message beside the line.
entry-lines = Die eingetragenen Ereignisse
entry-fig-title = Dieses Geben
entry-fig-value = Wert
entry-fig-trump = Trumpf
entry-fig-open = offen
entry-fig-bet = Gebot von { $side } (auf { $value })
entry-fig-held = gehalten
entry-fig-won = geht an { $side }
entry-fig-stands = steht
entry-fig-good = gut
entry-fig-shown = gezeigt
entry-fig-unshown = { $side } nicht gezeigt
entry-trump = Trumpf
entry-decider-none = keiner
entry-pick-open = Karten zeigen …
entry-pick-title = Karten wählen
entry-pick-for = Für
entry-pick-baptise = ist ein Perlagg: wofür steht er?
entry-pick-itself = als sich selbst
entry-pick-undo = Letzte Karte weg
entry-pick-take = Übernehmen
entry-cards-help = Karten: „zeigen gleich A:EA,HA,SA B:E7=L10,L10“ (ein getaufter Perlagg als E7=L10), Entscheid: „entscheid A:gleich:EA,HA,SA“; wessen Karten: A1: oder A2: statt A:.
entry-pick-seat = Wessen Karten
entry-pick-seat-side = ganze Seite
entry-pick-seat-1 = Spieler 1
entry-pick-seat-2 = Spieler 2

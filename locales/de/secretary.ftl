# Deutsch: die Seiten der Schriftführung (Turniere, Anmeldungen, Auslosung, Sitzplan).

error-tournament-name = Der Name des Turniers muss 1 bis 100 Zeichen lang sein.
error-date = Bitte ein Datum angeben, z. B. 21.11.2026.
error-place = Der Ort darf höchstens 100 Zeichen lang sein.
error-game = Bitte ein Spiel wählen.
error-variant = Diese Spielart gehört nicht zum gewählten Spiel.
error-format = Das Format passt nicht zur Spielart: Gaigel zu dritt wird in Durchgängen gespielt, alles andere in Runden.
error-target = Bitte eine Zielpunktzahl von 3 bis 1000 angeben.
error-gespannt-from = „Gespannt ab“ muss zwischen 1 und der Zielpunktzahl − 2 liegen.
error-strokes = Bitte 1 bis 100 Striche angeben.
error-sevens = Bitte eine Regel für fünf Siebener wählen.
error-sessions = Bitte 1 bis 20 Durchgänge angeben.
error-deals = Bitte 1 bis 60 Spiele je Durchgang angeben.
error-fill = Vierertische brauchen eine durch 3 teilbare Zahl von Spielen (9, 12).
error-games = Spiele je Tisch: leer lassen oder 1 bis 20.
error-scheme = Diese Wertung gibt es für dieses Spiel nicht.
error-bonus = Der Bonus muss zwischen 0 und 100 liegen.
error-draw = Diese Auslosung gibt es für dieses Format nicht.
error-rules-invalid = Diese Regeln passen nicht zusammen. Bitte die Optionen prüfen.

# What the service says about refused input: texts with control characters, forms too large,
# throttled resets, names taken in a race, dates out of range.
text-empty = { $field }: bitte etwas eingeben.
text-too-long = { $field }: höchstens { $max } Zeichen.
text-control = { $field }: enthält ein Steuerzeichen (etwa einen Zeilenumbruch, ein Tabulator- oder Nullzeichen). Bitte nur gewöhnlichen Text eingeben. Nichts wurde gespeichert.
text-invisible = { $field }: enthält ein unsichtbares Zeichen oder eines, das die Schreibrichtung umkehrt (etwa ein Leerzeichen der Breite null). Bitte nur sichtbaren Text eingeben. Nichts wurde gespeichert.
error-typed = Ihre Eingabe (zum Kopieren; Steuerzeichen als �):
error-form-too-large = Das Formular ist zu groß für diese Seite und wurde nicht gelesen; nichts wurde gespeichert. Ihr Text ist noch im Browser: gehen Sie zurück und senden Sie ihn in kleineren Teilen.
error-reset-wait = Zu viele ungültige Codes für diesen Namen oder von dieser Adresse. Bitte warten Sie { $seconds ->
    [one] 1 Sekunde
   *[other] { $seconds } Sekunden
}.
error-entrant-race = Dieser Name wurde gerade gleichzeitig angemeldet. Nichts wurde doppelt gespeichert; die Liste unten zeigt den Stand.
error-date-range = Das Datum muss zwischen 1900 und 2200 liegen.
input-field-name = Name
input-field-club = Verein
input-field-list = Liste
input-field-reason = Grund
input-field-place = Ort
input-field-date = Datum
input-field-member1 = Spieler 1
input-field-member2 = Spieler 2
input-field-member3 = Spieler 3
input-field-start_no = Startnummer
input-field-code = Code
input-field-events = Ereignisse

# Deutsch: die Sprache der Spieler und die Voreinstellung.

nav-home = Start
nav-login = Anmelden
nav-logout = Abmelden
nav-admin = Verwaltung
nav-password = Passwort ändern

home-title = Kartl
home-intro = Turniere und Spielstände für Watten, Perlaggen, Giltspiel und Gaigel.

field-name = Name
field-password = Passwort
field-password2 = Passwort wiederholen
field-current-password = Bisheriges Passwort
field-new-password = Neues Passwort
field-code = Code
field-club-name = Name des Vereins
hint-password = Mindestens 12 Zeichen. Ein Satz ist leichter zu merken als ein Wort.

setup-title = Einrichten
setup-intro = Noch gibt es kein Konto. Legen Sie jetzt das Konto der Verwaltung an.
setup-submit = Konto anlegen

login-title = Anmelden
login-submit = Anmelden
login-have-code = Ich habe einen Code zum Zurücksetzen

password-title = Passwort ändern
password-submit = Passwort ändern
notice-password-changed = Das Passwort ist geändert. Andere Anmeldungen dieses Kontos sind beendet.
notice-password-set = Das Passwort ist gesetzt. Bitte melden Sie sich an.

reset-title = Passwort neu setzen
reset-intro = Geben Sie Ihren Namen und den Code ein, den Sie von der Verwaltung bekommen haben, und wählen Sie ein neues Passwort.
reset-submit = Passwort setzen

code-title = Code zum Zurücksetzen
code-for = Für das Konto
code-hint = Der Code gilt { $minutes ->
    [one] 1 Minute
   *[other] { $minutes } Minuten
} und nur einmal. Er wird unter /reset eingegeben.

admin-title = Verwaltung
admin-accounts = Konten
admin-role = Rolle
admin-club = Verein
admin-reset-code = Code ausstellen
admin-reset-confirm = Einen Code ausstellen und alle Anmeldungen dieses Kontos beenden?
admin-new-club = Neuer Verein
admin-create-club = Verein anlegen
admin-new-secretary = Neue Schriftführung
admin-create-secretary = Konto anlegen und Code ausstellen
role-admin = Verwaltung
role-secretary = Schriftführung

error-bad-request = Die Anfrage ist fehlerhaft.
error-login-required = Bitte melden Sie sich an.
error-forbidden = Dafür fehlt diesem Konto die Berechtigung.
error-csrf = Die Anfrage wurde abgelehnt, weil sie nicht von dieser Seite kam oder das Formular veraltet war. Bitte laden Sie die Seite neu.
error-conflict = Jemand anderer war schneller. Bitte laden Sie die Seite neu und prüfen Sie, was schon gespeichert ist.
error-not-found = Diese Seite gibt es nicht.
error-method = Diese Seite kann das nicht.
error-too-large = Die Anfrage ist zu groß.
error-unavailable = Die Datenbank antwortet gerade nicht. Bitte versuchen Sie es gleich noch einmal.
error-internal = Etwas ist schiefgegangen. Bitte versuchen Sie es noch einmal.
error-name-invalid = Der Name muss 1 bis 64 Zeichen lang sein.
error-name-taken = Dieser Name ist schon vergeben.
error-secretary-invalid = Bitte einen freien Namen und einen Verein wählen.
error-password-short = Das Passwort muss mindestens 12 Zeichen lang sein.
error-password-long = Das Passwort ist zu lang.
error-password-mismatch = Die beiden Passwörter stimmen nicht überein.
error-login-failed = Name oder Passwort stimmt nicht.
error-current-password = Das bisherige Passwort stimmt nicht.
error-wait = Zu viele Fehlversuche. Bitte warten Sie { $seconds ->
    [one] 1 Sekunde
   *[other] { $seconds } Sekunden
}.
error-reset-code = Name oder Code ungültig, oder der Code ist abgelaufen oder schon benutzt.

# Table scoring (issue 7)
score-heading = Runde { $round }, Tisch { $table }
score-quick = Schnell eintragen
score-points = Punkte
score-winner = Wer schreibt? Tippen prüft das Spiel.
score-events = Spielverlauf eintragen
score-events-help = Ereignisse, eines pro Zeile (z. B. „bieten A“, „schauen B“, „stiche A“, „farbe B falsch“; „aufgeben B“ oder „geht B“: B gibt auf)
score-ev-bet = Bieten
score-ev-see = Schauen
score-ev-give-up = Aufgeben
score-ev-play = Spielen
score-ev-tricks = 3 Stiche
score-ev-farbe-ok = Farbe: richtig
score-ev-farbe-bad = Farbe: falsch
score-ev-clear = Zurück
score-check = Prüfen
score-preview = So wird das Spiel geschrieben
score-save = Speichern
score-change = Ändern
score-deals = Spiele
score-unconfirmed = nicht bestätigt
score-confirm = Bestätigen (Seite { $side })
score-undo = Zurücknehmen
score-pending-secretary = Nicht bestätigte Spiele zählen erst, wenn die Turnierleitung sie bestätigt.
score-sheet = Schreibblock
score-decides-ask = Dieses eine Spiel entscheidet die ganze Partie von 0:0 an. War das wirklich so, oder sind es mehrere Spiele, die einzeln eingetragen werden sollten?
score-decides-yes = Ja, dieses eine Spiel entscheidet die Partie
score-deal-words = { $side } schreibt { $points }, Stand { $score }
score-deal-words-several = { $side } schreiben { $points }, Stand { $score }
score-err-winner = Bitte wählen, welche Seite schreibt.
score-err-points = Bitte die Punkte als Zahl angeben.
score-err-event = Zeile { $line }: Dieses Ereignis ist unbekannt.
score-err-no-events = Bitte mindestens ein Ereignis eintragen.
score-offline = Nicht gespeichert – die Verbindung ist weg. Der Eintrag bleibt auf diesem Telefon, bis der Server ihn bestätigt.
score-resend = Nicht gespeichert – erneut senden
score-discard = Eintrag verwerfen
score-conflict = Inzwischen wurde ein anderes Spiel gespeichert
score-conflict-text = Jemand hat an diesem Tisch schon ein Spiel gespeichert. Nichts wurde überschrieben. Bitte prüfen und neu eintragen.
score-conflict-stored = Gespeichert
score-conflict-attempted = Ihr Eintrag
score-back = Zurück zum Tisch
score-link-unknown = Diesen Tischlink gibt es nicht (mehr). Bitte die Turnierleitung fragen.
score-link-closed = Diese Runde ist abgeschlossen; der Tischlink gilt nicht mehr.
cards-title = Tischkarten
cards-round = Runde
cards-table = Tisch
cards-explain = Jeder Tisch bekommt einen geheimen Link mit QR-Code. Neue Karten ersetzen die alten Links; die alten gelten dann nicht mehr.
cards-issue = Tischkarten ausgeben
cards-round-closed = Diese Runde ist abgeschlossen: ihre Tischlinks gelten nicht mehr, und Tischkarten werden für sie nicht mehr ausgegeben. Fehlt noch ein Spiel oder ist eines falsch, tragen Sie es auf der Seite des Tisches ein oder korrigieren es dort. Sollen die Tische selbst weiterschreiben, öffnen Sie die Runde auf ihrer Seite mit einem Grund wieder und geben dann neue Tischkarten aus.
cards-to-round = Zur Seite der Runde
cards-confirmation = Bestätigung der Spiele
cards-confirm-none = keine (zählt sofort)
cards-confirm-other = die andere Seite bestätigt
cards-confirm-secretary = die Turnierleitung bestätigt
cards-confirmation-set = Übernehmen
score-gaigel = Spiel eintragen
score-card-points = Augen
score-melds = Meldungen
score-tricks = Stiche
score-out = „Aus!“ gerufen von
score-overgaigel = Übergaigelt (erwischt)
score-five-sevens = Fünf Siebener
score-cut = Abheben bei Gleichstand (Reihenfolge)
score-gaigel-help = Untergaigeln: „Aus!“ mit weniger als 101 – der Schiedsrichter wertet es.
score-gaigel-win = { $side } gewinnt, danach { $score }
score-gaigel-double = { $side } gewinnt doppelt, danach { $score }
score-err-side = Bitte eine Seite dieses Tisches wählen.
score-err-card-points = Bitte die Augen als Zahl angeben.
score-err-tricks = Bitte die Stiche als Zahl angeben.
score-err-melds = Meldungen bitte als 20 oder 40 angeben.
score-figures = Spielverlauf eintragen (Figuren)
score-figures-help = Ein Ereignis pro Zeile: „trumpf E“, „bieten gleich A“ (mehrere: „bieten gleich+hanger A“), „halten spiel B“, „erhöhen hanger A“, „gut spiel B“, „stiche A“, „zeigen gleich A hanger steht“, „ungezeigt gleich A ja|nein“, „entscheid A|B|keiner“.
score-fig-bet = Bieten
score-fig-hold = Halten
score-fig-raise = Erhöhen
score-fig-good = Gut
score-fig-decider = Entscheid
score-fig-show = Zeigen:
score-fig-stands = steht
score-fig-unshown = Nicht gezeigt:
# Gaigel: playing on Sevens and five of a suit (options auf_dissle, auf_siebener, auf_farbe)
score-dissle = Auf Dissle / Siebener gespielt von
score-dissle-trick = Dissle durch einen Stich verloren
score-farbe = Fünf einer Farbe (auf Farbe) gezeigt von

# Three-player Watten: who played alone (forehand) in the deal.
score-alone = Wer spielt allein?
score-err-alone = Bitte wählen, wer allein gespielt hat (P1, P2 oder P3).
front-tournaments = Turniere
front-empty = Noch keine öffentlichen Turniere. Sobald ein Verein ein Turnier öffentlich macht, steht es hier.
front-club-empty = Dieser Verein hat noch keine öffentlichen Turniere.
front-seasons = Saisons
front-running = läuft, Runde { $round }
front-setup = in Vorbereitung
front-finished = abgeschlossen
admin-clubs = Vereine
admin-clubs-empty = Noch kein Verein angelegt.
admin-club-secretaries = Konten
admin-club-tournaments = Turniere
admin-club-created = Verein „{ $name }“ angelegt. Jetzt kann eine Schriftführung für ihn angelegt werden.
error-login-name-taken = Diesen Anmeldenamen gibt es schon (Groß- und Kleinschreibung zählen bei Anmeldenamen nicht), oder einen, der gleich aussieht (etwa „ſeka“ neben „seka“).

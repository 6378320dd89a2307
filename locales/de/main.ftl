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
reset-intro = Geben Sie den Code ein, den Sie von der Verwaltung bekommen haben, und wählen Sie ein neues Passwort.
reset-submit = Passwort setzen

code-title = Code zum Zurücksetzen
code-for = Für das Konto
code-hint = Der Code gilt { $minutes } Minuten und nur einmal. Er wird unter /reset eingegeben.

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
error-wait = Zu viele Fehlversuche. Bitte warten Sie { $seconds } Sekunden.
error-reset-code = Der Code ist ungültig, abgelaufen oder schon benutzt.

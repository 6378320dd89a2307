# English.

nav-home = Home
nav-login = Log in
nav-logout = Log out
nav-admin = Administration
nav-password = Change password

home-title = Kartl
home-intro = Tournaments and scores for Watten, Perlaggen, Giltspiel and Gaigel.

field-name = Name
field-password = Password
field-password2 = Repeat the password
field-current-password = Current password
field-new-password = New password
field-code = Code
field-club-name = Club name
hint-password = At least 12 characters. A sentence is easier to remember than a word.

setup-title = Set up
setup-intro = There is no account yet. Create the administrator's account now.
setup-submit = Create account

login-title = Log in
login-submit = Log in
login-have-code = I have a reset code

password-title = Change password
password-submit = Change password
notice-password-changed = The password is changed. Other sessions of this account have ended.
notice-password-set = The password is set. Please log in.

reset-title = Set a new password
reset-intro = Enter the code the administrator gave you and choose a new password.
reset-submit = Set password

code-title = Reset code
code-for = For the account
code-hint = The code works once, for { $minutes } minutes. It is entered at /reset.

admin-title = Administration
admin-accounts = Accounts
admin-role = Role
admin-club = Club
admin-reset-code = Issue a code
admin-reset-confirm = Issue a code and end every session of this account?
admin-new-club = New club
admin-create-club = Create club
admin-new-secretary = New club secretary
admin-create-secretary = Create account and issue a code
role-admin = Administrator
role-secretary = Club secretary

error-bad-request = The request is not valid.
error-login-required = Please log in.
error-forbidden = This account may not do that.
error-csrf = The request was refused because it did not come from this site or the form was stale. Please reload the page.
error-conflict = Someone else got there first. Please reload the page and check what is already saved.
error-not-found = There is no such page.
error-method = This page cannot do that.
error-too-large = The request is too large.
error-unavailable = The database is not answering right now. Please try again in a moment.
error-internal = Something went wrong. Please try again.
error-name-invalid = The name must be 1 to 64 characters long.
error-name-taken = This name is taken.
error-secretary-invalid = Please choose a free name and a club.
error-password-short = The password must be at least 12 characters long.
error-password-long = The password is too long.
error-password-mismatch = The two passwords differ.
error-login-failed = Wrong name or password.
error-current-password = The current password is wrong.
error-wait = Too many failed attempts. Please wait { $seconds } seconds.
error-reset-code = The code is invalid, expired or already used.

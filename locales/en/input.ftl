# What the service says about refused input: texts with control characters, forms too large,
# throttled resets, names taken in a race, dates out of range.
text-empty = { $field }: please enter something.
text-too-long = { $field }: at most { $max ->
    [one] 1 character
   *[other] { $max } characters
}.
text-control = { $field }: holds a control character (such as a line break, a tab or a NUL). Please enter plain text only. Nothing was stored.
text-invisible = { $field }: holds an invisible character or one that turns the writing direction around (such as a zero-width space). Please enter visible text only. Nothing was stored.
error-typed = What you typed (to copy; control characters shown as �):
error-form-too-large = The form is too large for this page and was not read; nothing was stored. Your text is still in the browser: go back and send it in smaller parts.
error-reset-wait = Too many invalid codes for this name or from this address. Please wait { $seconds ->
    [one] 1 second
   *[other] { $seconds } seconds
}.
error-entrant-race = This name was just registered at the same time. Nothing was stored twice; the list below shows what is registered.
error-date-range = The date must lie between 1900 and 2200.
input-field-name = Name
input-field-club = Club
input-field-list = List
input-field-reason = Reason
input-field-place = Place
input-field-date = Date
input-field-member1 = Player 1
input-field-member2 = Player 2
input-field-member3 = Player 3
input-field-start_no = Start number
input-field-code = Code
input-field-events = Events

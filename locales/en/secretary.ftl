# English: the secretary's pages (tournaments, registrations, draws, seating plans).

error-tournament-name = The tournament's name must be 1 to 100 characters long.
error-date = Please give a date, e.g. 21.11.2026.
error-place = The place may be at most 100 characters long.
error-game = Please choose a game.
error-variant = This variant does not belong to the chosen game.
error-format = The format does not fit the variant: Gaigel zu dritt is played in sessions, everything else in rounds.
error-target = Please give a target score from 3 to 1000.
error-gespannt-from = "Gespannt from" must lie between 1 and the target score − 2.
error-strokes = Please give 1 to 100 strokes.
error-sevens = Please choose a rule for five Sevens.
error-sessions = Please give 1 to 20 sessions.
error-deals = Please give 1 to 60 deals a session.
error-fill = Four-player tables need a number of deals divisible by 3 (9, 12).
error-games = Games a table: leave empty or 1 to 20.
error-scheme = This scoring scheme does not exist for this game.
error-bonus = The bonus must lie between 0 and 100.
error-draw = This draw does not exist for this format.
error-rules-invalid = These rules do not fit together. Please check the options.

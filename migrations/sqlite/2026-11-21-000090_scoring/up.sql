-- Table scoring (issue 7): per tournament, who confirms a deal a scorer entered.
-- 'none' (it counts at once), 'other_side' (a player of the other side taps it, the default)
-- or 'secretary'. A tournament without a row uses the default.
CREATE TABLE scoring_settings (
    tournament_id INTEGER PRIMARY KEY NOT NULL REFERENCES tournaments (id) ON DELETE RESTRICT,
    confirmation TEXT NOT NULL CHECK (confirmation IN ('none', 'other_side', 'secretary'))
);

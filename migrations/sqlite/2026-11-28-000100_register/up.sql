-- The club's register: `players` holds one row per person per club, reused by every
-- tournament the person plays in (picked on the entrants page, matched by the list import).
-- member_no and birth_year are optional and tell namesakes apart; merged_into marks a record
-- merged into another (its history moved there; kept so the administrator can undo; no
-- foreign key, which SQLite could not drop again in down.sql).
-- The start number is the tournament's, not the person's: it moves to tournament_players
-- (copied from the player rows, each of which belonged to one tournament until now;
-- players.start_no stays as first written and is no longer read).
-- A season may be public; player_merges keeps what a merge moved so its undo restores it exactly.
-- Twin of migrations/postgres/2026-11-28-000100_register.
ALTER TABLE players ADD COLUMN member_no TEXT;
ALTER TABLE players ADD COLUMN birth_year INTEGER;
ALTER TABLE players ADD COLUMN merged_into INTEGER;
CREATE INDEX players_club_name ON players (club_id, name);

ALTER TABLE tournament_players ADD COLUMN start_no INTEGER;
UPDATE tournament_players
    SET start_no = (SELECT players.start_no FROM players WHERE players.id = tournament_players.player_id);
CREATE INDEX tournament_players_player_id ON tournament_players (player_id);
CREATE INDEX team_members_player_id ON team_members (player_id);

ALTER TABLE seasons ADD COLUMN public BOOLEAN NOT NULL DEFAULT 0;

-- moved: JSON {"entrants": [[row id, name_key before]], "members": [row id],
-- "teams": [[team id, name before, name_key before]]}.
CREATE TABLE player_merges (
    id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    club_id INTEGER NOT NULL REFERENCES clubs (id) ON DELETE RESTRICT,
    kept_id INTEGER NOT NULL REFERENCES players (id) ON DELETE RESTRICT,
    merged_id INTEGER NOT NULL REFERENCES players (id) ON DELETE RESTRICT,
    moved TEXT NOT NULL,
    actor TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    undone_by TEXT,
    undone_at TIMESTAMP
);
CREATE INDEX player_merges_club_id ON player_merges (club_id);

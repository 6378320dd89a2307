-- Seasons (issue 6): several club evenings (tournaments of one club and one game) in one
-- standings table, the club championship. Twin of migrations/sqlite/2026-11-21-000003_seasons.

CREATE TABLE seasons (
    id SERIAL PRIMARY KEY,
    club_id INTEGER NOT NULL REFERENCES clubs (id) ON DELETE RESTRICT,
    slug TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    -- 'all' or 'best:N' (only each entrant's best N evenings count).
    counting TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX seasons_club_id ON seasons (club_id);

CREATE TABLE season_tournaments (
    id SERIAL PRIMARY KEY,
    season_id INTEGER NOT NULL REFERENCES seasons (id) ON DELETE RESTRICT,
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE RESTRICT,
    position INTEGER NOT NULL,
    UNIQUE (season_id, tournament_id)
);

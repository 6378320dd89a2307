-- Cups across clubs (a Watt-Cup, a Gaigel series): the organiser's role, the cups, their
-- member clubs, the evenings the clubs propose and the organiser accepts or refuses, and the
-- links that make two register players of different clubs one person in a cup.
-- Twin of migrations/postgres/2026-11-28-0002_cups.
--
-- `users` gets the role 'organiser' (no club). SQLite cannot change a CHECK in place: the
-- table is built anew with its rows and ids, foreign keys off meanwhile (metadata.toml).
PRAGMA foreign_keys = OFF;
BEGIN;
CREATE TABLE users_new (
    id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    name TEXT NOT NULL UNIQUE,
    -- An argon2id PHC string, or '!' for an account whose password is not set yet.
    password_hash TEXT NOT NULL,
    -- 'admin', 'secretary' or 'organiser'
    role TEXT NOT NULL CHECK (role IN ('admin', 'secretary', 'organiser')),
    club_id INTEGER REFERENCES clubs (id) ON DELETE RESTRICT,
    created_at TIMESTAMP NOT NULL,
    CHECK (role IN ('admin', 'organiser') OR club_id IS NOT NULL)
);
INSERT INTO users_new (id, name, password_hash, role, club_id, created_at)
    SELECT id, name, password_hash, role, club_id, created_at FROM users;
DROP TABLE users;
ALTER TABLE users_new RENAME TO users;

CREATE TABLE cups (
    id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    slug TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    game TEXT NOT NULL,
    -- The organiser's account (or the administrator's): who accepts evenings and links players.
    organiser_id INTEGER NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
    -- Cup points by place: '25,20,16,...' or 'field_less_place'.
    points TEXT NOT NULL,
    -- How many of a player's evenings count; NULL: all.
    best_of INTEGER,
    min_evenings INTEGER NOT NULL,
    -- The tie-breaks in order, comma-separated ('better_places,more_evenings').
    tiebreaks TEXT NOT NULL,
    -- Moves with every change of the cup itself (rules, clubs, evenings, links): with the
    -- evenings' audit events it makes the public page's change stamp.
    revision INTEGER NOT NULL,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX cups_organiser_id ON cups (organiser_id);

CREATE TABLE cup_clubs (
    id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    cup_id INTEGER NOT NULL REFERENCES cups (id) ON DELETE CASCADE,
    club_id INTEGER NOT NULL REFERENCES clubs (id) ON DELETE RESTRICT,
    UNIQUE (cup_id, club_id)
);
CREATE INDEX cup_clubs_club_id ON cup_clubs (club_id);

CREATE TABLE cup_evenings (
    id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    cup_id INTEGER NOT NULL REFERENCES cups (id) ON DELETE CASCADE,
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE RESTRICT,
    -- 'proposed' (by the club's secretary), 'accepted' or 'refused' (by the organiser)
    status TEXT NOT NULL CHECK (status IN ('proposed', 'accepted', 'refused')),
    proposed_by INTEGER REFERENCES users (id) ON DELETE SET NULL,
    created_at TIMESTAMP NOT NULL,
    decided_at TIMESTAMP,
    UNIQUE (cup_id, tournament_id)
);
CREATE INDEX cup_evenings_tournament_id ON cup_evenings (tournament_id);

CREATE TABLE cup_links (
    id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    cup_id INTEGER NOT NULL REFERENCES cups (id) ON DELETE CASCADE,
    -- This register player is, in this cup, the same person as `person_id` (another club's).
    player_id INTEGER NOT NULL REFERENCES players (id) ON DELETE CASCADE,
    person_id INTEGER NOT NULL REFERENCES players (id) ON DELETE CASCADE,
    created_at TIMESTAMP NOT NULL,
    UNIQUE (cup_id, player_id)
);
COMMIT;
PRAGMA foreign_keys = ON;

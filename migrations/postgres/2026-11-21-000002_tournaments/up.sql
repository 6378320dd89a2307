-- Tournaments (issue 6): club players, tournaments with their frozen rule set, entrants and
-- teams, rounds, tables, and deals as version rows with an audit event each.
-- Twin of migrations/sqlite/2026-11-21-000002_tournaments: same tables, same columns, only the
-- types both backends share (integers, text, booleans, naive UTC timestamps). JSON is text.

CREATE TABLE players (
    id SERIAL PRIMARY KEY,
    club_id INTEGER NOT NULL REFERENCES clubs (id) ON DELETE RESTRICT,
    name TEXT NOT NULL,
    start_no INTEGER,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX players_club_id ON players (club_id);

CREATE TABLE tournaments (
    id SERIAL PRIMARY KEY,
    slug TEXT NOT NULL UNIQUE,
    club_id INTEGER NOT NULL REFERENCES clubs (id) ON DELETE RESTRICT,
    name TEXT NOT NULL,
    -- ISO date (YYYY-MM-DD) or NULL.
    date TEXT,
    place TEXT,
    game TEXT NOT NULL,
    variant TEXT NOT NULL,
    target INTEGER,
    -- JSON: the file's options object, or null.
    options TEXT NOT NULL,
    format TEXT NOT NULL,
    -- JSON: the file's settings object, or null (defaults).
    settings TEXT NOT NULL,
    -- JSON: the record frame the referee uses (game, variant, target, options) and the engine;
    -- written when the first round is drawn or at import, never changed after.
    rules_frozen TEXT,
    public BOOLEAN NOT NULL,
    -- 'setup', 'running' or 'finished'
    status TEXT NOT NULL CHECK (status IN ('setup', 'running', 'finished')),
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX tournaments_club_id ON tournaments (club_id);

-- The tournament's players, each with the id the tournament file uses for them.
CREATE TABLE tournament_players (
    id SERIAL PRIMARY KEY,
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE RESTRICT,
    player_id INTEGER NOT NULL REFERENCES players (id) ON DELETE RESTRICT,
    entrant_id TEXT NOT NULL,
    position INTEGER NOT NULL,
    UNIQUE (tournament_id, entrant_id),
    UNIQUE (tournament_id, player_id)
);

CREATE TABLE teams (
    id SERIAL PRIMARY KEY,
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE RESTRICT,
    entrant_id TEXT NOT NULL,
    name TEXT NOT NULL,
    position INTEGER NOT NULL,
    UNIQUE (tournament_id, entrant_id)
);

CREATE TABLE team_members (
    id SERIAL PRIMARY KEY,
    team_id INTEGER NOT NULL REFERENCES teams (id) ON DELETE RESTRICT,
    player_id INTEGER NOT NULL REFERENCES players (id) ON DELETE RESTRICT,
    position INTEGER NOT NULL,
    UNIQUE (team_id, player_id)
);

CREATE TABLE rounds (
    id SERIAL PRIMARY KEY,
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE RESTRICT,
    -- 1, 2, ... in play order.
    number INTEGER NOT NULL,
    -- The draw's seed (a u64 as decimal text), NULL when the seating was not drawn here.
    seed TEXT,
    knockout BOOLEAN NOT NULL,
    -- JSON array of entrant ids sitting out.
    byes TEXT NOT NULL,
    -- 'open' or 'closed'
    status TEXT NOT NULL CHECK (status IN ('open', 'closed')),
    closed_at TIMESTAMP,
    reopened_reason TEXT,
    created_at TIMESTAMP NOT NULL,
    UNIQUE (tournament_id, number)
);

CREATE TABLE round_tables (
    id SERIAL PRIMARY KEY,
    round_id INTEGER NOT NULL REFERENCES rounds (id) ON DELETE RESTRICT,
    -- 1, 2, ... within the round.
    number INTEGER NOT NULL,
    -- JSON array of entrant ids in side order (A, B or P1..P3; four at a four-player table).
    seats TEXT NOT NULL,
    scorer_token_hash TEXT UNIQUE,
    UNIQUE (round_id, number)
);

-- Every deal as a contract record in a version row: a correction adds a version.
CREATE TABLE deal_versions (
    id SERIAL PRIMARY KEY,
    table_id INTEGER NOT NULL REFERENCES round_tables (id) ON DELETE RESTRICT,
    -- 0-based position in the table's record.
    deal_no INTEGER NOT NULL CHECK (deal_no >= 0),
    version INTEGER NOT NULL CHECK (version >= 1),
    -- JSON: one deal of a match record (contract 3).
    record TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('pending', 'confirmed', 'withdrawn')),
    source TEXT NOT NULL CHECK (source IN ('scorer', 'secretary', 'import', 'demo')),
    user_id INTEGER REFERENCES users (id) ON DELETE RESTRICT,
    reason TEXT,
    submission_key TEXT UNIQUE,
    created_at TIMESTAMP NOT NULL,
    ip TEXT,
    UNIQUE (table_id, deal_no, version)
);

CREATE TABLE audit_events (
    id SERIAL PRIMARY KEY,
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE RESTRICT,
    table_id INTEGER REFERENCES round_tables (id) ON DELETE RESTRICT,
    deal_version_id INTEGER REFERENCES deal_versions (id) ON DELETE RESTRICT,
    actor TEXT NOT NULL,
    action TEXT NOT NULL,
    -- JSON
    detail TEXT NOT NULL,
    reason TEXT,
    ip TEXT,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX audit_events_tournament_id ON audit_events (tournament_id);

-- Results nobody can bend: version rows and audit events are never changed or removed.
CREATE FUNCTION kartl_append_only() RETURNS trigger AS $$
BEGIN
    RAISE EXCEPTION '% are append-only', TG_TABLE_NAME;
END;
$$ LANGUAGE plpgsql;
CREATE TRIGGER deal_versions_append_only BEFORE UPDATE OR DELETE ON deal_versions
FOR EACH ROW EXECUTE FUNCTION kartl_append_only();
CREATE TRIGGER audit_events_append_only BEFORE UPDATE OR DELETE ON audit_events
FOR EACH ROW EXECUTE FUNCTION kartl_append_only();

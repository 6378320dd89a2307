-- Accounts, clubs, server-side sessions and one-time reset codes.
-- Twin of migrations/postgres/2026-11-21-000001_accounts: same tables, same columns, only
-- the types both backends share (integers, text, naive UTC timestamps).

CREATE TABLE clubs (
    id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    name TEXT NOT NULL UNIQUE,
    created_at TIMESTAMP NOT NULL
);

CREATE TABLE users (
    id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    name TEXT NOT NULL UNIQUE,
    -- An argon2id PHC string, or '!' for an account whose password is not set yet.
    password_hash TEXT NOT NULL,
    -- 'admin' or 'secretary'
    role TEXT NOT NULL CHECK (role IN ('admin', 'secretary')),
    club_id INTEGER REFERENCES clubs (id) ON DELETE RESTRICT,
    created_at TIMESTAMP NOT NULL,
    CHECK (role = 'admin' OR club_id IS NOT NULL)
);

CREATE TABLE sessions (
    -- SHA-256 (hex) of the cookie's token: a leaked table does not hand out sessions.
    id TEXT PRIMARY KEY NOT NULL,
    -- NULL while the visitor has not logged in (the session then only carries a CSRF token).
    user_id INTEGER REFERENCES users (id) ON DELETE CASCADE,
    csrf_token TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    last_seen_at TIMESTAMP NOT NULL
);
CREATE INDEX sessions_user_id ON sessions (user_id);
CREATE INDEX sessions_last_seen_at ON sessions (last_seen_at);
CREATE INDEX sessions_created_at ON sessions (created_at);

CREATE TABLE reset_codes (
    id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    -- SHA-256 (hex) of the code.
    code_hash TEXT NOT NULL UNIQUE,
    created_by INTEGER REFERENCES users (id) ON DELETE SET NULL,
    created_at TIMESTAMP NOT NULL,
    expires_at TIMESTAMP NOT NULL,
    used_at TIMESTAMP
);
CREATE INDEX reset_codes_user_id ON reset_codes (user_id);

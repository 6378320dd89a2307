-- Reverts 2026-11-28-0002_cups: the cups go, and with them the organisers' accounts (the old
-- CHECK has no room for them). Foreign keys off for the rebuild of `users` (metadata.toml).
PRAGMA foreign_keys = OFF;
BEGIN;
DROP TABLE cup_links;
DROP TABLE cup_evenings;
DROP TABLE cup_clubs;
DROP TABLE cups;
DELETE FROM sessions WHERE user_id IN (SELECT id FROM users WHERE role = 'organiser');
DELETE FROM reset_codes WHERE user_id IN (SELECT id FROM users WHERE role = 'organiser');
UPDATE reset_codes SET created_by = NULL
    WHERE created_by IN (SELECT id FROM users WHERE role = 'organiser');
CREATE TABLE users_old (
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
INSERT INTO users_old (id, name, password_hash, role, club_id, created_at)
    SELECT id, name, password_hash, role, club_id, created_at FROM users
    WHERE role <> 'organiser';
DROP TABLE users;
ALTER TABLE users_old RENAME TO users;
COMMIT;
PRAGMA foreign_keys = ON;

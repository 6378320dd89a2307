-- Reverts 2026-11-28-0002_cups: the cups go, and with them the organisers' accounts (the old
-- CHECK has no room for them).
DROP TABLE cup_links;
DROP TABLE cup_evenings;
DROP TABLE cup_clubs;
DROP TABLE cups;
UPDATE reset_codes SET created_by = NULL
    WHERE created_by IN (SELECT id FROM users WHERE role = 'organiser');
DELETE FROM users WHERE role = 'organiser';
ALTER TABLE users DROP CONSTRAINT users_role_check;
ALTER TABLE users DROP CONSTRAINT users_check;
ALTER TABLE users ADD CONSTRAINT users_role_check CHECK (role IN ('admin', 'secretary'));
ALTER TABLE users ADD CONSTRAINT users_check CHECK (role = 'admin' OR club_id IS NOT NULL);

-- How a player may be named on public pages and in public exports: the full name (the
-- default, as before), initials only ("A. H."), or hidden ("Spieler 3", the entrant's number).
ALTER TABLE players ADD COLUMN consent TEXT NOT NULL DEFAULT 'full'
    CHECK (consent IN ('full', 'initials', 'hidden'));

-- Each erasure of a player (their name and data replaced by "Spieler N"). `running` is true
-- only inside the erasure's own transaction: while it is, and only then, the audit log lets
-- an event's `detail` and `reason` be rewritten (the name in them replaced); every other
-- column stays fixed, and no other writer ever sees the row running.
CREATE TABLE player_erasures (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    player_id INTEGER NOT NULL REFERENCES players (id) ON DELETE RESTRICT,
    club_id INTEGER NOT NULL REFERENCES clubs (id) ON DELETE RESTRICT,
    actor TEXT NOT NULL,
    running BOOLEAN NOT NULL DEFAULT FALSE,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX player_erasures_player_id ON player_erasures (player_id);

DROP TRIGGER audit_events_no_update;
CREATE TRIGGER audit_events_no_update BEFORE UPDATE ON audit_events
WHEN NOT EXISTS (SELECT 1 FROM player_erasures WHERE running)
    OR NEW.id IS NOT OLD.id
    OR NEW.tournament_id IS NOT OLD.tournament_id
    OR NEW.table_id IS NOT OLD.table_id
    OR NEW.deal_version_id IS NOT OLD.deal_version_id
    OR NEW.actor IS NOT OLD.actor
    OR NEW.action IS NOT OLD.action
    OR NEW.ip IS NOT OLD.ip
    OR NEW.created_at IS NOT OLD.created_at
BEGIN SELECT RAISE(ABORT, 'audit_events are append-only'); END;

-- How a player may be named on public pages and in public exports: the full name (the
-- default, as before), initials only ("A. H."), or hidden ("Spieler 3", the entrant's number).
ALTER TABLE players ADD COLUMN consent TEXT NOT NULL DEFAULT 'full'
    CHECK (consent IN ('full', 'initials', 'hidden'));

-- Each erasure of a player (their name and data replaced by "Spieler N"). `running` is true
-- only inside the erasure's own transaction: while it is, and only then, the audit log lets
-- an event's `detail` and `reason` be rewritten (the name in them replaced); every other
-- column stays fixed, and no other transaction ever sees the row running.
CREATE TABLE player_erasures (
    id SERIAL PRIMARY KEY,
    player_id INTEGER NOT NULL REFERENCES players (id) ON DELETE RESTRICT,
    club_id INTEGER NOT NULL REFERENCES clubs (id) ON DELETE RESTRICT,
    actor TEXT NOT NULL,
    running BOOLEAN NOT NULL DEFAULT FALSE,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX player_erasures_player_id ON player_erasures (player_id);

CREATE FUNCTION kartl_audit_append_only() RETURNS trigger AS $$
BEGIN
    IF TG_OP = 'UPDATE'
        AND EXISTS (SELECT 1 FROM player_erasures WHERE running)
        AND NEW.id = OLD.id
        AND NEW.tournament_id = OLD.tournament_id
        AND NEW.table_id IS NOT DISTINCT FROM OLD.table_id
        AND NEW.deal_version_id IS NOT DISTINCT FROM OLD.deal_version_id
        AND NEW.actor = OLD.actor
        AND NEW.action = OLD.action
        AND NEW.ip IS NOT DISTINCT FROM OLD.ip
        AND NEW.created_at = OLD.created_at
    THEN
        RETURN NEW;
    END IF;
    RAISE EXCEPTION '% are append-only', TG_TABLE_NAME;
END;
$$ LANGUAGE plpgsql;
DROP TRIGGER audit_events_append_only ON audit_events;
CREATE TRIGGER audit_events_append_only BEFORE UPDATE OR DELETE ON audit_events
FOR EACH ROW EXECUTE FUNCTION kartl_audit_append_only();

DROP TRIGGER audit_events_no_update;
CREATE TRIGGER audit_events_no_update BEFORE UPDATE ON audit_events
BEGIN SELECT RAISE(ABORT, 'audit_events are append-only'); END;
DROP INDEX player_erasures_player_id;
DROP TABLE player_erasures;
ALTER TABLE players DROP COLUMN consent;

DROP TRIGGER audit_events_append_only ON audit_events;
CREATE TRIGGER audit_events_append_only BEFORE UPDATE OR DELETE ON audit_events
FOR EACH ROW EXECUTE FUNCTION kartl_append_only();
DROP FUNCTION kartl_audit_append_only();
DROP TABLE player_erasures;
ALTER TABLE players DROP COLUMN consent;

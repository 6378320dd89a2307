-- Failed reset codes get a scope of their own in the throttle ('reset', per client address),
-- apart from account names: a name typed at the login form can no longer collide with it.
-- SQLite cannot change a CHECK in place: the table is built anew with its rows.
-- Twin of migrations/postgres/2026-11-25-000011_reset_throttle_scope.
CREATE TABLE login_failures_new (
    -- 'account', 'address' or 'reset'
    scope TEXT NOT NULL CHECK (scope IN ('account', 'address', 'reset')),
    subject TEXT NOT NULL,
    failures INTEGER NOT NULL,
    last_at TIMESTAMP NOT NULL,
    PRIMARY KEY (scope, subject)
);
INSERT INTO login_failures_new (scope, subject, failures, last_at)
    SELECT scope, subject, failures, last_at FROM login_failures;
DROP TABLE login_failures;
ALTER TABLE login_failures_new RENAME TO login_failures;
CREATE INDEX login_failures_last_at ON login_failures (last_at);

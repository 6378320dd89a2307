-- The login throttle's failure counters, shared by every kartl process on this database (they
-- used to live in one process's memory). One row per throttled subject: an account name
-- (trimmed, lower case) or a client address. Rows older than 24 hours are forgotten.
-- Twin of migrations/postgres/2026-11-21-000100_login_throttle.

CREATE TABLE login_failures (
    -- 'account' or 'address'
    scope TEXT NOT NULL CHECK (scope IN ('account', 'address')),
    subject TEXT NOT NULL,
    failures INTEGER NOT NULL,
    last_at TIMESTAMP NOT NULL,
    PRIMARY KEY (scope, subject)
);
CREATE INDEX login_failures_last_at ON login_failures (last_at);

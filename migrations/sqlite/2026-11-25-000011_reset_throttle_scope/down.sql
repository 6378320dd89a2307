-- Back to two scopes: the reset counters are dropped (they only slow guessing down).
CREATE TABLE login_failures_old (
    -- 'account' or 'address'
    scope TEXT NOT NULL CHECK (scope IN ('account', 'address')),
    subject TEXT NOT NULL,
    failures INTEGER NOT NULL,
    last_at TIMESTAMP NOT NULL,
    PRIMARY KEY (scope, subject)
);
INSERT INTO login_failures_old (scope, subject, failures, last_at)
    SELECT scope, subject, failures, last_at FROM login_failures WHERE scope <> 'reset';
DROP TABLE login_failures;
ALTER TABLE login_failures_old RENAME TO login_failures;
CREATE INDEX login_failures_last_at ON login_failures (last_at);

-- Back to two scopes: the reset counters are dropped (they only slow guessing down).
DELETE FROM login_failures WHERE scope = 'reset';
ALTER TABLE login_failures DROP CONSTRAINT login_failures_scope_check;
ALTER TABLE login_failures ADD CONSTRAINT login_failures_scope_check
    CHECK (scope IN ('account', 'address'));

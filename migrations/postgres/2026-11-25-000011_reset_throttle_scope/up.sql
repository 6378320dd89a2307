-- Failed reset codes get a scope of their own in the throttle ('reset', per client address),
-- apart from account names: a name typed at the login form can no longer collide with it.
-- Twin of migrations/sqlite/2026-11-25-000011_reset_throttle_scope.
ALTER TABLE login_failures DROP CONSTRAINT login_failures_scope_check;
ALTER TABLE login_failures ADD CONSTRAINT login_failures_scope_check
    CHECK (scope IN ('account', 'address', 'reset'));

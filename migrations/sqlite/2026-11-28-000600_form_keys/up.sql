-- The submission keys of the secretary's state forms (close, reopen, finish, draw, undraw,
-- finals, swap, plan): a form sent again with its key is answered "already done" and changes
-- nothing. One row per key and form; written in the change's own transaction.
-- Twin of migrations/postgres/2026-11-28-000600_form_keys.
CREATE TABLE form_keys (
    id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE RESTRICT,
    submission_key TEXT NOT NULL,
    action TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    UNIQUE (tournament_id, submission_key, action)
);

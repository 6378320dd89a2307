-- The field through the whole tournament: what happened to an entrant after the first draw.
-- 'withdrawn' round N: not drawn from round N on (the results before stay);
-- 'absent' round N: not drawn in round N only;
-- 'late' round N: entered after the draw, drawn from round N on.
-- A mark names the entrant by its id in the tournament file (p3, t2).
-- Twin of migrations/sqlite/2026-11-25-010000_entrant_marks.
CREATE TABLE entrant_marks (
    id SERIAL PRIMARY KEY,
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE RESTRICT,
    entrant_id TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('withdrawn', 'absent', 'late')),
    round INTEGER NOT NULL CHECK (round >= 1),
    created_at TIMESTAMP NOT NULL,
    UNIQUE (tournament_id, entrant_id, kind, round)
);

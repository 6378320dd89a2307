-- Each entrant's name as compared (trimmed, lower case: `Existing::key`), unique per
-- tournament, so two registrations of one name cannot both be stored even when they race.
-- Rows from before stay NULL, and NULLs never clash: a database already holding two entrants
-- of one name (entered by racing requests before this index) migrates without failing and
-- keeps both; new registrations are still compared with them inside the write.
-- Imported fields stay NULL too: a tournament file may name two players alike.
ALTER TABLE tournament_players ADD COLUMN name_key TEXT;
ALTER TABLE teams ADD COLUMN name_key TEXT;
CREATE UNIQUE INDEX tournament_players_name_key ON tournament_players (tournament_id, name_key);
CREATE UNIQUE INDEX teams_name_key ON teams (tournament_id, name_key);

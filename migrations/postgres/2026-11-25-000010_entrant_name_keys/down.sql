DROP INDEX teams_name_key;
DROP INDEX tournament_players_name_key;
ALTER TABLE teams DROP COLUMN name_key;
ALTER TABLE tournament_players DROP COLUMN name_key;

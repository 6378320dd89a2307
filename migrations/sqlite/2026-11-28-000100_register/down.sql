DROP TABLE player_merges;
ALTER TABLE seasons DROP COLUMN public;
DROP INDEX team_members_player_id;
DROP INDEX tournament_players_player_id;
ALTER TABLE tournament_players DROP COLUMN start_no;
DROP INDEX players_club_name;
ALTER TABLE players DROP COLUMN merged_into;
ALTER TABLE players DROP COLUMN birth_year;
ALTER TABLE players DROP COLUMN member_no;

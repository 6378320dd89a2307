DROP TABLE reset_codes;
DROP TABLE sessions;
DROP TABLE users;
DROP TABLE clubs;

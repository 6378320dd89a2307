DROP TABLE scoring_settings;

//! The tables, written by hand to match `migrations/*/` (one schema for both backends: only
//! types they share). Keep this file in step with every new migration.

diesel::table! {
    clubs (id) {
        id -> Integer,
        name -> Text,
        created_at -> Timestamp,
    }
}

diesel::table! {
    users (id) {
        id -> Integer,
        name -> Text,
        password_hash -> Text,
        role -> Text,
        club_id -> Nullable<Integer>,
        created_at -> Timestamp,
    }
}

diesel::table! {
    sessions (id) {
        id -> Text,
        user_id -> Nullable<Integer>,
        csrf_token -> Text,
        created_at -> Timestamp,
        last_seen_at -> Timestamp,
    }
}

diesel::table! {
    reset_codes (id) {
        id -> Integer,
        user_id -> Integer,
        code_hash -> Text,
        created_by -> Nullable<Integer>,
        created_at -> Timestamp,
        expires_at -> Timestamp,
        used_at -> Nullable<Timestamp>,
    }
}

diesel::table! {
    players (id) {
        id -> Integer,
        club_id -> Integer,
        name -> Text,
        start_no -> Nullable<Integer>,
        created_at -> Timestamp,
        member_no -> Nullable<Text>,
        birth_year -> Nullable<Integer>,
        merged_into -> Nullable<Integer>,
        /// Public display: `full`, `initials` or `hidden` (`service::consent`).
        consent -> Text,
    }
}

diesel::table! {
    tournaments (id) {
        id -> Integer,
        slug -> Text,
        club_id -> Integer,
        name -> Text,
        date -> Nullable<Text>,
        place -> Nullable<Text>,
        game -> Text,
        variant -> Text,
        target -> Nullable<Integer>,
        options -> Text,
        format -> Text,
        settings -> Text,
        rules_frozen -> Nullable<Text>,
        public -> Bool,
        status -> Text,
        created_at -> Timestamp,
    }
}

diesel::table! {
    tournament_players (id) {
        id -> Integer,
        tournament_id -> Integer,
        player_id -> Integer,
        entrant_id -> Text,
        position -> Integer,
        name_key -> Nullable<Text>,
        start_no -> Nullable<Integer>,
    }
}

diesel::table! {
    teams (id) {
        id -> Integer,
        tournament_id -> Integer,
        entrant_id -> Text,
        name -> Text,
        position -> Integer,
        name_key -> Nullable<Text>,
    }
}

diesel::table! {
    team_members (id) {
        id -> Integer,
        team_id -> Integer,
        player_id -> Integer,
        position -> Integer,
    }
}

diesel::table! {
    rounds (id) {
        id -> Integer,
        tournament_id -> Integer,
        number -> Integer,
        seed -> Nullable<Text>,
        knockout -> Bool,
        byes -> Text,
        status -> Text,
        closed_at -> Nullable<Timestamp>,
        reopened_reason -> Nullable<Text>,
        created_at -> Timestamp,
    }
}

diesel::table! {
    round_tables (id) {
        id -> Integer,
        round_id -> Integer,
        number -> Integer,
        seats -> Text,
        scorer_token_hash -> Nullable<Text>,
    }
}

diesel::table! {
    deal_versions (id) {
        id -> Integer,
        table_id -> Integer,
        deal_no -> Integer,
        version -> Integer,
        record -> Text,
        status -> Text,
        source -> Text,
        user_id -> Nullable<Integer>,
        reason -> Nullable<Text>,
        submission_key -> Nullable<Text>,
        created_at -> Timestamp,
        ip -> Nullable<Text>,
    }
}

diesel::table! {
    audit_events (id) {
        id -> Integer,
        tournament_id -> Integer,
        table_id -> Nullable<Integer>,
        deal_version_id -> Nullable<Integer>,
        actor -> Text,
        action -> Text,
        detail -> Text,
        reason -> Nullable<Text>,
        ip -> Nullable<Text>,
        created_at -> Timestamp,
    }
}

diesel::table! {
    seasons (id) {
        id -> Integer,
        club_id -> Integer,
        slug -> Text,
        name -> Text,
        counting -> Text,
        created_at -> Timestamp,
        public -> Bool,
    }
}

diesel::table! {
    season_tournaments (id) {
        id -> Integer,
        season_id -> Integer,
        tournament_id -> Integer,
        position -> Integer,
    }
}

diesel::table! {
    /// The login throttle's counters (see `auth::throttle`).
    login_failures (scope, subject) {
        scope -> Text,
        subject -> Text,
        failures -> Integer,
        last_at -> Timestamp,
    }
}

diesel::table! {
    /// What happened to an entrant after the first draw (`db::models::field`).
    entrant_marks (id) {
        id -> Integer,
        tournament_id -> Integer,
        entrant_id -> Text,
        kind -> Text,
        round -> Integer,
        created_at -> Timestamp,
    }
}

diesel::table! {
    /// What a merge of two register records moved, so its undo restores it (`service::merge`).
    player_merges (id) {
        id -> Integer,
        club_id -> Integer,
        kept_id -> Integer,
        merged_id -> Integer,
        moved -> Text,
        actor -> Text,
        created_at -> Timestamp,
        undone_by -> Nullable<Text>,
        undone_at -> Nullable<Timestamp>,
    }
}

diesel::table! {
    /// A cup across clubs (`service::cups`).
    cups (id) {
        id -> Integer,
        slug -> Text,
        name -> Text,
        game -> Text,
        organiser_id -> Integer,
        points -> Text,
        best_of -> Nullable<Integer>,
        min_evenings -> Integer,
        tiebreaks -> Text,
        revision -> Integer,
        created_at -> Timestamp,
    }
}

diesel::table! {
    cup_clubs (id) {
        id -> Integer,
        cup_id -> Integer,
        club_id -> Integer,
    }
}

diesel::table! {
    cup_evenings (id) {
        id -> Integer,
        cup_id -> Integer,
        tournament_id -> Integer,
        status -> Text,
        proposed_by -> Nullable<Integer>,
        created_at -> Timestamp,
        decided_at -> Nullable<Timestamp>,
    }
}

diesel::table! {
    cup_links (id) {
        id -> Integer,
        cup_id -> Integer,
        player_id -> Integer,
        person_id -> Integer,
        created_at -> Timestamp,
    }
}

diesel::table! {
    /// Each erasure of a player; `running` only inside its own transaction (`service::privacy`).
    player_erasures (id) {
        id -> Integer,
        player_id -> Integer,
        club_id -> Integer,
        actor -> Text,
        running -> Bool,
        created_at -> Timestamp,
    }
}

diesel::table! {
    /// The submission keys of the secretary's state forms done (`service::once`).
    form_keys (id) {
        id -> Integer,
        tournament_id -> Integer,
        submission_key -> Text,
        action -> Text,
        created_at -> Timestamp,
    }
}

diesel::joinable!(users -> clubs (club_id));
diesel::joinable!(sessions -> users (user_id));
diesel::joinable!(reset_codes -> users (user_id));
diesel::joinable!(players -> clubs (club_id));
diesel::joinable!(tournaments -> clubs (club_id));
diesel::joinable!(tournament_players -> tournaments (tournament_id));
diesel::joinable!(tournament_players -> players (player_id));
diesel::joinable!(teams -> tournaments (tournament_id));
diesel::joinable!(team_members -> teams (team_id));
diesel::joinable!(team_members -> players (player_id));
diesel::joinable!(rounds -> tournaments (tournament_id));
diesel::joinable!(round_tables -> rounds (round_id));
diesel::joinable!(deal_versions -> round_tables (table_id));
diesel::joinable!(audit_events -> tournaments (tournament_id));
diesel::joinable!(seasons -> clubs (club_id));
diesel::joinable!(season_tournaments -> seasons (season_id));
diesel::joinable!(season_tournaments -> tournaments (tournament_id));
diesel::joinable!(entrant_marks -> tournaments (tournament_id));
diesel::joinable!(player_merges -> clubs (club_id));
diesel::joinable!(cups -> users (organiser_id));
diesel::joinable!(cup_clubs -> cups (cup_id));
diesel::joinable!(cup_clubs -> clubs (club_id));
diesel::joinable!(cup_evenings -> cups (cup_id));
diesel::joinable!(cup_evenings -> tournaments (tournament_id));
diesel::joinable!(cup_links -> cups (cup_id));
diesel::joinable!(player_erasures -> players (player_id));
diesel::joinable!(form_keys -> tournaments (tournament_id));

diesel::allow_tables_to_appear_in_same_query!(
    clubs,
    users,
    sessions,
    reset_codes,
    players,
    tournaments,
    tournament_players,
    teams,
    team_members,
    rounds,
    round_tables,
    deal_versions,
    audit_events,
    seasons,
    season_tournaments,
    entrant_marks,
    player_merges,
    cups,
    cup_clubs,
    cup_evenings,
    cup_links,
    player_erasures,
    form_keys,
);

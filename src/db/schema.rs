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

diesel::joinable!(users -> clubs (club_id));
diesel::joinable!(sessions -> users (user_id));
diesel::joinable!(reset_codes -> users (user_id));

diesel::allow_tables_to_appear_in_same_query!(clubs, users, sessions, reset_codes);

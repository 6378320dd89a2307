//! The secretary's pages: tournaments, registrations, draws, seating plans and
//! closing rounds. Each page's struct sits beside its handler; the forms parse into domain
//! types before anything is stored, and the service (`crate::service`) decides who may do
//! what.

pub mod access;
pub mod choices;
pub mod confirm_all;
pub mod create;
pub mod entrants;
mod entrants_pick;
pub mod export_links;
pub mod field;
pub mod field_lines;
pub mod finals;
pub mod finals_view;
pub mod finish;
pub mod finish_view;
pub mod import_file;
mod keyed;
pub mod list;
pub mod list_words;
pub mod new_form;
mod new_form_rules;
pub mod overview;
pub mod prize_form;
pub mod prizes;
pub mod prizes_view;
pub mod register;
mod register_pick;
pub mod register_record;
pub mod rounds;
pub mod season_public;
pub mod seasons;
pub mod seating;
pub mod stage;
pub mod standings_view;
pub mod tiebreaks;
pub mod tiebreaks_view;
pub mod undraw;

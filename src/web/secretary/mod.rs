//! The secretary's pages (issue 6): tournaments, registrations, draws, seating plans and
//! closing rounds. Each page's struct sits beside its handler; the forms parse into domain
//! types before anything is stored.

pub mod choices;
pub mod create;
pub mod new_form;

//! The public front door (the home page's tournament list, the clubs' public pages), the
//! administrator's list of clubs, the audit log in words and local time, and importing a
//! tournament file in the browser (a half-played one continues).

mod admin;
mod audit_words;
mod home;
mod import;

use crate::common::TestApp;
use kartl::service::tournaments::{self, Status, TournamentDetail};

/// The tournament as the service reads it (no viewer check: the command line's view).
pub async fn stored(app: &TestApp, slug: &str) -> TournamentDetail {
    let slug = slug.to_string();
    let actor = kartl::service::Actor::command_line();
    app.state
        .db
        .run(move |conn| tournaments::get(conn, Some(&actor), &slug))
        .await
        .unwrap()
}

/// How many tournaments the database holds.
pub async fn count(app: &TestApp) -> usize {
    let actor = kartl::service::Actor::command_line();
    app.state
        .db
        .run(move |conn| tournaments::list(conn, Some(&actor)))
        .await
        .unwrap()
        .len()
}

pub fn is(status: Status, d: &TournamentDetail) -> bool {
    d.tournament.status == status
}

//! Who may open a secretary's page: the administrator, or a secretary of the tournament's club.
//! The service decides ([`Actor::may_manage`]); a private tournament of another club is 404
//! (its existence is not revealed), a public one 403. Anonymous visitors go to the login page.

use crate::service::Actor;
use crate::service::tournaments::{self, TournamentDetail};
use crate::web::AppError;
use crate::web::ctx::Ctx;

/// The logged-in user as the service's actor; anonymous: to the login page.
pub fn actor(ctx: &Ctx) -> Result<Actor, AppError> {
    Ok(Actor::of_user(ctx.require_user()?))
}

/// Everything about a tournament the user manages.
pub async fn managed(ctx: &Ctx, slug: &str) -> Result<(Actor, TournamentDetail), AppError> {
    let actor = actor(ctx)?;
    let who = actor.clone();
    let slug = slug.to_string();
    let detail = ctx
        .state
        .db
        .run(move |conn| tournaments::get(conn, Some(&who), &slug))
        .await?;
    if !actor.may_manage(detail.tournament.club_id) {
        return Err(AppError::Forbidden);
    }
    Ok((actor, detail))
}

/// A tournament's page path.
pub fn href(slug: &str) -> String {
    format!("/t/{slug}")
}

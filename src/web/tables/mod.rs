//! The secretary's side of table scoring: the round's tables with their state
//! ([`overview`]), a table's page with the same entry forms as the scorer's and the
//! secretary's confirmation ([`table`]), corrections with a reason ([`correct`]) and the audit
//! log per tournament and per table ([`audit`]). The tournament's secretaries and the
//! administrator only; the service decides (404 hidden, 403 another club's public tournament).

pub mod audit;
pub mod audit_words;
pub mod correct;
pub mod correct_pad;
pub mod figures;
pub mod many;
pub mod overview;
pub mod streitfall;
pub mod table;
pub mod void;

use crate::service::Actor;
use crate::service::scoring::desk;
use crate::service::scoring::links::ScorerTable;
use crate::web::AppError;
use crate::web::ctx::Ctx;
use crate::web::secretary::access;
use actix_web::web;

/// The routes of this module.
pub fn configure(cfg: &mut web::ServiceConfig) {
    const TABLE: &str = "/t/{slug}/rounds/{n}/tables/{t}";
    cfg.route("/t/{slug}/rounds/{n}/tables", web::get().to(overview::show))
        .route("/t/{slug}/audit", web::get().to(audit::tournament))
        .route(TABLE, web::get().to(table::show))
        .route(&format!("{TABLE}/check"), web::post().to(table::check))
        .route(&format!("{TABLE}/save"), web::post().to(table::save))
        .route(&format!("{TABLE}/confirm"), web::post().to(table::confirm))
        .route(&format!("{TABLE}/audit"), web::get().to(audit::table))
        .route(&format!("{TABLE}/figures"), web::get().to(figures::table))
        .route(
            &format!("{TABLE}/deals/{{d}}/figures"),
            web::get().to(figures::correction),
        )
        .route(
            &format!("{TABLE}/deals/{{d}}"),
            web::get().to(correct::show),
        )
        .route(
            &format!("{TABLE}/deals/{{d}}/streitfall"),
            web::get().to(streitfall::show),
        )
        .route(
            &format!("{TABLE}/deals/{{d}}/check"),
            web::post().to(correct::check),
        )
        .route(
            &format!("{TABLE}/deals/{{d}}/save"),
            web::post().to(correct::save),
        )
        .route(
            &format!("{TABLE}/deals/{{d}}/void"),
            web::post().to(void::void),
        )
        .route(&format!("{TABLE}/correct"), web::get().to(many::show))
        .route(&format!("{TABLE}/correct"), web::post().to(many::save));
}

/// The table a path names, for the logged-in manager: (actor, table, its page's path).
pub async fn open(
    ctx: &Ctx,
    slug: &str,
    round: i32,
    table: i32,
) -> Result<(Actor, ScorerTable, String), AppError> {
    let actor = access::actor(ctx)?;
    let who = actor.clone();
    let target = slug.to_string();
    let st = ctx
        .state
        .db
        .run(move |conn| desk::open_table(conn, &who, &target, round, table))
        .await?;
    Ok((actor, st, table_href(slug, round, table)))
}

pub fn table_href(slug: &str, round: i32, table: i32) -> String {
    format!("/t/{slug}/rounds/{round}/tables/{table}")
}

/// The client's address for the audit log (see [`crate::web::account::client_address`]).
pub fn ip(req: &actix_web::HttpRequest, ctx: &Ctx) -> Option<String> {
    Some(crate::web::account::client_address(req, ctx))
}

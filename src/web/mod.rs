//! The web edge: one route table, the handlers, errors, security headers and languages.

pub mod account;
pub mod admin;
pub mod api;
pub mod assets;
pub mod ctx;
pub mod cups;
pub mod deal_words;
pub mod entry;
pub mod errors;
pub mod exports;
pub mod front;
pub mod guard;
pub mod headers;
pub mod i18n;
pub mod links;
pub mod page;
pub mod pages;
pub mod password;
pub mod player;
pub mod public;
pub mod score;
pub mod secretary;
pub mod setup_gate;
pub mod state;
pub mod streitfall;
pub mod tables;

pub use errors::{AppError, ErrorBody};
pub use state::AppState;

use actix_web::web;

/// The largest ordinary form body.
pub const FORM_LIMIT: usize = 64 * 1024;
/// The largest entrant list (URL-encoded): 5,000 lines of players with clubs and numbers
/// fit with room to spare.
pub const LIST_LIMIT: usize = 2 * 1024 * 1024;

/// Every route of the service.
pub fn configure(cfg: &mut web::ServiceConfig) {
    // No body beyond the largest form is read at all; each form then holds to its own limit
    // (`HasCsrf::LIMIT`, `CsrfForm`). The JSON API sets its own.
    cfg.app_data(web::PayloadConfig::new(LIST_LIMIT))
        // The hot paths first, each its own scope: actix tries the services in order and
        // runs each `{…}` pattern as a regular expression on the path (30 before
        // `/s/{token}/save` cost about 32,000 instructions a save; the ~60 before `/p/{slug}`
        // were about a fifth of a public page's CPU on the Sunday: docs/reference/
        // performance.md). A scope is matched by its fixed prefix alone, so a scorer's save
        // meets only the scorer's patterns and a phone's page only the public ones.
        .service(entry::scorer::scope())
        .service(public::scope())
        .service(cups::scope::public_pages())
        .configure(score::configure)
        .route("/", web::get().to(front::home))
        .route("/c/{id}", web::get().to(front::club))
        .route("/healthz", web::get().to(pages::healthz))
        .route("/lang/{tag}", web::get().to(pages::switch_language))
        .route("/setup", web::get().to(account::setup_form))
        .route("/setup", web::post().to(account::setup))
        .route("/login", web::get().to(account::login_form))
        .route("/login", web::post().to(account::login))
        .route("/logout", web::post().to(account::logout))
        .route("/account/password", web::get().to(password::password_form))
        .route(
            "/account/password",
            web::post().to(password::change_password),
        )
        .route("/reset", web::get().to(password::reset_form))
        .route("/reset", web::post().to(password::reset))
        .configure(secretary_routes)
        .route("/admin", web::get().to(admin::overview))
        .route("/admin/clubs", web::post().to(admin::create_club))
        .route(
            "/admin/secretaries",
            web::post().to(admin::create_secretary),
        )
        .route("/admin/organisers", web::post().to(admin::create_organiser))
        .route(
            "/admin/users/{id}/reset-code",
            web::post().to(admin::issue_reset_code),
        )
        .configure(tables::configure)
        .configure(exports::configure)
        .configure(public::toggle::configure)
        .configure(cups::configure)
        .configure(player::configure)
        .route("/streitfall", web::get().to(streitfall::page))
        .service(api::scope())
        .route("/static/{name}", web::get().to(assets::serve))
        .default_service(web::to(not_found));
}

/// The secretary's pages.
fn secretary_routes(cfg: &mut web::ServiceConfig) {
    use secretary::{
        create, entrants, field, finals, import_file, list, overview, prizes, register,
        register_record, rounds, season_public, seasons, seating, tiebreaks, undraw,
    };
    cfg.route("/register", web::get().to(register::list))
        .route("/register", web::post().to(register::add))
        .route("/register/undo", web::post().to(register_record::undo))
        .route("/register/{player}", web::get().to(register_record::show))
        .route("/register/{player}", web::post().to(register_record::edit))
        .route(
            "/register/{player}/merge",
            web::post().to(register_record::merge),
        )
        .route("/seasons", web::get().to(seasons::list))
        .route("/seasons", web::post().to(seasons::create))
        .route("/seasons/{slug}", web::get().to(seasons::show))
        .route(
            "/seasons/{slug}/standings",
            web::get().to(season_public::page),
        )
        .route(
            "/seasons/{slug}/public",
            web::post().to(season_public::toggle),
        )
        .route("/seasons/{slug}/add", web::post().to(seasons::add))
        .route("/seasons/{slug}/remove", web::post().to(seasons::remove))
        .route("/tournaments", web::get().to(list::list))
        .route("/tournaments/new", web::get().to(create::new_form))
        .route("/tournaments/new", web::post().to(create::create))
        .route("/tournaments/import", web::get().to(import_file::form))
        .route("/tournaments/import", web::post().to(import_file::upload))
        .route("/t/{slug}", web::get().to(overview::show))
        .route("/t/{slug}/entrants", web::get().to(entrants::show))
        .route("/t/{slug}/players", web::post().to(entrants::add_player))
        .route("/t/{slug}/teams", web::post().to(entrants::add_team))
        .route("/t/{slug}/import", web::post().to(entrants::import))
        .route("/t/{slug}/entrants/edit", web::post().to(field::edit))
        .route(
            "/t/{slug}/entrants/withdraw",
            web::post().to(field::withdraw),
        )
        .route("/t/{slug}/entrants/absent", web::post().to(field::absent))
        .route("/t/{slug}/rounds", web::post().to(rounds::draw))
        .route("/t/{slug}/finals", web::post().to(finals::draw))
        .route("/t/{slug}/tiebreaks", web::post().to(tiebreaks::set))
        .route("/t/{slug}/prizes", web::post().to(prizes::set))
        .route("/t/{slug}/rounds/{n}", web::get().to(rounds::show))
        .route("/t/{slug}/rounds/{n}/swap", web::post().to(rounds::swap))
        .route("/t/{slug}/rounds/{n}/close", web::post().to(rounds::close))
        .route(
            "/t/{slug}/rounds/{n}/undraw",
            web::post().to(undraw::undraw),
        )
        .route(
            "/t/{slug}/rounds/{n}/reopen",
            web::post().to(rounds::reopen),
        )
        .route("/t/{slug}/rounds/{n}/seating", web::get().to(seating::page))
        .route(
            "/t/{slug}/rounds/{n}/seating.pdf",
            web::get().to(seating::pdf),
        )
        .configure(secretary::finish::configure)
        .configure(secretary::confirm_all::configure);
}

async fn not_found() -> Result<actix_web::HttpResponse, AppError> {
    Err(AppError::NotFound)
}

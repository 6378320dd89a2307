//! The web edge: one route table, the handlers, errors, security headers and languages.

pub mod account;
pub mod admin;
pub mod api;
pub mod assets;
pub mod ctx;
pub mod errors;
pub mod headers;
pub mod i18n;
pub mod page;
pub mod pages;
pub mod password;
pub mod score;
pub mod setup_gate;

pub use errors::AppError;

use actix_web::web;

/// Every route of the service.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.app_data(web::FormConfig::default().limit(64 * 1024))
        .route("/", web::get().to(pages::home))
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
        .route("/admin", web::get().to(admin::overview))
        .route("/admin/clubs", web::post().to(admin::create_club))
        .route(
            "/admin/secretaries",
            web::post().to(admin::create_secretary),
        )
        .route(
            "/admin/users/{id}/reset-code",
            web::post().to(admin::issue_reset_code),
        )
        .configure(score::configure)
        .service(api::scope())
        .route("/static/{name}", web::get().to(assets::serve))
        .default_service(web::to(not_found));
}

async fn not_found() -> Result<actix_web::HttpResponse, AppError> {
    Err(AppError::NotFound)
}

//! Cups across clubs on the web: the organiser's and the member clubs' working pages
//! (`/cups`, [`manage`], [`actions`]) and the public cup pages with their downloads
//! (`/cup/{slug}`, [`public`], [`files`]). See `docs/reference/cups.md`.

mod actions;
pub mod cache;
mod files;
mod form;
mod manage;
pub mod public;
pub mod scope;
pub mod words;

use actix_web::web;

/// The organisers' and member clubs' cup routes; registered from `web::configure` (the
/// public pages are [`scope::public_pages`]).
pub fn configure(cfg: &mut web::ServiceConfig) {
    // The cache (`web::Data<CupCache>`) is the process's, put in by `startup`.
    cfg.route("/cups", web::get().to(manage::list))
        .route("/cups", web::post().to(manage::create))
        .route("/cups/{slug}", web::get().to(manage::show))
        .route("/cups/{slug}/rules", web::post().to(actions::rules))
        .route("/cups/{slug}/clubs", web::post().to(actions::add_club))
        .route("/cups/{slug}/evenings", web::post().to(actions::propose))
        .route("/cups/{slug}/decide", web::post().to(actions::decide))
        .route("/cups/{slug}/links", web::post().to(actions::link))
        .route("/cups/{slug}/unlink", web::post().to(actions::unlink));
}

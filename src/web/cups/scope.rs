//! The public cup pages and downloads, one scope under `/cup` (registered early by
//! `web::configure`: a scope is matched by its fixed prefix, so these patterns are tried only
//! for `/cup/…`, and `/cups/…` is not `/cup/…`). Its own module, since the pages
//! ([`super::public`]) and the downloads ([`super::files`]) each use the other's parts.

use super::{files, public};
use actix_web::web;

/// The `/cup` scope, for `web::configure`.
pub fn public_pages() -> actix_web::Scope {
    web::scope("/cup")
        .route("/{slug}", web::get().to(public::page))
        .route("/{slug}/live", web::get().to(public::live_table))
        .route("/{slug}/projector", web::get().to(public::projector))
        .route("/{slug}/standings.pdf", web::get().to(files::pdf))
        .route("/{slug}/standings.xlsx", web::get().to(files::xlsx))
        .route("/{slug}/standings.csv", web::get().to(files::csv))
        .route("/{slug}/standings.json", web::get().to(files::json))
        .route("/{slug}/cup.json", web::get().to(files::cup_file))
}

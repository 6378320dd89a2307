//! While no account exists, every page leads to the setup page that creates the administrator.
//! Static files, `/healthz`, the JSON API, the public tournament pages (`/p/`, like the API they
//! show only public tournaments) and the language switch stay reachable.

use crate::db::models::User;
use crate::web::AppError;
use crate::web::state::AppState;
use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header;
use actix_web::middleware::Next;
use actix_web::{HttpResponse, web};
use std::sync::atomic::Ordering;

const OPEN: &[&str] = &["/setup", "/healthz", "/favicon.ico"];
const OPEN_PREFIXES: &[&str] = &["/static/", "/api/", "/p/", "/lang/"];

pub async fn setup_gate(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let path = req.path();
    let open = OPEN.contains(&path) || OPEN_PREFIXES.iter().any(|p| path.starts_with(p));
    let state = req.app_data::<web::Data<AppState>>().cloned();
    if let (false, Some(state)) = (open, state) {
        match needs_setup(&state).await {
            Ok(false) => {}
            Ok(true) => {
                let res = HttpResponse::SeeOther()
                    .insert_header((header::LOCATION, "/setup"))
                    .insert_header((header::CACHE_CONTROL, "no-store"))
                    .finish();
                return Ok(req.into_response(res).map_into_right_body());
            }
            Err(e) => return Ok(req.error_response(e).map_into_right_body()),
        }
    }
    next.call(req)
        .await
        .map(ServiceResponse::map_into_left_body)
}

/// Whether the administrator still has to be created.
pub async fn needs_setup(state: &AppState) -> Result<bool, AppError> {
    if state.setup_done.load(Ordering::Relaxed) {
        return Ok(false);
    }
    let exists = state.db.run(|conn| Ok(User::any_exists(conn)?)).await?;
    if exists {
        state.setup_done.store(true, Ordering::Relaxed);
    }
    Ok(!exists)
}

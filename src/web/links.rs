//! The links kartl prints (table cards, seating lists, public pages): where they point, and
//! their QR codes.

use crate::web::AppError;
use actix_web::HttpRequest;
use qrcode::QrCode;
use qrcode::render::svg;

/// A player's page (`/spieler/{id}`): linked from the club, entrant and entrants pages.
pub fn player_href(id: i32) -> String {
    format!("/spieler/{id}")
}

/// The QR code of `link` as inline SVG (without the XML declaration).
pub fn qr_svg(link: &str) -> Result<String, AppError> {
    let code =
        QrCode::new(link.as_bytes()).map_err(|e| AppError::Internal(format!("qr code: {e}")))?;
    let image = code
        .render::<svg::Color<'_>>()
        .min_dimensions(180, 180)
        .build();
    Ok(match image.find("<svg") {
        Some(i) => image[i..].to_string(),
        None => image,
    })
}

/// Where the printed links point: the host this browser reached us by (its `Host` header, as
/// the Origin check reads it), or the proxy's `X-Forwarded-Host` only under `--https proxy`
/// (the README: forwarded headers are trusted then and only then). A host that is no plain
/// `name[:port]` falls back to the server's own name.
pub fn link_base(req: &HttpRequest, https: crate::config::Https) -> String {
    let header = |name: &str| {
        req.headers()
            .get(name)
            .and_then(|v| v.to_str().ok())
            .map(str::trim)
            .filter(|h| {
                !h.is_empty()
                    && h.chars()
                        .all(|c| c.is_ascii_alphanumeric() || ".-:[]".contains(c))
            })
            .map(str::to_string)
    };
    let host = match https {
        crate::config::Https::Proxy => header("x-forwarded-host").or_else(|| header("host")),
        _ => header("host"),
    }
    .unwrap_or_else(|| req.app_config().host().to_string());
    let scheme = if crate::auth::session::is_https(req, https) {
        "https"
    } else {
        "http"
    };
    format!("{scheme}://{host}")
}

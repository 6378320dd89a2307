//! Scorer links are secrets: no log line may hold one. The request logger's span carries the
//! path with the secret of `/s/…` replaced by `[token]`, and no query string (a language
//! switch's `next=` may hold a scorer path).

use actix_web::Error;
use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use tracing::Span;
use tracing_actix_web::{DefaultRootSpanBuilder, RootSpanBuilder};

/// The path as it may be logged: `/s/SECRET/...` becomes `/s/[token]/...`.
pub fn redact_path(path: &str) -> String {
    match path.strip_prefix("/s/") {
        Some(rest) => match rest.find('/') {
            Some(i) => format!("/s/[token]{}", &rest[i..]),
            None => "/s/[token]".to_string(),
        },
        None => path.to_string(),
    }
}

/// The root span of every request, like tracing-actix-web's default but with
/// [`redact_path`]'s path as `http.target`.
pub struct RedactedSpans;

impl RootSpanBuilder for RedactedSpans {
    fn on_request_start(request: &ServiceRequest) -> Span {
        let route = request.match_pattern().unwrap_or_default();
        tracing::info_span!(
            "HTTP request",
            http.method = %request.method(),
            http.route = %route,
            http.target = %redact_path(request.path()),
            http.status_code = tracing::field::Empty,
            otel.status_code = tracing::field::Empty,
            exception.message = tracing::field::Empty,
            exception.details = tracing::field::Empty,
        )
    }

    fn on_request_end<B: MessageBody>(span: Span, outcome: &Result<ServiceResponse<B>, Error>) {
        DefaultRootSpanBuilder::on_request_end(span, outcome);
    }
}

#[cfg(test)]
mod tests {
    use super::redact_path;

    #[test]
    fn scorer_secrets_never_reach_the_log() {
        let secret = "ab".repeat(32);
        assert_eq!(redact_path(&format!("/s/{secret}")), "/s/[token]");
        assert_eq!(redact_path(&format!("/s/{secret}/save")), "/s/[token]/save");
        assert_eq!(redact_path("/t/x/rounds/1/cards"), "/t/x/rounds/1/cards");
        assert_eq!(redact_path("/static/s/kartl.css"), "/static/s/kartl.css");
    }
}

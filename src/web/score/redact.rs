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
        // The fields are evaluated only when the span is enabled: the route's pattern is found
        // by matching the path against the routes a second time, which a server logging at
        // `warn` (the benches, a quiet production) need not pay on every request.
        tracing::info_span!(
            "HTTP request",
            http.method = %request.method(),
            http.route = %request.match_pattern().unwrap_or_default(),
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
pub(crate) mod tests {
    use super::{RedactedSpans, redact_path};
    use actix_web::test as atest;
    use actix_web::{App, HttpResponse, web};
    use std::sync::{Arc, Mutex};

    /// Collects what the fmt subscriber writes.
    #[derive(Clone, Default)]
    pub(crate) struct Captured(pub(crate) Arc<Mutex<Vec<u8>>>);

    impl std::io::Write for Captured {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            if let Ok(mut v) = self.0.lock() {
                v.extend_from_slice(buf);
            }
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    /// A request to a scorer link through the real request logger: the log names the route
    /// and the redacted path, never the secret.
    #[actix_web::test]
    async fn the_request_log_holds_no_scorer_secret() {
        let captured = Captured::default();
        let writer = captured.clone();
        let subscriber = tracing_subscriber::fmt()
            .with_writer(move || writer.clone())
            .with_ansi(false)
            .with_span_events(tracing_subscriber::fmt::format::FmtSpan::CLOSE)
            .finish();
        let _guard = tracing::subscriber::set_default(subscriber);
        let app = atest::init_service(
            App::new()
                .wrap(tracing_actix_web::TracingLogger::<RedactedSpans>::new())
                .route(
                    "/s/{token}/save",
                    web::post().to(|| async {
                        tracing::warn!("saving");
                        HttpResponse::Ok().finish()
                    }),
                ),
        )
        .await;
        let secret = "c0ffee".repeat(10) + "abcd";
        let req = atest::TestRequest::post()
            .uri(&format!("/s/{secret}/save?next=/s/{secret}"))
            .to_request();
        let res = atest::call_service(&app, req).await;
        assert!(res.status().is_success());
        let log = String::from_utf8(captured.0.lock().unwrap().clone()).unwrap();
        assert!(log.contains("saving"), "{log}");
        assert!(log.contains("/s/[token]/save"), "{log}");
        assert!(!log.contains(&secret), "{log}");
    }

    #[test]
    fn scorer_secrets_never_reach_the_log() {
        let secret = "ab".repeat(32);
        assert_eq!(redact_path(&format!("/s/{secret}")), "/s/[token]");
        assert_eq!(redact_path(&format!("/s/{secret}/save")), "/s/[token]/save");
        assert_eq!(redact_path("/t/x/rounds/1/cards"), "/t/x/rounds/1/cards");
        assert_eq!(redact_path("/static/s/kartl.css"), "/static/s/kartl.css");
    }
}

//! The Wattkönig scheme, its rotation draw and its tie-break columns belong to Watten: the
//! new-tournament form offers them for Watten only, and a Perlaggen form sent with them
//! anyway is refused with the form's message.

use super::{create, secretary, stored};
use crate::both_backends;
use crate::common::{Backend, TestApp};
use kartl::tournament::format::Scheme;
use reqwest::StatusCode;

both_backends!(wattkoenig_options_are_on_the_watten_form_only);

/// The Wattkönig parts of a form page.
fn wattkoenig_parts(body: &str) -> Vec<&'static str> {
    [
        "name=\"scheme\"",
        "name=\"bonus\"",
        "value=\"wattkoenig\"",
        "value=\"points_conceded\"",
        "value=\"games_won\"",
    ]
    .into_iter()
    .filter(|part| body.contains(part))
    .collect()
}

async fn wattkoenig_options_are_on_the_watten_form_only(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let admin = app.setup().await;
    let sepp = secretary(&app, &admin, "Sepp").await;
    let watten = sepp.get("/tournaments/new?game=watten").await;
    assert_eq!(wattkoenig_parts(&watten.body).len(), 5, "{}", watten.body);
    for game in ["perlaggen", "giltspiel", "gaigel"] {
        let form = sepp.get(&format!("/tournaments/new?game={game}")).await;
        assert_eq!(form.status, StatusCode::OK);
        assert_eq!(wattkoenig_parts(&form.body), Vec::<&str>::new(), "{game}");
    }
    let perlaggen = [
        ("name", "Perlaggen im Kreis"),
        ("date", "2026-11-28"),
        ("game", "perlaggen"),
        ("variant", "innsbruck"),
        ("target", "18"),
        ("format", "rounds"),
    ];
    for extra in [("scheme", "wattkoenig"), ("draw", "wattkoenig")] {
        let mut fields = perlaggen.to_vec();
        fields.push(extra);
        let res = sepp
            .submit("/tournaments/new", "/tournaments/new", &fields)
            .await;
        assert_eq!(res.status, StatusCode::UNPROCESSABLE_ENTITY, "{extra:?}");
        assert!(
            res.body
                .contains("Diese Wertung gibt es für dieses Spiel nicht")
                || res.body.contains("Diese Auslosung gibt es"),
            "{}",
            res.body
        );
    }
    // Watten keeps them.
    let slug = create(
        &sepp,
        &[
            ("name", "Wattkönig"),
            ("date", "2026-11-28"),
            ("game", "watten"),
            ("scheme", "wattkoenig"),
            ("bonus", "10"),
            ("draw", "wattkoenig"),
        ],
    )
    .await;
    let t = stored(&app, &slug).await.tournament;
    let settings = t.settings.unwrap();
    assert_eq!(settings.scheme, Scheme::Wattkoenig { bonus: 10 });
}

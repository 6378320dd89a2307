//! Names carrying script payloads render inert. A club, tournament, season, players
//! and teams named with payloads; every page that shows them is opened in Chromium as the
//! administrator and as a visitor: no alert opens, the payload text is shown literally, and no
//! link on the page points to `javascript:`.

use crate::common::{ADMIN, ADMIN_PASSWORD};
use crate::driver::Session;
use crate::setup::{Spec, app, tournament};
use crate::table::{open, wait_deals};
use kartl::rules::Game;
use kartl::service::scoring::Confirmation;

const SCRIPT: &str = "<script>alert(1)</script>";
const IMG: &str = "\"><img src=x onerror=alert(1)>";
const LINK: &str = "javascript:alert(1)";
const SVG: &str = "<svg onload=alert(1)>";
const QUOTE: &str = "'-alert(1)-'";

/// Opens `path`, asserts no alert opened, each of `shown` appears literally in the page's
/// text, and no link runs script.
async fn inert(s: &Session, base: &str, path: &str, shown: &[&str]) {
    s.goto(&format!("{base}{path}")).await;
    // A script payload would have run by the time the page is loaded; give onerror handlers
    // of images that fail to load a moment too.
    tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    if let Some(text) = s.alert_text().await {
        s.dismiss_alert().await;
        panic!("an alert opened on {path}: {text:?}");
    }
    let text = s.body_text().await;
    for payload in shown {
        assert!(
            text.contains(payload),
            "{path} does not show {payload:?} literally:\n{text}"
        );
    }
    for link in s.find_all("a[href]").await {
        let href = s.attribute(&link, "href").await.unwrap_or_default();
        assert!(
            !href.trim().to_lowercase().starts_with("javascript:"),
            "{path} links to {href}"
        );
    }
}

#[tokio::test]
async fn names_with_payloads_render_inert_on_every_page() {
    let Some(s) = Session::start().await else {
        return;
    };
    let app = app().await;
    let mut spec = Spec::new(Game::Watten);
    spec.club = SCRIPT.into();
    spec.name = IMG.into();
    spec.players = vec![
        SCRIPT.into(),
        IMG.into(),
        LINK.into(),
        SVG.into(),
        QUOTE.into(),
        "Anna".into(),
        "Berta".into(),
        "Cilli".into(),
    ];
    spec.team_names = vec![SVG.into(), LINK.into(), SCRIPT.into(), IMG.into()];
    spec.confirmation = Confirmation::None;
    let t = tournament(&app, spec).await;
    let base = app.base.clone();

    // The detector itself: an alert that does open is seen.
    s.goto(&format!("{base}/")).await;
    s.execute(
        "setTimeout(function () { alert('probe'); }, 0);",
        serde_json::json!([]),
    )
    .await;
    tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    assert_eq!(s.alert_text().await.as_deref(), Some("probe"));
    s.dismiss_alert().await;
    assert_eq!(s.alert_text().await, None);

    // A deal at table 1 (so the standings show), entered on the scorer's page.
    open(&s, &base, &t.links[0]).await;
    inert(&s, &base, &t.links[0], &[IMG]).await;
    let mut pad = crate::pad::Pad::open(&s, &base, &t.links[0], crate::driver::PHONE).await;
    pad.tap("A macht 3 Stiche").await;
    pad.save().await;
    wait_deals(&s, 1, false).await;
    inert(&s, &base, &t.links[0], &[IMG]).await;
    inert(&s, &base, &t.links[1], &[IMG]).await;

    // As a visitor: the home page (the tournament pages ask a visitor to log in; there are
    // no public tournament pages yet).
    let slug = &t.slug;
    let teams = [SVG, LINK, SCRIPT, IMG];
    inert(&s, &base, "/", &[]).await;

    // The administrator: login, then every page that names them.
    s.goto(&format!("{base}/login")).await;
    s.fill("input[name=name]", ADMIN).await;
    s.fill("input[name=password]", ADMIN_PASSWORD).await;
    s.tap("form[action='/login'] button[type=submit]").await;
    s.wait_for(".user").await;
    inert(&s, &base, "/admin", &[SCRIPT]).await;
    inert(&s, &base, "/tournaments", &[IMG]).await;
    // The overview with the standings: every team.
    inert(&s, &base, &format!("/t/{slug}"), &[IMG, SCRIPT, SVG, LINK]).await;
    inert(
        &s,
        &base,
        &format!("/t/{slug}/entrants"),
        &[SCRIPT, IMG, LINK, SVG, QUOTE],
    )
    .await;
    inert(&s, &base, &format!("/t/{slug}/rounds/1"), &teams).await;
    inert(&s, &base, &format!("/t/{slug}/rounds/1/seating"), &teams).await;
    inert(&s, &base, &format!("/t/{slug}/rounds/1/cards"), &[IMG]).await;
    // Issuing the cards shows them, with every table's names.
    s.tap("form[action$='/cards'] button[type=submit]").await;
    s.wait_for_text(LINK).await;
    assert_eq!(
        s.alert_text().await,
        None,
        "an alert opened on the table cards"
    );
    let cards = s.body_text().await;
    for team in teams {
        assert!(cards.contains(team), "the cards do not show {team:?}");
    }

    // A season named with a payload, holding the tournament.
    s.goto(&format!("{base}/seasons")).await;
    s.fill("form[action='/seasons'] input[name=name]", SVG)
        .await;
    s.tap("form[action='/seasons'] button[type=submit]").await;
    s.wait_for_text(SVG).await;
    let season = s.url().await;
    inert(&s, &base, "/seasons", &[SVG]).await;
    let path = season.strip_prefix(&base).unwrap_or(&season).to_string();
    inert(&s, &base, &path, &[SVG]).await;
    s.quit().await;
}

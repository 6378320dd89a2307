//! The prize list on a phone (412 px): the "Preisliste" fields of the new-tournament form and
//! of the overview are touch targets of at least 44 px and the pages do not scroll sideways;
//! the scheme saved on the overview shows the pot, and after "Turnier abschließen" the list
//! with the winner's name on the overview, the public page and the printable report (each
//! page checked by axe-core as it loads). The guide's picture `preisliste.png` comes from here
//! (`KARTL_SCREENSHOTS`).

use crate::common::fixture::Played;
use crate::common::{ADMIN, ADMIN_PASSWORD};
use crate::driver::{PHONE_412, Session};
use crate::setup::{Spec, app, tournament};
use kartl::rules::Game;
use serde_json::{Value, json};

const WIDTH: u32 = 412;

/// One Watten game to 15 won by side A at every table.
fn deals(_round: usize, _table: usize) -> Vec<Value> {
    [("A", 3), ("B", 2), ("A", 4), ("A", 4), ("A", 4)]
        .into_iter()
        .map(|(w, p)| json!({"winner": w, "points": p}))
        .collect()
}

async fn login(s: &Session, base: &str) {
    s.goto(&format!("{base}/login")).await;
    s.fill("input[name=name]", ADMIN).await;
    s.fill("input[name=password]", ADMIN_PASSWORD).await;
    s.tap("form[action='/login'] button[type=submit]").await;
    s.wait_for(".user").await;
}

/// The visible controls under `scope` smaller than 44 px, and the page's width.
async fn small_controls_and_width(s: &Session, scope: &str) -> (Value, Value) {
    let small = s
        .execute(
            "var out = [];
             document.querySelectorAll(arguments[0] + ' input:not([type=hidden]), ' +
                 arguments[0] + ' textarea, ' + arguments[0] + ' button, ' + arguments[0] + ' summary')
               .forEach(function (e) {
                 var r = e.getBoundingClientRect();
                 if (r.width === 0 && r.height === 0) { return; }
                 if (r.height < 44 || r.width < 44) {
                   out.push((e.name || e.id || e.tagName) + ' ' + Math.round(r.width) + 'x' + Math.round(r.height));
                 }
               });
             return out;",
            json!([scope]),
        )
        .await;
    let width = s
        .execute("return document.documentElement.scrollWidth;", json!([]))
        .await;
    (small, width)
}

/// Taps the submit button of `form` (saying yes to a `data-confirm` question) and waits for
/// the answer's page.
async fn submit(s: &Session, form: &str) {
    s.execute("window.confirm = function () { return true; };", json!([]))
        .await;
    s.execute("window.kartlBefore = true;", json!([])).await;
    s.tap(&format!("{form} button[type=submit]")).await;
    let started = std::time::Instant::now();
    while s
        .execute("return window.kartlBefore === true;", json!([]))
        .await
        == json!(true)
    {
        assert!(started.elapsed().as_secs() < 10, "{form}: no answer page");
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
}

/// The guide's picture of the list (`docs/guides/img/`), the section at the top of the screen.
async fn shot(s: &Session, name: &str) {
    s.guide_shot(name, "document.getElementById('prizes').scrollIntoView();")
        .await;
}

#[tokio::test]
async fn the_prize_list_is_entered_and_shown_on_a_phone() {
    let Some(s) = Session::start_at(PHONE_412).await else {
        return;
    };
    let app = app().await;
    login(&s, &app.base).await;

    s.goto(&format!("{}/tournaments/new", app.base)).await;
    s.wait_for("fieldset#prizes textarea[name=prize_money]")
        .await;
    let (small, width) = small_controls_and_width(&s, "fieldset#prizes").await;
    assert_eq!(small, json!([]), "the new form's prize fields");
    assert!(
        width.as_u64().unwrap() <= u64::from(WIDTH),
        "{width} px wide"
    );

    let t = tournament(
        &app,
        Spec {
            cards: false,
            played: Some(Played { rounds: 1, deals }),
            ..Spec::new(Game::Watten)
        },
    )
    .await;
    let overview = format!("{}/t/{}", app.base, t.slug);
    s.goto(&overview).await;
    s.tap("#prizes details summary").await;
    s.fill("#prize-fee", "10,00").await;
    s.fill("#prize-money", "60 %\n40 %").await;
    s.fill("#prize-goods", "Speckbrett").await;
    s.check_again().await;
    let (small, width) = small_controls_and_width(&s, "#prizes").await;
    assert_eq!(small, json!([]), "the overview's prize form");
    assert!(
        width.as_u64().unwrap() <= u64::from(WIDTH),
        "{width} px wide"
    );
    submit(&s, "#prize-form").await;
    s.goto(&overview).await;
    let list = s.text(&s.find("#prize-list").await).await;
    assert!(
        list.contains("Topf: 40,00 €") && list.contains("24,00 €") && list.contains("16,00 €"),
        "{list}"
    );

    submit(&s, "#finish-form").await;
    for page in [
        overview.clone(),
        format!("{}/p/{}", app.base, t.slug),
        format!("{overview}/report"),
    ] {
        s.goto(&page).await;
        let list = s.text(&s.find("#prize-list").await).await;
        assert!(
            list.contains("Speckbrett") && list.contains("Rest im Topf: 0,00 €"),
            "{page}: {list}"
        );
        assert!(
            list.contains("(geteilt)"),
            "{page}: two winners tie for first: {list}"
        );
        let width = s
            .execute("return document.documentElement.scrollWidth;", json!([]))
            .await;
        assert!(
            width.as_u64().unwrap() <= u64::from(WIDTH),
            "{page}: {width} px wide"
        );
        if page == overview {
            shot(&s, "preisliste.png").await;
        }
    }
    s.quit().await;
}

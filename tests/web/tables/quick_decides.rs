//! Quick entry asks before it stores "15 Punkte für A" as one deal at 0:0: one deal that
//! decides the whole game is more often a slip (the game's total typed as one deal) than a
//! fact. The preview asks, the save without the yes stores nothing; no script needed.

use super::*;
use crate::both_backends;
use crate::common::Backend;

both_backends!(one_deal_deciding_the_game_from_nil_is_asked_about_before_it_is_stored);

async fn save_with(d: &Desk, c: &Checked, decides: &str) -> crate::common::Reply {
    let page = table_path(&d.slug, 1);
    let csrf = csrf_of(&d.sepp, &d.slug).await;
    let fields = [
        ("csrf", csrf.as_str()),
        ("deal", &c.deal),
        ("based_on", &c.based_on),
        ("key", &c.key),
        ("decides", decides),
    ];
    d.sepp.post(&format!("{page}/save"), &fields).await
}

async fn one_deal_deciding_the_game_from_nil_is_asked_about_before_it_is_stored(backend: Backend) {
    let d = desk(&backend, Confirmation::OtherSide).await;
    let page = table_path(&d.slug, 1);
    let check = |points: &'static str| {
        let (sepp, page) = (&d.sepp, page.clone());
        async move {
            let fields = [("mode", "quick"), ("winner", "A"), ("points", points)];
            sepp.submit(&page, &format!("{page}/check"), &fields).await
        }
    };
    // An ordinary deal is not asked about.
    let plain = check("2").await;
    assert_eq!(plain.status, StatusCode::OK);
    assert!(!plain.body.contains("score-decides"), "{}", plain.body);

    let asked = check("15").await;
    assert_eq!(asked.status, StatusCode::OK, "{}", asked.body);
    assert!(by_id(&asked.body, "score-decides").unwrap().contains("0:0"));
    assert!(
        asked
            .body
            .contains("name=\"decides\" value=\"yes\" required")
    );
    let c = preview(&asked.body);

    let res = save_with(&d, &c, "").await;
    assert_eq!(res.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", res.body);
    assert!(
        res.body.contains("entscheidet die ganze Partie"),
        "{}",
        res.body
    );
    assert!(
        crate::score::versions(&d.app, d.tables[0].0)
            .await
            .is_empty()
    );

    let res = save_with(&d, &c, "yes").await;
    assert_eq!(res.status, StatusCode::SEE_OTHER, "{}", res.body);
    assert_eq!(crate::score::versions(&d.app, d.tables[0].0).await.len(), 1);
}

//! The entry pages' second slice: the rule message beside the event line or the field, the
//! figure panel (on the page and as the script's fragment), and cards in the show's notation.
use super::*;
use crate::both_backends;

both_backends!(
    a_refused_event_is_marked_on_its_line_past_blank_ones,
    a_refused_gaigel_deal_is_marked_beside_its_field,
    the_figure_panel_follows_the_typed_events,
    shown_cards_with_a_baptism_are_stored_in_the_contracts_notation,
);

async fn a_refused_event_is_marked_on_its_line_past_blank_ones(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    app.setup().await;
    let t = tournament(&app, kartl::rules::Game::Giltspiel, Confirmation::OtherSide).await;
    let (table, token) = t.tables[0].clone();
    let b = app.browser();
    // Event 2 (the second bet by A in a row) is on line 4 of the textarea.
    let events = "bet spiel A\n\n\nbet spiel A\ntricks A";
    let (status, body) = check(&b, &token, &[("mode", "figures"), ("events", events)]).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    let top = between(&body, "id=\"score-error\">", "<").unwrap();
    let marked = between(&body, "<li value=\"4\" class=\"bad\">", "</li>").unwrap();
    assert!(marked.contains("bet spiel A"), "{marked}");
    assert!(
        marked.contains(&format!("id=\"score-error-at\" role=\"alert\">{top}<")),
        "{body}"
    );
    assert_eq!(body.matches("class=\"bad\"").count(), 1);
    assert!(versions(&app, table).await.is_empty());
    // A line that does not read is marked the same way (the form's own message).
    let (status, body) = check(
        &b,
        &token,
        &[("mode", "figures"), ("events", "bet spiel A\nfly B")],
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(body.contains("<li value=\"2\" class=\"bad\">"), "{body}");
}

async fn a_refused_gaigel_deal_is_marked_beside_its_field(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    app.setup().await;
    let t = tournament(&app, kartl::rules::Game::Gaigel, Confirmation::OtherSide).await;
    let (table, token) = t.tables[0].clone();
    let b = app.browser();
    // Three 40s: more than the pack holds.
    let fields = [
        ("mode", "gaigel"),
        ("points_A", "110"),
        ("tricks_A", "6"),
        ("melds_A", "40 40 40"),
        ("points_B", "100"),
        ("tricks_B", "5"),
        ("melds_B", ""),
        ("out", "A"),
    ];
    let (status, body) = check(&b, &token, &fields).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    let top = between(&body, "id=\"score-error\">", "<").unwrap();
    let after_melds = body.split("name=\"melds_A\"").nth(1).unwrap();
    let beside = between(after_melds, "id=\"score-error-at\" role=\"alert\">", "<").unwrap();
    assert_eq!(beside, top);
    let melds_b = between(&body, "name=\"melds_B\"", ">").unwrap();
    assert!(
        melds_b.contains("aria-invalid=\"true\""),
        "every melds field is marked"
    );
    // Beside side A's melds: before its next field.
    let tricks = after_melds.find("name=\"tricks_A\"").unwrap();
    assert!(after_melds.find("score-error-at").unwrap() < tricks);
    assert!(versions(&app, table).await.is_empty());
}

async fn the_figure_panel_follows_the_typed_events(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let admin = app.setup().await;
    let t = tournament(&app, kartl::rules::Game::Giltspiel, Confirmation::OtherSide).await;
    let (_, token) = t.tables[0].clone();
    let b = app.browser();
    // The entry forms are the secretary's expert mode now (the scorer's link shows
    // the pad); the scorer's check and save still take what they post.
    let page = admin.get(&format!("/t/{}/rounds/1/tables/1", t.slug)).await;
    assert_eq!(
        page.body
            .matches("<span class=\"figure-state\">offen</span>")
            .count(),
        3,
        "{}",
        page.body
    );
    // The script's fragment: a bet, then a hold and a concession.
    let panel = |events: &'static str| {
        let b = &b;
        let token = token.clone();
        async move {
            let url = format!(
                "/s/{token}/figures?events={}",
                url::form_urlencoded::byte_serialize(events.as_bytes()).collect::<String>()
            );
            let res = b.get(&url).await;
            assert_eq!(res.status, StatusCode::OK, "{}", res.body);
            res.body
        }
    };
    let body = panel("trump H\nbet gleich A").await;
    let gleich = between(&body, "id=\"figure-gleich\">", "</div>").unwrap();
    assert!(
        gleich.contains(">1<") && gleich.contains("Gebot von A (auf 2)"),
        "{gleich}"
    );
    assert!(body.contains("id=\"figure-trump\">H<"), "{body}");
    let body = panel("bet gleich A\nraise gleich B\ngood hanger A").await;
    let gleich = between(&body, "id=\"figure-gleich\">", "</div>").unwrap();
    assert!(
        gleich.contains(">2<") && gleich.contains("Gebot von B (auf 3)"),
        "{gleich}"
    );
    let hanger = between(&body, "id=\"figure-hanger\">", "</div>").unwrap();
    assert!(hanger.contains("gut: geht an B"), "{hanger}");
    // A rule break stops the panel at its line, with the referee's words.
    let body = panel("bet spiel A\nbet spiel A").await;
    assert!(body.contains("id=\"figure-stop\""), "{body}");
    let spiel = between(&body, "id=\"figure-spiel\">", "</div>").unwrap();
    assert!(spiel.contains("Gebot von A (auf 2)"), "{spiel}");
    // A dead link: the plain 404, nothing about the table.
    let res = b
        .get(&format!("/s/{}/figures?events=x", "0".repeat(64)))
        .await;
    assert_eq!(res.status, StatusCode::NOT_FOUND);
}

async fn shown_cards_with_a_baptism_are_stored_in_the_contracts_notation(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    app.setup().await;
    let t = tournament(&app, kartl::rules::Game::Perlaggen, Confirmation::None).await;
    let (table, token) = t.tables[0].clone();
    let b = app.browser();
    // Innsbruck: the Weli (S6) is wild; A shows three Aces, one of them the Weli.
    let events = "trump h\nbet gleich A\nhold gleich B\ntricks A\n\
                  show gleich A:ea,la,s6=ha B:ek,lk hanger stands";
    let (status, body) = check(&b, &token, &[("mode", "figures"), ("events", events)]).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let c = Checked {
        deal: field(&body, "deal"),
        based_on: field(&body, "based_on"),
        key: field(&body, "key"),
    };
    assert_eq!(save(&b, &token, &c).await.status, StatusCode::SEE_OTHER);
    let rows = versions(&app, table).await;
    assert_eq!(rows.len(), 1);
    let stored: Value = serde_json::from_str(&rows[0].record).unwrap();
    assert_eq!(
        stored["events"][4],
        json!({"show": {"gleich": {"A": ["EA", "LA", "S6=HA"], "B": ["EK", "LK"]},
                        "hanger": "stands"}})
    );
    // The same cards shown by both sides break a rule (invalid_show), at line 5.
    let events = "trump h\nbet gleich A\nhold gleich B\ntricks A\n\
                  show gleich A:EA,LA B:EA,LK hanger stands";
    let (status, body) = check(&b, &token, &[("mode", "figures"), ("events", events)]).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert!(body.contains("<li value=\"5\" class=\"bad\">"), "{body}");
    assert_eq!(versions(&app, table).await.len(), 1);
}

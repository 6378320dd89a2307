//! Printables where they are needed: table cards as a PDF from the round
//! page, one table's card re-issued while the others' links stay valid, and the public address
//! as a QR code on the seating plan (page and PDF), the projector and the report (page and PDF).

use super::finish::watten;
use crate::both_backends;
use crate::common::{Backend, Browser, TestApp};
use crate::exports::{download, pdf_text};
use kartl::service::Actor;
use reqwest::StatusCode;

both_backends!(
    table_cards_come_as_a_pdf_and_one_lost_card_is_reissued_alone,
    the_public_address_is_printed_with_its_qr_code_while_public,
);

/// Every scorer link's secret in `text`, in order.
fn secrets(text: &str) -> Vec<String> {
    text.split("/s/")
        .skip(1)
        .map(|rest| {
            rest.chars()
                .take_while(char::is_ascii_hexdigit)
                .collect::<String>()
        })
        .filter(|s| s.len() == 64)
        .collect()
}

async fn post_form(
    admin: &Browser,
    page: &str,
    action: &str,
    fields: &[(&str, &str)],
) -> crate::exports::Download {
    let shown = admin.get(page).await;
    let token = crate::common::csrf_in(&shown.body).expect("a CSRF token");
    let mut all = vec![("csrf", token.as_str())];
    all.extend_from_slice(fields);
    let res = admin
        .client
        .post(admin.url(action))
        .form(&all)
        .send()
        .await
        .unwrap();
    crate::exports::Download {
        status: res.status(),
        headers: res.headers().clone(),
        bytes: res.bytes().await.unwrap().to_vec(),
    }
}

async fn table_cards_come_as_a_pdf_and_one_lost_card_is_reissued_alone(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let admin = app.setup().await;
    let built = watten(&app, None).await;
    let slug = built.slug.clone();
    let round = format!("/t/{slug}/rounds/1");
    let page = admin.get(&round).await;
    assert!(
        page.body.contains(&format!("action=\"{round}/cards.pdf\"")),
        "linked from the round page"
    );

    let pdf = post_form(&admin, &round, &format!("{round}/cards.pdf"), &[]).await;
    pdf.assert_attachment("application/pdf", &format!("{slug}-round-1-cards.pdf"));
    let text = pdf_text(&pdf.bytes);
    for want in [
        "Kartlturnier",
        "Runde 1 · Tisch 1",
        "Runde 1 · Tisch 2",
        "QR-Code mit dem Handy scannen",
    ] {
        assert!(text.contains(want), "{want} missing: {text}");
    }
    let links = secrets(&text);
    assert_eq!(links.len(), 2, "{text}");
    // The fixture's first cards stopped working; the PDF's open the tables.
    assert_eq!(
        app.browser()
            .get(&format!("/s/{}", built.tokens[0]))
            .await
            .status,
        StatusCode::NOT_FOUND
    );
    for s in &links {
        assert_eq!(
            app.browser().get(&format!("/s/{s}")).await.status,
            StatusCode::OK
        );
    }

    // Table 1's card is lost: a new one for it alone.
    let card = admin
        .submit(&round, &format!("{round}/tables/1/card"), &[])
        .await;
    assert_eq!(card.status, StatusCode::OK, "{}", card.body);
    let fresh = secrets(&card.body);
    assert!(
        !fresh.is_empty() && fresh.iter().all(|s| *s == fresh[0]),
        "one card: {}",
        card.body
    );
    assert_ne!(fresh[0], links[0]);
    assert_eq!(
        app.browser().get(&format!("/s/{}", links[0])).await.status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        app.browser().get(&format!("/s/{}", fresh[0])).await.status,
        StatusCode::OK
    );
    assert_eq!(
        app.browser().get(&format!("/s/{}", links[1])).await.status,
        StatusCode::OK,
        "table 2 keeps its link"
    );
    let s = slug.clone();
    let events = app
        .state
        .db
        .run(move |conn| kartl::service::tournaments::audit_log(conn, &Actor::command_line(), &s))
        .await
        .unwrap();
    let reissued = events
        .iter()
        .find(|e| e.action == "link_reissued")
        .expect("audited");
    let detail: serde_json::Value = serde_json::from_str(&reissued.detail).unwrap();
    assert_eq!(detail, serde_json::json!({"round": 1, "table": 1}));

    // As a PDF, and never for a table the round does not have.
    let one = post_form(
        &admin,
        &round,
        &format!("{round}/tables/2/card"),
        &[("pdf", "yes")],
    )
    .await;
    one.assert_attachment(
        "application/pdf",
        &format!("{slug}-round-1-table-2-card.pdf"),
    );
    let text = pdf_text(&one.bytes);
    assert!(
        text.contains("Runde 1 · Tisch 2") && !text.contains("Tisch 1"),
        "{text}"
    );
    assert_eq!(
        app.browser().get(&format!("/s/{}", links[1])).await.status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        app.browser().get(&format!("/s/{}", fresh[0])).await.status,
        StatusCode::OK
    );
    let missing = admin
        .submit(&round, &format!("{round}/tables/9/card"), &[])
        .await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
}

async fn the_public_address_is_printed_with_its_qr_code_while_public(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let admin = app.setup().await;
    let built = watten(&app, None).await;
    let slug = built.slug.clone();
    let address = admin.url(&format!("/p/{slug}"));
    for path in [
        format!("/t/{slug}/rounds/1/seating"),
        format!("/p/{slug}/projector"),
        format!("/t/{slug}/report"),
    ] {
        let page = admin.get(&path).await;
        assert_eq!(page.status, StatusCode::OK, "{path}");
        let qr = crate::common::between(&page.body, "id=\"public-qr\"", "</figure>")
            .unwrap_or_else(|| panic!("no QR code on {path}"));
        assert!(qr.contains("<svg") && qr.contains(&address), "{path}: {qr}");
    }
    for path in [
        format!("/t/{slug}/rounds/1/seating.pdf"),
        format!("/t/{slug}/report.pdf"),
    ] {
        let got = download(&admin, &path).await;
        assert_eq!(got.status, StatusCode::OK, "{path}");
        let text = pdf_text(&got.bytes);
        assert!(
            text.contains("Ergebnisse live") && text.contains(&address),
            "{path}: {text}"
        );
    }

    // Private: no address to print.
    let private = admin
        .submit(
            &format!("/t/{slug}"),
            &format!("/t/{slug}/public"),
            &[("public", "off")],
        )
        .await;
    assert_eq!(private.status, StatusCode::SEE_OTHER, "{}", private.body);
    let page = admin.get(&format!("/t/{slug}/rounds/1/seating")).await;
    assert!(!page.body.contains("id=\"public-qr\""));
    let text = pdf_text(
        &download(&admin, &format!("/t/{slug}/report.pdf"))
            .await
            .bytes,
    );
    assert!(!text.contains("Ergebnisse live"), "{text}");
}

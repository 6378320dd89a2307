//! The consent for public display: set by the secretary on the player, honoured by every
//! public page and export of a played tournament (a walk over all of them finds no full name
//! of an initials or hidden player), while the secretary's own pages and downloads keep the
//! full name.

use super::{NAMES, two_evenings};
use crate::both_backends;
use crate::common::{Backend, Browser, TestApp};
use crate::exports::{download, pdf_text};
use calamine::{Reader, Xlsx};
use reqwest::StatusCode;

both_backends!(
    no_public_page_or_export_names_an_initials_or_hidden_player_in_full,
    the_secretary_s_own_pages_and_downloads_keep_the_full_name,
    a_consent_that_is_not_one_of_the_three_is_a_clear_400
);

/// Parts of p1's and p2's names: none may reach the public once p1 allows initials and p2
/// is hidden.
const SECRET: [&str; 4] = ["Annamirl", "Huberbauer", "Bartholomä", "Zangerl"];

pub async fn set_consent(admin: &Browser, player: i32, consent: &str) {
    let res = admin
        .submit(
            &format!("/spieler/{player}"),
            &format!("/spieler/{player}/consent"),
            &[("consent", consent), ("back", "")],
        )
        .await;
    assert_eq!(res.status, StatusCode::SEE_OTHER, "{}", res.body);
    assert_eq!(res.location(), Some(format!("/spieler/{player}").as_str()));
}

/// Every cell of every sheet of a workbook, as text.
fn xlsx_text(bytes: Vec<u8>) -> String {
    let mut wb: Xlsx<_> = calamine::open_workbook_from_rs(std::io::Cursor::new(bytes)).unwrap();
    let mut out = String::new();
    for name in wb.sheet_names() {
        let range = wb.worksheet_range(&name).unwrap();
        for row in range.rows() {
            for cell in row {
                out.push_str(&cell.to_string());
                out.push('\n');
            }
        }
    }
    out
}

/// What a visitor reads at `path`: the page, or the download's text.
async fn read(browser: &Browser, path: &str) -> (StatusCode, String) {
    let got = download(browser, path).await;
    let text = if path.ends_with(".pdf") && got.status == StatusCode::OK {
        pdf_text(&got.bytes)
    } else if path.ends_with(".xlsx") && got.status == StatusCode::OK {
        xlsx_text(got.bytes)
    } else {
        String::from_utf8_lossy(&got.bytes).into_owned()
    };
    (got.status, text)
}

/// Every public page and every export open to visitors of a public tournament.
fn public_paths(slug: &str, club: i32) -> Vec<String> {
    let mut paths: Vec<String> = [
        "/p/{slug}",
        "/p/{slug}/live",
        "/p/{slug}/projector",
        "/p/{slug}/rounds/1",
        "/p/{slug}/rounds/1/tables/1",
        "/p/{slug}/rounds/1/tables/2",
        "/p/{slug}/rounds/1/tables/1/deals/1/streitfall",
        "/p/{slug}/chart",
        "/p/{slug}/chart.svg",
        "/t/{slug}/report",
        "/t/{slug}/report.pdf",
        "/t/{slug}/standings.csv",
        "/t/{slug}/standings.csv?sep=semicolon",
        "/t/{slug}/rounds.csv",
        "/t/{slug}/results.xlsx",
        "/t/{slug}/tournament.json",
        "/api/v1/tournaments/{slug}/standings",
        "/api/v1/tournaments/{slug}/export.json",
        "/",
    ]
    .iter()
    .map(|p| p.replace("{slug}", slug))
    .collect();
    paths.extend((1..=4).map(|t| format!("/p/{slug}/entrants/t{t}")));
    paths.push(format!("/c/{club}"));
    paths
}

async fn no_public_page_or_export_names_an_initials_or_hidden_player_in_full(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let admin = app.setup().await;
    let (first, second) = two_evenings(&app).await;
    // Before: the full names are public (so the walk below can find them if they leak).
    let visitor = app.browser();
    let (_, before) = read(&visitor, &format!("/p/{}", first.slug)).await;
    assert!(
        before.contains(NAMES[0]) && before.contains(NAMES[1]),
        "{before}"
    );

    set_consent(&admin, first.players[0], "initials").await;
    set_consent(&admin, first.players[1], "hidden").await;
    // The second evening's p2 is another `players` row of the same name (the club's list
    // of players names it too): hidden as well.
    set_consent(&admin, second.players[1], "hidden").await;
    // Anonymous pages may reuse a change stamp read less than a second ago (the visit
    // above): wait that out, as any visitor a second later would.
    let ttl = kartl::web::public::cache::STAMP_TTL;
    tokio::time::sleep(ttl + std::time::Duration::from_millis(100)).await;

    let visitor = app.browser();
    for path in public_paths(&first.slug, first.club_id) {
        let (status, text) = read(&visitor, &path).await;
        assert_eq!(status, StatusCode::OK, "{path}: {text}");
        for secret in SECRET {
            assert!(!text.contains(secret), "{path} shows {secret:?}: {text}");
        }
    }
    // The team built from their names reads as they allow; the standings and its page say so.
    let (_, standings) = read(&visitor, &format!("/p/{}", first.slug)).await;
    assert!(standings.contains("A. H. / Spieler 2"), "{standings}");
    let (_, team) = read(&visitor, &format!("/p/{}/entrants/t1", first.slug)).await;
    // The title isolates the name (FSI … PDI), as every public title does.
    assert!(
        team.contains("<title>\u{2068}A. H. / Spieler 2\u{2069} ·"),
        "{team}"
    );
    // The player pages: initials shown, the hidden player's page does not exist.
    let (status, page) = read(&visitor, &format!("/spieler/{}", first.players[0])).await;
    assert_eq!(status, StatusCode::OK);
    assert!(
        page.contains("A. H.") && !SECRET.iter().any(|s| page.contains(s)),
        "{page}"
    );
    let (status, _) = read(&visitor, &format!("/spieler/{}", first.players[1])).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    // The others keep their full names.
    let (_, json) = read(&visitor, &format!("/t/{}/tournament.json", first.slug)).await;
    assert!(json.contains(NAMES[2]), "{json}");
}

async fn the_secretary_s_own_pages_and_downloads_keep_the_full_name(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let admin = app.setup().await;
    let (first, _) = two_evenings(&app).await;
    set_consent(&admin, first.players[0], "initials").await;
    set_consent(&admin, first.players[1], "hidden").await;
    let slug = &first.slug;
    for path in [
        format!("/t/{slug}/entrants"),
        format!("/t/{slug}/report.pdf"),
        format!("/t/{slug}/standings.csv"),
        format!("/t/{slug}/tournament.json"),
        format!("/spieler/{}", first.players[1]),
    ] {
        let (status, text) = read(&admin, &path).await;
        assert_eq!(status, StatusCode::OK, "{path}");
        assert!(
            text.contains("Annamirl") && text.contains("Huberbauer"),
            "{path}: {text}"
        );
    }
    // The entrants page offers the setting, showing the one stored.
    let (_, entrants) = read(&admin, &format!("/t/{slug}/entrants")).await;
    assert!(entrants.contains(&format!("action=\"/spieler/{}/consent\"", first.players[1])));
    assert!(
        entrants.contains("<option value=\"hidden\" selected>"),
        "{entrants}"
    );
    // The public preview the secretary sees is what the public sees.
    let (_, preview) = read(&admin, &format!("/p/{slug}")).await;
    assert!(!preview.contains("Huberbauer"), "{preview}");
}

async fn a_consent_that_is_not_one_of_the_three_is_a_clear_400(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let admin = app.setup().await;
    let (first, _) = two_evenings(&app).await;
    let player = first.players[0];
    let res = admin
        .submit(
            &format!("/spieler/{player}"),
            &format!("/spieler/{player}/consent"),
            &[("consent", "everyone")],
        )
        .await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST, "{}", res.body);
    assert!(res.body.contains("verborgen"), "{}", res.body);
    let (_, page) = read(&admin, &format!("/spieler/{player}")).await;
    assert!(
        page.contains("value=\"full\" checked"),
        "nothing changed: {page}"
    );
}

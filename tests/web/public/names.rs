//! A name stored before invisible and direction characters were refused (an old record, or a
//! row written past the entry check): shown raw, U+202E RIGHT-TO-LEFT OVERRIDE turns around
//! the text after it, the rest of the line and the browser tab's title. Every public page
//! shows a user's name isolated: in `<bdi>` in the body (HTML, "the bdi element"), between
//! U+2068 FIRST STRONG ISOLATE and U+2069 POP DIRECTIONAL ISOLATE, with the override dropped,
//! in the title (UAX #9, the Unicode Bidirectional Algorithm, X5c and X6a).

use super::*;
use crate::common::between;
use kartl::db::schema::{players, teams, tournaments as t};

both_backends!(a_stored_name_with_a_direction_override_is_isolated_on_the_public_pages);

const TEAM: &str = "Mannschaft \u{202E}1 lednoM";
const PLAYER: &str = "Watterin \u{202E}0 ardnaX";
const TOURNAMENT: &str = "Wattturnier \u{202E}gatnnoS";

/// Writes the three names straight into their rows, as an old database may hold them.
async fn store_raw_names(app: &TestApp, slug: &str) {
    use diesel::prelude::*;
    let slug = slug.to_string();
    app.state
        .db
        .run(move |conn| {
            diesel::update(t::table.filter(t::slug.eq(&slug)))
                .set(t::name.eq(TOURNAMENT))
                .execute(conn)?;
            diesel::update(teams::table.filter(teams::name.eq("Mannschaft 1")))
                .set(teams::name.eq(TEAM))
                .execute(conn)?;
            diesel::update(players::table.filter(players::name.eq("Watterin 0")))
                .set(players::name.eq(PLAYER))
                .execute(conn)?;
            Ok(())
        })
        .await
        .unwrap();
}

/// Every place `name` shows in `body` opens a `<bdi>` (or an isolate); the count of places.
fn isolated_places(path: &str, body: &str, name: &str) -> usize {
    let places: Vec<usize> = body.match_indices(name).map(|(i, _)| i).collect();
    for i in &places {
        let before = &body[..*i];
        assert!(
            before.ends_with("<bdi>") || before.ends_with('\u{2068}'),
            "{path}: {name:?} shown without isolation: …{}",
            &body[i.saturating_sub(80)..*i]
        );
    }
    places.len()
}

/// The page's title: no override, the tournament's name isolated.
fn title_is_isolated(path: &str, body: &str) {
    let title = between(body, "<title>", "</title>").unwrap();
    assert!(!title.contains('\u{202E}'), "{path}: {title:?}");
    assert!(
        title.contains("\u{2068}Wattturnier gatnnoS\u{2069}"),
        "{path}: {title:?}"
    );
}

async fn a_stored_name_with_a_direction_override_is_isolated_on_the_public_pages(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let slug = create(&app, true).await;
    store_raw_names(&app, &slug).await;
    // One confirmed deal, so the standings list the teams.
    let record = json!({"winner": "A", "points": 2});
    deal(
        &app,
        &slug,
        0,
        record,
        DealStatus::Confirmed,
        DealSource::Secretary,
    )
    .await;
    let team = {
        let slug = slug.clone();
        let d = app
            .state
            .db
            .run(move |conn| tournaments::get(conn, Some(&Actor::command_line()), &slug))
            .await
            .unwrap();
        let team = d.teams.iter().find(|x| x.name == TEAM).unwrap();
        team.entrant_id.clone()
    };
    let visitor = app.browser();
    let pages = [
        format!("/p/{slug}"),
        format!("/p/{slug}/live"),
        format!("/p/{slug}/rounds/1"),
        format!("/p/{slug}/entrants/{team}"),
    ];
    for path in &pages {
        let res = visitor.get(path).await;
        assert_eq!(res.status, StatusCode::OK, "{path}");
        let team_places = isolated_places(path, &res.body, TEAM);
        isolated_places(path, &res.body, PLAYER);
        let names = isolated_places(path, &res.body, TOURNAMENT);
        if !path.ends_with("/live") {
            title_is_isolated(path, &res.body);
            assert!(names > 0, "{path}: the tournament's name in the heading");
        }
        assert!(team_places > 0, "{path}: the team is shown");
    }
    // The team's own page names it in its title, and its player among the members.
    let own = visitor.get(&pages[3]).await.body;
    let title = between(&own, "<title>", "</title>").unwrap();
    assert!(
        title.starts_with("\u{2068}Mannschaft 1 lednoM\u{2069}"),
        "{title:?}"
    );
    assert!(isolated_places(&pages[3], &own, PLAYER) > 0, "the members");
}

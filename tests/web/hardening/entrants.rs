//! Item 5: two registrations of one name racing each other. The page's check reads the field
//! before the write; the write itself now compares the name (inside its transaction) and a
//! unique index on the normalised name per tournament stops the last race on PostgreSQL. The
//! loser reads a German message, and nothing is stored twice.

use super::post_raw;
use crate::both_backends;
use crate::common::{Backend, Browser, Reply, TestApp};
use reqwest::StatusCode;

both_backends!(
    simultaneous_posts_of_one_team_store_it_once,
    simultaneous_imports_of_one_list_store_it_once,
);

/// Club A's secretary, logged in, and a Watten tournament of the club still open for entries.
async fn open_tournament(app: &TestApp) -> (Browser, String) {
    let admin = app.setup().await;
    let sepp = crate::secretary::secretary(app, &admin, "Sepp").await;
    let slug = super::new_tournament(app, "SK Testverein", "Wattturnier", |_| {}).await;
    (sepp, slug)
}

/// Sends `bodies` to `path` all at once (each with the page's CSRF token).
async fn at_once(sepp: &Browser, slug: &str, path: &str, bodies: Vec<String>) -> Vec<Reply> {
    let page = format!("/t/{slug}/entrants");
    let tasks: Vec<_> = bodies
        .into_iter()
        .map(|body| {
            let (sepp, page, path) = (
                Browser {
                    client: sepp.client.clone(),
                    base: sepp.base.clone(),
                },
                page.clone(),
                path.to_string(),
            );
            tokio::spawn(async move { post_raw(&sepp, &page, &path, &body).await })
        })
        .collect();
    let mut replies = Vec::new();
    for t in tasks {
        replies.push(t.await.unwrap());
    }
    replies
}

fn count_ok(replies: &[Reply]) -> usize {
    for r in replies {
        assert!(!r.status.is_server_error(), "{}: {}", r.status, r.body);
    }
    replies
        .iter()
        .filter(|r| r.status == StatusCode::OK)
        .count()
}

async fn simultaneous_posts_of_one_team_store_it_once(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let (sepp, slug) = open_tournament(&app).await;
    let path = format!("/t/{slug}/teams");
    for trial in 0..5 {
        let body = format!("name=Team%20{trial}&member1=Anna%20{trial}&member2=Berta%20{trial}");
        let replies = at_once(&sepp, &slug, &path, vec![body; 4]).await;
        assert_eq!(count_ok(&replies), 1, "trial {trial}: one of four stored");
        for r in replies.iter().filter(|r| r.status == StatusCode::CONFLICT) {
            assert!(r.body.contains("gleichzeitig angemeldet"), "{}", r.body);
        }
    }
    let d = crate::secretary::stored(&app, &slug).await;
    assert_eq!(
        d.teams.len(),
        5,
        "{:?}",
        d.teams.iter().map(|t| &t.name).collect::<Vec<_>>()
    );
    assert_eq!(d.players.len(), 10);
}

async fn simultaneous_imports_of_one_list_store_it_once(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let (sepp, slug) = open_tournament(&app).await;
    let list = "list=Die%20Ersten%3BAnna%3BBerta%0ADie%20Zweiten%3BCarl%3BDora";
    let replies = at_once(
        &sepp,
        &slug,
        &format!("/t/{slug}/import"),
        vec![list.into(); 3],
    )
    .await;
    // An import that arrives after the first was stored finds the list's names in the club's
    // register and asks which are the same people (the register's preview, 200, nothing
    // stored): not a second store. Which imports run at the same moment depends on the
    // machine's load, so the preview is told apart from a store by its confirm field.
    let previews = replies
        .iter()
        .filter(|r| r.status == StatusCode::OK && r.body.contains("name=\"confirm\" value=\"1\""))
        .count();
    assert_eq!(
        count_ok(&replies) - previews,
        1,
        "one import of three stored"
    );
    let d = crate::secretary::stored(&app, &slug).await;
    assert_eq!(d.teams.len(), 2);
    assert_eq!(d.players.len(), 4);
}

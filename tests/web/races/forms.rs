//! The secretary's state forms sent a second time, one after the other (a double click that
//! came late, the browser's "resend", a second device with the same page): the repeat carries
//! the page's submission key and is answered as the first was, 303 back to the page, which
//! says "already done"; nothing changes twice and each change writes its one audit event.
//! Before, the repeat of an undraw, a draw or a reopening got a 409 or 422 page ("only the last
//! round drawn can be taken back", "close the current round first", "not finished"), and a
//! repeated swap swapped the seats back.

use crate::both_backends;
use crate::common::{Backend, Browser, Reply, csrf_in};
use crate::tables::{Desk, audit_events, desk};
use kartl::service::scoring::Confirmation;
use kartl::service::{Actor, tournaments};
use reqwest::StatusCode;

both_backends!(
    a_repeated_close_is_already_done,
    a_repeated_finish_is_already_done,
    a_repeated_undraw_is_already_done,
    a_repeated_draw_draws_one_round,
    a_repeated_finals_draw_draws_one_stage,
    a_repeated_round_reopening_reopens_once,
    a_repeated_tournament_reopening_reopens_once,
    a_repeated_swap_swaps_once,
);

/// The key of the form posting to `action` on a page.
fn key_in(body: &str, action: &str) -> Option<String> {
    let form = &body[body.find(&format!("action=\"{action}\""))?..];
    let at = form.find("name=\"key\" value=\"")? + "name=\"key\" value=\"".len();
    Some(form[at..].split('"').next()?.to_string())
}

/// Posts `page`'s form at `action` twice, with the page's CSRF token and key; both answers.
async fn twice(b: &Browser, page: &str, action: &str, fields: &[(&str, &str)]) -> [Reply; 2] {
    let body = b.get(page).await.body;
    let csrf = csrf_in(&body).unwrap();
    // A page without keys (the code before them) posts none: the repeat is then refused.
    let key = key_in(&body, action).unwrap_or_default();
    let mut all = vec![("csrf", csrf.as_str()), ("key", key.as_str())];
    all.extend_from_slice(fields);
    [b.post(action, &all).await, b.post(action, &all).await]
}

/// The first answer went on as usual, the second back to `to` saying "already done".
async fn done_then_already(b: &Browser, [first, second]: &[Reply; 2], to: &str) {
    assert_eq!(first.status, StatusCode::SEE_OTHER, "{}", first.body);
    assert!(!first.location().unwrap().contains("done=already"));
    assert_eq!(second.status, StatusCode::SEE_OTHER, "{}", second.body);
    let back = second.location().unwrap();
    assert_eq!(back, format!("{to}?done=already"));
    let page = b.get(back).await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(
        page.body.contains("Das war schon erledigt"),
        "{}",
        page.body
    );
}

async fn count(d: &Desk, action: &str) -> usize {
    let events = audit_events(&d.app, &d.slug).await;
    events.iter().filter(|e| e.action == action).count()
}

fn round(d: &Desk, n: i32) -> String {
    format!("/t/{}/rounds/{n}", d.slug)
}

async fn close(d: &Desk, n: i32) {
    let r = round(d, n);
    let res = d
        .sepp
        .submit(&r, &format!("{r}/close"), &[("anyway", "yes")])
        .await;
    assert_eq!(res.status, StatusCode::SEE_OTHER, "{}", res.body);
}

async fn a_repeated_close_is_already_done(backend: Backend) {
    let d = desk(&backend, Confirmation::OtherSide).await;
    let r = round(&d, 1);
    let answers = twice(&d.sepp, &r, &format!("{r}/close"), &[("anyway", "yes")]).await;
    done_then_already(&d.sepp, &answers, &r).await;
    assert_eq!(count(&d, "round_closed").await, 1);
}

async fn a_repeated_finish_is_already_done(backend: Backend) {
    let d = desk(&backend, Confirmation::OtherSide).await;
    close(&d, 1).await;
    let page = format!("/t/{}", d.slug);
    let answers = twice(&d.sepp, &page, &format!("{page}/finish"), &[]).await;
    done_then_already(&d.sepp, &answers, &page).await;
    assert_eq!(count(&d, "tournament_finished").await, 1);
}

async fn a_repeated_undraw_is_already_done(backend: Backend) {
    let d = desk(&backend, Confirmation::OtherSide).await;
    let r = round(&d, 1);
    let answers = twice(&d.sepp, &r, &format!("{r}/undraw"), &[]).await;
    done_then_already(&d.sepp, &answers, &format!("/t/{}", d.slug)).await;
    assert_eq!(count(&d, "round_undrawn").await, 1);
}

async fn a_repeated_draw_draws_one_round(backend: Backend) {
    let d = desk(&backend, Confirmation::OtherSide).await;
    close(&d, 1).await;
    let page = format!("/t/{}", d.slug);
    let drawn = count(&d, "round_drawn").await;
    let answers = twice(&d.sepp, &page, &format!("{page}/rounds"), &[]).await;
    done_then_already(&d.sepp, &answers, &page).await;
    assert_eq!(answers[0].location(), Some(round(&d, 2).as_str()));
    assert_eq!(count(&d, "round_drawn").await, drawn + 1);
}

async fn a_repeated_finals_draw_draws_one_stage(backend: Backend) {
    let d = desk(&backend, Confirmation::OtherSide).await;
    // Side A wins a game to 15 at both tables: two teams ahead of the cut of the best 2.
    for (table, _) in &d.tables {
        let deal = serde_json::json!({"winner": "A", "points": 3});
        d.app.seed_deals(*table, vec![deal; 5]).await;
    }
    close(&d, 1).await;
    let page = format!("/t/{}", d.slug);
    let answers = twice(&d.sepp, &page, &format!("{page}/finals"), &[("n", "2")]).await;
    done_then_already(&d.sepp, &answers, &page).await;
    assert_eq!(answers[0].location(), Some(round(&d, 2).as_str()));
    assert_eq!(
        count(&d, "round_drawn").await + count(&d, "finals_drawn").await,
        2
    );
}

async fn a_repeated_round_reopening_reopens_once(backend: Backend) {
    let d = desk(&backend, Confirmation::OtherSide).await;
    close(&d, 1).await;
    let r = round(&d, 1);
    let why = [("reason", "Tisch 2 nachgetragen")];
    let answers = twice(&d.sepp, &r, &format!("{r}/reopen"), &why).await;
    done_then_already(&d.sepp, &answers, &r).await;
    assert_eq!(count(&d, "round_reopened").await, 1);
}

async fn a_repeated_tournament_reopening_reopens_once(backend: Backend) {
    let d = desk(&backend, Confirmation::OtherSide).await;
    close(&d, 1).await;
    let page = format!("/t/{}", d.slug);
    let res = d.sepp.submit(&page, &format!("{page}/finish"), &[]).await;
    assert_eq!(res.status, StatusCode::SEE_OTHER, "{}", res.body);
    let why = [("reason", "Einspruch von Tisch 1")];
    let answers = twice(&d.sepp, &page, &format!("{page}/reopen"), &why).await;
    done_then_already(&d.sepp, &answers, &page).await;
    assert_eq!(count(&d, "tournament_reopened").await, 1);
}

/// Round 1's seats, table by table.
async fn seats(d: &Desk) -> Vec<Vec<String>> {
    let slug = d.slug.clone();
    let t = d
        .app
        .state
        .db
        .run(move |c| tournaments::get(c, Some(&Actor::command_line()), &slug))
        .await
        .unwrap();
    t.rounds[0].tables.iter().map(|x| x.seats.clone()).collect()
}

async fn a_repeated_swap_swaps_once(backend: Backend) {
    let d = desk(&backend, Confirmation::OtherSide).await;
    let r = round(&d, 1);
    let before = seats(&d).await;
    let pair = [("a", "t1"), ("b", "t3")];
    let answers = twice(&d.sepp, &r, &format!("{r}/swap"), &pair).await;
    // The first swap answers with the round page (200), saying "swapped".
    assert_eq!(answers[0].status, StatusCode::OK, "{}", answers[0].body);
    assert_eq!(
        answers[1].status,
        StatusCode::SEE_OTHER,
        "{}",
        answers[1].body
    );
    assert_eq!(
        answers[1].location(),
        Some(format!("{r}?done=already").as_str())
    );
    assert_eq!(count(&d, "seats_swapped").await, 1);
    assert_ne!(seats(&d).await, before, "swapped, not back");
}

//! The world the access test runs in: an administrator, two clubs with a logged-in secretary
//! each, a private tournament of club A (round 1 drawn, scorer links for tables 1 and 2), a
//! public tournament of club B, a season per club, an imported tournament in sessions per club
//! (club A's private, club B's public), and the seven principals' browsers.

use super::subjects::{Object, Principal};
use crate::common::fixture::{self, Spec};
use crate::common::{Browser, TestApp, between, reset_code_in};
use kartl::clock::Clock;
use kartl::db::models::User;
use kartl::service::scoring::links;
use kartl::service::{Actor, seasons};
use kartl::tournament::scheme::SeasonCount;
use reqwest::StatusCode;

pub const CLUB_A: &str = "SK Testverein";
pub const CLUB_B: &str = "Zweiter Verein";

pub struct World {
    pub principals: Vec<(Principal, Browser)>,
    pub tournament_a: String,
    pub tournament_b: String,
    pub sessions_a: String,
    pub sessions_b: String,
    pub season_a: String,
    pub season_b: String,
    pub link1: String,
    pub link2: String,
    pub user_a: i32,
    pub user_b: i32,
    /// An entrant (the first seat of round 1's table 1) of tournament A and of B, for the
    /// public entrant pages.
    pub entrant_a: String,
    pub entrant_b: String,
    /// The clubs' ids, for their public pages (`/c/{id}`).
    pub club_a: i32,
    pub club_b: i32,
    /// A player of tournament A and of B (`players` ids), for the player pages.
    pub player_a: i32,
    pub player_b: i32,
}

impl World {
    pub fn browser(&self, who: Principal) -> &Browser {
        &self
            .principals
            .iter()
            .find(|(p, _)| *p == who)
            .expect("every principal has a browser")
            .1
    }

    /// The path with its placeholders filled for `object`.
    pub fn fill(&self, pattern: &str, object: Object) -> String {
        let value = match object {
            Object::None => "",
            Object::TournamentA => &self.tournament_a,
            Object::TournamentB => &self.tournament_b,
            Object::SessionsA => &self.sessions_a,
            Object::SessionsB => &self.sessions_b,
            Object::SeasonA => &self.season_a,
            Object::SeasonB => &self.season_b,
            Object::LinkTable1 => &self.link1,
            Object::LinkTable2 => &self.link2,
            Object::ForgedLink => {
                "0000000000000000000000000000000000000000000000000000000000000000"
            }
            Object::UserA => &self.user_a.to_string(),
            Object::UserB => &self.user_b.to_string(),
            Object::PlayerA => &self.player_a.to_string(),
            Object::PlayerB => &self.player_b.to_string(),
        };
        if pattern.starts_with("/c/") {
            // A club's public page: the club of the tournament.
            let club = match object {
                Object::TournamentA => self.club_a,
                _ => self.club_b,
            };
            return pattern.replace("{id}", &club.to_string());
        }
        if pattern.starts_with("/p/") {
            // The public pages' `{id}` is an entrant of the tournament, not an account.
            let entrant = match object {
                Object::TournamentA => &self.entrant_a,
                Object::TournamentB => &self.entrant_b,
                _ => value,
            };
            return pattern
                .replace("{slug}", value)
                .replace("{id}", entrant)
                .replace("{n}", "1")
                .replace("{t}", "1")
                .replace("{d}", "1");
        }
        pattern
            .replace("{slug}", value)
            .replace("{token}", value)
            .replace("{id}", value)
            .replace("{n}", "1")
            .replace("{t}", "1")
            .replace("{d}", "1")
            .replace("{game}", "gaigel")
            .replace("{tag}", "en")
            .replace("{name}", "kartl.css")
    }
}

/// A club made by the administrator, with a secretary who set a password and logged in.
async fn club_with_secretary(app: &TestApp, admin: &Browser, club: &str, name: &str) -> Browser {
    let _ = admin
        .submit("/admin", "/admin/clubs", &[("name", club)])
        .await;
    let page = admin.get("/admin").await;
    let id = page
        .body
        .split("<option value=\"")
        .skip(1)
        .find(|o| between(o, ">", "<").as_deref() == Some(club))
        .and_then(|o| o.split('"').next())
        .unwrap_or_else(|| panic!("club {club} on the admin page"))
        .to_string();
    let res = admin
        .submit(
            "/admin",
            "/admin/secretaries",
            &[("name", name), ("club", &id)],
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.body);
    let password = format!("{name}s geheimes Passwort");
    let res = app
        .browser()
        .redeem(name, &reset_code_in(&res.body), &password)
        .await;
    assert_eq!(res.status, StatusCode::SEE_OTHER, "{}", res.body);
    let browser = app.browser();
    let res = browser.login(name, &password).await;
    assert_eq!(res.status, StatusCode::SEE_OTHER, "{}", res.body);
    browser
}

pub async fn build(app: &TestApp) -> World {
    let admin = app.setup().await;
    let sepp = club_with_secretary(app, &admin, CLUB_A, "Sepp").await;
    let vroni = club_with_secretary(app, &admin, CLUB_B, "Vroni").await;
    let now = app.clock.now();
    let (
        (tournament_a, entrant_a, club_a, player_a),
        (tournament_b, entrant_b, club_b, player_b),
        season_a,
        season_b,
        links,
        user_a,
        user_b,
    ) = app
        .state
        .db
        .run(move |conn| {
            let actor = Actor::command_line();
            let mut make = |club: &str, name: &str, public: bool| {
                let spec = Spec {
                    club: club.into(),
                    name: name.into(),
                    public,
                    players: (0..8).map(|i| format!("{name} Spieler {i}")).collect(),
                    cards: false,
                    ..Spec::new(kartl::rules::Game::Watten)
                };
                let built = fixture::build(conn, now, &spec)?;
                let season = seasons::create(
                    conn,
                    &actor,
                    now,
                    built.club_id,
                    &format!("Saison {club}"),
                    SeasonCount::All,
                )?;
                let entrant = built.seats[0][0].clone();
                let player = kartl::service::tournaments::get(conn, Some(&actor), &built.slug)?
                    .players[0]
                    .player_id;
                Ok::<_, kartl::error::AppError>((
                    (built.slug, entrant, built.club_id, player),
                    season,
                ))
            };
            let ((a, entrant_a, club_a, player_a), season_a) =
                make(CLUB_A, "Vereinsmeisterschaft A", false)?;
            let ((b, entrant_b, club_b, player_b), season_b) = make(CLUB_B, "Preiswatten B", true)?;
            let cards = links::issue_cards(conn, &actor, now, &a, 1)?;
            let links: Vec<String> = cards.cards.into_iter().map(|c| c.token).collect();
            let user = |conn: &mut _, name| {
                User::by_name(conn, name).map(|u| u.map(|(u, _)| u.id.0).unwrap_or(0))
            };
            let (user_a, user_b) = (user(conn, "Sepp")?, user(conn, "Vroni")?);
            Ok((
                (a, entrant_a, club_a, player_a),
                (b, entrant_b, club_b, player_b),
                season_a,
                season_b,
                links,
                user_a,
                user_b,
            ))
        })
        .await
        .unwrap();
    assert_eq!(links.len(), 2, "round 1 of tournament A has two tables");
    let sessions_a = crate::exports::stored_tournament(app, CLUB_A, false).await;
    let sessions_b = crate::exports::stored_tournament(app, CLUB_B, true).await;
    let player = app.browser();
    let _ = player.get("/").await;
    let scorer1 = app.browser();
    let scorer2 = app.browser();
    assert_eq!(
        scorer1.get(&format!("/s/{}", links[0])).await.status,
        StatusCode::OK
    );
    assert_eq!(
        scorer2.get(&format!("/s/{}", links[1])).await.status,
        StatusCode::OK
    );
    World {
        principals: vec![
            (Principal::Anonymous, app.browser()),
            (Principal::Player, player),
            (Principal::ScorerTable1, scorer1),
            (Principal::ScorerTable2, scorer2),
            (Principal::SecretaryClubA, sepp),
            (Principal::SecretaryClubB, vroni),
            (Principal::Admin, admin),
        ],
        tournament_a,
        tournament_b,
        sessions_a,
        sessions_b,
        season_a,
        season_b,
        link1: links[0].clone(),
        link2: links[1].clone(),
        user_a,
        user_b,
        entrant_a,
        entrant_b,
        club_a,
        club_b,
        player_a,
        player_b,
    }
}

//! `/tournaments/new`: the form to create a tournament. Choosing a game (or variant) reloads
//! the form with that game's defaults: a small GET form the server answers, which
//! `static/kartl.js` submits on change (without script, its button does).

use crate::auth::Role;
use crate::db::models::Club;
use crate::rules::Game;
use crate::rules::Variant;
use crate::rules::match_record::Options;
use crate::service::tournaments::{self, NewTournament};
use crate::web::AppError;
use crate::web::ctx::CsrfForm;
use crate::web::ctx::Ctx;
use crate::web::page::Page;
use crate::web::secretary::access;
use crate::web::secretary::choices::{self, Choice};
use crate::web::secretary::new_form::TournamentSpec;
use crate::web::secretary::new_form::{
    NewTournamentForm, Shown, enum_of, format_of, name_of, three_players,
};
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use askama::Template;

/// The game and variant chosen in the small form at the top.
#[derive(serde::Deserialize)]
pub struct Chosen {
    #[serde(default)]
    pub game: String,
    #[serde(default)]
    pub variant: String,
    /// Watten: `3` for three-player Watten.
    #[serde(default)]
    pub players: String,
    /// What was typed before the game changed (changing "Spiel" wiped the name).
    #[serde(default)]
    pub name: String,
    #[serde(default)]
    pub date: String,
    #[serde(default)]
    pub place: String,
}

#[derive(Template)]
#[template(path = "tournament_new.html")]
pub struct NewTournamentPage {
    pub page: Page,
    pub csrf: String,
    pub form: NewTournamentForm,
    pub shown: Shown,
    pub games: Vec<Choice>,
    pub variants: Vec<Choice>,
    pub sevens: Vec<Choice>,
    /// Gaigel: a lost Dissle single or double; übergaigeln caught; a melded pair's card.
    pub dissle_lost: Vec<Choice>,
    pub overgaigel: Vec<Choice>,
    pub pair_card: Vec<Choice>,
    pub fills: Vec<Choice>,
    pub schemes: Vec<Choice>,
    pub draws: Vec<Choice>,
    /// Watten: four in teams, or three (one alone against two).
    pub players: Vec<Choice>,
    /// The format in words (it follows from the variant).
    pub format_words: String,
    pub errors: Vec<String>,
    /// The administrator chooses the club; empty for a secretary.
    pub clubs: Vec<Choice>,
    /// The tie-break places (`tb1`..`tb3`), each with what the format offers.
    pub tiebreaks: Vec<(String, Vec<Choice>)>,
    /// The "Preisliste" fields as typed.
    pub prize_text: crate::web::secretary::prize_form::PrizeText,
}

/// Renders the form as filled in, with the messages of what is wrong.
pub async fn render(
    mut ctx: Ctx,
    status: StatusCode,
    form: NewTournamentForm,
    errors: Vec<&'static str>,
) -> Result<HttpResponse, AppError> {
    let l = ctx.locale;
    let game = enum_of::<Game>(&form.game).unwrap_or(Game::Watten);
    let variant = enum_of::<Variant>(&form.variant)
        .filter(|v| v.game() == game)
        .unwrap_or(Variant::default_for(game));
    let three = three_players(game, &form.players);
    let format = format_of(variant, three);
    let clubs = if ctx.require_user()?.role == Role::Admin {
        let all = ctx.state.db.run(|conn| Ok(Club::all(conn)?)).await?;
        all.into_iter()
            .map(|c| Choice {
                selected: c.id.to_string() == form.club,
                value: c.id.to_string(),
                label: c.name,
            })
            .collect()
    } else {
        Vec::new()
    };
    let page_data = NewTournamentPage {
        csrf: ctx.csrf_token().await?,
        page: ctx.page().await?,
        shown: Shown::for_form(variant, three),
        players: choices::keyed(l, "players", &["4", "3"], &form.players),
        games: choices::games(l, &form.game),
        variants: choices::variants(l, game, &form.variant),
        sevens: choices::keyed(
            l,
            "sevens",
            &["none", "five_sevens", "auf_dissle", "auf_siebener"],
            &form.sevens,
        ),
        dissle_lost: choices::keyed(l, "dissle-lost", &["single", "double"], &form.dissle_lost),
        overgaigel: choices::keyed(
            l,
            "overgaigel",
            &["at_once", "on_accusation"],
            &form.overgaigel,
        ),
        pair_card: choices::keyed(l, "pair-card", &["free", "next_trick"], &form.pair_card),
        fills: choices::keyed(l, "fill", &["byes", "four_tables"], &form.fill),
        schemes: choices::keyed(l, "scheme", &["games", "wattkoenig"], &form.scheme),
        draws: choices::draws(l, format, game == Game::Watten, &form.draw),
        format_words: l.t(&format!("format-{}", name_of(&format))),
        tiebreaks: tiebreak_places(l, game, format, three, &form),
        errors: errors.into_iter().map(|e| l.t(e)).collect(),
        clubs,
        prize_text: form.prize_text(),
        form,
    };
    ctx.render(status, &page_data)
}

/// The new form's three tie-break places. Watten in `rounds` offers the Wattkönig scheme's
/// columns too (the scheme is chosen on the same form; the choice is checked against it on
/// submit); the other games have no Wattkönig scheme, so not its columns either.
fn tiebreak_places(
    l: crate::web::i18n::Locale,
    game: Game,
    format: crate::tournament::format::Format,
    three: bool,
    form: &NewTournamentForm,
) -> Vec<(String, Vec<Choice>)> {
    use crate::tournament::tiebreak::{Kind, offered};
    let kind = Kind {
        format,
        game,
        scheme: if game == Game::Watten {
            crate::tournament::format::Scheme::Wattkoenig { bonus: 10 }
        } else {
            crate::tournament::format::Scheme::Games
        },
        three_player_watten: three && game == Game::Watten,
    };
    let offered = offered(kind);
    [&form.tb1, &form.tb2, &form.tb3]
        .iter()
        .enumerate()
        .map(|(i, current)| {
            let mut list = vec![Choice {
                value: String::new(),
                label: "–".into(),
                selected: current.is_empty(),
            }];
            list.extend(offered.iter().map(|c| Choice {
                value: c.key().into(),
                label: crate::report::column_label(*c, l.rules_lang()),
                selected: current.as_str() == c.key(),
            }));
            (format!("tb{}", i + 1), list)
        })
        .collect()
}

/// Today in the service's clock, as the date field wants it.
pub fn today(ctx: &Ctx) -> String {
    ctx.state.clock.now().date().format("%Y-%m-%d").to_string()
}

pub async fn new_form(ctx: Ctx, chosen: web::Query<Chosen>) -> Result<HttpResponse, AppError> {
    ctx.require_user()?;
    let game = enum_of::<Game>(&chosen.game).unwrap_or(Game::Watten);
    let variant = enum_of::<Variant>(&chosen.variant);
    let date = match chosen.date.trim() {
        "" => today(&ctx),
        typed => typed.to_string(),
    };
    let mut form = NewTournamentForm::defaults(game, variant, &date).with_players(&chosen.players);
    form.name = chosen.name.clone();
    form.place = chosen.place.clone();
    render(ctx, StatusCode::OK, form, Vec::new()).await
}
/// Creates the tournament (private, no entrants yet) and opens its page.
pub async fn create(
    CsrfForm(ctx, form): CsrfForm<NewTournamentForm>,
) -> Result<HttpResponse, AppError> {
    let actor = access::actor(&ctx)?;
    let user = ctx.require_user()?;
    let club_id = match (user.role, user.club_id) {
        (Role::Admin, _) => form.club.trim().parse::<i32>().ok(),
        (_, club) => club,
    };
    let spec = TournamentSpec::try_from(&form);
    let (Ok(spec), Some(club_id)) = (&spec, club_id) else {
        let mut errors = spec.err().unwrap_or_default();
        if club_id.is_none() {
            errors.push("error-club");
        }
        return render(ctx, StatusCode::UNPROCESSABLE_ENTITY, form, errors).await;
    };
    let mut settings = spec.settings.clone();
    if (settings.tiebreaks.iter().flatten())
        .any(|c| *c == crate::tournament::standings::Column::Lot)
    {
        settings.lot_seed = Some(crate::service::draws::random_seed()?);
    }
    let new = NewTournament {
        club_id,
        name: spec.name.as_str().to_string(),
        date: Some(spec.date),
        place: Some(spec.place.clone()).filter(|p| !p.is_empty()),
        game: spec.game,
        variant: Some(spec.variant),
        target: spec.target,
        options: Some(spec.options.clone()).filter(|o| *o != Options::default()),
        format: spec.format,
        settings: Some(settings),
        public: false,
    };
    let now = ctx.state.clock.now();
    let slug = ctx
        .state
        .db
        .run(move |conn| tournaments::create(conn, &actor, now, &new))
        .await?;
    Ok(ctx.redirect(&access::href(&slug)))
}

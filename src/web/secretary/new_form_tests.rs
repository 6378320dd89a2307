//! The new-tournament form: defaults per game, house rules stored only where they differ,
//! and every wrong field reported at once.

use super::*;
use crate::rules::figures::cards::Variant as Figures;
use crate::tournament::format::Scheme;
use serde_json::{Value, json};

fn form(game: Game, variant: Option<Variant>) -> NewTournamentForm {
    let mut f = NewTournamentForm::defaults(game, variant, "2026-11-21");
    f.name = "Herbstturnier".into();
    f
}

#[test]
fn each_game_has_its_sensible_defaults() {
    let cases = [
        (
            Game::Watten,
            None,
            Variant::Watten(Watten::Tyrolean),
            Some(15),
        ),
        (
            Game::Perlaggen,
            None,
            Variant::Figures(Figures::Innsbruck),
            Some(18),
        ),
        (
            Game::Giltspiel,
            None,
            Variant::Figures(Figures::GiltStandard),
            Some(11),
        ),
        (Game::Gaigel, None, Variant::Gaigel(Gaigel::Four), None),
        (
            Game::Gaigel,
            Some(Variant::Gaigel(Gaigel::Three)),
            Variant::Gaigel(Gaigel::Three),
            None,
        ),
    ];
    for (game, asked, variant, target) in cases {
        let f = form(game, asked);
        assert_eq!(
            f.target,
            target.map(|t| t.to_string()).unwrap_or_default(),
            "{game:?}"
        );
        let spec = TournamentSpec::try_from(&f).unwrap();
        assert_eq!((spec.game, spec.variant), (game, variant));
        // The defaults are stored as defaults: no target, no options beyond Rutesheim's.
        assert_eq!(spec.target, None);
        assert_eq!(spec.file().target(), target);
        if variant != Variant::Gaigel(Gaigel::Three) {
            assert_eq!(spec.options, Default::default());
            assert_eq!(spec.format, Format::Rounds);
        }
    }
    assert_eq!(form(Game::Gaigel, None).strokes, "10");
}

#[test]
fn rutesheim_is_three_sessions_of_ten_deals_in_game_points() {
    let spec = TournamentSpec::try_from(&form(Game::Gaigel, Some(Variant::Gaigel(Gaigel::Three))))
        .unwrap();
    assert_eq!(spec.format, Format::Sessions);
    assert_eq!(
        serde_json::to_value(&spec.options).unwrap(),
        json!({"scoring": "rutesheim"})
    );
    assert_eq!((spec.settings.sessions, spec.settings.deals), (3, 10));
    assert!(spec.file().problems().is_empty());
}

#[test]
fn a_variant_of_another_game_falls_back_to_the_games_default() {
    let f = NewTournamentForm::defaults(Game::Watten, Some(Variant::Gaigel(Gaigel::Three)), "");
    assert_eq!(f.variant, "tyrolean");
    let mut f = form(Game::Watten, None);
    f.variant = "three".into();
    assert_eq!(TournamentSpec::try_from(&f), Err(vec!["error-variant"]));
}

#[test]
fn house_rules_are_stored_where_they_differ_from_the_defaults() {
    let mut f = form(Game::Watten, Some(Variant::Watten(Watten::Bavarian)));
    assert_eq!((f.farbe.as_str(), f.schneider.as_str()), ("", ""));
    f.machine = "on".into();
    f.gespannt_from = "8".into();
    f.target = "11".into();
    let spec = TournamentSpec::try_from(&f).unwrap();
    let want = json!({"machine": true, "gespannt_from": 8});
    assert_eq!(serde_json::to_value(&spec.options).unwrap(), want);
    assert_eq!(spec.target, None);

    let mut f = form(Game::Watten, None);
    f.farbe = String::new();
    f.target = "18".into();
    f.draw = "wattkoenig".into();
    f.scheme = "wattkoenig".into();
    let spec = TournamentSpec::try_from(&f).unwrap();
    assert_eq!(
        serde_json::to_value(&spec.options).unwrap(),
        json!({"farbe": false})
    );
    assert_eq!(spec.target, Some(18));
    assert_eq!(spec.settings.draw, DrawMethod::Wattkoenig);
    assert_eq!(spec.settings.scheme, Scheme::Wattkoenig { bonus: 10 });

    let mut f = form(Game::Gaigel, None);
    f.strokes = "5".into();
    f.sevens = "auf_dissle".into();
    let spec = TournamentSpec::try_from(&f).unwrap();
    let want = json!({"strokes": 5, "sevens": "auf_dissle"});
    assert_eq!(serde_json::to_value(&spec.options).unwrap(), want);
}

#[test]
fn every_wrong_field_is_reported_at_once() {
    let mut f = form(Game::Watten, Some(Variant::Watten(Watten::Bavarian)));
    f.name = "  ".into();
    f.date = "morgen".into();
    f.target = "zwei".into();
    f.gespannt_from = "10".into();
    f.games = "0".into();
    f.draw = "lottery".into();
    let got = TournamentSpec::try_from(&f).unwrap_err();
    for want in [
        "error-tournament-name",
        "error-date",
        "error-target",
        "error-gespannt-from",
        "error-games",
        "error-draw",
    ] {
        assert!(got.contains(&want), "{want} missing from {got:?}");
    }
}

#[test]
fn sessions_refuse_the_rotation_and_four_tables_with_ten_deals() {
    let mut f = form(Game::Gaigel, Some(Variant::Gaigel(Gaigel::Three)));
    f.draw = "wattkoenig".into();
    f.fill = "four_tables".into();
    f.sessions = "0".into();
    let got = TournamentSpec::try_from(&f).unwrap_err();
    assert_eq!(got, ["error-draw", "error-sessions", "error-fill"]);
    f.draw = "swiss".into();
    f.sessions = "4".into();
    f.deals = "9".into();
    let spec = TournamentSpec::try_from(&f).unwrap();
    assert_eq!(
        (spec.settings.fill, spec.settings.sessions),
        (Fill::FourTables, 4)
    );
}

#[test]
fn a_typed_german_date_is_understood() {
    assert_eq!(
        parse_date("21.11.2026"),
        NaiveDate::from_ymd_opt(2026, 11, 21)
    );
    assert_eq!(
        parse_date("2026-11-21"),
        NaiveDate::from_ymd_opt(2026, 11, 21)
    );
    assert_eq!(parse_date("31.02.2026"), None);
}

#[test]
fn gaigel_has_no_wattkoenig_scheme() {
    let mut f = form(Game::Gaigel, None);
    f.scheme = "wattkoenig".into();
    assert_eq!(TournamentSpec::try_from(&f), Err(vec!["error-scheme"]));
}

#[test]
fn three_player_watten_is_played_in_sessions_with_the_option() {
    let mut f = form(Game::Watten, Some(Variant::Watten(Watten::Bavarian))).with_players("3");
    assert_eq!(f.format, "sessions");
    let spec = TournamentSpec::try_from(&f).unwrap();
    assert_eq!(spec.format, Format::Sessions);
    assert_eq!(spec.options.players, Some(3));
    assert!(spec.file().three_player_watten());
    assert_eq!(spec.settings.sessions, 3);
    // Four (or two) players is the default: no option stored, rounds.
    f.players = "4".into();
    f.format = "rounds".into();
    let spec = TournamentSpec::try_from(&f).unwrap();
    assert_eq!((spec.format, spec.options.players), (Format::Rounds, None));
    // Anything else is named as the wrong field; a Gaigel form ignores the field.
    f.players = "5".into();
    assert!(
        TournamentSpec::try_from(&f)
            .unwrap_err()
            .contains(&"error-players")
    );
    let mut g = form(Game::Gaigel, None).with_players("3");
    assert_eq!(g.players, "");
    g.players = "3".into();
    assert_eq!(TournamentSpec::try_from(&g).unwrap().format, Format::Rounds);
}

#[test]
fn the_form_stores_a_chosen_tie_break_order_and_refuses_what_the_format_lacks() {
    use crate::tournament::standings::Column;
    let f = form(Game::Watten, None);
    assert_eq!(
        TournamentSpec::try_from(&f).unwrap().settings.tiebreaks,
        None
    );
    let mut f = form(Game::Watten, None);
    f.tb1 = "head_to_head".into();
    f.tb3 = "lot".into();
    let spec = TournamentSpec::try_from(&f).unwrap();
    let want = vec![Column::HeadToHead, Column::Lot];
    assert_eq!(spec.settings.tiebreaks, Some(want));
    // Games won belongs to the Wattkönig scheme; counts to Rutesheim sessions; twice is wrong.
    for (tb1, tb2) in [
        ("games_won", ""),
        ("counts", ""),
        ("lot", "lot"),
        ("coin", ""),
    ] {
        let mut f = form(Game::Watten, None);
        f.tb1 = tb1.into();
        f.tb2 = tb2.into();
        assert_eq!(
            TournamentSpec::try_from(&f).unwrap_err(),
            ["error-tiebreaks"]
        );
    }
    let mut f = form(Game::Watten, None);
    f.scheme = "wattkoenig".into();
    f.tb1 = "games_won".into();
    assert!(TournamentSpec::try_from(&f).is_ok());
}

/// The options the form builds, as JSON.
fn options_of(f: &NewTournamentForm) -> Value {
    serde_json::to_value(TournamentSpec::try_from(f).unwrap().options).unwrap()
}

#[test]
fn gaigels_two_way_house_rules_are_stored_only_when_changed() {
    // The defaults are the referee's: nothing stored (docs/rules/gaigel.md 12.4, 12.7).
    let f = form(Game::Gaigel, None);
    let defaults = (
        f.dissle_lost.as_str(),
        f.overgaigel.as_str(),
        f.pair_card.as_str(),
    );
    assert_eq!(defaults, ("single", "at_once", "free"));
    let mut f = form(Game::Gaigel, None);
    f.sevens = "auf_dissle".into();
    assert_eq!(options_of(&f), json!({"sevens": "auf_dissle"}));
    f.dissle_lost = "double".into();
    f.overgaigel = "on_accusation".into();
    f.pair_card = "next_trick".into();
    let want = json!({"sevens": "auf_dissle", "dissle_lost": "double",
        "overgaigel": "on_accusation", "pair_card": "next_trick"});
    assert_eq!(options_of(&f), want);
    // A lost Dissle exists only auf Dissle: elsewhere the field is ignored.
    f.sevens = "auf_siebener".into();
    let want = json!({"sevens": "auf_siebener", "overgaigel": "on_accusation",
        "pair_card": "next_trick"});
    assert_eq!(options_of(&f), want);
    // An unknown value is named as the wrong field.
    f.overgaigel = "sometimes".into();
    f.pair_card = "first".into();
    assert_eq!(
        TournamentSpec::try_from(&f).unwrap_err(),
        ["error-overgaigel", "error-pair-card"]
    );
    f.sevens = "auf_dissle".into();
    f.overgaigel = "at_once".into();
    f.pair_card = "free".into();
    f.dissle_lost = "triple".into();
    assert_eq!(
        TournamentSpec::try_from(&f).unwrap_err(),
        ["error-dissle-lost"]
    );
    // A Watten form ignores Gaigel's fields.
    let mut w = form(Game::Watten, None);
    w.overgaigel = "on_accusation".into();
    assert_eq!(options_of(&w), json!({}));
}

#[test]
fn watten_card_options_belong_to_their_variant() {
    // kritische_forced (docs/rules/watten.md, options table): off by default, kritische only.
    let mut f = form(Game::Watten, Some(Variant::Watten(Watten::Kritische)));
    assert_eq!(f.kritische_forced, "");
    assert_eq!(options_of(&f), json!({}));
    f.kritische_forced = "on".into();
    assert_eq!(options_of(&f), json!({"kritische_forced": true}));
    f.weli_bell = String::new();
    assert_eq!(options_of(&f), json!({"kritische_forced": true}));
    // weli_bell: on by default in guate, stored only when switched off; guate only.
    let mut f = form(Game::Watten, Some(Variant::Watten(Watten::Guate)));
    assert_eq!(f.weli_bell, "on");
    assert_eq!(options_of(&f), json!({}));
    f.kritische_forced = "on".into();
    assert_eq!(options_of(&f), json!({}));
    f.weli_bell = String::new();
    assert_eq!(options_of(&f), json!({"weli_bell": false}));
    let mut f = form(Game::Watten, None);
    assert_eq!(f.weli_bell, "");
    f.weli_bell = "on".into();
    f.kritische_forced = "on".into();
    assert_eq!(options_of(&f), json!({}));
}

#[test]
fn the_opponents_exchange_belongs_to_eichelperlaggen() {
    // docs/rules/figures.md, Eichelperlaggen "The Deal": Imst and Tarrenz.
    let mut f = form(Game::Perlaggen, Some(Variant::Figures(Figures::Eichel)));
    assert_eq!(f.opponents_exchange, "");
    assert_eq!(options_of(&f), json!({}));
    f.opponents_exchange = "on".into();
    assert_eq!(options_of(&f), json!({"opponents_exchange": true}));
    let mut f = form(Game::Perlaggen, None);
    f.opponents_exchange = "on".into();
    assert_eq!(options_of(&f), json!({}));
}

use super::{deal_words, score_now};
use crate::rules::common::Pair;
use crate::rules::gaigel::{self, Seats, TallyReport};
use crate::rules::players::Seat;
use crate::rules::players::Trio;
use crate::rules::watten::three;
use crate::rules::{Report, watten};
use crate::web::i18n::Locale;

fn watten(points: (u32, u32), score: (u32, u32)) -> Report {
    Report::Watten(watten::Report {
        valid: true,
        errors: Vec::new(),
        deals: vec![watten::DealResult {
            points: Pair::new(points.0, points.1),
            score: Pair::new(score.0, score.1),
            stake: points.0.max(points.1),
            gestrichen: watten::Sides::default(),
            game_over: None,
        }],
        games: Vec::new(),
        tally: Pair::new(0, 0),
        rulings: Vec::new(),
    })
}

#[test]
fn a_team_of_two_at_a_table_of_three_is_named_whole() {
    // Rules text 004, Bavarian Watten for three: "If the team wins both players score".
    let report = Report::WattenThree(three::Report {
        valid: true,
        errors: Vec::new(),
        deals: vec![three::DealResult {
            alone: Seat::P2,
            points: Trio::from_array([2, 0, 2]),
            score: Trio::from_array([2, 0, 2]),
            stake: 2,
            gestrichen: Vec::new(),
            game_over: None,
        }],
        games: Vec::new(),
        tally: Trio::from_array([0, 0, 0]),
        rulings: Vec::new(),
    });
    assert_eq!(
        deal_words(Locale::De, &report, 0),
        "P1 + P3 schreiben 2, Stand 2:0:2"
    );
    assert_eq!(
        deal_words(Locale::En, &report, 0),
        "P1 + P3 score 2, score 2:0:2"
    );
    assert_eq!(score_now(&report, 1), "2:0:2");
}

fn rutesheim_deal(winner: &'static str, points: [u32; 3]) -> gaigel::DealReport {
    gaigel::DealReport {
        points: Seats {
            sides: 3,
            values: [0, 0, 0],
        },
        winner: Some(winner),
        double: false,
        strokes: None,
        game_points: Some(Seats {
            sides: 3,
            values: points,
        }),
        game_over: None,
    }
}

#[test]
fn a_rutesheim_deal_reads_the_totals_after_it() {
    // Rules text 002 (SKV Rutesheim): the game points add up over the session's deals;
    // "danach" names those totals, never the deal's own points.
    let report = Report::Gaigel(gaigel::Report {
        valid: true,
        errors: Vec::new(),
        deals: vec![
            rutesheim_deal("P2", [1, 3, 0]),
            rutesheim_deal("P1", [3, 1, 1]),
        ],
        games: Vec::new(),
        tally: TallyReport::GamePoints(Seats {
            sides: 3,
            values: [4, 4, 1],
        }),
        rulings: Vec::new(),
    });
    assert_eq!(
        deal_words(Locale::De, &report, 1),
        "P1 gewinnt, danach 4:4:1"
    );
    assert_eq!(
        deal_words(Locale::De, &report, 0),
        "P2 gewinnt, danach 1:3:0"
    );
    // Gaigel's deals carry no running score: the score is the tally's.
    assert_eq!(score_now(&report, 2), "4:4:1");
}

#[test]
fn the_one_side_that_scored_is_named_alone() {
    let report = watten((3, 0), (10, 7));
    assert_eq!(
        deal_words(Locale::De, &report, 0),
        "A schreibt 3, Stand 10:7"
    );
    assert_eq!(score_now(&report, 1), "10:7");
    assert_eq!(score_now(&report, 0), "0:0");
    assert_eq!(deal_words(Locale::De, &report, 1), "–");
}

#[test]
fn a_figure_deal_names_its_figures_in_the_games_words() {
    // Rules text 000 (Giltspiel): "Points can be scored for each of the three figures Gleich,
    // Hanger and Spiel", and a bet past 7 is "Spiel aus"; the game's words stay German.
    use crate::rules::Side;
    use crate::rules::figures::report::{DealReport, FigureResult, FiguresReport};
    let fig = |winner, value| FigureResult { winner, value };
    let report = Report::Figures(crate::rules::figures::Report {
        deals: vec![DealReport {
            points: Pair::new(3, 1),
            score: Pair::new(9, 4),
            figures: FiguresReport {
                gleich: fig(Some(Side::A), 2),
                hanger: fig(None, 1),
                spiel: fig(Some(Side::B), crate::rules::figures::state::AUS),
            },
            penalty: Pair::new(0, 0),
            gestrichen: Vec::new(),
            game_over: None,
        }],
        ..Default::default()
    });
    assert_eq!(
        deal_words(Locale::De, &report, 0),
        "A schreibt 3, Stand 9:4 (Gleich A 2 · Hanger steht 1 · Spiel B aus)"
    );
}

use super::*;

fn evening(id: &str, field: u32, places: &[(&str, u32)]) -> Evening {
    Evening {
        id: id.into(),
        field,
        places: places.iter().map(|(p, r)| ((*p).into(), *r)).collect(),
    }
}

fn rules(best_of: Option<u32>, min_evenings: u32) -> CupRules {
    CupRules {
        points: PlacePoints::Table(vec![25, 20, 16, 13, 11, 10]),
        best_of,
        min_evenings,
        tiebreaks: vec![CupTiebreak::BetterPlaces, CupTiebreak::MoreEvenings],
    }
}

fn table(rows: &[CupRow]) -> Vec<(Option<u32>, &str, u32)> {
    rows.iter()
        .map(|r| (r.rank, r.player.as_str(), r.points))
        .collect()
}

#[test]
fn the_table_gives_points_by_place_and_none_beyond_it() {
    let points = PlacePoints::Table(vec![25, 20, 16]);
    assert_eq!(place_points(&points, 1, 10), 25);
    assert_eq!(place_points(&points, 3, 10), 16);
    assert_eq!(place_points(&points, 4, 10), 0);
    assert_eq!(place_points(&points, 0, 10), 0);
    assert_eq!(place_points(&PlacePoints::FieldLessPlace, 1, 40), 40);
    assert_eq!(place_points(&PlacePoints::FieldLessPlace, 40, 40), 1);
}

#[test]
fn the_best_evenings_count_and_the_rest_are_struck() {
    let evenings = [
        evening("a", 8, &[("anna", 1), ("bert", 2)]),
        evening("b", 8, &[("anna", 4), ("bert", 1)]),
        evening("c", 8, &[("anna", 2), ("bert", 6)]),
    ];
    let rows = cup_standings(&rules(Some(2), 1), &evenings);
    // Anna: 25 + 20 (13 struck); Bert: 25 + 20 (10 struck). Level on points, Anna has the
    // better places (1, 2, 4 against 1, 2, 6).
    assert_eq!(table(&rows), [(Some(1), "anna", 45), (Some(2), "bert", 45)]);
    let anna: Vec<_> = rows[0].evenings.iter().map(|e| e.counted).collect();
    assert_eq!(anna, [true, false, true]);
}

#[test]
fn equal_points_are_separated_by_the_better_places_then_more_evenings() {
    let evenings = [
        evening("a", 8, &[("anna", 1), ("bert", 3), ("cora", 2)]),
        evening("b", 8, &[("bert", 2), ("cora", 3)]),
    ];
    // Anna 25 (one first place); Bert 16 + 20 = 36; Cora 20 + 16 = 36: Bert and Cora are
    // level on places (2, 3 each), and on evenings: they share second place.
    let rows = cup_standings(&rules(None, 1), &evenings);
    assert_eq!(
        table(&rows),
        [
            (Some(1), "bert", 36),
            (Some(1), "cora", 36),
            (Some(3), "anna", 25)
        ]
    );
    let evenings = [
        evening("a", 8, &[("anna", 1), ("bert", 2)]),
        evening("b", 8, &[("bert", 6)]),
    ];
    // Anna 25; Bert 20 + 10 = 30; with best of one: Anna 25, Bert 20: Anna ahead.
    let rows = cup_standings(&rules(Some(1), 1), &evenings);
    assert_eq!(table(&rows), [(Some(1), "anna", 25), (Some(2), "bert", 20)]);
}

#[test]
fn a_player_short_of_the_minimum_is_listed_unranked_after_the_ranked() {
    let evenings = [
        evening("a", 8, &[("anna", 1), ("bert", 2)]),
        evening("b", 8, &[("bert", 2)]),
    ];
    let rows = cup_standings(&rules(None, 2), &evenings);
    assert_eq!(table(&rows), [(Some(1), "bert", 40), (None, "anna", 25)]);
}

#[test]
fn tied_places_each_get_the_points_of_the_shared_rank() {
    let evenings = [evening("a", 8, &[("anna", 2), ("bert", 2), ("cora", 4)])];
    let rows = cup_standings(&rules(None, 1), &evenings);
    assert_eq!(
        table(&rows),
        [
            (Some(1), "anna", 20),
            (Some(1), "bert", 20),
            (Some(3), "cora", 13)
        ]
    );
}

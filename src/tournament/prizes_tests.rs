use super::*;

fn field(ranks: &[u32]) -> Vec<Placed> {
    ranks
        .iter()
        .enumerate()
        .map(|(i, rank)| Placed {
            id: format!("e{}", i + 1),
            rank: *rank,
        })
        .collect()
}

fn cents(list: &PrizeList) -> Vec<(&str, u64)> {
    list.prizes
        .iter()
        .map(|p| (p.id.as_str(), p.cents))
        .collect()
}

/// A Preiswatten of 16 teams at 20 euros, 10 % for the inn, the first quarter paid 40/30/20/10 %.
fn preiswatten() -> PrizeScheme {
    PrizeScheme {
        entry_fee: 2_000,
        deduction: Some(Amount::Share(1_000)),
        paid_percent: Some(25),
        money: vec![
            Amount::Share(4_000),
            Amount::Share(3_000),
            Amount::Share(2_000),
            Amount::Share(1_000),
        ],
        goods: vec!["Speckbrett".into()],
    }
}

#[test]
fn the_pot_is_the_fees_less_the_deduction_and_the_shares_are_of_the_pot() {
    let ranks: Vec<u32> = (1..=16).collect();
    let list = prize_list(&preiswatten(), &field(&ranks)).unwrap();
    assert_eq!(
        (list.fees, list.deduction, list.pot, list.paid_places),
        (32_000, 3_200, 28_800, 4)
    );
    assert_eq!(
        cents(&list),
        [("e1", 11_520), ("e2", 8_640), ("e3", 5_760), ("e4", 2_880)]
    );
    assert_eq!(list.prizes[0].goods.as_deref(), Some("Speckbrett"));
    assert_eq!(list.rest, 0);
}

#[test]
fn entrants_tied_across_the_last_paid_place_share_its_money() {
    // Ranks 1, 2, 3, 4, 4: the two fourth share place 4's 2,880 and place 5's nothing.
    let mut ranks: Vec<u32> = vec![1, 2, 3, 4, 4];
    ranks.extend(6..=16);
    let list = prize_list(&preiswatten(), &field(&ranks)).unwrap();
    assert_eq!(
        cents(&list),
        [
            ("e1", 11_520),
            ("e2", 8_640),
            ("e3", 5_760),
            ("e4", 1_440),
            ("e5", 1_440)
        ]
    );
    assert!(list.prizes[3].shared && list.prizes[4].shared);
    assert!(!list.prizes[0].shared);
    assert_eq!(list.rest, 0);
}

#[test]
fn cents_that_do_not_divide_go_to_the_first_of_the_tie() {
    // Three tied for first share 100 + 50 + 20 = 170 cents: 57, 57, 56.
    let scheme = PrizeScheme {
        entry_fee: 100,
        money: vec![Amount::Cents(100), Amount::Cents(50), Amount::Cents(20)],
        ..PrizeScheme::default()
    };
    let list = prize_list(&scheme, &field(&[1, 1, 1, 4])).unwrap();
    assert_eq!(cents(&list), [("e1", 57), ("e2", 57), ("e3", 56)]);
    assert_eq!(list.pot, 400);
    assert_eq!(list.rest, 230);
}

#[test]
fn what_the_rounding_leaves_stays_in_the_pot_as_its_rest() {
    // 7 entrants at 1 euro: a third each for two places is 233 cents, 234 stay.
    let scheme = PrizeScheme {
        entry_fee: 100,
        money: vec![Amount::Share(3_333), Amount::Share(3_333)],
        ..PrizeScheme::default()
    };
    let list = prize_list(&scheme, &field(&[1, 2, 3, 4, 5, 6, 7])).unwrap();
    assert_eq!(cents(&list), [("e1", 233), ("e2", 233)]);
    assert_eq!(list.rest, 700 - 466);
}

#[test]
fn the_paid_share_of_the_field_is_rounded_down_but_pays_at_least_one() {
    let scheme = PrizeScheme {
        entry_fee: 500,
        paid_percent: Some(10),
        money: vec![Amount::Share(6_000), Amount::Share(4_000)],
        ..PrizeScheme::default()
    };
    // 8 entrants: 10 % is 0.8, so one place is paid, and it is paid its share only.
    let list = prize_list(&scheme, &field(&[1, 2, 3, 4, 5, 6, 7, 8])).unwrap();
    assert_eq!(list.paid_places, 1);
    assert_eq!(cents(&list), [("e1", 2_400)]);
    assert_eq!(list.rest, 1_600);
}

#[test]
fn goods_go_by_place_and_a_place_without_goods_or_money_wins_nothing() {
    let scheme = PrizeScheme {
        goods: vec!["Schinken".into(), String::new(), "Wein".into()],
        ..PrizeScheme::default()
    };
    let list = prize_list(&scheme, &field(&[1, 2, 3, 4])).unwrap();
    let goods: Vec<_> = list
        .prizes
        .iter()
        .map(|p| (p.id.as_str(), p.goods.as_deref()))
        .collect();
    assert_eq!(goods, [("e1", Some("Schinken")), ("e3", Some("Wein"))]);
}

#[test]
fn a_scheme_paying_more_than_the_pot_is_refused() {
    let scheme = PrizeScheme {
        entry_fee: 1_000,
        money: vec![Amount::Cents(5_000)],
        ..PrizeScheme::default()
    };
    assert_eq!(
        prize_list(&scheme, &field(&[1, 2, 3])),
        Err(PrizeRefusal::OverThePot {
            paid: 5_000,
            pot: 3_000
        })
    );
    let over = PrizeScheme {
        money: vec![Amount::Share(6_000), Amount::Share(5_000)],
        ..PrizeScheme::default()
    };
    assert_eq!(
        prize_list(&over, &field(&[1, 2])),
        Err(PrizeRefusal::SharesOverWhole(11_000))
    );
    let deduction = PrizeScheme {
        entry_fee: 100,
        deduction: Some(Amount::Cents(500)),
        ..PrizeScheme::default()
    };
    assert_eq!(
        prize_list(&deduction, &field(&[1, 2])),
        Err(PrizeRefusal::DeductionOverFees {
            deduction: 500,
            fees: 200
        })
    );
}

#[test]
fn an_empty_field_pays_nothing() {
    let list = prize_list(&preiswatten(), &[]).unwrap();
    assert_eq!((list.pot, list.paid_places, list.prizes.len()), (0, 0, 0));
}

#[test]
fn a_scheme_is_checked_before_the_field_is_known_for_what_does_not_depend_on_it() {
    assert_eq!(check(&preiswatten()), Ok(()));
    let over = PrizeScheme {
        money: vec![Amount::Share(6_000), Amount::Share(5_000)],
        ..PrizeScheme::default()
    };
    assert_eq!(check(&over), Err(PrizeRefusal::SharesOverWhole(11_000)));
    let percent = PrizeScheme {
        paid_percent: Some(0),
        ..PrizeScheme::default()
    };
    assert_eq!(check(&percent), Err(PrizeRefusal::PaidPercent(0)));
    // Fixed amounts wait for the pot: no field, no refusal yet.
    let fixed = PrizeScheme {
        deduction: Some(Amount::Cents(5_000)),
        money: vec![Amount::Cents(100_000)],
        ..PrizeScheme::default()
    };
    assert_eq!(check(&fixed), Ok(()));
}

#[test]
fn a_scheme_reads_from_a_file_with_fields_left_out() {
    let scheme: PrizeScheme =
        serde_json::from_str(r#"{"entry_fee": 1000, "money": [{"share": 6000}]}"#).unwrap();
    assert_eq!(scheme.entry_fee, 1_000);
    assert_eq!(scheme.money, [Amount::Share(6_000)]);
    assert!(scheme.goods.is_empty() && scheme.deduction.is_none());
}

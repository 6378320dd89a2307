//! The Streitfall table of a card-level Gaigel deal (crate::rules::streit): each seat's row of
//! cards, the tricks, the rulings so far, and every legal next action as a choice, each
//! checked by [`super::checks`], so the page never decides a rule itself.

use super::super::super::common::Lang;
use super::super::super::record::{Malformed, RawRecord};
use super::super::super::ruling::{self, Choice, Played, Seat, Table, Trick};
use super::super::options::name;
use super::cards::{Card, SUITS, pack};
use super::checks::check;
use super::engine::{End, Remedy, State};
use super::parse::{Action, Opening, Verb};

/// The table after the actions so far, for a record holding one card-level deal (which may be
/// unfinished: no `deal_incomplete` here).
pub fn table(raw: &RawRecord, lang: Lang) -> Result<Table, Malformed> {
    let (rules, setup) = super::single(raw)?;
    let sides = rules.variant.sides();
    let (st, steps) = super::run(&rules, &setup);
    let played = super::Played {
        steps: steps.clone(),
        deal: None,
        error: None,
        sides,
    };
    let broken = steps.last().and_then(|s| s.breach.clone());
    let mut outcome = Vec::new();
    if let Some(f) = &setup.fault {
        outcome.push(f.text.get(lang).to_string());
    }
    if let Some(b) = &broken {
        outcome.push(super::remedy_text(b, sides).get(lang).to_string());
    }
    if let Some(t) = st.end.and_then(|e| super::ending_text(e, sides)) {
        outcome.push(t.get(lang).to_string());
    }
    let finished = setup.fault.is_none()
        && (st.end.is_some()
            || broken
                .as_ref()
                .is_some_and(|b| b.remedy != Remedy::NoResult));
    if finished
        && let Some(deal) = super::derive(&st).map(|d| super::Deal {
            cut: setup.cut,
            ..d
        })
    {
        outcome.extend(outcome_lines(&rules, deal, lang));
    }
    let open = setup.fault.is_none() && broken.is_none();
    let next = if open { choices(&st, lang) } else { Vec::new() };
    let to_act = if open { acting(&st) } else { None };
    Ok(Table {
        seats: (0..st.n)
            .map(|s| Seat {
                side: name(sides, st.seats[s]).to_string(),
                dealer: s == setup.dealer,
                hand: st.hands[s].iter().map(|c| c.code()).collect(),
                to_act: to_act == Some(s),
                shown: Vec::new(),
            })
            .collect(),
        pack: pack().into_iter().map(Card::code).collect(),
        trump: Some(trump_words(&st, setup.trump, lang)),
        tricks: st
            .tricks
            .iter()
            .map(|t| Trick {
                cards: t
                    .cards
                    .iter()
                    .map(|(s, c)| Played {
                        seat: *s,
                        card: c.code(),
                    })
                    .collect(),
                winner: t.winner,
            })
            .collect(),
        next,
        exchanges: Vec::new(),
        rulings: played.rulings(lang),
        finished,
        outcome,
    })
}

fn trump_words(st: &State, turned: Card, lang: Lang) -> String {
    match lang {
        Lang::De => format!(
            "{} (aufgedeckt: {})",
            st.trump.name(lang),
            turned.name(lang)
        ),
        Lang::En => format!("{} (turned: {})", st.trump.name(lang), turned.name(lang)),
    }
}

/// The deal's result as the fact-level engine gives it, in words.
fn outcome_lines(rules: &super::Rules, deal: super::Deal, lang: Lang) -> Vec<String> {
    let sides = rules.variant.sides();
    let counts: Vec<String> = (0..sides)
        .map(|s| {
            format!(
                "{} {}",
                name(sides, s),
                super::super::outcome::count(&deal, s)
            )
        })
        .collect();
    let mut lines = vec![match lang {
        Lang::De => format!("Augen: {}", counts.join(", ")),
        Lang::En => format!("Points: {}", counts.join(", ")),
    }];
    let report = super::super::run(rules, std::slice::from_ref(&deal), lang);
    if let Some(e) = report.errors.first() {
        lines.push(e.message.clone());
    } else if let Some(d) = report.deals.first() {
        lines.push(match (lang, d.winner, d.double) {
            (Lang::De, Some(w), false) => format!("{w} gewinnt einfach."),
            (Lang::De, Some(w), true) => format!("{w} gewinnt doppelt (Gigackel)."),
            (Lang::De, None, _) => "Kein Sieger.".into(),
            (Lang::En, Some(w), false) => format!("{w} wins a single game."),
            (Lang::En, Some(w), true) => format!("{w} wins a double game (Gigackel)."),
            (Lang::En, None, _) => "No winner.".into(),
        });
    }
    lines
}

/// The seat whose action comes next, if one seat's.
fn acting(st: &State) -> Option<usize> {
    if st.end.is_some() {
        None
    } else if st.opening.is_none() {
        Some(0)
    } else if let Some(&s) = st.draws_due.first() {
        Some(s)
    } else {
        Some(st.to_play())
    }
}

fn choice(st: &State, seat: usize, verb: Verb, label: String) -> Option<Choice> {
    check(st, Action { seat, verb }).ok().map(|()| Choice {
        seat: Some(seat),
        label,
        action: written(seat, verb),
    })
}

/// The action as the record holds it, e.g. `{"card": "EA", "seat": 1}`.
fn written(seat: usize, verb: Verb) -> ruling::Action {
    let of = ruling::Action::of(seat);
    match verb {
        Verb::Open(o) => ruling::Action {
            open: Some(o.code()),
            ..of
        },
        Verb::Card(c) => ruling::Action {
            card: Some(c.code()),
            ..of
        },
        Verb::Draw(c) => ruling::Action {
            draw: Some(c.code()),
            ..of
        },
        Verb::Meld(suit) => ruling::Action {
            meld: Some(suit.letter()),
            ..of
        },
        Verb::Exchange => ruling::Action {
            exchange: Some(true),
            ..of
        },
        Verb::Out => ruling::Action {
            out: Some(true),
            ..of
        },
        Verb::FiveSevens => ruling::Action {
            five_sevens: Some(true),
            ..of
        },
        Verb::Dissle => ruling::Action {
            dissle: Some(true),
            ..of
        },
        Verb::Farbe => ruling::Action {
            farbe: Some(true),
            ..of
        },
        Verb::Accuse => ruling::Action {
            accuse: Some(true),
            ..of
        },
    }
}

/// Every legal next action.
fn choices(st: &State, lang: Lang) -> Vec<Choice> {
    let mut out = Vec::new();
    if st.end == Some(End::PlayedOut) {
        out.extend(calls(st, lang));
        return out;
    }
    out.extend(claims(st, lang));
    if st.opening.is_none() {
        out.extend(openings(st, lang));
    } else if let Some(&seat) = st.draws_due.first() {
        out.extend(draws(st, seat, lang));
    } else {
        out.extend(cards(st, lang));
        out.extend(declarations(st, lang));
        out.extend(calls(st, lang));
    }
    out.extend(accusations(st, lang));
    out
}

/// An accusation of übergaigeln, for each seat whose opponents played on with 101 (option
/// `overgaigel: "on_accusation"`).
fn accusations(st: &State, lang: Lang) -> Vec<Choice> {
    let label = match lang {
        Lang::De => "Übergaigeln anklagen",
        Lang::En => "Accuse of übergaigeln",
    };
    (0..st.n)
        .filter_map(|s| choice(st, s, Verb::Accuse, label.into()))
        .collect()
}

fn openings(st: &State, lang: Lang) -> Vec<Choice> {
    Opening::ALL
        .into_iter()
        .filter_map(|o| {
            let label = match lang {
                Lang::De => format!("{} ansagen", o.name()),
                Lang::En => format!("Open {}", o.name()),
            };
            choice(st, 0, Verb::Open(o), label)
        })
        .collect()
}

/// While `draw`s are due, each card that still has a copy left.
fn draws(st: &State, seat: usize, lang: Lang) -> Vec<Choice> {
    let mut seen = Vec::new();
    let mut out = Vec::new();
    for c in pack() {
        if seen.contains(&c) {
            continue;
        }
        seen.push(c);
        let label = match lang {
            Lang::De => format!("{} ziehen", c.name(lang)),
            Lang::En => format!("Draw the {}", c.name(lang)),
        };
        out.extend(choice(st, seat, Verb::Draw(c), label));
    }
    out
}

/// The cards the seat to play may play.
fn cards(st: &State, lang: Lang) -> Vec<Choice> {
    let seat = st.to_play();
    let mut hand = st.hands[seat].clone();
    hand.sort();
    hand.dedup();
    hand.into_iter()
        .filter_map(|c| {
            let label = match lang {
                Lang::De => format!("{} spielen", c.name(lang)),
                Lang::En => format!("Play the {}", c.name(lang)),
            };
            choice(st, seat, Verb::Card(c), label)
        })
        .collect()
}

/// Melds and the Seven exchange, by any seat.
fn declarations(st: &State, lang: Lang) -> Vec<Choice> {
    let de = lang == Lang::De;
    let mut out = Vec::new();
    for s in 0..st.n {
        for suit in SUITS {
            let v = if suit == st.trump { 40 } else { 20 };
            let label = if de {
                format!("Melden: {} {v}", suit.name(lang))
            } else {
                format!("Meld: {} {v}", suit.name(lang))
            };
            out.extend(choice(st, s, Verb::Meld(suit), label));
        }
        if let Some(turned) = st.indicator {
            let label = if de {
                format!(
                    "Trumpf-Sieben gegen {} tauschen (rauben)",
                    turned.name(lang)
                )
            } else {
                format!("Exchange the Seven of trumps for the {}", turned.name(lang))
            };
            out.extend(choice(st, s, Verb::Exchange, label));
        }
    }
    out
}

/// The claims the house rules allow (five Sevens, auf Dissle or auf Siebener, auf Farbe), for
/// each seat whose cards bear them out.
fn claims(st: &State, lang: Lang) -> Vec<Choice> {
    let de = lang == Lang::De;
    let siebener = st.sevens == super::super::Sevens::AufSiebener;
    let mut out = Vec::new();
    for s in 0..st.n {
        if st.sevens != super::super::Sevens::None {
            let label = if de {
                "Fünf Siebener zeigen"
            } else {
                "Show five Sevens"
            };
            out.extend(choice(st, s, Verb::FiveSevens, label.into()));
        }
        if st.sevens.announced() {
            let label = match (de, siebener) {
                (true, true) => "„Auf Siebener“ ansagen",
                (true, false) => "„Auf Dissle“ ansagen",
                (false, true) => "Announce \"auf Siebener\"",
                (false, false) => "Announce \"auf Dissle\"",
            };
            out.extend(choice(st, s, Verb::Dissle, label.into()));
        }
        if st.auf_farbe {
            let label = if de {
                "Fünf einer Farbe zeigen (auf Farbe)"
            } else {
                "Show five of a suit (auf Farbe)"
            };
            out.extend(choice(st, s, Verb::Farbe, label.into()));
        }
    }
    out
}

/// "Aus!" for each seat whose side has 101 or more.
fn calls(st: &State, lang: Lang) -> Vec<Choice> {
    (0..st.n)
        .filter_map(|s| {
            let count = st.count(st.seats[s]);
            let label = match lang {
                Lang::De => format!("„Aus!“ sagen ({count} Augen)"),
                Lang::En => format!("Call \"Aus!\" ({count} points)"),
            };
            (count >= 101)
                .then(|| choice(st, s, Verb::Out, label))
                .flatten()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use crate::rules::Lang;
    use crate::rules::record::RawRecord;

    fn next(options: &str, hand: &str) -> Vec<String> {
        let text = format!(
            r#"{{"game":"gaigel","options":{options},"deals":[{{"cards":{{"seats":["A","B","A","B"],
            "dealer":3,"hands":[["EA","E10","LK","SO","HU"],{hand},["EK","LO","LU","S10","SU"],
            ["E10","LA","SA","EO","EU"]],"trump":"HO","actions":[]}}}}]}}"#
        );
        let t = super::table(&RawRecord::parse(&text).unwrap(), Lang::De).unwrap();
        t.next.into_iter().map(|c| c.label).collect()
    }

    /// 002 "Five Sevens" and "Five of a Suit": a claim is offered only where the hand bears it
    /// out, and only under its option.
    #[test]
    fn claims_are_offered_from_the_cards() {
        let five = r#"["E7","E7","L7","H7","S7"]"#;
        assert!(next(r#"{"sevens":"five_sevens"}"#, five).contains(&"Fünf Siebener zeigen".into()));
        assert!(!next("{}", five).iter().any(|l| l.contains("Siebener")));
        let four = r#"["E7","L7","H7","S7","SK"]"#;
        let offered = next(r#"{"sevens":"auf_siebener"}"#, four);
        assert!(offered.contains(&"„Auf Siebener“ ansagen".into()));
        assert!(!offered.contains(&"Fünf Siebener zeigen".into()));
        let hearts = r#"["HA","H10","HK","H7","HU"]"#;
        let farbe = next(r#"{"auf_farbe":true}"#, hearts);
        assert!(farbe.contains(&"Fünf einer Farbe zeigen (auf Farbe)".into()));
        assert!(
            !next(r#"{"auf_farbe":true}"#, four)
                .iter()
                .any(|l| l.contains("Farbe)"))
        );
    }
}

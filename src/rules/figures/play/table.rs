//! The Streitfall page's view of a figure-game deal: each player's row of cards as the
//! table looked (both texts, "The Play": "each player will build a row of face up cards
//! from left to right"), and every legal next action, found by trying it on the referee.

use super::super::cards::{Card, Rank, Shown, Suit};
use super::super::record::card_deal::{Action, CardDeal, Exchange, Verb};
use super::super::record::{Deal, Figure, Figures};
use super::super::state::Ctx;
use super::super::{players, rule_set, scoring};
use super::engine::{Play, one};
use super::showing;
use super::tricks::{card_name, shown_name, suit_name};
use crate::rules::common::{Lang, Pair, Side};
use crate::rules::record::{Malformed, RawRecord, parse_part};
use crate::rules::ruling::{Action as Written, Bet, Choice, Played, Seat, Table, Trick};

/// The table after the actions so far, for a record holding one card-level deal (which may
/// be unfinished: no `deal_incomplete` here).
pub fn table(raw: &RawRecord, lang: Lang) -> Result<Table, Malformed> {
    let (variant, target) = rule_set(raw)?;
    let n = players(raw)?;
    if n == 3 {
        return Err(Malformed::new(
            "options.players",
            crate::rules::figures::three::NO_CARDS,
        ));
    }
    let start = match raw.start {
        Some(s) => parse_part::<Pair<u32>>("start", s)?,
        None => Pair::default(),
    };
    let mut deals = parse_part::<Vec<Deal>>("deals", raw.deals)?;
    let (Some(Deal::Cards(deal)), 1) = (deals.pop(), deals.len() + 1) else {
        return Err(Malformed::new(
            "deals",
            "the Streitfall table takes a record with exactly one card-level deal",
        ));
    };
    deal.check_form(n)
        .map_err(|(path, m)| Malformed::new(format!("deals[0].cards.{path}"), m))?;
    let ctx = Ctx {
        variant,
        target,
        score: Pair::new(i64::from(start.a), i64::from(start.b)),
        opponents_exchange: super::super::opponents_exchange(raw, variant)?,
    };
    let play = Play::run(ctx, &deal);
    let mut over = play.broken.is_some() || play_over(&play);
    let next = if over {
        Vec::new()
    } else {
        choices(&play, deal.actions.len(), lang)
    };
    // Every card shown for a decider that wins: nothing is left to do, the deal is decided.
    over |= next.is_empty() && play.facts.decider_due(&ctx);
    let mut finished = play.clone();
    if finished.broken.is_none() {
        let _ = finished.finish();
    }
    let outcome = if over {
        outcome(&finished, lang)
    } else {
        Vec::new()
    };
    Ok(Table {
        seats: seats(&play, deal.dealer),
        pack: pack(variant),
        trump: Some(trump_words(&play, &deal, lang)),
        tricks: play
            .tricks
            .iter()
            .map(|t| Trick {
                cards: t
                    .cards
                    .iter()
                    .map(|(seat, c)| Played {
                        seat: *seat,
                        card: c.to_string(),
                    })
                    .collect(),
                winner: t.winner,
            })
            .collect(),
        next,
        exchanges: super::offers::offers(&deal, &play, lang),
        rulings: super::rulings(&finished, lang),
        finished: over,
        outcome,
    })
}

/// The deal is decided: the decider won the game, or the Spiel is decided, no bet open, no
/// one left to show.
pub fn play_over(play: &Play) -> bool {
    if matches!(play.facts.decider, super::super::state::Decider::Won(..)) {
        return true;
    }
    play.facts.fig(Figure::Spiel).decided
        && play.facts.open_bettor().is_none()
        && showing::actor(play).is_none()
}

fn seats(play: &Play, dealer: usize) -> Vec<Seat> {
    let actor = showing::actor(play);
    let pending = play.facts.open_bettor();
    let in_play = !play.facts.fig(super::super::record::Figure::Spiel).decided;
    (0..play.seats.len())
        .map(|s| Seat {
            side: play.side(s).to_string(),
            dealer: s == dealer,
            hand: play.held[s].iter().map(Card::to_string).collect(),
            to_act: match pending {
                Some(b) => play.side(s) != b,
                None if in_play => s == play.to_play(),
                None => actor == Some(play.side(s)),
            },
            shown: shown(play, s),
        })
        .collect()
}

/// The seat's cards face up besides its row: what it showed in the show, and, while still
/// in its hand, the Perlaggen it took at the cut (shown to all) and what it showed for the
/// decider.
fn shown(play: &Play, seat: usize) -> Vec<String> {
    let held = |c: &Card| play.held[seat].contains(c);
    let cut = play
        .cut
        .iter()
        .filter(|c| super::setup::cutter_of(play) == seat && held(c))
        .map(|c| Shown {
            card: *c,
            baptism: None,
        });
    let decider = play.decider_shown[seat].iter().filter(|c| held(&c.card));
    let mut out: Vec<String> = Vec::new();
    for c in play.revealed[seat]
        .iter()
        .copied()
        .chain(cut)
        .chain(decider.copied())
    {
        let c = c.to_string();
        if !out.contains(&c) {
            out.push(c);
        }
    }
    out
}

/// Every card of the variant's pack, suit by suit.
pub fn pack(variant: super::super::cards::Variant) -> Vec<String> {
    Suit::ALL
        .into_iter()
        .flat_map(|s| Rank::ALL.into_iter().map(move |r| Card::new(s, r)))
        .filter(|c| variant.has_card(*c))
        .map(|c| c.to_string())
        .collect()
}

fn trump_words(play: &Play, deal: &CardDeal, lang: Lang) -> String {
    let turned = deal.turned.0;
    let words = stack_words(play, turned, lang);
    // The exchanges made, so the trump line says who took the turned-up Perlagg.
    let swaps: &[Exchange] = deal.exchange.as_ref().map_or(&[], |l| &l.0);
    if swaps.is_empty() {
        return words;
    }
    let said: Vec<String> = swaps
        .iter()
        .map(|x| super::offers::words(x, turned, lang))
        .collect();
    match lang {
        Lang::De => format!("{words}; getauscht: {}", said.join("; ")),
        Lang::En => format!("{words}; exchanged: {}", said.join("; ")),
    }
}

fn stack_words(play: &Play, turned: Card, lang: Lang) -> String {
    let suit = suit_name(play.trump);
    // Eichelperlaggen: the acorns turned aside, and every card an exchange put face up.
    let beside: Vec<String> = play
        .stack
        .iter()
        .filter(|c| **c != turned)
        .map(|c| card_name(*c))
        .collect();
    let beside = beside.join(", ");
    match (lang, beside.is_empty()) {
        (Lang::De, true) => format!("{suit} (aufgeschlagen: {})", card_name(turned)),
        (Lang::En, true) => format!("{suit} (turned: {})", card_name(turned)),
        (Lang::De, false) => format!(
            "{suit} (aufgeschlagen: {}; offen daneben: {beside})",
            card_name(turned)
        ),
        (Lang::En, false) => format!(
            "{suit} (turned: {}; face up beside it: {beside})",
            card_name(turned)
        ),
    }
}

/// The figure's name as a word: "Gleich".
fn word(f: Figure) -> &'static str {
    match f {
        Figure::Gleich => "Gleich",
        Figure::Hanger => "Hanger",
        Figure::Spiel => "Spiel",
    }
}

/// Every action that the referee would rule legal now.
fn choices(play: &Play, index: usize, lang: Lang) -> Vec<Choice> {
    let mut out = Vec::new();
    let wild_all: Vec<Card> = Suit::ALL
        .into_iter()
        .flat_map(|s| Rank::ALL.into_iter().map(move |r| Card::new(s, r)))
        .filter(|c| play.ctx.variant.has_card(*c))
        .collect();
    for seat in 0..play.seats.len() {
        let mut verbs: Vec<Verb> = Vec::new();
        for c in &play.held[seat] {
            let mut forms = vec![Shown {
                card: *c,
                baptism: None,
            }];
            if play.ctx.variant.is_wild(*c, play.trump) {
                forms.extend(wild_all.iter().map(|b| Shown {
                    card: *c,
                    baptism: Some(*b),
                }));
            }
            let decider = play.facts.decider_due(&play.ctx);
            for s in forms {
                if play.show.is_some() || decider {
                    verbs.push(Verb::Show(vec![s]));
                }
                if play.show.is_none() {
                    verbs.push(Verb::Card(s));
                }
            }
        }
        for f in Figure::ALL {
            verbs.extend([
                Verb::Bet(one(f)),
                Verb::Hold(f),
                Verb::Raise(f),
                Verb::Good(f),
            ]);
        }
        for verb in verbs {
            let action = Action { seat, verb };
            let mut trial = play.clone();
            trial.step(index, &action);
            if trial.broken.is_none() {
                out.push(choice(&action, lang));
            }
        }
    }
    out
}

fn choice(a: &Action, lang: Lang) -> Choice {
    let de = lang == Lang::De;
    let fig = |f: Figure, de_verb: &str, en_verb: &str| {
        if de {
            format!("{} {de_verb}", word(f))
        } else {
            format!("{en_verb} the {}", word(f))
        }
    };
    let (label, value) = match &a.verb {
        Verb::Card(s) => (
            if de {
                format!("{} spielen", shown_name(*s))
            } else {
                format!("play {}", shown_name(*s).replace(" als ", " as "))
            },
            Written {
                card: Some(s.to_string()),
                ..Written::of(a.seat)
            },
        ),
        Verb::Show(cards) => {
            let names: Vec<String> = cards.iter().map(|s| shown_name(*s)).collect();
            let list: Vec<String> = cards.iter().map(Shown::to_string).collect();
            (
                if de {
                    format!("{} zeigen", names.join(", "))
                } else {
                    format!("show {}", names.join(", ").replace(" als ", " as "))
                },
                Written {
                    show: Some(list),
                    ..Written::of(a.seat)
                },
            )
        }
        Verb::Bet(fs) => {
            let f = first(*fs);
            (
                fig(f, "bieten", "bet"),
                Written {
                    bet: Some(Bet::Figure(f.key())),
                    ..Written::of(a.seat)
                },
            )
        }
        Verb::Hold(f) => (
            fig(*f, "halten", "hold"),
            Written {
                hold: Some(f.key()),
                ..Written::of(a.seat)
            },
        ),
        Verb::Raise(f) => (
            fig(*f, "mehr bieten", "raise"),
            Written {
                raise: Some(f.key()),
                ..Written::of(a.seat)
            },
        ),
        Verb::Good(f) => (
            if de {
                format!("{} gut geben", word(*f))
            } else {
                format!("concede the {} (gut)", word(*f))
            },
            Written {
                good: Some(f.key()),
                ..Written::of(a.seat)
            },
        ),
    };
    Choice {
        seat: Some(a.seat),
        label,
        action: value,
    }
}

fn first(fs: Figures) -> Figure {
    fs.iter().next().unwrap_or(Figure::Gleich)
}

/// The outcome in words once the deal is decided.
fn outcome(play: &Play, lang: Lang) -> Vec<String> {
    let de = lang == Lang::De;
    if let Some((_, e)) = &play.broken {
        return vec![e.text.get(lang).to_string(), super::then(lang)];
    }
    let scored = scoring::score(&play.ctx, &play.facts);
    let mut lines = Vec::new();
    for f in Figure::ALL {
        let (winner, value) = scored.figures[f.index()];
        let value = if value == super::super::state::AUS {
            "aus".to_string()
        } else {
            value.to_string()
        };
        lines.push(match (winner, de) {
            (Some(w), true) => format!("{}: Seite {w}, {value}", word(f)),
            (Some(w), false) => format!("{}: side {w}, {value}", word(f)),
            (None, true) => format!("{}: steht ({value})", word(f)),
            (None, false) => format!("{}: stands ({value})", word(f)),
        });
    }
    let p = scored.points;
    lines.push(if de {
        format!("Punkte: A {}, B {}", p.a, p.b)
    } else {
        format!("Points: A {}, B {}", p.a, p.b)
    });
    for side in Side::BOTH {
        if *scored.penalty.get(side) != 0 {
            lines.push(if de {
                format!(
                    "Seite {side}: {} Strafpunkte (nicht gezeigt)",
                    scored.penalty.get(side)
                )
            } else {
                format!(
                    "side {side}: {} penalty points (not shown)",
                    scored.penalty.get(side)
                )
            });
        }
    }
    lines
}

//! A stored deal back as the pad's taps (the secretary's correction starts from them): per
//! family the codes a scorer would have tapped for the deal. The codes are checked the way
//! the pad reads them: each must decode and fit, and the deal they make must be the stored
//! deal (a side or key left out counts as nothing, contract 3). A deal the pad cannot tap
//! (Watten's short form, figures bet as a list, several figures in one show event, a decider
//! by cards, numbers the pad's steppers cannot reach) gives `None`: it is corrected in the
//! typed form.

use super::{Family, figures, gaigel, watten};
use crate::rules::match_record::figures::{self as f, Hand, Outcome, Show};
use crate::rules::match_record::{Deal, OneOrMany, PerWho, Who, gaigel as g, watten as w};

/// The codes for `deal` at `family`'s table, when they rebuild exactly that deal.
pub fn refill<F>(family: &F, codes: Vec<String>, deal: &F::Deal) -> Option<Vec<String>>
where
    F: Family,
    F::Deal: Plain,
{
    let mut steps = Vec::with_capacity(codes.len());
    for code in &codes {
        let step = family.decode(code).filter(|s| family.fits(&steps, s))?;
        steps.push(step);
    }
    let built = family.deal(&steps).filter(|_| !family.pending(&steps))?;
    (built.plain() == deal.plain()).then_some(codes)
}

/// Whether two deals say the same: equal once every part that says nothing (`false`, `0`,
/// an empty list or map) is left out, so a missing key equals an empty one; deals of two
/// families never do.
pub fn same(a: &Deal, b: &Deal) -> bool {
    match (a, b) {
        (Deal::Figures(a), Deal::Figures(b)) => a.plain() == b.plain(),
        (Deal::Watten(a), Deal::Watten(b)) => a.plain() == b.plain(),
        (Deal::Gaigel(a), Deal::Gaigel(b)) => a.plain() == b.plain(),
        _ => false,
    }
}

/// A deal with every part that says nothing left out (see [`same`]).
pub trait Plain: PartialEq + Sized {
    fn plain(&self) -> Self;
}

/// `Some` only when the value says something.
fn said<T>(v: Option<T>, empty: impl Fn(&T) -> bool) -> Option<T> {
    v.filter(|x| !empty(x))
}

fn yes(b: Option<bool>) -> Option<bool> {
    said(b, |b| !b)
}

impl Plain for w::Deal {
    fn plain(&self) -> Self {
        let events = self
            .events
            .as_ref()
            .map(|l| l.iter().map(Plain::plain).collect());
        w::Deal {
            alone: self.alone,
            cards: self.cards.clone(),
            events: said(events, Vec::is_empty),
            points: said(self.points, |p| *p == 0),
            winner: self.winner,
        }
    }
}

impl Plain for w::Event {
    fn plain(&self) -> Self {
        w::Event {
            card_ok: yes(self.card_ok),
            to: said(self.to, |t| *t == 0),
            ..self.clone()
        }
    }
}

impl Plain for f::Deal {
    fn plain(&self) -> Self {
        let events = self
            .events
            .as_ref()
            .map(|l| l.iter().map(Plain::plain).collect());
        f::Deal {
            cards: self.cards.clone(),
            events: said(events, Vec::is_empty),
        }
    }
}

impl Plain for f::Event {
    fn plain(&self) -> Self {
        let decider = self.decider.as_ref().and_then(|d| match d {
            Outcome::Word(word) => Some(Outcome::Word(word.clone())),
            Outcome::Cards(sides) => {
                let sides: PerWho<f::DeciderHand> = (sides.iter())
                    .map(|(who, h)| (*who, plain_decider(h)))
                    .filter(|(_, h)| h.gleich.is_some() || h.hanger.is_some())
                    .collect();
                Some(Outcome::Cards(sides)).filter(|o| !empty_outcome(o))
            }
        });
        let show = self.show.as_ref().map(|s| Show {
            gleich: plain_outcome(s.gleich.as_ref()),
            hanger: plain_outcome(s.hanger.as_ref()),
            spiel: plain_outcome(s.spiel.as_ref()),
        });
        let show = show.filter(|s| *s != Show::default()).map(Box::new);
        f::Event {
            bet: said(
                self.bet.clone(),
                |b| matches!(b, OneOrMany::Many(l) if l.is_empty()),
            ),
            decider,
            other_can_show: yes(self.other_can_show),
            seat: said(self.seat, |s| *s == 0),
            show,
            ..self.clone()
        }
    }
}

fn empty_hand(h: &Hand) -> bool {
    match h {
        Hand::Cards(cards) => cards.is_empty(),
        Hand::BySeat(seats) => seats.values().all(Vec::is_empty),
    }
}

fn empty_outcome<H>(o: &Outcome<H>) -> bool {
    matches!(o, Outcome::Cards(sides) if sides.is_empty())
}

fn plain_decider(h: &f::DeciderHand) -> f::DeciderHand {
    f::DeciderHand {
        gleich: said(h.gleich.clone(), empty_hand),
        hanger: said(h.hanger.clone(), empty_hand),
    }
}

fn plain_outcome(o: Option<&Outcome<Hand>>) -> Option<Outcome<Hand>> {
    let o = match o? {
        Outcome::Word(word) => Outcome::Word(word.clone()),
        Outcome::Cards(sides) => Outcome::Cards(
            (sides.iter())
                .filter(|(_, h)| !empty_hand(h))
                .map(|(who, h)| (*who, h.clone()))
                .collect(),
        ),
    };
    said(Some(o), empty_outcome)
}

impl Plain for g::Deal {
    fn plain(&self) -> Self {
        fn numbers(m: Option<&PerWho<u32>>) -> Option<PerWho<u32>> {
            let m = m?.iter().filter(|(_, n)| **n != 0);
            said(
                Some(m.map(|(who, n)| (*who, *n)).collect()),
                PerWho::is_empty,
            )
        }
        let melds: Option<PerWho<Vec<u32>>> = self.melds.as_ref().map(|m| {
            (m.iter().filter(|(_, l)| !l.is_empty()))
                .map(|(who, l)| (*who, l.clone()))
                .collect()
        });
        g::Deal {
            cut: said(self.cut.clone(), Vec::is_empty),
            dissle_trick: yes(self.dissle_trick),
            melds: said(melds, PerWho::is_empty),
            points: numbers(self.points.as_ref()),
            tricks: numbers(self.tricks.as_ref()),
            ..self.clone()
        }
    }
}

/// Watten (contract 3.2): `alone:P` first at three players, then one code an event.
pub fn watten(wt: &watten::Watten, deal: &w::Deal) -> Option<Vec<String>> {
    // Only a deal told by its events (and who played alone) is tapped.
    if deal.cards.is_some() || deal.points.is_some() || deal.winner.is_some() {
        return None;
    }
    let mut codes = Vec::new();
    if wt.rules.three_players {
        codes.push(format!("alone:{}", deal.alone?));
    }
    for e in deal.events.as_ref()? {
        codes.push(watten_code(e)?);
    }
    refill(wt, codes, deal)
}

/// The code of one Watten event: a bet (to 4 at most), a Farbe with its card, or an event of
/// one key.
fn watten_code(e: &w::Event) -> Option<String> {
    if let Some(s) = e.bet {
        return match e.to {
            None => Some(format!("bet:{s}")),
            Some(4) => Some(format!("four:{s}")),
            Some(_) => None,
        };
    }
    if let Some(s) = e.farbe {
        let ok = if e.card_ok? { "ok" } else { "no" };
        return Some(format!("farbe:{s}:{ok}"));
    }
    // Any other event names one side and nothing else.
    let bare = w::Event {
        card_ok: None,
        to: None,
        ..e.clone()
    };
    if bare != *e {
        return None;
    }
    let named = [
        ("see", e.see),
        ("give_up", e.give_up),
        ("play", e.play),
        ("tricks", e.tricks),
        ("machine", e.machine),
    ];
    let mut named = named
        .into_iter()
        .filter_map(|(verb, who)| Some((verb, who?)));
    let (verb, who) = named.next()?;
    named.next().is_none().then(|| format!("{verb}:{who}"))
}

/// Giltspiel and Perlaggen (contract 3.1): one code an event; a show by cards opens the
/// picking, taps each side's cards (a baptism right after its wild card) and closes it.
pub fn figures(fg: &figures::Figures, deal: &f::Deal) -> Option<Vec<String>> {
    if deal.cards.is_some() {
        return None;
    }
    let mut codes = Vec::new();
    for e in deal.events.as_ref()? {
        figure_event(e, &mut codes)?;
    }
    refill(fg, codes, deal)
}

fn figure_event(e: &f::Event, codes: &mut Vec<String>) -> Option<()> {
    let by = || e.by;
    let bet = match &e.bet {
        Some(OneOrMany::One(figure)) => Some(*figure),
        Some(OneOrMany::Many(_)) => return None,
        None => None,
    };
    for (verb, figure) in [
        ("bet", bet),
        ("hold", e.hold),
        ("raise", e.raise),
        ("good", e.good),
    ] {
        if let Some(figure) = figure {
            codes.push(format!("{verb}:{}:{}", figure.word(), by()?));
            return Some(());
        }
    }
    if let Some(figure) = e.unshown {
        let yes = if e.other_can_show? { "yes" } else { "no" };
        codes.push(format!("unshown:{}:{}:{yes}", figure.word(), by()?));
        return Some(());
    }
    let event = f::Event::default;
    if let Some(t) = &e.trump {
        let only = f::Event {
            trump: Some(t.clone()),
            ..event()
        };
        return (*e == only).then(|| codes.push(format!("trump:{t}")));
    }
    if let Some(t) = &e.tricks {
        let only = f::Event {
            tricks: Some(t.clone()),
            ..event()
        };
        return (*e == only).then(|| codes.push(format!("tricks:{t}")));
    }
    if let Some(Outcome::Word(d)) = &e.decider {
        let only = f::Event {
            decider: e.decider.clone(),
            ..event()
        };
        return (*e == only).then(|| codes.push(format!("decider:{d}")));
    }
    let show = e.show.as_deref()?;
    let only = f::Event {
        show: e.show.clone(),
        ..event()
    };
    if *e != only {
        return None;
    }
    let (figure, outcome) = show.only()?;
    match outcome {
        Outcome::Word(s) => codes.push(format!("show:{}:{s}", figure.word())),
        Outcome::Cards(sides) => shown_cards(figure, sides, codes)?,
    }
    Some(())
}

fn shown_cards(figure: f::Figure, sides: &PerWho<Hand>, codes: &mut Vec<String>) -> Option<()> {
    codes.push(format!("cards:{}", figure.word()));
    for side in [Who::A, Who::B] {
        let cards = match sides.get(&side) {
            None => &[][..],
            Some(Hand::Cards(cards)) => cards,
            Some(Hand::BySeat(_)) => return None,
        };
        for card in cards {
            match card.split_once('=') {
                Some((c, b)) => codes.extend([format!("card:{side}:{c}"), format!("bap:{b}")]),
                None => codes.push(format!("card:{side}:{card}")),
            }
        }
    }
    codes.push("done".into());
    Some(())
}

/// Gaigel (contract 3.3): per side its card points by the number pad's digits, its tricks
/// in one tap and its melds, then the special endings, the cut and `done`.
pub fn gaigel(gg: &gaigel::Gaigel, deal: &g::Deal) -> Option<Vec<String>> {
    if deal.cards.is_some() {
        return None;
    }
    let mut codes = Vec::new();
    for side in gg.side_names() {
        let number = |m: Option<&PerWho<u32>>| m.and_then(|m| m.get(side)).copied();
        let points = number(deal.points.as_ref()).unwrap_or(0);
        if points > 0 {
            for digit in points.to_string().chars() {
                codes.push(format!("aug:{side}:{digit}"));
            }
        }
        codes.push(format!(
            "st:{side}:{}",
            number(deal.tricks.as_ref()).unwrap_or(0)
        ));
        let melds = deal.melds.as_ref().and_then(|m| m.get(side));
        for meld in melds.into_iter().flatten() {
            codes.push(format!("meld:{side}:{meld}"));
        }
    }
    for (who, verb) in [
        (deal.out, "out"),
        (deal.overgaigel, "over"),
        (deal.five_sevens, "sevens"),
        (deal.dissle, "dissle"),
        (deal.farbe, "farbe"),
    ] {
        if let Some(s) = who {
            codes.push(format!("{verb}:{s}"));
        }
        if verb == "dissle" && deal.dissle_trick == Some(true) {
            codes.push("dissle_trick".into());
        }
    }
    for s in deal.cut.iter().flatten() {
        codes.push(format!("cut:{s}"));
    }
    codes.push("done".into());
    refill(gg, codes, deal)
}

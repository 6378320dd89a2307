//! The show card by card: the teams take turns, the Spiel winners first; cards come from
//! the showing player's own hand; the Spiel winners may not improve a figure they left
//! standing; the opponents may not bet except by raising; at the end every player who bet
//! or held the Gleich or Hanger shows an example or the text's penalty follows.
//!
//! Sources: both texts, "The Showdown"/"The Show" ("the teams taking alternate turns to
//! show, beginning with the the team that won the Spiel"; "for each figure that is not yet
//! decided, the showing team must ... concede the figure, or contest the figure ... or bet
//! on the figure"), "Betting during the showdown" ("The opponents of the showing team cannot
//! bet, except by responding with a raise"), "Dealing with ties" ("if the winners of the
//! Spiel leave a figure standing (tied) at the end of their turn to show, they are not
//! allowed to improve this figure in a later turn to show") and "Showing cards to validate
//! bets". Cards played to the tricks lie face up in front of their player and count as shown
//! (Giltspiel Example 2: "North, who played a 9 to the first trick, shows another 9 beside
//! it").

use super::super::cards::{Card, Rank, Shown, Suit};
use super::super::record::{Event, Figure, Outcome, Show, ShownCards, SideCards};
use super::super::shapes::{Strength, best_gleich, best_hanger};
use super::super::state::err;
use super::engine::Play;
use crate::rules::common::{ErrorCode, RuleError, Side};

/// Whose turn it is to show, and what the Spiel winners left standing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ShowTurn {
    pub turn: Side,
    pub spiel_winner: Side,
    /// `[gleich, hanger]`: the Spiel winners ended a turn with the figure standing.
    pub left_standing: [bool; 2],
}

impl ShowTurn {
    pub fn new(spiel_winner: Side) -> Self {
        ShowTurn {
            turn: spiel_winner,
            spiel_winner,
            left_standing: [false; 2],
        }
    }
}

const SHOWN: [Figure; 2] = [Figure::Gleich, Figure::Hanger];

/// The cards of a seat that lie face up: its row of played cards and what it showed.
pub fn face_up(play: &Play, seat: usize) -> Vec<Shown> {
    play.played[seat]
        .iter()
        .chain(play.revealed[seat].iter())
        .copied()
        .collect()
}

pub fn strength(f: Figure, cards: &[Shown]) -> Option<Strength> {
    match f {
        Figure::Gleich => best_gleich(cards).map(|g| g.strength()),
        _ => best_hanger(cards).map(|h| h.strength()),
    }
}

/// A side's best instance of the figure among its cards face up.
pub fn best(play: &Play, side: Side, f: Figure) -> Option<Strength> {
    (0..play.seats.len())
        .filter(|&s| play.side(s) == side)
        .filter_map(|s| seat_strength(play, s, f))
        .max()
}

/// The figure's strength among a seat's cards face up, as `strength(f, &face_up(..))`.
/// `best` runs several times per action of the show (`may_act`, `behind`), so the cards are
/// gathered on the stack: a seat holds five, which lie played or shown; a longer row (none
/// in a well-formed deal) takes the allocating path.
fn seat_strength(play: &Play, seat: usize, f: Figure) -> Option<Strength> {
    const MAX: usize = 10;
    let (played, revealed) = (&play.played[seat], &play.revealed[seat]);
    let first = played.first().or(revealed.first())?;
    let n = played.len() + revealed.len();
    if n > MAX {
        return strength(f, &face_up(play, seat));
    }
    let mut buf = [*first; MAX];
    for (slot, c) in buf.iter_mut().zip(played.iter().chain(revealed.iter())) {
        *slot = *c;
    }
    strength(f, &buf[..n])
}

/// The figures still open for the show.
pub fn open(play: &Play) -> Vec<Figure> {
    SHOWN
        .into_iter()
        .filter(|f| !play.facts.fig(*f).decided)
        .collect()
}

/// The side must still concede, contest or bet the figure: the other side shows better,
/// or nothing is shown and it is the Spiel winners' to show first.
pub fn behind(play: &Play, t: ShowTurn, side: Side, f: Figure) -> bool {
    Bests::of(play).behind(t, side, f)
}

/// Each side's best Gleich and Hanger face up, taken once: an action of the show asks
/// several questions of the same cards (who is behind in which figure, which figure stands),
/// and each `best` walks every seat's row.
struct Bests([[Option<Strength>; 2]; 2]);

impl Bests {
    fn of(play: &Play) -> Bests {
        let side = |side| SHOWN.map(|f| best(play, side, f));
        Bests([side(Side::A), side(Side::B)])
    }

    fn get(&self, side: Side, f: Figure) -> Option<Strength> {
        let s = usize::from(side != Side::A);
        let i = usize::from(f != Figure::Gleich);
        self.0[s][i]
    }

    fn behind(&self, t: ShowTurn, side: Side, f: Figure) -> bool {
        match (self.get(side, f), self.get(side.other(), f)) {
            (None, None) => side == t.spiel_winner,
            (mine, theirs) => mine < theirs,
        }
    }
}

/// The side that must act in the show now, if any (none: the show is over).
pub fn actor(play: &Play) -> Option<Side> {
    let t = play.show?;
    if play.facts.open_bettor().is_some() {
        return None;
    }
    let open = open(play);
    let bests = Bests::of(play);
    [t.turn, t.turn.other()]
        .into_iter()
        .find(|s| open.iter().any(|f| bests.behind(t, *s, *f)))
}

/// An action of `side` in the show that is no answer to a bet: the showing side goes on;
/// the other side takes its turn only once the showing side has nothing left to concede,
/// contest or bet. Outside the show it is always allowed.
pub fn may_act(play: &mut Play, side: Side) -> Result<(), RuleError> {
    let Some(mut t) = play.show else {
        return Ok(());
    };
    if side == t.turn {
        return Ok(());
    }
    let open = open(play);
    if open.is_empty() {
        return Ok(());
    }
    let bests = Bests::of(play);
    if play.facts.open_bettor().is_some() || open.iter().any(|f| bests.behind(t, t.turn, *f)) {
        let who = t.turn;
        return Err(err(
            ErrorCode::ShowOutOfTurn,
            format!(
                "Seite {who} ist am Zeigen: für jede offene Figur muss sie aufgeben, mehr zeigen oder bieten; die Gegner dürfen nur mit einem Gegengebot bieten und zeigen erst, wenn sie dran sind."
            ),
            format!(
                "Side {who} is showing: \"for each figure that is not yet decided, the showing team must\" concede, contest or bet; \"the opponents of the showing team cannot bet, except by responding with a raise\"."
            ),
        ));
    }
    if t.turn == t.spiel_winner {
        for (i, f) in SHOWN.into_iter().enumerate() {
            let stands = bests.get(Side::A, f) == bests.get(Side::B, f);
            if open.contains(&f) && stands {
                t.left_standing[i] = true;
            }
        }
    }
    t.turn = side;
    play.show = Some(t);
    Ok(())
}

/// `show`: the seat puts cards from its hand face up.
pub fn show(play: &mut Play, seat: usize, cards: &[Shown]) -> Result<(), RuleError> {
    let side = play.side(seat);
    let Some(t) = play.show else {
        return Err(err(
            ErrorCode::SpielOpen,
            "Gezeigt wird erst, wenn das Spiel entschieden ist (gut gegeben oder drei Stiche).",
            "\"When the Spiel figure is decided, the play stops\" and the show begins; it is not decided yet.",
        ));
    };
    // The showing team may go on showing while its own bet awaits the answer (Giltspiel
    // Example 2: "they must show a Gleich ... before they can require East/West to answer
    // the Hanger bet. So North ... shows another 9 beside it").
    if let Some(b) = play.facts.open_bettor()
        && !(b == side && side == t.turn)
    {
        return Err(err(
            ErrorCode::BetOpen,
            format!("Ein Gebot von Seite {b} ist offen: erst antworten, dann zeigen."),
            format!(
                "A bet by side {b} is open: the other team must answer each bet before the show can continue."
            ),
        ));
    }
    may_act(play, side)?;
    // Only a Spiel winner with a figure left standing is held to its figures as they were.
    let held_to = play.show.unwrap_or(t);
    let before = (side == held_to.spiel_winner && held_to.left_standing.contains(&true))
        .then(|| SHOWN.map(|f| best(play, side, f)));
    for c in cards {
        play.holds(seat, *c)?;
        play.baptism(seat, *c)?;
        play.held[seat].retain(|h| *h != c.card);
        play.revealed[seat].push(*c);
    }
    let t = play.show.unwrap_or(t);
    if side == t.spiel_winner {
        for (i, f) in SHOWN.into_iter().enumerate() {
            let Some(before) = before else { break };
            if t.left_standing[i] && open(play).contains(&f) && best(play, side, f) > before[i] {
                let (de, en) = f.name();
                return Err(err(
                    ErrorCode::StandingImproved,
                    format!(
                        "Seite {side} hat das Spiel gewonnen und {de} beim letzten Zeigen stehen lassen: sie darf {} nicht mehr verbessern.",
                        f.pronoun()
                    ),
                    format!(
                        "\"if the winners of the Spiel leave a figure standing (tied) at the end of their turn to show, they are not allowed to improve this figure in a later turn to show\": side {side} left {en} standing."
                    ),
                ));
            }
        }
    }
    Ok(())
}

/// The cards of one instance: the best Gleich or Hanger among `cards`.
pub fn instance(f: Figure, cards: &[Shown]) -> Vec<Shown> {
    match f {
        Figure::Gleich => match best_gleich(cards) {
            Some(g) => cards
                .iter()
                .filter(|c| c.counts_as().rank == g.rank)
                .take(5)
                .copied()
                .collect(),
            None => Vec::new(),
        },
        _ => {
            let Some(h) = best_hanger(cards) else {
                return Vec::new();
            };
            let top = h.top.index() as usize;
            let ranks = &Rank::ALL[top..top + h.len as usize];
            for suit in Suit::ALL {
                let run: Vec<Shown> = ranks
                    .iter()
                    .filter_map(|r| {
                        cards
                            .iter()
                            .find(|c| c.counts_as().suit == suit && c.counts_as().rank == *r)
                            .copied()
                    })
                    .collect();
                if run.len() == ranks.len() {
                    return run;
                }
            }
            Vec::new()
        }
    }
}

/// A side's best instance's cards for the fact-level show.
fn side_instance(play: &Play, side: Side, f: Figure) -> SideCards {
    let best = (0..play.seats.len())
        .filter(|&s| play.side(s) == side)
        .map(|s| face_up(play, s))
        .max_by_key(|cards| strength(f, cards));
    SideCards::Unseated(best.map(|c| instance(f, &c)).unwrap_or_default())
}

/// Whether the seat can show an example of the figure from its five cards: the face-up
/// ones as they count, any Perlagg still in hand baptised at will.
pub fn can_show(play: &Play, seat: usize, f: Figure) -> bool {
    let fixed = face_up(play, seat);
    let (free, natural): (Vec<Card>, Vec<Card>) = play.held[seat]
        .iter()
        .partition(|c| play.ctx.variant.is_wild(**c, play.trump));
    let mut cards = fixed;
    cards.extend(natural.iter().map(|c| Shown {
        card: *c,
        baptism: None,
    }));
    if strength(f, &cards).is_some() || free.len() >= 2 {
        return true;
    }
    !free.is_empty()
        && cards
            .iter()
            .any(|c| f == Figure::Gleich || c.counts_as().rank != Rank::Six)
}

/// The show's outcome from the cards face up, then the failed shows.
pub fn finish(play: &mut Play) -> Result<(), RuleError> {
    if !play.facts.fig(Figure::Spiel).decided || play.facts.open_bettor().is_some() {
        return Ok(());
    }
    let open = open(play);
    if !open.is_empty() {
        let mut s: Show = Show {
            gleich: None,
            hanger: None,
            spiel: None,
        };
        for f in open {
            let cards = ShownCards {
                a: side_instance(play, Side::A, f),
                b: side_instance(play, Side::B, f),
            };
            let outcome = Some(Outcome::Cards(cards));
            match f {
                Figure::Gleich => s.gleich = outcome,
                _ => s.hanger = outcome,
            }
        }
        play.fact(Event::Show(Box::new(s)))?;
    }
    let involved = play.involved.clone();
    let mut failed: Vec<(Figure, Side)> = Vec::new();
    for (f, seat) in involved {
        let side = play.side(seat);
        if can_show(play, seat, f) || failed.contains(&(f, side)) {
            continue;
        }
        let other_can_show = (0..play.seats.len())
            .filter(|&s| play.side(s) != side)
            .any(|s| can_show(play, s, f));
        failed.push((f, side));
        play.fact(Event::Unshown {
            figure: f,
            by: side,
            seat: None,
            other_can_show,
        })?;
    }
    Ok(())
}

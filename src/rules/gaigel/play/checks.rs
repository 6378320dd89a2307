//! Whether an action of a card-level Gaigel deal keeps the rules, each check with the rules
//! text's words (002 and 003, quoted in English; the German message says the same). The first
//! broken rule of an action is reported, in the order the functions below check them.

use super::super::super::common::ErrorCode;
use super::cards::{Card, Rank, Suit, index};
use super::engine::{Breach, End, Remedy, State};
use super::parse::{Action, Opening, Verb};

/// The first rule `a` breaks at `st`, if any.
pub fn check(st: &State, a: Action) -> Result<(), Breach> {
    let side = st.seats[a.seat];
    if let Some(end) = st.end {
        let late_out = end == End::PlayedOut && a.verb == Verb::Out;
        if !late_out {
            return Err(Breach::new(
                ErrorCode::DealOver,
                "Das Spiel ist schon entschieden: nach dem Ende zählt keine Handlung mehr.",
                "The deal is already decided: nothing after its end counts.",
                Remedy::Stands,
            ));
        }
    }
    match a.verb {
        Verb::Open(o) => check_open(st, a.seat, o),
        Verb::Card(c) => check_card(st, a.seat, c),
        Verb::Draw(c) => check_draw(st, a.seat, c),
        Verb::Meld(suit) => check_meld(st, a.seat, side, suit),
        Verb::Exchange => check_exchange(st, a.seat, side),
        Verb::FiveSevens => super::sevens::check_five_sevens(st, a.seat),
        Verb::Dissle => super::sevens::check_dissle(st, a.seat),
        Verb::Farbe => super::sevens::check_farbe(st, a.seat),
        Verb::Out => {
            if st.count(side) >= 101 {
                Ok(())
            } else {
                Err(Breach::new(
                    ErrorCode::Untergaigeln,
                    format!(
                        "„Aus!“ mit {} Augen: wer „Aus!“ sagt und weniger als 101 hat, hat untergaigelt (002: \"If a team declares Aus! and it turns out that they have fewer than 101 points, play still ends and the opponents win a double game\").",
                        st.count(side)
                    ),
                    format!(
                        "\"Aus!\" with {} points: 002 \"If a team declares Aus! and it turns out that they have fewer than 101 points, play still ends and the opponents win a double game\" (untergaigeln).",
                        st.count(side)
                    ),
                    Remedy::Loses(side),
                ))
            }
        }
    }
}

fn no_result(code: ErrorCode, de: String, en: String) -> Breach {
    Breach::new(code, de, en, Remedy::NoResult)
}

fn check_open(st: &State, seat: usize, o: Opening) -> Result<(), Breach> {
    if st.opening.is_some() || !st.tricks.is_empty() {
        return Err(no_result(
            ErrorCode::FirstTrickInvalid,
            "Nur der erste Stich wird eröffnet, und nur einmal.".into(),
            "Only the first trick is opened, and only once.".into(),
        ));
    }
    if seat != 0 {
        return Err(Breach::new(
            ErrorCode::NotYourTurn,
            "Die Vorhand (Platz 0, rechts vom Geber) spielt zum ersten Stich aus und sagt an (002: \"The player to dealer's right (Vorhand) leads the first card\").",
            "002: \"The player to dealer's right (Vorhand) leads the first card\" and opens.",
            Remedy::Loses(st.seats[seat]),
        ));
    }
    let all_trumps = st.hands[0].iter().all(|c| st.is_trump(*c));
    if (o == Opening::FuenfTrumpf) != all_trumps {
        let (de, en) = if all_trumps {
            (
                "Mit fünf Trümpfen ist keine der gewöhnlichen Eröffnungen möglich: die Vorhand spielt einen Trumpf offen aus (002: \"If Vorhand has 5 trumps, none of the normal opening plays is possible\").",
                "002: \"If Vorhand has 5 trumps, none of the normal opening plays is possible. In this case Vorhand leads a trump face up\".",
            )
        } else {
            (
                "„Fünf Trümpfe“ eröffnet nur, wer fünf Trümpfe hält (002: \"If Vorhand has 5 trumps ... Vorhand leads a trump face up\").",
                "Five trumps opens only a hand of five trumps (002: \"If Vorhand has 5 trumps ... Vorhand leads a trump face up\").",
            )
        };
        return Err(Breach::new(
            ErrorCode::FirstTrickInvalid,
            de,
            en,
            Remedy::Loses(st.seats[0]),
        ));
    }
    // The opening must be one the hand can lead (002 "normally has three possibilities").
    let can_lead = st.hands[0].iter().any(|c| match o {
        Opening::GeElfen | Opening::ZweiteAlte => !st.is_trump(*c) && c.rank == Rank::A,
        Opening::HoeherHat => !st.is_trump(*c) && c.rank != Rank::A,
        Opening::FuenfTrumpf => true,
    });
    if !can_lead {
        let (de, en) = if o == Opening::HoeherHat {
            (
                "Für „Höher hat“ braucht die Vorhand eine Karte, die weder Trumpf noch Ass ist (002: \"The led card cannot be a trump or an Ace\").",
                "Höher hat needs a card that is neither a trump nor an Ace (002: \"The led card cannot be a trump or an Ace\").",
            )
        } else {
            (
                "Ge-Elfen und Zweite Alte brauchen ein Ass, das nicht Trumpf ist (002: \"Vorhand leads a non-trump Ace\").",
                "Ge-Elfen and Zweite Alte need an Ace that is not trumps (002: \"Vorhand leads a non-trump Ace\").",
            )
        };
        return Err(Breach::new(
            ErrorCode::FirstTrickInvalid,
            de,
            en,
            Remedy::Loses(st.seats[0]),
        ));
    }
    Ok(())
}

fn check_card(st: &State, seat: usize, c: Card) -> Result<(), Breach> {
    let Some(opening) = st.opening else {
        return Err(no_result(
            ErrorCode::FirstTrickInvalid,
            "Vor der ersten Karte sagt die Vorhand an, wie sie eröffnet: Ge-Elfen, Höher hat, Zweite Alte oder fünf Trümpfe (open).".into(),
            "Before the first card Vorhand says how it opens: Ge-Elfen, Höher hat, Zweite Alte or five trumps (open).".into(),
        ));
    };
    if !st.draws_due.is_empty() {
        let who = st.draws_due[0];
        return Err(no_result(
            ErrorCode::DealIncomplete,
            format!(
                "Erst wird gezogen (Platz {who} ist dran): nach jedem Stich zieht jeder, der Gewinner zuerst, eine Karte vom Talon."
            ),
            format!(
                "The draws come first (seat {who} is next): after each trick each player, the winner first, draws a card from the talon."
            ),
        ));
    }
    let side = st.seats[seat];
    let turn = st.to_play();
    if seat != turn {
        return Err(Breach::new(
            ErrorCode::NotYourTurn,
            format!(
                "Platz {turn} ist am Zug, nicht Platz {seat}: der Gewinner eines Stichs spielt aus, die anderen folgen der Reihe nach."
            ),
            format!(
                "Seat {turn} is to play, not seat {seat}: the winner of a trick leads, the others follow in turn."
            ),
            Remedy::Loses(side),
        ));
    }
    if !st.hands[seat].contains(&c) {
        return Err(no_result(
            ErrorCode::CardNotHeld,
            format!(
                "Platz {seat} spielt {}, hat die Karte aber nicht in der Hand.",
                c.name(crate::rules::Lang::De)
            ),
            format!(
                "Seat {seat} plays the {}, which it does not hold.",
                c.name(crate::rules::Lang::En)
            ),
        ));
    }
    if let Some(t) = st.reached[side]
        && st.trick_index() >= t
    {
        return Err(Breach::new(
            ErrorCode::Overgaigeln,
            format!(
                "Die Seite hat {} Augen und sagt nicht „Aus!“, sondern spielt weiter: übergaigelt (002: \"If a team has 101 or more points and fails to declare Aus! but instead plays a card to the next trick, they are guilty of übergaigeln ... the overgaiglers lose a double game\").",
                st.count(side)
            ),
            format!(
                "The side has {} points and plays on instead of calling \"Aus!\": 002 \"If a team has 101 or more points and fails to declare Aus! but instead plays a card to the next trick, they are guilty of übergaigeln ... the overgaiglers lose a double game\".",
                st.count(side)
            ),
            Remedy::Loses(side),
        ));
    }
    if st.tricks.first().is_none_or(|t| t.winner.is_none()) {
        return check_first_trick(st, seat, c, opening);
    }
    if st.talon_empty() {
        return check_stichzwang(st, seat, c);
    }
    Ok(())
}

fn first(side: usize, de: &str, en: &str) -> Breach {
    Breach::new(ErrorCode::FirstTrickInvalid, de, en, Remedy::Loses(side))
}

fn check_first_trick(st: &State, seat: usize, c: Card, o: Opening) -> Result<(), Breach> {
    let side = st.seats[seat];
    let trump = st.is_trump(c);
    if st.current().is_none() {
        return match o {
            Opening::GeElfen | Opening::ZweiteAlte if trump || c.rank != Rank::A => Err(first(
                side,
                "Ge-Elfen und Zweite Alte spielen ein Ass aus, das nicht Trumpf ist (002: \"Vorhand leads a non-trump Ace\").",
                "Ge-Elfen and Zweite Alte lead an Ace that is not trumps (002: \"Vorhand leads a non-trump Ace\").",
            )),
            Opening::HoeherHat if trump || c.rank == Rank::A => Err(first(
                side,
                "Bei „Höher hat“ darf die ausgespielte Karte weder Trumpf noch Ass sein (002: \"The led card cannot be a trump or an Ace\").",
                "Höher hat: 002 \"The led card cannot be a trump or an Ace\".",
            )),
            Opening::FuenfTrumpf if !trump => Err(first(
                side,
                "Mit fünf Trümpfen spielt die Vorhand einen Trumpf offen aus (002: \"Vorhand leads a trump face up\").",
                "002: \"In this case Vorhand leads a trump face up\".",
            )),
            _ => Ok(()),
        };
    }
    if trump && !st.hands[seat].iter().all(|h| st.is_trump(*h)) {
        return Err(first(
            side,
            "Im ersten Stich darf niemand Trumpf spielen, außer er hat nur Trümpfe (002: \"In the first trick no one is allowed to play a trump unless their hand consists entirely of trumps\").",
            "002: \"In the first trick no one is allowed to play a trump unless their hand consists entirely of trumps\".",
        ));
    }
    Ok(())
}

/// The card that wins the trick so far.
fn winning(st: &State) -> Option<Card> {
    let t = st.current()?;
    let w = st.winner(&t.cards);
    t.cards.iter().find(|(s, _)| *s == w).map(|(_, c)| *c)
}

fn check_stichzwang(st: &State, seat: usize, c: Card) -> Result<(), Breach> {
    let (Some(t), Some(best)) = (st.current(), winning(st)) else {
        return Ok(());
    };
    let led: Suit = t.cards[0].1.suit;
    let hand = &st.hands[seat];
    let beats = |x: Card| x.beats_in_suit(best) || (st.is_trump(x) && !st.is_trump(best));
    let (de, en) = if hand.iter().any(|h| h.suit == led) {
        if c.suit != led {
            (
                "Farbe bedienen: ist der Talon aufgebraucht, muss man die ausgespielte Farbe bedienen, wenn man kann (002: \"When there are no cards in the talon players must follow suit if possible\").",
                "002: \"When there are no cards in the talon players must follow suit if possible\".",
            )
        } else if !beats(c) && hand.iter().any(|h| h.suit == led && beats(*h)) {
            (
                "Stechen: man muss die höchste Karte im Stich schlagen, wenn man kann (002: \"Subject to those rules they must beat the highest card so far played to the trick if possible\").",
                "002: \"Subject to those rules they must beat the highest card so far played to the trick if possible\".",
            )
        } else {
            return Ok(());
        }
    } else if hand.iter().any(|h| st.is_trump(*h)) {
        if !st.is_trump(c) {
            (
                "Trumpfen: wer die ausgespielte Farbe nicht hat, muss trumpfen (002: \"If they have no card of the suit led they must trump\").",
                "002: \"If they have no card of the suit led they must trump\".",
            )
        } else if !beats(c) && hand.iter().any(|h| st.is_trump(*h) && beats(*h)) {
            (
                "Stechen: man muss die höchste Karte im Stich schlagen, wenn man kann (002: \"Subject to those rules they must beat the highest card so far played to the trick if possible\").",
                "002: \"Subject to those rules they must beat the highest card so far played to the trick if possible\".",
            )
        } else {
            return Ok(());
        }
    } else {
        return Ok(());
    };
    Err(Breach::new(
        ErrorCode::MustFollow,
        de,
        en,
        Remedy::Loses(st.seats[seat]),
    ))
}

fn check_draw(st: &State, seat: usize, c: Card) -> Result<(), Breach> {
    if st.talon.is_some() {
        return Err(no_result(
            ErrorCode::CardsInvalid,
            "Der Talon ist angegeben: die Karten werden daraus gezogen, ein „draw“ gibt es dann nicht.".into(),
            "The talon is given: the cards are drawn from it, so there is no draw action.".into(),
        ));
    }
    match st.draws_due.first() {
        None => Err(no_result(
            ErrorCode::NotYourTurn,
            "Jetzt wird nicht gezogen: gezogen wird nach jedem Stich, solange der Talon reicht."
                .into(),
            "No draw is due: the players draw after each trick while the talon lasts.".into(),
        )),
        Some(&who) if who != seat => Err(no_result(
            ErrorCode::NotYourTurn,
            format!(
                "Platz {who} zieht jetzt: der Gewinner des Stichs zieht zuerst, dann die anderen der Reihe nach (002: \"each of the players in turn, beginning with the player who won the trick, draws a card\")."
            ),
            format!(
                "Seat {who} draws now: 002 \"each of the players in turn, beginning with the player who won the trick, draws a card from the top of the talon\"."
            ),
        )),
        Some(_) if st.copies[index(c)] >= 2 => Err(no_result(
            ErrorCode::CardsInvalid,
            format!(
                "{} ist schon zweimal im Spiel: jede Karte gibt es zweimal.",
                c.code()
            ),
            format!("{} is already out twice: each card exists twice.", c.code()),
        )),
        Some(_) => Ok(()),
    }
}

fn check_meld(st: &State, seat: usize, side: usize, suit: Suit) -> Result<(), Breach> {
    let value = if suit == st.trump { 40 } else { 20 };
    let name_de = suit.name(crate::rules::Lang::De);
    let hand = &st.hands[seat];
    let held = |r: Rank| hand.iter().filter(|c| **c == Card::new(suit, r)).count() as u8;
    let need = st.melded[seat][suit as usize] + 1;
    let (de, en) = if st.won[side] == 0 {
        (
            format!(
                "Melden ({name_de} {value}) darf nur, wessen Seite schon einen Stich hat (002: \"provided that the holder's team has won at least one trick\")."
            ),
            format!(
                "A meld ({value}) needs a trick: 002 \"provided that the holder's team has won at least one trick\"."
            ),
        )
    } else if held(Rank::K) < need || held(Rank::O) < need {
        let extra = if need > 1 {
            " Für ein zweites Paar derselben Farbe müssen der zweite König und der zweite Ober gezeigt werden (002: \"to score a second pair the player would need to show the second King and the second Ober\")."
        } else {
            ""
        };
        (
            format!(
                "Gemeldet wird König und Ober derselben Farbe aus der Hand; eine gespielte Karte zählt nicht (002: \"A King or Ober that has been played cannot be used in a declaration\").{extra}"
            ),
            "002: \"A player who holds the King and Ober of the same suit in hand may declare them\"; \"A King or Ober that has been played cannot be used in a declaration\"; \"to score a second pair the player would need to show the second King and the second Ober\"."
                .to_string(),
        )
    } else {
        return Ok(());
    };
    Err(Breach::new(
        ErrorCode::MeldNotAllowed,
        de,
        en,
        Remedy::Loses(side),
    ))
}

fn check_exchange(st: &State, seat: usize, side: usize) -> Result<(), Breach> {
    let seven = Card::new(st.trump, Rank::Seven);
    let text = |de: &str, en: &str| {
        Err(Breach::new(
            ErrorCode::ExchangeNotAllowed,
            de,
            en,
            Remedy::Loses(side),
        ))
    };
    if !st.hands[seat].contains(&seven) {
        return text(
            "Tauschen (rauben) kann nur, wer die Trumpf-Sieben (Diß) in der Hand hat (002: \"A player who is dealt or acquires a Seven of trumps\").",
            "Only a player holding the Seven of trumps (Diß) may exchange it (002: \"A player who is dealt or acquires a Seven of trumps\").",
        );
    }
    if st.won[side] == 0 {
        return text(
            "Rauben darf nur, wessen Seite schon einen Stich hat (002: \"and whose team has won at least one trick\").",
            "002: \"and whose team has won at least one trick can place the Seven face up under the talon\".",
        );
    }
    if st.indicator.is_none() || st.talon_left == 0 {
        return text(
            "Die aufgedeckte Trumpfkarte ist schon gezogen; eine Sieben aus den letzten Karten des Talons kann nicht getauscht werden (002: \"A Seven that is picked up as one of the last four cards of the talon cannot be exchanged\").",
            "The turned trump card is gone: 002 \"A Seven that is picked up as one of the last four cards of the talon cannot be exchanged\".",
        );
    }
    if st.exchanged {
        return text(
            "Die Sieben liegt schon unter dem Talon: danach kann nicht mehr geraubt werden (003: \"as soon as a Diß has been placed under the trump card, it is no longer possible for the opposing party to rob the trump card\").",
            "003: \"as soon as a Diß has been placed under the trump card, it is no longer possible for the opposing party to rob the trump card in the current game\".",
        );
    }
    if let Some((round, pos)) = st.drew_seven[seat]
        && round == st.tricks.len()
        && (0..st.n).any(|o| {
            st.seats[o] != side
                && st.won[st.seats[o]] > 0
                && st.hands[o].contains(&seven)
                && st.drew_seven[o].is_some_and(|(r, p)| r == round && p < pos)
        })
    {
        return text(
            "Haben zwei Gegner nach demselben Stich eine Trumpf-Sieben gezogen, hat der Vorrang, der zuerst gezogen hat (002: \"priority goes to the player who drew first\").",
            "002: \"If two opponents draw Sevens of trumps after the same trick, priority goes to the player who drew first\".",
        );
    }
    Ok(())
}

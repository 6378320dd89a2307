//! Whether an action of a card-level Gaigel deal keeps the rules, each check with the rules
//! text's words (002 and 003, quoted in English; the German message says the same). The first
//! broken rule of an action is reported, in the order the functions below check them.

use super::super::super::common::{ErrorCode, Lang};
use super::super::options::Overgaigel;
use super::cards::{Card, Rank, index};
use super::engine::{Breach, End, Remedy, State};
use super::parse::{Action, Opening, Verb};
use super::words::{capital, cards, who};

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
        Verb::Meld(suit) => super::meld::check(st, a.seat, side, suit),
        Verb::Exchange => check_exchange(st, a.seat, side),
        Verb::FiveSevens => super::sevens::check_five_sevens(st, a.seat),
        Verb::Dissle => super::sevens::check_dissle(st, a.seat),
        Verb::Farbe => super::sevens::check_farbe(st, a.seat),
        // "Aus!" below 101 is untergaigeln: a scored ending, not a forbidden act (002: "play
        // still ends and the opponents win a double game"); `apply` ends the deal so.
        Verb::Out => Ok(()),
        Verb::Accuse => check_accuse(st, a.seat, side),
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
    let (de_who, en_who) = (who(st, Lang::De, seat), capital(who(st, Lang::En, seat)));
    if seat != 0 {
        return Err(Breach::new(
            ErrorCode::NotYourTurn,
            format!(
                "{de_who} sagt „{}“ an; zum ersten Stich spielt die Vorhand (Platz 1, rechts vom Geber) aus und sagt an (002: \"The player to dealer's right (Vorhand) leads the first card\").",
                o.name()
            ),
            format!(
                "{en_who} opened {}: 002 \"The player to dealer's right (Vorhand) leads the first card\" and opens.",
                o.name()
            ),
            Remedy::Loses(st.seats[seat]),
        ));
    }
    let hand_de = cards(st.hands[0].iter().copied(), Lang::De);
    let hand_en = cards(st.hands[0].iter().copied(), Lang::En);
    let deed = |de: &str, en: &str| {
        Err(Breach::new(
            ErrorCode::FirstTrickInvalid,
            format!("{de_who} hat {hand_de} und sagt „{}“ an. {de}", o.name()),
            format!("{en_who} holds {hand_en} and opened {}. {en}", o.name()),
            Remedy::Loses(st.seats[0]),
        ))
    };
    let all_trumps = st.hands[0].iter().all(|c| st.is_trump(*c));
    if (o == Opening::FuenfTrumpf) != all_trumps {
        return if all_trumps {
            deed(
                "Mit fünf Trümpfen ist keine der gewöhnlichen Eröffnungen möglich: die Vorhand spielt einen Trumpf offen aus (002: \"If Vorhand has 5 trumps, none of the normal opening plays is possible\").",
                "002: \"If Vorhand has 5 trumps, none of the normal opening plays is possible. In this case Vorhand leads a trump face up\".",
            )
        } else {
            deed(
                "„Fünf Trümpfe“ eröffnet nur, wer fünf Trümpfe hält (002: \"If Vorhand has 5 trumps ... Vorhand leads a trump face up\").",
                "Five trumps opens only a hand of five trumps (002: \"If Vorhand has 5 trumps ... Vorhand leads a trump face up\").",
            )
        };
    }
    // The opening must be one the hand can lead (002 "normally has three possibilities").
    let can_lead = st.hands[0].iter().any(|c| match o {
        Opening::GeElfen | Opening::ZweiteAlte => !st.is_trump(*c) && c.rank == Rank::A,
        Opening::HoeherHat => !st.is_trump(*c) && c.rank != Rank::A,
        Opening::FuenfTrumpf => true,
    });
    match (can_lead, o) {
        (true, _) => Ok(()),
        (false, Opening::HoeherHat) => deed(
            "Für „Höher hat“ braucht die Vorhand eine Karte, die weder Trumpf noch Ass ist (002: \"The led card cannot be a trump or an Ace\").",
            "Höher hat needs a card that is neither a trump nor an Ace (002: \"The led card cannot be a trump or an Ace\").",
        ),
        (false, _) => deed(
            "Ge-Elfen und Zweite Alte brauchen ein Ass, das nicht Trumpf ist (002: \"Vorhand leads a non-trump Ace\").",
            "Ge-Elfen and Zweite Alte need an Ace that is not trumps (002: \"Vorhand leads a non-trump Ace\").",
        ),
    }
}

fn check_card(st: &State, seat: usize, c: Card) -> Result<(), Breach> {
    let Some(opening) = st.opening else {
        return Err(no_result(
            ErrorCode::FirstTrickInvalid,
            "Vor der ersten Karte sagt die Vorhand an, wie sie eröffnet: Ge-Elfen, Höher hat, Zweite Alte oder fünf Trümpfe (open).".into(),
            "Before the first card Vorhand says how it opens: Ge-Elfen, Höher hat, Zweite Alte or five trumps (open).".into(),
        ));
    };
    if let Some(&next) = st.draws_due.first() {
        return Err(no_result(
            ErrorCode::DealIncomplete,
            format!(
                "{} spielt {}, aber erst wird gezogen ({} ist dran): nach jedem Stich zieht jeder, der Gewinner zuerst, eine Karte vom Talon.",
                who(st, Lang::De, seat),
                c.name(Lang::De),
                who(st, Lang::De, next)
            ),
            format!(
                "{} played the {}, but the draws come first ({} is next): after each trick each player, the winner first, draws a card from the talon.",
                capital(who(st, Lang::En, seat)),
                c.name(Lang::En),
                who(st, Lang::En, next)
            ),
        ));
    }
    let turn = st.to_play();
    if seat != turn {
        return Err(Breach::new(
            ErrorCode::NotYourTurn,
            format!(
                "{} spielt {}, aber {} ist am Zug: der Gewinner eines Stichs spielt aus, die anderen folgen der Reihe nach (002: \"the winner of the trick leads any card ... and each of the other players plays a card\").",
                who(st, Lang::De, seat),
                c.name(Lang::De),
                who(st, Lang::De, turn)
            ),
            format!(
                "{} played the {}, but {} is to play: 002 \"the winner of the trick leads any card ... and each of the other players plays a card\".",
                capital(who(st, Lang::En, seat)),
                c.name(Lang::En),
                who(st, Lang::En, turn)
            ),
            Remedy::Loses(st.seats[seat]),
        ));
    }
    if !st.hands[seat].contains(&c) {
        return Err(no_result(
            ErrorCode::CardNotHeld,
            format!(
                "{} spielt {}, hat die Karte aber nicht in der Hand (Hand: {}).",
                who(st, Lang::De, seat),
                c.name(Lang::De),
                cards(st.hands[seat].iter().copied(), Lang::De)
            ),
            format!(
                "{} plays the {}, which it does not hold (hand: {}).",
                capital(who(st, Lang::En, seat)),
                c.name(Lang::En),
                cards(st.hands[seat].iter().copied(), Lang::En)
            ),
        ));
    }
    // Übergaigeln caught at once ends the deal with this card (`State::apply`): the card's
    // duties no longer matter.
    if st.plays_on(seat) && st.overgaigel == Overgaigel::AtOnce {
        return Ok(());
    }
    if st.tricks.first().is_none_or(|t| t.winner.is_none()) {
        super::duty::first_trick(st, seat, c, opening)?;
    } else if st.talon_empty() {
        super::duty::stichzwang(st, seat, c)?;
    }
    super::duty::pair_card(st, seat, c)
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
                "{} zieht jetzt, nicht {}: der Gewinner des Stichs zieht zuerst, dann die anderen der Reihe nach (002: \"each of the players in turn, beginning with the player who won the trick, draws a card\").",
                super::words::who(st, Lang::De, who),
                super::words::who(st, Lang::De, seat)
            ),
            format!(
                "{} draws now, not {}: 002 \"each of the players in turn, beginning with the player who won the trick, draws a card from the top of the talon\".",
                capital(super::words::who(st, Lang::En, who)),
                super::words::who(st, Lang::En, seat)
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

/// An accusation of übergaigeln (option `overgaigel: "on_accusation"`): only a correct one
/// ends the deal. A wrong one the texts do not score, so the record cannot be settled.
fn check_accuse(st: &State, seat: usize, side: usize) -> Result<(), Breach> {
    if st.overgaigel != Overgaigel::OnAccusation {
        return Err(no_result(
            ErrorCode::OvergaigelInvalid,
            "Mit dieser Hausregel ist Übergaigeln gleich erwischt: eine Anklage gibt es nur mit options.overgaigel \"on_accusation\".".into(),
            "Under these house rules übergaigeln is caught at once: an accusation exists only with options.overgaigel \"on_accusation\".".into(),
        ));
    }
    if st.accused(side).is_some() {
        return Ok(());
    }
    Err(no_result(
        ErrorCode::OvergaigelInvalid,
        format!(
            "{} klagt auf Übergaigeln, aber kein Gegner hat mit 101 Augen weitergespielt. 002 straft nur, wer „correctly accuse[s] them“; was eine falsche Anklage kostet, sagen die Texte nicht, darum bekommt das Spiel so kein Ergebnis.",
            who(st, Lang::De, seat)
        ),
        format!(
            "{} accuses the opponents of übergaigeln, but none played on with 101. 002 punishes only when the opponents \"correctly accuse them\"; the texts do not say what a wrong accusation costs, so the deal gets no result so.",
            capital(who(st, Lang::En, seat))
        ),
    ))
}

fn check_exchange(st: &State, seat: usize, side: usize) -> Result<(), Breach> {
    let seven = Card::new(st.trump, Rank::Seven);
    let text = |de: &str, en: &str| {
        Err(Breach::new(
            ErrorCode::ExchangeNotAllowed,
            format!(
                "{} will mit {} rauben (Hand: {}). {de}",
                who(st, Lang::De, seat),
                seven.name(Lang::De),
                cards(st.hands[seat].iter().copied(), Lang::De)
            ),
            format!(
                "{} exchanges the {} (hand: {}). {en}",
                capital(who(st, Lang::En, seat)),
                seven.name(Lang::En),
                cards(st.hands[seat].iter().copied(), Lang::En)
            ),
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
    if let Some((p, turned)) = st.exchanged
        && st.seats[p] == side
        && p != seat
    {
        if st.hands[p].contains(&turned) {
            return Ok(());
        }
        return text(
            &format!(
                "Der Partner hat die aufgedeckte Karte ({}) schon in die Hand genommen und gespielt: nur solange sie bei der ersten Sieben liegt, kann er die Sieben zurücknehmen und den Partner rauben lassen (002: \"the first player can take back the first Seven and allow the partner to take the trump indicator\").",
                turned.name(Lang::De)
            ),
            &format!(
                "The partner took the turned card ({}) and played it: 002 \"the first player can take back the first Seven and allow the partner to take the trump indicator\" only while it lies there.",
                turned.name(Lang::En)
            ),
        );
    }
    if st.exchanged.is_some() {
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

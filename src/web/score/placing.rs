//! Where the referee's message shows on the entry form, beside what broke the rule: the line
//! of the event list (the referee names the event by its index; every non-empty line is one
//! event, so event `j` is the `j`-th non-empty line), or the form field a deal-level rule of
//! Watten's quick form or of the Gaigel form is about (by the rule's code).

use crate::rules::{ErrorCode, Game};

/// A typed line of an event list, numbered as the scorer sees it (from 1).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    pub no: usize,
    pub text: String,
}

/// The non-empty lines of an event list, each with its number in the textarea.
pub fn event_lines(text: &str) -> Vec<Line> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, l)| Line {
            no: i + 1,
            text: l.trim().to_string(),
        })
        .collect()
}

/// The textarea line (from 1) of event `event` of the list.
pub fn line_of_event(text: &str, event: usize) -> Option<usize> {
    event_lines(text).get(event).map(|l| l.no)
}

/// The kind of field a deal-level rule is about, by the referee's code: Gaigel's card points,
/// melds, tricks, cut and Aus/übergaigelt; Watten's quick points. `None`: the message stays
/// at the top only.
pub fn field_of_code(game: Game, code: ErrorCode) -> Option<&'static str> {
    match (game, code) {
        (Game::Gaigel, ErrorCode::CardPointsInvalid) => Some("points"),
        (Game::Gaigel, ErrorCode::MeldsInvalid) => Some("melds"),
        (Game::Gaigel, ErrorCode::TricksInvalid) => Some("tricks"),
        (Game::Gaigel, ErrorCode::TieNeedsCut) => Some("cut"),
        (Game::Gaigel, ErrorCode::OvergaigelInvalid) => Some("overgaigel"),
        (Game::Watten, ErrorCode::PointsOutOfRange) => Some("points"),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn events_map_to_their_lines_past_blank_ones() {
        let text = "bet A\n\n  \nsee B\ntricks A\n";
        assert_eq!(line_of_event(text, 0), Some(1));
        assert_eq!(line_of_event(text, 1), Some(4));
        assert_eq!(line_of_event(text, 2), Some(5));
        assert_eq!(line_of_event(text, 3), None);
        assert_eq!(
            event_lines(text)[1],
            Line {
                no: 4,
                text: "see B".into()
            }
        );
    }

    #[test]
    fn deal_level_codes_name_their_field() {
        assert_eq!(
            field_of_code(Game::Gaigel, ErrorCode::MeldsInvalid),
            Some("melds")
        );
        assert_eq!(
            field_of_code(Game::Watten, ErrorCode::PointsOutOfRange),
            Some("points")
        );
        assert_eq!(field_of_code(Game::Watten, ErrorCode::NotYourTurn), None);
        // A code is about a field only in its own game's form.
        assert_eq!(field_of_code(Game::Watten, ErrorCode::MeldsInvalid), None);
    }
}

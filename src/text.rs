//! User-supplied names and texts. Every name or free text the service stores (accounts,
//! clubs, tournaments, places, seasons, entrants, teams, reasons, import cells) becomes a
//! [`Text`] first, and the only way to get one is [`Text::parse`]: trimmed, not empty, at most
//! its kind's length, and free of control characters (C0, DEL, C1; a NUL in particular, which
//! PostgreSQL cannot store, and which XML and the terminal would choke on). Multi-line texts
//! keep newlines and tabs. Forms hold strings; handlers turn them into a `Text` and word a
//! refusal with the field's name (`TextError::message_key`).
//!
//! [`xml_safe`] is the writers' side of the same promise: rows stored before these checks may
//! hold such characters, and no SVG or XML we write may carry them.

use std::fmt;

/// What a text is for: decides its length and whether it may span lines.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// An account, club, player or team name: one line, at most 64 characters.
    Name,
    /// A tournament's or a place's name: one line, at most 100 characters.
    Title,
    /// A season's name: one line, at most 200 characters.
    Season,
    /// An entrant as shown: a name with its club in brackets, or a team's name: one line, at
    /// most 160 characters.
    Entrant,
    /// The reason for a correction or a reopened round: lines and tabs allowed, at most 500
    /// characters.
    Reason,
}

impl Kind {
    pub const fn max(self) -> usize {
        match self {
            Kind::Name => 64,
            Kind::Title => 100,
            Kind::Season => 200,
            Kind::Entrant => 160,
            Kind::Reason => 500,
        }
    }

    /// Whether the text may hold line breaks and tabs (a text area rather than a line).
    pub const fn multi_line(self) -> bool {
        matches!(self, Kind::Reason)
    }
}

/// Why a text was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TextError {
    Empty,
    TooLong {
        max: usize,
    },
    /// A control character (a NUL, an escape, a line break in a one-line field, ...).
    Control,
    /// An invisible or direction-changing character (a zero-width space, U+202E, ...): two
    /// names that look alike must be alike, and no name may turn the text after it around.
    Invisible,
}

impl TextError {
    /// The catalogue message (`$field` names the field, `$max` the length).
    pub fn message_key(self) -> &'static str {
        match self {
            TextError::Empty => "text-empty",
            TextError::TooLong { .. } => "text-too-long",
            TextError::Control => "text-control",
            TextError::Invisible => "text-invisible",
        }
    }

    pub fn max(self) -> usize {
        match self {
            TextError::TooLong { max } => max,
            _ => 0,
        }
    }
}

impl fmt::Display for TextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TextError::Empty => f.write_str("is empty"),
            TextError::TooLong { max } => write!(f, "is longer than {max} characters"),
            TextError::Control => f.write_str("holds a control character"),
            TextError::Invisible => f.write_str("holds an invisible or bidirectional character"),
        }
    }
}

impl std::error::Error for TextError {}

/// A checked name or text (see the module's summary).
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Text(String);

impl Text {
    /// The one constructor: trims, then refuses an empty, overlong or control-laden text.
    pub fn parse(raw: &str, kind: Kind) -> Result<Text, TextError> {
        // A byte order mark at either end (a list pasted from a file) is dropped like space.
        let text = raw.trim_matches(|c: char| c.is_whitespace() || c == '\u{FEFF}');
        if text.is_empty() {
            return Err(TextError::Empty);
        }
        let control = if kind.multi_line() {
            text.chars().any(forbidden_in_any_text)
        } else {
            has_control(text)
        };
        if control {
            return Err(TextError::Control);
        }
        if text.chars().any(invisible) {
            return Err(TextError::Invisible);
        }
        if text.chars().count() > kind.max() {
            return Err(TextError::TooLong { max: kind.max() });
        }
        Ok(Text(text.to_string()))
    }

    /// An optional text: empty (after trimming) is `None`, anything else must parse.
    pub fn optional(raw: &str, kind: Kind) -> Result<Option<Text>, TextError> {
        if raw.trim().is_empty() {
            Ok(None)
        } else {
            Text::parse(raw, kind).map(Some)
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    pub fn into_string(self) -> String {
        self.0
    }
}

impl AsRef<str> for Text {
    fn as_ref(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for Text {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// A name (`Kind::Name`), the most common kind.
impl TryFrom<&str> for Text {
    type Error = TextError;

    fn try_from(raw: &str) -> Result<Text, TextError> {
        Text::parse(raw, Kind::Name)
    }
}

/// Any control character: C0 (NUL, escape, line breaks, tab), DEL or C1.
pub fn has_control(s: &str) -> bool {
    s.chars().any(char::is_control)
}

/// An invisible formatting or direction character: zero-width spaces and joiners, the soft
/// hyphen, the direction marks, embeddings, overrides and isolates (U+202A..U+202E,
/// U+2066..U+2069), line and paragraph separators, the byte order mark, the Hangul fillers and
/// the other format characters (Unicode category Cf) a name has no use for.
pub fn invisible(c: char) -> bool {
    matches!(
        c,
        '\u{00AD}'
            | '\u{034F}'
            | '\u{061C}'
            | '\u{115F}'
            | '\u{1160}'
            | '\u{17B4}'
            | '\u{17B5}'
            | '\u{180B}'..='\u{180F}'
            | '\u{200B}'..='\u{200F}'
            | '\u{2028}'..='\u{202E}'
            | '\u{2060}'..='\u{206F}'
            | '\u{3164}'
            | '\u{FE00}'..='\u{FE0F}'
            | '\u{FEFF}'
            | '\u{FFA0}'
            | '\u{FFF9}'..='\u{FFFB}'
            | '\u{E0000}'..='\u{E007F}'
    )
}

/// A user's name as a page's `<title>` (or an SVG's text) shows it: the invisible and
/// direction characters an old record may still hold dropped, and the rest between U+2068
/// FIRST STRONG ISOLATE and U+2069 POP DIRECTIONAL ISOLATE, so a name in Hebrew or Arabic, or
/// one that ends in digits, cannot reorder the words around it. In the page's body a name is
/// isolated by `<bdi>` instead; a title and an SVG's text hold no markup.
pub fn isolated(name: &str) -> String {
    let visible = name.chars().filter(|c| !invisible(*c));
    std::iter::once('\u{2068}')
        .chain(visible)
        .chain(std::iter::once('\u{2069}'))
        .collect()
}

/// The form two names are compared in for "the same name": compatibility-normalised (NFKC:
/// `ſ` is `s`, full-width `ｓ` is `s`, `ﬁ` is `fi`) and lower case, invisible characters
/// dropped. `seka`, `Seka`, `ſeka` and `seka` with a zero-width space all fold to `seka`.
pub fn fold(name: &str) -> String {
    use unicode_normalization::UnicodeNormalization;
    let visible: String = name.chars().filter(|c| !invisible(*c)).collect();
    let once: String = visible.nfkc().flat_map(char::to_lowercase).collect();
    // Lower-casing can make a character NFKC changes again (rare); once more settles it.
    once.nfkc().collect()
}

/// A control character a multi-line text may not hold: all but line breaks and tabs. The
/// guard every submitted form value and every query value passes (a pasted list keeps its
/// lines; a NUL or an escape never gets further).
pub fn forbidden_in_any_text(c: char) -> bool {
    c.is_control() && !matches!(c, '\n' | '\r' | '\t')
}

/// Whether XML 1.0 allows the character in a document (its `Char` production), and it is
/// not a control character other than a tab or newline (those we write, nothing else).
pub fn xml_allows(c: char) -> bool {
    matches!(c, '\t' | '\n') || (!c.is_control() && !matches!(c, '\u{FFFE}' | '\u{FFFF}'))
}

/// The text without the characters no SVG or XML document of ours may carry (for rows
/// stored before names were checked). Escaping markup is the writer's job; this only drops.
pub fn xml_safe(s: &str) -> std::borrow::Cow<'_, str> {
    if s.chars().all(xml_allows) {
        std::borrow::Cow::Borrowed(s)
    } else {
        std::borrow::Cow::Owned(s.chars().filter(|c| xml_allows(*c)).collect())
    }
}

/// The value a file or a form names by `name` (`tyrolean`, `four_tables`, `watten`): serde's
/// name of an enum's value, read from the text itself (no JSON around it).
pub fn named<T: serde::de::DeserializeOwned>(name: &str) -> Option<T> {
    use serde::de::IntoDeserializer;
    let text: serde::de::value::StrDeserializer<'_, serde::de::value::Error> =
        name.into_deserializer();
    T::deserialize(text).ok()
}

/// The name serde gives a value that is written as a string (an enum's: `tyrolean`,
/// `four_tables`); empty for any other value.
pub fn name_of<T: serde::Serialize>(value: &T) -> String {
    serde_json::to_string(value)
        .ok()
        .and_then(|json| serde_json::from_str::<String>(&json).ok())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_is_trimmed_and_kept() {
        let t = Text::parse("  Anna Maier (SKV)  ", Kind::Name).unwrap();
        assert_eq!(t.as_str(), "Anna Maier (SKV)");
        assert_eq!(Text::try_from("Süß").unwrap().as_str(), "Süß");
    }

    #[test]
    fn empty_overlong_and_control_laden_texts_are_refused() {
        assert_eq!(Text::parse("   ", Kind::Name), Err(TextError::Empty));
        assert_eq!(
            Text::parse(&"x".repeat(65), Kind::Name),
            Err(TextError::TooLong { max: 64 })
        );
        assert!(Text::parse(&"ä".repeat(64), Kind::Name).is_ok());
        for bad in [
            "a\0b", "A\u{1}B", "E\u{1b}F", "a\nb", "a\tb", "a\u{7f}", "a\u{85}b",
        ] {
            assert_eq!(
                Text::parse(bad, Kind::Title),
                Err(TextError::Control),
                "{bad:?}"
            );
        }
        assert_eq!(Text::optional(" ", Kind::Title), Ok(None));
    }

    #[test]
    fn invisible_and_direction_characters_are_refused_in_every_kind() {
        for bad in [
            "seka\u{200B}",
            "\u{202E}akes",
            "a\u{2066}b\u{2069}",
            "An\u{FEFF}na",
            "An\u{00AD}na",
            "a\u{2028}b",
            "x\u{200D}y",
        ] {
            for kind in [
                Kind::Name,
                Kind::Title,
                Kind::Season,
                Kind::Entrant,
                Kind::Reason,
            ] {
                assert_eq!(Text::parse(bad, kind), Err(TextError::Invisible), "{bad:?}");
            }
        }
        for good in [
            "Süß",
            "Ærø",
            "Zoë",
            "Đorđe",
            "José",
            "Müller-Lüdenscheidt",
            "ﬁx",
        ] {
            assert!(Text::parse(good, Kind::Name).is_ok(), "{good}");
        }
    }

    #[test]
    fn a_name_in_a_title_is_isolated_and_loses_its_direction_overrides() {
        // UAX #9 (Unicode Bidirectional Algorithm), X5c and X6a: text between FSI and PDI
        // is laid out on its own, and the PDI ends any override opened inside.
        assert_eq!(isolated("Sepp\u{202E}reiM"), "\u{2068}SeppreiM\u{2069}");
        assert_eq!(isolated("Vroni"), "\u{2068}Vroni\u{2069}");
    }

    #[test]
    fn an_enum_reads_and_writes_by_serdes_name() {
        #[derive(Debug, PartialEq, serde::Serialize, serde::Deserialize)]
        #[serde(rename_all = "snake_case")]
        enum Fill {
            Byes,
            FourTables,
        }
        assert_eq!(named::<Fill>("four_tables"), Some(Fill::FourTables));
        assert_eq!(named::<Fill>("byes"), Some(Fill::Byes));
        assert_eq!(named::<Fill>("FourTables"), None);
        assert_eq!(named::<Fill>(""), None);
        assert_eq!(named::<u32>("3"), None, "a number is no name");
        assert_eq!(named::<String>("a\"b"), Some("a\"b".to_string()));
        assert_eq!(name_of(&Fill::FourTables), "four_tables");
        assert_eq!(name_of(&"a\"b"), "a\"b");
        assert_eq!(name_of(&3u32), "", "a number has no name");
    }

    #[test]
    fn look_alike_names_fold_to_one() {
        for same in ["seka", "Seka", "SEKA", "ſeka", "ｓｅｋａ", "seka\u{200B}"] {
            assert_eq!(fold(same), "seka", "{same:?}");
        }
        assert_ne!(fold("Seka"), fold("Sekä"));
        assert_eq!(fold("ﬁx"), "fix");
    }

    #[test]
    fn a_reason_may_span_lines_but_holds_no_other_control_character() {
        let reason = Text::parse(" Tisch 3:\r\n\tfalsch notiert ", Kind::Reason).unwrap();
        assert_eq!(reason.as_str(), "Tisch 3:\r\n\tfalsch notiert");
        assert_eq!(Text::parse("a\0b", Kind::Reason), Err(TextError::Control));
        assert_eq!(
            Text::parse("a\u{1b}b", Kind::Reason),
            Err(TextError::Control)
        );
    }

    #[test]
    fn only_line_breaks_and_tabs_pass_the_guard_for_any_text() {
        assert!(!forbidden_in_any_text('\n'));
        assert!(!forbidden_in_any_text('\t'));
        assert!(!forbidden_in_any_text('\r'));
        for c in ['\0', '\u{1}', '\u{1b}', '\u{7f}', '\u{9b}'] {
            assert!(forbidden_in_any_text(c), "{c:?}");
        }
    }

    #[test]
    fn xml_safe_drops_what_xml_forbids_and_keeps_the_rest() {
        assert_eq!(xml_safe("A\u{1}B\u{1b}C\0\u{FFFF}\r"), "ABC");
        assert_eq!(xml_safe("Wattkönig\tSüß\n"), "Wattkönig\tSüß\n");
    }
}

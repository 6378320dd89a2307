//! How a player may be named in public, as pure functions: the consent each `players` row
//! carries (full name, initials, hidden) and [`public_name`], the one function that decides
//! the name a public page or a public export shows. A leaf: the tournament's view
//! (`service::view`) keeps each player's consent with it, and `service::consent` applies
//! these names to a tournament and stores a player's consent.

/// What the player allows the public to see of their name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Consent {
    /// The whole name, as entered (the default, as before consent existed).
    #[default]
    Full,
    /// Initials only: "Anna Huber (SKV)" shows as "A. H. (SKV)".
    Initials,
    /// No name at all: "Spieler 3" (the entrant's number in the tournament); the player's
    /// page does not exist for the public.
    Hidden,
}

impl Consent {
    pub const ALL: [Consent; 3] = [Consent::Full, Consent::Initials, Consent::Hidden];

    /// The stored word.
    pub fn as_str(self) -> &'static str {
        match self {
            Consent::Full => "full",
            Consent::Initials => "initials",
            Consent::Hidden => "hidden",
        }
    }

    /// The stored word back; `None` for anything else (a form's bad value is a 400).
    pub fn parse(s: &str) -> Option<Consent> {
        Consent::ALL.into_iter().find(|c| c.as_str() == s)
    }

    /// A stored column: the CHECK constraint allows only the three words, so anything else is
    /// read as the most private one.
    pub fn stored(s: &str) -> Consent {
        Consent::parse(s).unwrap_or(Consent::Hidden)
    }
}

/// The name a public page or export shows for a player: `name` as stored, `consent` as given,
/// `entrant_id` the player's id in the tournament (`p3`), whose number names a hidden player.
pub fn public_name(name: &str, consent: Consent, entrant_id: &str) -> String {
    match consent {
        Consent::Full => name.to_string(),
        Consent::Initials => initials(name),
        Consent::Hidden => hidden_name(entrant_id),
    }
}

/// "Spieler 3" for entrant `p3`. The word stays German in both languages: it stands where a
/// name stands (and an erased player's stored name reads the same way).
pub fn hidden_name(entrant_id: &str) -> String {
    let number = entrant_id.trim_start_matches(|c: char| !c.is_ascii_digit());
    format!("Spieler {number}")
}

/// "Anna Maria Huber-Mair (SKV)" → "A. M. H.-M. (SKV)": the first letter of each part of the
/// name; a club in brackets at the end (how entries name it) is kept as it is.
pub fn initials(name: &str) -> String {
    let (person, club) = match name.rfind(" (") {
        Some(open) if name.ends_with(')') => (&name[..open], &name[open..]),
        _ => (name, ""),
    };
    let words: Vec<String> = person
        .split_whitespace()
        .map(|word| {
            word.split('-')
                .filter_map(|part| part.chars().next())
                .map(|c| format!("{c}."))
                .collect::<Vec<_>>()
                .join("-")
        })
        .filter(|w| !w.is_empty())
        .collect();
    format!("{}{club}", words.join(" "))
}

/// A team's public name: every member's full name in it replaced by what that member allows
/// (a team entered without a name is named "Anna Huber / Sepp Mair" from its players, and a
/// chosen name may hold a player's name too). `members` pairs each full name with its
/// public name.
pub fn public_team_name(team: &str, members: &[(String, String)]) -> String {
    let mut out = team.to_string();
    for (full, shown) in members {
        if !full.is_empty() && full != shown {
            out = replace_word(&out, full, shown);
        }
    }
    out
}

/// `text` with every whole-word `name` replaced by `new`: "Anna Huber" in "Anna Huber /
/// Sepp Mair", but not "Al" in "Almhütte". An empty name replaces nothing.
pub fn replace_word(text: &str, name: &str, new: &str) -> String {
    if name.trim().is_empty() {
        return text.to_string();
    }
    let word = |c: Option<char>| c.is_some_and(char::is_alphanumeric);
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find(name) {
        let before = rest[..at].chars().last().or_else(|| out.chars().last());
        let after = rest[at + name.len()..].chars().next();
        out.push_str(&rest[..at]);
        if word(before) || word(after) {
            out.push_str(name);
        } else {
            out.push_str(new);
        }
        rest = &rest[at + name.len()..];
    }
    out.push_str(rest);
    out
}

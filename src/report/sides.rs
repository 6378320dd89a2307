//! The letters people at a table know its sides by: A, B (C, D), on the table card (the page
//! and the PDF) and on every phone. The one place they come from. A three-player record names
//! its players `P1`..`P3` (contract 3); the pages say A, B, C for them, the card's order (the
//! record's sides are the table's seats in order).

/// The letters of a table of `seats` seats: A, B, and C (D) at a table of three (four).
pub fn letters(seats: usize) -> Vec<String> {
    ["A", "B", "C", "D"]
        .iter()
        .take(seats.max(2))
        .map(|s| s.to_string())
        .collect()
}

/// The letter of a side of a three-player record: `P1` is A, `P2` B, `P3` C (the card's
/// order: the record's sides are the seats in order); anything else stays.
pub fn side_letter(code: &str) -> &str {
    match code {
        "P1" => "A",
        "P2" => "B",
        "P3" => "C",
        other => other,
    }
}

/// `text` of a three-player table with each side code (`P1`..`P3` as a word, "P2 + P3
/// schauen") written as its letter ([`side_letter`]).
pub fn lettered(text: &str) -> String {
    let word = |c: Option<char>| c.is_some_and(char::is_alphanumeric);
    let mut out = String::with_capacity(text.len());
    let mut before: Option<char> = None;
    let mut rest = text;
    while let Some(c) = rest.chars().next() {
        let code = rest.get(..2).filter(|s| matches!(*s, "P1" | "P2" | "P3"));
        let after = rest.get(2..).and_then(|r| r.chars().next());
        if let Some(code) = code
            && !word(before)
            && !word(after)
        {
            out.push_str(side_letter(code));
            before = code.chars().last();
            rest = &rest[2..];
        } else {
            out.push(c);
            before = Some(c);
            rest = &rest[c.len_utf8()..];
        }
    }
    out
}

//! CSV exports for Excel: UTF-8 with a byte order mark, `,` or `;` (German Excel) between
//! cells, one header row.
//!
//! Formula injection (OWASP "CSV injection"): every *text* cell (names, ids, labels) that
//! starts with `=`, `+`, `-`, `@`, a tab or a carriage return gets a leading `'`, so Excel
//! shows it as text. Numeric columns (rank, points, tie-breaks, round and table numbers) are
//! written from integers and never neutralised: `-3` stays a number Excel can sum.

use super::ReportData;

/// The byte order mark Excel needs to read UTF-8.
pub const BOM: &[u8] = b"\xEF\xBB\xBF";

/// The cell separator.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Delimiter {
    /// `,` as in RFC 4180.
    #[default]
    Comma,
    /// `;` as German Excel expects.
    Semicolon,
}

impl Delimiter {
    fn byte(self) -> u8 {
        match self {
            Delimiter::Comma => b',',
            Delimiter::Semicolon => b';',
        }
    }
}

/// A text cell made safe for spreadsheets (see the module summary).
pub fn neutralise(text: &str) -> String {
    match text.chars().next() {
        Some('=' | '+' | '-' | '@' | '\t' | '\r') => format!("'{text}"),
        _ => text.to_string(),
    }
}

fn write(rows: Vec<Vec<String>>, delimiter: Delimiter) -> Result<Vec<u8>, csv::Error> {
    let mut w = csv::WriterBuilder::new()
        .delimiter(delimiter.byte())
        .flexible(true)
        .from_writer(BOM.to_vec());
    for row in rows {
        w.write_record(&row)?;
    }
    w.into_inner().map_err(|e| csv::Error::from(e.into_error()))
}

/// The standings: `Platz, ID, Name, Punkte` and the tie-break columns, one row per entrant.
pub fn standings(data: &ReportData, delimiter: Delimiter) -> Result<Vec<u8>, csv::Error> {
    let mut header: Vec<String> = data.header.iter().map(|h| neutralise(h)).collect();
    header.insert(1, "ID".into());
    let mut rows = Vec::with_capacity(data.standings.len() + 1);
    rows.push(header);
    for s in &data.standings {
        let mut row = vec![
            s.rank.to_string(),
            neutralise(&s.id),
            neutralise(&s.name),
            s.points.to_string(),
        ];
        row.extend(s.tiebreaks.iter().map(i64::to_string));
        rows.push(row);
    }
    write(rows, delimiter)
}

/// Every round's results: `Runde, Tisch, ID, Name, Punkte` and the tie-break columns, one row
/// per seat (points in that round alone; empty in knockout rounds), then one row per bye with
/// `Freilos` (`Bye`) for the table and no points.
pub fn rounds(data: &ReportData, delimiter: Delimiter) -> Result<Vec<u8>, csv::Error> {
    let l = data.labels();
    let mut header = vec![
        l.round.to_string(),
        l.table.to_string(),
        "ID".to_string(),
        l.name.to_string(),
        l.points.to_string(),
    ];
    header.extend(data.columns.iter().map(|c| neutralise(c)));
    let mut rows = vec![header];
    for r in &data.rounds {
        for t in &r.tables {
            for s in &t.seats {
                let mut row = vec![
                    r.number.to_string(),
                    t.number.to_string(),
                    neutralise(&s.id),
                    neutralise(&s.name),
                    s.points.map(|p| p.to_string()).unwrap_or_default(),
                ];
                row.extend(s.tiebreaks.iter().map(i64::to_string));
                rows.push(row);
            }
        }
        for b in &r.byes {
            rows.push(vec![
                r.number.to_string(),
                l.byes.to_string(),
                String::new(),
                neutralise(b),
            ]);
        }
    }
    write(rows, delimiter)
}

/// The prize list: `Platz, ID, Name, Preis, Sachpreis, geteilt`, one row per winner (before
/// the end: per paid place, no name), then the fees, the deduction, the pot and its rest, each
/// a label and an amount. Amounts are euros with two places, the decimal point as the
/// separator's Excel expects it (`12.50` beside `,`, `12,50` beside `;`). `None`: the
/// tournament has no prize scheme.
pub fn prizes(data: &ReportData, delimiter: Delimiter) -> Option<Result<Vec<u8>, csv::Error>> {
    let p = data.prizes.as_ref()?;
    let l = data.labels();
    let lang = match delimiter {
        Delimiter::Comma => crate::rules::Lang::En,
        Delimiter::Semicolon => crate::rules::Lang::De,
    };
    let money = |cents: u64| crate::tournament::euro::plain(cents, lang);
    let mut rows = vec![
        [l.rank, "ID", l.name, l.prize, l.goods, l.shared]
            .iter()
            .map(|h| neutralise(h))
            .collect::<Vec<_>>(),
    ];
    for line in &p.lines {
        rows.push(vec![
            line.rank.to_string(),
            neutralise(&line.id),
            neutralise(&line.name),
            money(line.cents),
            neutralise(&line.goods),
            if line.shared { l.shared } else { "" }.to_string(),
        ]);
    }
    if let Some(why) = &p.refused {
        rows.push(vec![neutralise(&super::prizes::refusal_text(
            why, data.lang,
        ))]);
    }
    for (label, cents) in [
        (l.entry_fee, p.entry_fee),
        (l.fees, p.fees),
        (l.deduction, p.deduction),
        (l.pot, p.pot),
        (l.rest, p.rest),
    ] {
        rows.push(vec![label.to_string(), money(cents)]);
    }
    Some(write(rows, delimiter))
}

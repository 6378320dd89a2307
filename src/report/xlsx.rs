//! The XLSX export: a standings sheet ("Tabelle" / "Standings") and one sheet per round
//! ("Runde 1" / "Round 1", "Runde 4 (Finalrunde)" for knockout rounds). The header row is
//! bold and frozen, numbers are numbers, and every piece of user text is written with
//! `write_string` (a shared string, never a formula), so `=HYPERLINK(..)` stays text; unlike
//! the CSV no `'` is needed or added.

// Names stored before they were checked may hold what XML forbids (U+FFFF, say), which
// rust_xlsxwriter does not escape: dropped here.
pub use super::xlsx_cells::sheet_name;
use super::xlsx_cells::{col, header, row, widths};
use super::{ReportData, RoundResult};
use crate::text::xml_safe;
use rust_xlsxwriter::{Format, Workbook, Worksheet, XlsxError};

/// Excel stores numbers as doubles; tournament values are far below 2^53.
fn num(v: i64) -> f64 {
    v as f64
}

fn round_sheet(
    ws: &mut Worksheet,
    data: &ReportData,
    r: &RoundResult,
    bold: &Format,
) -> Result<(), XlsxError> {
    let l = data.labels();
    let name = if r.knockout {
        format!("{} {} ({})", l.round, r.number, l.knockout)
    } else {
        format!("{} {}", l.round, r.number)
    };
    ws.set_name(sheet_name(&name))?;
    let mut cells = vec![
        l.table.to_string(),
        "ID".into(),
        l.name.to_string(),
        l.points.to_string(),
    ];
    cells.extend(data.columns.iter().cloned());
    header(ws, &cells, bold)?;
    widths(ws, 2, cells.len())?;
    let mut y = 1;
    for t in &r.tables {
        for s in &t.seats {
            ws.write_number(row(y), 0, num(t.number as i64))?;
            ws.write_string(row(y), 1, &s.id)?;
            ws.write_string(row(y), 2, xml_safe(&s.name))?;
            if let Some(p) = s.points {
                ws.write_number(row(y), 3, num(p))?;
            }
            for (i, v) in s.tiebreaks.iter().enumerate() {
                ws.write_number(row(y), col(4 + i), num(*v))?;
            }
            y += 1;
        }
    }
    for b in &r.byes {
        ws.write_string(row(y), 0, l.byes)?;
        ws.write_string(row(y), 2, xml_safe(b))?;
        y += 1;
    }
    Ok(())
}

/// The workbook as bytes.
pub fn workbook(data: &ReportData) -> Result<Vec<u8>, XlsxError> {
    let bold = Format::new().set_bold();
    let mut wb = Workbook::new();
    let ws = wb.add_worksheet();
    ws.set_name(sheet_name(&data.standings_title))?;
    let mut cells = data.header.clone();
    cells.insert(1, "ID".into());
    header(ws, &cells, &bold)?;
    widths(ws, 2, cells.len())?;
    for (i, s) in data.standings.iter().enumerate() {
        let y = row(i + 1);
        ws.write_number(y, 0, s.rank)?;
        ws.write_string(y, 1, &s.id)?;
        ws.write_string(y, 2, xml_safe(&s.name))?;
        ws.write_number(y, 3, num(s.points))?;
        for (k, v) in s.tiebreaks.iter().enumerate() {
            ws.write_number(y, col(4 + k), num(*v))?;
        }
    }
    // The order in words, one empty row below the standings.
    ws.write_string(row(data.standings.len() + 2), 0, xml_safe(&data.order))?;
    super::xlsx_prizes::sheet(&mut wb, data, &bold)?;
    for r in &data.rounds {
        let ws = wb.add_worksheet();
        round_sheet(ws, data, r, &bold)?;
    }
    wb.save_to_buffer()
}

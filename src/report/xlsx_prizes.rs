//! The XLSX export's prize list sheet ("Preisliste" / "Prize list"): rank, id, name, prize in
//! euros, goods, shared, then the fees, the deduction, the pot and its rest.

use super::ReportData;
use super::xlsx_cells::{header, row, sheet_name, widths};
use crate::text::xml_safe;
use rust_xlsxwriter::{Format, Workbook, Worksheet, XlsxError};

/// Cents as a spreadsheet number of euros. The amounts are computed in whole cents; Excel
/// keeps every number as a double, and a hundredth of a whole number of cents below 2^53
/// shows exactly at two places with the sheet's money format.
fn euros(cents: u64) -> f64 {
    cents as f64 / 100.0
}

/// Adds the sheet when the tournament has a prize scheme.
pub(super) fn sheet(wb: &mut Workbook, data: &ReportData, bold: &Format) -> Result<(), XlsxError> {
    let Some(p) = &data.prizes else {
        return Ok(());
    };
    let l = data.labels();
    let money = Format::new().set_num_format("#,##0.00 €");
    let ws: &mut Worksheet = wb.add_worksheet();
    ws.set_name(sheet_name(l.prizes))?;
    let cells = [l.rank, "ID", l.name, l.prize, l.goods, l.shared].map(String::from);
    header(ws, &cells, bold)?;
    widths(ws, 2, cells.len())?;
    for (i, line) in p.lines.iter().enumerate() {
        let y = row(i + 1);
        ws.write_number(y, 0, line.rank)?;
        ws.write_string(y, 1, &line.id)?;
        ws.write_string(y, 2, xml_safe(&line.name))?;
        ws.write_number_with_format(y, 3, euros(line.cents), &money)?;
        ws.write_string(y, 4, xml_safe(&line.goods))?;
        if line.shared {
            ws.write_string(y, 5, l.shared)?;
        }
    }
    let mut y = p.lines.len() + 2;
    if let Some(why) = &p.refused {
        ws.write_string(row(y), 0, super::prizes::refusal_text(why, data.lang))?;
        y += 1;
    }
    for (label, cents) in [
        (l.entry_fee, p.entry_fee),
        (l.fees, p.fees),
        (l.deduction, p.deduction),
        (l.pot, p.pot),
        (l.rest, p.rest),
    ] {
        ws.write_string(row(y), 2, label)?;
        ws.write_number_with_format(row(y), 3, euros(cents), &money)?;
        y += 1;
    }
    Ok(())
}

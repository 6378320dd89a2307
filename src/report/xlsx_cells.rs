//! The cells every XLSX sheet of the reports shares: a valid sheet name, the bold frozen
//! header row, row and column numbers, the columns' widths.

use rust_xlsxwriter::{Format, Worksheet, XlsxError};

/// A valid sheet name: at most 31 characters, none of `[]:*?/\`, not starting or ending
/// with `'`, never empty.
pub fn sheet_name(name: &str) -> String {
    let cleaned: String = name
        .chars()
        .map(|c| if "[]:*?/\\".contains(c) { '_' } else { c })
        .take(31)
        .collect();
    let trimmed = cleaned.trim_matches('\'');
    if trimmed.is_empty() {
        "_".to_string()
    } else {
        trimmed.to_string()
    }
}

pub(super) fn header(ws: &mut Worksheet, cells: &[String], bold: &Format) -> Result<(), XlsxError> {
    for (c, h) in cells.iter().enumerate() {
        ws.write_string_with_format(0, col(c), h, bold)?;
    }
    ws.set_freeze_panes(1, 0)?;
    Ok(())
}

pub(super) fn col(c: usize) -> u16 {
    u16::try_from(c).unwrap_or(u16::MAX)
}

pub(super) fn row(r: usize) -> u32 {
    u32::try_from(r).unwrap_or(u32::MAX)
}

pub(super) fn widths(ws: &mut Worksheet, name_col: usize, n: usize) -> Result<(), XlsxError> {
    for c in 0..n {
        let w = if c == name_col { 32.0 } else { 14.0 };
        ws.set_column_width(col(c), w)?;
    }
    Ok(())
}

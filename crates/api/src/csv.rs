//! CSV cells for the back office's exports (RFC 4180), safe to open in a spreadsheet.

/// One CSV field, always quoted (quotes doubled), with OWASP's CSV-injection rule applied:
/// the text, and each part of it after a `;` or a TAB (the separators a spreadsheet may split
/// on instead of the comma), gets a leading `'` when it starts with `=`, `+`, `-`, `@`, TAB or
/// CR, so that no part of a cell is ever run as a formula.
///
/// One exception, so that the exports' numeric columns stay numbers: a part that is a plain
/// decimal number (an optional sign, digits, an optional fraction: `-12.50`, `+3`) is left as
/// it is. Such a part cannot call a function or reach another cell.
#[must_use]
pub fn field(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 4);
    out.push('"');
    for part in text.split_inclusive([';', '\t']) {
        // `split_inclusive` keeps each separator at the end of its part; the check is about
        // what follows a separator (or the start), so look at the part without its own.
        let body = part.strip_suffix([';', '\t']).unwrap_or(part);
        let starts_a_formula = part.starts_with(['=', '+', '-', '@', '\t', '\r']);
        if starts_a_formula && !is_plain_number(body) {
            out.push('\'');
        }
        out.push_str(&part.replace('"', "\"\""));
    }
    out.push('"');
    out
}

/// Whether `text` is an optional sign, one or more digits and an optional `.` with digits.
fn is_plain_number(text: &str) -> bool {
    let digits = text.strip_prefix(['-', '+']).unwrap_or(text);
    let (whole, fraction) = digits.split_once('.').unwrap_or((digits, "0"));
    !whole.is_empty()
        && !fraction.is_empty()
        && whole.bytes().all(|b| b.is_ascii_digit())
        && fraction.bytes().all(|b| b.is_ascii_digit())
}

/// One CSV record with its CRLF.
#[must_use]
pub fn record<S: AsRef<str>>(fields: &[S]) -> String {
    let mut line = fields
        .iter()
        .map(|f| field(f.as_ref()))
        .collect::<Vec<_>>()
        .join(",");
    line.push_str("\r\n");
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_field_is_quoted_with_its_quotes_doubled() {
        assert_eq!(field("plain"), "\"plain\"");
        assert_eq!(field(""), "\"\"");
        assert_eq!(field("Smith, \"Doc\""), "\"Smith, \"\"Doc\"\"\"");
        assert_eq!(field("Line\nBreak"), "\"Line\nBreak\"");
        assert_eq!(record(&["a", "b,c"]), "\"a\",\"b,c\"\r\n");
    }

    #[test]
    fn formulas_are_neutralised_at_the_start_and_after_each_semicolon_or_tab() {
        let cases = [
            ("=SUM(A1)", "'=SUM(A1)"),
            ("+1+cmd", "'+1+cmd"),
            ("-2+3+cmd|' /C calc'!A0", "'-2+3+cmd|' /C calc'!A0"),
            ("@SUM(A1)", "'@SUM(A1)"),
            ("\t=cmd", "'\t'=cmd"),
            ("\r=cmd", "'\r=cmd"),
            ("Bob;=cmd|'/C calc'!A0;", "Bob;'=cmd|'/C calc'!A0;"),
            (
                "Big Bang;=HYPERLINK(\"x\")",
                "Big Bang;'=HYPERLINK(\"\"x\"\")",
            ),
            ("Boom\t@SUM(A1)", "Boom\t'@SUM(A1)"),
            ("a;;+b", "a;;'+b"),
            ("a;\t-x", "a;'\t'-x"),
            ("Mail@example.com", "Mail@example.com"),
            ("Tom-Tom; Jerry", "Tom-Tom; Jerry"),
        ];
        for (text, expected) in cases {
            assert_eq!(field(text), format!("\"{expected}\""), "{text:?}");
        }
    }

    #[test]
    fn plain_numbers_stay_numbers_but_anything_more_is_prefixed() {
        for number in ["-12.50", "-12", "+3", "12.5", "0", "-0.01"] {
            assert_eq!(field(number), format!("\"{number}\""), "{number}");
        }
        for text in [
            "-12.50+cmd",
            "-1e5",
            "-inf",
            "-NaN",
            "-",
            "-.5",
            "-12.",
            "--1",
        ] {
            assert_eq!(field(text), format!("\"'{text}\""), "{text}");
        }
        assert_eq!(field("a;-12.50"), "\"a;-12.50\"");
    }
}

//! CSV cells for the back office's exports (RFC 4180).

/// One CSV field: quoted when it holds a comma, quote or line break (quotes doubled). Text
/// starting with `=`, `+`, `-` or `@` that is not a number gets a leading `'`, so that a
/// spreadsheet never runs it as a formula.
#[must_use]
pub fn field(text: &str) -> String {
    let text = match text.chars().next() {
        Some('=' | '+' | '-' | '@') if text.parse::<f64>().is_err() => format!("'{text}"),
        _ => text.to_owned(),
    };
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text
    }
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
    fn fields_are_quoted_and_formulas_neutralised() {
        assert_eq!(field("plain"), "plain");
        assert_eq!(field("Smith, \"Doc\""), "\"Smith, \"\"Doc\"\"\"");
        assert_eq!(field("=SUM(A1)"), "'=SUM(A1)");
        assert_eq!(field("-12.5"), "-12.5");
        assert_eq!(record(&["a", "b,c"]), "a,\"b,c\"\r\n");
    }
}

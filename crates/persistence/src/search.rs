//! Case-insensitive text search that works the same on SQLite and PostgreSQL: compare
//! lowercased values with a `LIKE ... ESCAPE '\'` pattern whose `%`, `_` and `\` are escaped.

diesel::define_sql_function! {
    /// SQL `lower()`, the same on both backends for ASCII.
    fn lower(x: diesel::sql_types::Text) -> diesel::sql_types::Text;
}

/// `text` with `%`, `_` and `\` escaped for a `LIKE ... ESCAPE '\'` pattern.
fn escaped(text: &str, out: &mut String) {
    for c in text.chars() {
        if matches!(c, '%' | '_' | '\\') {
            out.push('\\');
        }
        out.push(c);
    }
}

/// A pattern matching the lowercased `needle` anywhere (`%needle%`).
#[must_use]
pub fn like_anywhere(needle: &str) -> String {
    let mut p = String::with_capacity(needle.len() + 2);
    p.push('%');
    escaped(&needle.to_lowercase(), &mut p);
    p.push('%');
    p
}

/// A pattern matching texts that start with `prefix` (`prefix%`), case as given.
#[must_use]
pub fn like_prefix(prefix: &str) -> String {
    let mut p = String::with_capacity(prefix.len() + 1);
    escaped(prefix, &mut p);
    p.push('%');
    p
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wildcards_and_the_escape_character_are_escaped() {
        assert_eq!(
            like_anywhere("50% Off_Big\\Bang"),
            "%50\\% off\\_big\\\\bang%"
        );
        assert_eq!(like_prefix("58_1%"), "58\\_1\\%%");
    }
}

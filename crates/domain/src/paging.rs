//! Pages of a list: which page to read, what one page holds, and the order by a column.

/// Which page of a list to read: `page` from 1, `page_size` rows per page (both already
/// validated by the caller).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PageRequest {
    /// Page, from 1.
    pub page: i64,
    /// Rows per page, at least 1.
    pub page_size: i64,
}

impl PageRequest {
    /// Rows to skip.
    #[must_use]
    pub fn offset(&self) -> i64 {
        (self.page.max(1) - 1).saturating_mul(self.page_size)
    }

    /// Pages needed for `total` rows (0 when there are none).
    #[must_use]
    pub fn total_pages(&self, total: i64) -> i64 {
        if self.page_size <= 0 {
            return 0;
        }
        (total + self.page_size - 1) / self.page_size
    }

    /// Whether a page after this one has rows.
    #[must_use]
    pub fn has_more(&self, total: i64) -> bool {
        self.page.saturating_mul(self.page_size) < total
    }
}

/// One page of rows and how many match in all.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Page<T> {
    /// The page's rows.
    pub items: Vec<T>,
    /// Rows matching the filters, on every page.
    pub total: i64,
}

impl<T> Page<T> {
    /// The same page with every row converted by `f`.
    pub fn map<U>(self, f: impl FnMut(T) -> U) -> Page<U> {
        Page {
            items: self.items.into_iter().map(f).collect(),
            total: self.total,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paging_arithmetic() {
        let p = PageRequest {
            page: 3,
            page_size: 10,
        };
        assert_eq!(p.offset(), 20);
        assert_eq!(p.total_pages(0), 0);
        assert_eq!(p.total_pages(21), 3);
        assert!(p.has_more(31));
        assert!(!p.has_more(30));
    }
}

/// A list's order: one of its columns, ascending or descending (each list breaks ties by its
/// own key, so the order is total). `C` is the list's column enum; its default is the list's
/// default order.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ColumnSort<C> {
    /// The column.
    pub column: C,
    /// Highest (Z, newest) first.
    pub descending: bool,
}

impl<C: Copy + Default> ColumnSort<C> {
    /// Reads a query value among `columns` (query word, column): `word`, `-word` for
    /// descending, or nothing (the default column, ascending). `None` for another word.
    #[must_use]
    pub fn parse_among(text: Option<&str>, columns: &[(&str, C)]) -> Option<Self> {
        let Some(text) = text.map(str::trim).filter(|t| !t.is_empty()) else {
            return Some(Self::default());
        };
        let (descending, word) = match text.strip_prefix('-') {
            Some(word) => (true, word),
            None => (false, text),
        };
        columns
            .iter()
            .find(|(w, _)| *w == word)
            .map(|(_, column)| ColumnSort {
                column: *column,
                descending,
            })
    }

    /// Every value [`Self::parse_among`] reads, blank first, then each word, then each with
    /// `-`: what the API document lists.
    #[must_use]
    pub fn values(columns: &[(&str, C)]) -> Vec<String> {
        let words = columns.iter().map(|(w, _)| *w);
        std::iter::once(String::new())
            .chain(words.clone().map(str::to_owned))
            .chain(words.map(|w| format!("-{w}")))
            .collect()
    }
}

/// Declares the sort of a list: the column enum (its first column is the default), the sort
/// type ([`ColumnSort`] over it), the error for a text that is not one of its values, and the
/// sort's `COLUMNS` (query word, column) and `parse`.
macro_rules! column_sort {
    (
        $(#[$column_doc:meta])* $column:ident,
        $(#[$sort_doc:meta])* $sort:ident,
        $(#[$error_doc:meta])* $error:ident: $message:literal,
        $(#[$first_doc:meta])* $first:ident = $first_word:literal,
        $($(#[$doc:meta])* $variant:ident = $word:literal,)*
    ) => {
        $(#[$column_doc])*
        #[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
        pub enum $column {
            $(#[$first_doc])*
            #[default]
            $first,
            $($(#[$doc])* $variant,)*
        }

        $(#[$sort_doc])*
        pub type $sort = $crate::paging::ColumnSort<$column>;

        $(#[$error_doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
        #[error($message)]
        pub struct $error;

        impl $sort {
            /// The query values of the columns (`-` first for descending).
            pub const COLUMNS: &'static [(&'static str, $column)] =
                &[($first_word, $column::$first), $(($word, $column::$variant),)*];

            #[doc = concat!("Reads `", $first_word, "`, `-", $first_word, "`, ..., or nothing (the first column).")]
            ///
            /// # Errors
            #[doc = concat!("`", stringify!($error), "` for another word.")]
            pub fn parse(text: Option<&str>) -> Result<$sort, $error> {
                Self::parse_among(text, Self::COLUMNS).ok_or($error)
            }
        }
    };
}
pub(crate) use column_sort;

#[cfg(test)]
mod column_sort_tests {
    use super::ColumnSort;

    #[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
    enum Col {
        #[default]
        A,
        B,
    }

    const COLUMNS: [(&str, Col); 2] = [("a", Col::A), ("bee", Col::B)];

    #[test]
    fn a_word_a_dashed_word_or_nothing_reads_and_anything_else_does_not() {
        let sort = |column, descending| Some(ColumnSort { column, descending });
        assert_eq!(ColumnSort::parse_among(None, &COLUMNS), sort(Col::A, false));
        assert_eq!(
            ColumnSort::parse_among(Some(" "), &COLUMNS),
            sort(Col::A, false)
        );
        assert_eq!(
            ColumnSort::parse_among(Some("bee"), &COLUMNS),
            sort(Col::B, false)
        );
        assert_eq!(
            ColumnSort::parse_among(Some("-bee"), &COLUMNS),
            sort(Col::B, true)
        );
        assert_eq!(ColumnSort::parse_among(Some("--bee"), &COLUMNS), None);
        assert_eq!(ColumnSort::parse_among(Some("c"), &COLUMNS), None);
        assert_eq!(ColumnSort::values(&COLUMNS), ["", "a", "bee", "-a", "-bee"]);
    }
}

//! Pages of a list: which page to read and what one page holds.

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

//! Status and report enumerations (back-office.md §3, §4; decisions.md "Checkout and payment").

use crate::macros::string_enum;

/// A text that is not an order status.
#[derive(Debug, Clone, Default, PartialEq, Eq, thiserror::Error)]
#[error("Invalid order status")]
pub struct InvalidOrderStatus;

string_enum! {
    /// Where a purchase order stands. New orders start `Pending`; the admin may set any of the
    /// other three at any time.
    pub enum OrderStatus: InvalidOrderStatus {
        /// Just placed.
        Pending => "PENDING",
        /// Being prepared.
        Processing => "PROCESSING",
        /// Done.
        Completed => "COMPLETED",
        /// Could not be fulfilled.
        Failed => "FAILED",
    }
}

impl OrderStatus {
    /// The statuses an admin may set (back-office.md §4: PROCESSING, COMPLETED, FAILED).
    pub const ADMIN_SETTABLE: [OrderStatus; 3] = [
        OrderStatus::Processing,
        OrderStatus::Completed,
        OrderStatus::Failed,
    ];
}

/// A text that is not a case break status.
#[derive(Debug, Clone, Default, PartialEq, Eq, thiserror::Error)]
#[error("Invalid case break status")]
pub struct InvalidCaseBreakStatus;

string_enum! {
    /// Where a case break request stands.
    pub enum CaseBreakStatus: InvalidCaseBreakStatus {
        /// Waiting for a case to be broken into units.
        Pending => "PENDING",
        /// Being handled.
        Processing => "PROCESSING",
        /// Units were added to stock.
        Completed => "COMPLETED",
        /// Abandoned.
        Failed => "FAILED",
    }
}

impl CaseBreakStatus {
    /// Whether the request may still be processed: not once `Completed` or `Failed`
    /// (decisions.md "Stock": processing those again is a 409).
    #[must_use]
    pub const fn can_be_processed(self) -> bool {
        match self {
            CaseBreakStatus::Pending | CaseBreakStatus::Processing => true,
            CaseBreakStatus::Completed | CaseBreakStatus::Failed => false,
        }
    }
}

/// A text that is not a report type.
#[derive(Debug, Clone, Default, PartialEq, Eq, thiserror::Error)]
#[error("Invalid report type")]
pub struct InvalidReportType;

string_enum! {
    /// The kinds of report the back office knows.
    pub enum ReportType: InvalidReportType {
        /// Sales over a period.
        Sales => "SALES",
        /// Stock levels.
        Inventory => "INVENTORY",
        /// What users did.
        UserActivity => "USER_ACTIVITY",
        /// Money over a period.
        Financial => "FINANCIAL",
        /// Best and worst sellers.
        ProductPerformance => "PRODUCT_PERFORMANCE",
        /// Case break requests.
        CaseBreak => "CASE_BREAK",
    }
}

/// A text that is not a report status.
#[derive(Debug, Clone, Default, PartialEq, Eq, thiserror::Error)]
#[error("Invalid report status")]
pub struct InvalidReportStatus;

string_enum! {
    /// Where a report's generation stands.
    pub enum ReportStatus: InvalidReportStatus {
        /// Asked for.
        Pending => "PENDING",
        /// Being generated.
        Processing => "PROCESSING",
        /// Ready.
        Completed => "COMPLETED",
        /// Generation failed.
        Failed => "FAILED",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Checks `as_str`, `FromStr` and serde of every value against the spec's spelling.
    fn check<T>(all: &[T], words: &[&str])
    where
        T: Copy
            + PartialEq
            + std::fmt::Debug
            + std::fmt::Display
            + std::str::FromStr
            + serde::Serialize
            + serde::de::DeserializeOwned,
    {
        assert_eq!(all.len(), words.len());
        for (value, word) in all.iter().zip(words) {
            assert_eq!(value.to_string(), *word);
            assert!(matches!(word.parse::<T>(), Ok(v) if v == *value));
            assert!(word.to_lowercase().parse::<T>().is_err());
            let json = serde_json::to_string(value).expect("serializes");
            assert_eq!(json, format!("\"{word}\""));
            assert_eq!(serde_json::from_str::<T>(&json).expect("reads"), *value);
        }
        assert!("NOPE".parse::<T>().is_err());
        assert!(serde_json::from_str::<T>("\"NOPE\"").is_err());
    }

    #[test]
    fn statuses_and_report_types_use_the_specs_spelling() {
        let statuses = ["PENDING", "PROCESSING", "COMPLETED", "FAILED"];
        check(OrderStatus::ALL, &statuses);
        check(CaseBreakStatus::ALL, &statuses);
        check(ReportStatus::ALL, &statuses);
        check(
            ReportType::ALL,
            &[
                "SALES",
                "INVENTORY",
                "USER_ACTIVITY",
                "FINANCIAL",
                "PRODUCT_PERFORMANCE",
                "CASE_BREAK",
            ],
        );
        assert_eq!(
            "x".parse::<OrderStatus>().map_err(|e| e.to_string()),
            Err("Invalid order status".to_owned())
        );
    }

    #[test]
    fn only_open_case_break_requests_can_be_processed() {
        assert!(CaseBreakStatus::Pending.can_be_processed());
        assert!(CaseBreakStatus::Processing.can_be_processed());
        assert!(!CaseBreakStatus::Completed.can_be_processed());
        assert!(!CaseBreakStatus::Failed.can_be_processed());
        assert!(!OrderStatus::ADMIN_SETTABLE.contains(&OrderStatus::Pending));
    }
}

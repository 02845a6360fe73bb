//! Reports: what an admin requests, what the background job stores, and the rows it reads.

use crate::ids::{ReportId, UserId};
use crate::status::{ReportStatus, ReportType};
use chrono::NaiveDateTime;
use serde::Serialize;
use serde_json::{Map, Value};

/// A unit product or variant with its stock, for the inventory report.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StockRow {
    /// `Unit` or `Variant`.
    pub kind: &'static str,
    /// SKU.
    pub sku: String,
    /// The product's title.
    pub title: String,
    /// The product's category.
    pub category: String,
    /// Price of one.
    pub unit_price: crate::money::Money,
    /// Items in stock.
    pub stock: u32,
}

/// A user who signed up or signed in within a report's range.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ActivityUser {
    /// Id.
    pub id: UserId,
    /// E-mail.
    pub email: String,
    /// Role.
    pub role: String,
    /// When they signed up.
    pub created_on: NaiveDateTime,
    /// Their last sign-in.
    pub last_login: Option<NaiveDateTime>,
}

/// A report is claimed again when the node computing it has said nothing for this long.
pub const STALE_AFTER_SECONDS: i64 = 300;
/// Claims of one report before it is failed.
pub const MAX_ATTEMPTS: i32 = 3;
/// Longest report name.
pub const MAX_NAME_LEN: usize = 200;
/// Longest report description.
pub const MAX_DESCRIPTION_LEN: usize = 2_000;
/// The most products a performance report ranks.
pub const MAX_TOP: u32 = 100;
/// The report types an admin may ask for.
pub const REQUESTABLE: [ReportType; 5] = [
    ReportType::Sales,
    ReportType::Inventory,
    ReportType::UserActivity,
    ReportType::Financial,
    ReportType::ProductPerformance,
];

/// A report as stored.
#[derive(Debug, Clone, PartialEq)]
pub struct Report {
    /// Id.
    pub id: ReportId,
    /// Type.
    pub report_type: ReportType,
    /// Name.
    pub name: String,
    /// Description.
    pub description: Option<String>,
    /// Where it stands.
    pub status: ReportStatus,
    /// The parameters, with every default filled in.
    pub parameters: Map<String, Value>,
    /// Who asked (user id).
    pub created_by: UserId,
    /// Their e-mail.
    pub created_by_email: Option<String>,
    /// When.
    pub created_at: NaiveDateTime,
    /// When it completed or failed.
    pub completed_at: Option<NaiveDateTime>,
    /// Why it failed.
    pub error_message: Option<String>,
    /// The result (completed reports, when asked for).
    pub result: Option<Value>,
    /// Claims so far.
    pub attempts: i32,
}

/// A report to store.
#[derive(Debug, Clone, PartialEq)]
pub struct NewReport {
    /// Type.
    pub report_type: ReportType,
    /// Name.
    pub name: String,
    /// Description.
    pub description: Option<String>,
    /// The parameters, with every default filled in.
    pub parameters: Map<String, Value>,
    /// Who asks.
    pub created_by: UserId,
    /// When.
    pub created_at: NaiveDateTime,
}

/// What an admin sends to ask for a report.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ReportRequest {
    /// `SALES`, `INVENTORY`, `USER_ACTIVITY`, `FINANCIAL` or `PRODUCT_PERFORMANCE`.
    pub report_type: Option<String>,
    /// Name (required).
    pub name: Option<String>,
    /// Description.
    pub description: Option<String>,
    /// Parameters (defaults of §3 for those left out).
    pub parameters: Map<String, Value>,
}

/// A report result's table (what the screen shows and the CSV holds).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Table {
    /// Key.
    pub id: &'static str,
    /// Title.
    pub title: &'static str,
    /// Columns: (key, label, kind: `text`, `int`, `money`, `percent`).
    pub columns: Vec<Column>,
    /// Rows, one value per column.
    pub rows: Vec<Vec<Value>>,
}

/// A column of a table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Column {
    /// Key.
    pub key: &'static str,
    /// Label.
    pub label: &'static str,
    /// `text`, `int`, `money` or `percent`.
    pub kind: &'static str,
}

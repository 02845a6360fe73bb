//! A vocabulary term's request body and answer.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// A term as the forms send it.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct TermBody {
    /// Name (trimmed; required).
    #[serde(default)]
    pub name: Option<String>,
    /// Description (show and apparel types; omitted when blank).
    #[serde(default)]
    pub description: Option<String>,
}

/// A stored term.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TermJson {
    /// Id.
    pub id: String,
    /// Name.
    pub name: String,
    /// Description (show and apparel types only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// Products using it (0 for a new term).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub product_count: Option<i64>,
}

//! The postal address as the API sends it (profiles' addresses and freight terminals).

use domain::catalogue::StoredAddress;
use serde::Serialize;
use utoipa::ToSchema;

/// A postal address.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AddressJson {
    /// Address id.
    #[schema(format = Uuid)]
    pub id: String,
    /// Street line 1.
    pub street1: String,
    /// Street line 2 or null.
    pub street2: Option<String>,
    /// City.
    pub city: String,
    /// Two-letter state code.
    pub state: String,
    /// ZIP code.
    pub postal_code: String,
}

impl From<StoredAddress> for AddressJson {
    fn from(a: StoredAddress) -> Self {
        AddressJson {
            id: a.id.into_string(),
            street1: a.street1,
            street2: a.street2,
            city: a.city,
            state: a.state,
            postal_code: a.postal_code,
        }
    }
}

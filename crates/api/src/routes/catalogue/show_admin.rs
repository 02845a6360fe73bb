//! Back-office writes of shows (back-office.md §7 "Shows and show types"): `POST /api/shows`,
//! `PUT /api/shows/{id}`, `DELETE /api/shows/{id}`. ADMIN only. Answers the show as
//! `GET /api/shows/{id}` does.

use actix_web::{delete, post, put, HttpResponse};
use domain::catalogue::{self, Packing, ShowAdminError, ShowInput, ShowLineInput};
use serde::Deserialize;
use serde_json::Value;
use utoipa::ToSchema;

use crate::routes::catalogue::admin_crud;
use crate::routes::catalogue::dto::ShowJson;

/// A line of the show form.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ShowLineBody {
    /// The product.
    pub product_id: String,
    /// How many (default 1).
    #[serde(default = "one", deserialize_with = "crate::whole::number")]
    pub quantity: i64,
    /// Notes.
    #[serde(default)]
    #[schema(max_length = 500)]
    pub notes: Option<String>,
    /// Units (true) or cases.
    #[serde(default)]
    pub is_unit: bool,
}

const fn one() -> i64 {
    1
}

admin_crud::form_body! {
    /// The show form (back-office.md §7).
    ShowBody => ShowInput {
        /// Title.
        title: Option<String>,
        /// Description.
        description: Option<String>,
        /// Price (a number above 0).
        #[schema(value_type = Option<f64>)]
        case_price: Value => admin_crud::text,
        /// Image address (defaults to the placeholder).
        image: Option<String>,
        /// Video address.
        #[serde(rename = "videoURL", alias = "videoUrl")]
        video_url: Option<String>,
        /// In stock.
        in_stock: bool,
        /// Show type id.
        show_type_id: Option<String>,
        /// Brand id.
        brand_id: Option<String>,
        /// Category id.
        category_id: Option<String>,
        /// The lines.
        #[serde(deserialize_with = "crate::objects::many")]
        products: Vec<ShowLineBody> => admin_crud::each,
    }
}

impl From<ShowLineBody> for ShowLineInput {
    fn from(l: ShowLineBody) -> Self {
        ShowLineInput {
            product_id: l.product_id,
            quantity: l.quantity,
            notes: l.notes,
            packing: Packing::from_is_unit(l.is_unit),
        }
    }
}

admin_crud::handlers! {
    body: ShowBody, input: ShowInput, error: ShowAdminError, view: ShowJson,
    id: "Show id", not_found: "Show not found",
    /// Creates a show (SKU SHOW-n).
    #[post("/shows")]
    create: catalogue::create_show, [
        (status = 422, description = "validation failures by field")
    ];
    /// Changes a show and replaces its lines.
    #[put("/shows/{id}")]
    update: catalogue::update_show, [
        (status = 422, description = "validation failures by field")
    ];
    /// Deletes a show no order holds.
    #[delete("/shows/{id}")]
    remove: catalogue::delete_show, HttpResponse::NoContent().finish(), [
        (status = 204, description = "deleted"),
        (status = 409, description = "orders hold it")
    ];
}

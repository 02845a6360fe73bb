//! `GET /api/terminal?state=&zipcode=` and `GET /api/terminal/{id}`: freight terminals a buyer
//! can ship to.

use actix_web::{get, web, HttpResponse};
use domain::catalogue::{get_terminal, GetTerminalError};
use domain::checkout::Terminals as _;
use domain::ids::TerminalId;
use domain::profile::POSTAL_CODE_MAX_LEN;
use domain::state::UsState;
use utoipa::openapi::schema::{Object, ObjectBuilder, SchemaType, Type};
use utoipa::IntoParams;

use crate::catalogue_cache::{CachePolicy, CachedRead};
use crate::error::ApiError;
use crate::routes::catalogue::dto::{JsonList, TerminalJson};
use crate::routes::params::Params;

/// The two-letter codes of the states, or blank for none.
fn state_code() -> Object {
    ObjectBuilder::new()
        .schema_type(Type::String)
        .enum_values(Some(
            std::iter::once("").chain(UsState::ALL.iter().map(|s| s.code())),
        ))
        .build()
}

/// A state code or null.
pub fn state_code_or_null() -> Object {
    ObjectBuilder::new()
        .schema_type(SchemaType::from_iter([Type::String, Type::Null]))
        .enum_values(Some(
            UsState::ALL
                .iter()
                .map(|s| serde_json::Value::from(s.code()))
                .chain([serde_json::Value::Null]),
        ))
        .build()
}

/// The terminal list's filters, as the OpenAPI document lists them (each doc line is the
/// parameter's description).
#[derive(IntoParams)]
#[into_params(parameter_in = Query)]
pub struct TerminalQuery {
    /// Two-letter state code (blank: every state)
    #[param(schema_with = state_code)]
    pub state: Option<String>,
    /// Start of the ZIP code
    #[param(max_length = 10, pattern = "^[0-9-]*$")]
    pub zipcode: Option<String>,
}

/// Terminals by state (two-letter code, exact) and ZIP code (prefix, digits), sorted by state,
/// ZIP code and name. Without filters, every terminal.
#[utoipa::path(tag = "catalogue",
    params(TerminalQuery),
    responses((status = 200, body = Vec<TerminalJson>), (status = 400, description = "invalid state or ZIP code")))]
#[get("/terminal")]
pub async fn list(read: CachedRead, params: Params) -> Result<HttpResponse, ApiError> {
    let us_state = match params.one("state") {
        None => None,
        Some(code) => Some(
            code.to_ascii_uppercase()
                .parse::<UsState>()
                .map(|s| s.code().to_owned())
                .map_err(|_| {
                    ApiError::bad_field("state", "state must be a two-letter US state code")
                })?,
        ),
    };
    let zip = match params.one("zipcode") {
        None => None,
        Some(z)
            if z.len() <= POSTAL_CODE_MAX_LEN
                && z.bytes().all(|b| b.is_ascii_digit() || b == b'-') =>
        {
            Some(z.to_owned())
        }
        Some(_) => {
            return Err(ApiError::bad_field(
                "zipcode",
                "zipcode must be the digits a ZIP code starts with",
            ))
        }
    };
    let key = read.cache().query_key(&("terminals", &us_state, &zip));
    read.respond(key, CachePolicy::Revalidate, move |tx, _| {
        let terminals = tx.list_terminals(us_state.as_deref(), zip.as_deref())?;
        Ok(TerminalJson::list(terminals))
    })
    .await
}

/// One terminal.
#[utoipa::path(tag = "catalogue",
    params(("id" = String, Path, description = "Terminal id")),
    responses((status = 200, body = TerminalJson), (status = 404, description = "Terminal not found")))]
#[get("/terminal/{id}")]
pub async fn get(read: CachedRead, id: web::Path<String>) -> Result<HttpResponse, ApiError> {
    // Text that cannot be an id names no terminal: the answer an unknown id gets.
    let id: TerminalId = id.parse().map_err(|_| GetTerminalError::NotFound)?;
    read.respond_item(CachePolicy::Revalidate, move |tx| {
        get_terminal(tx, &id).map(TerminalJson::from)
    })
    .await
}

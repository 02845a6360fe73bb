//! Product image uploads (issue 11): `POST /api/admin/images` takes the raw bytes of a JPEG,
//! PNG or WebP (checked by its bytes, at most 5 MB; SVG refused), stores it under the data
//! directory by content hash (`uploads/{sha256}.{ext}`: the same picture twice is one file)
//! and answers `{url}`; `GET /uploads/{name}` serves it with a year-long, immutable cache
//! lifetime (the name changes with the content). ADMIN only for the upload.

use std::path::PathBuf;

use actix_web::http::header::{CacheControl, CacheDirective, ContentType};
use actix_web::{post, web, HttpResponse};
use domain::catalogue::{check_image, ImageError, ImageKind, MAX_IMAGE_BYTES};
use serde::Serialize;
use sha2::{Digest, Sha256};
use utoipa::ToSchema;

use crate::error::ApiError;
use crate::extractors::AdminUser;
use crate::state::blocking;

/// Where uploads live.
#[derive(Debug, Clone)]
pub struct Uploads(pub PathBuf);

/// An upload's address.
#[derive(Debug, Serialize, ToSchema)]
pub struct UploadedJson {
    /// Where the image is served (use it as the product's image).
    pub url: String,
}

/// The body, read up to the image limit (its own limit, not the JSON calls' one), so that a
/// larger one is answered 413 in JSON as soon as it passes the limit.
async fn read_limited(mut payload: web::Payload) -> Result<Vec<u8>, ApiError> {
    use futures_util::StreamExt as _;
    let mut body = Vec::new();
    while let Some(chunk) = payload.next().await {
        let chunk =
            chunk.map_err(|e| ApiError::bad_request(format!("Invalid request body: {e}")))?;
        if body.len() + chunk.len() > MAX_IMAGE_BYTES {
            return Err(ImageError::TooLarge.into());
        }
        body.extend_from_slice(&chunk);
    }
    Ok(body)
}

/// Registers `GET /uploads/{name}` (outside `/api`).
pub fn configure_files(cfg: &mut web::ServiceConfig) {
    cfg.route("/uploads/{name}", web::get().to(serve));
}

/// Stores a product image.
#[utoipa::path(tag = "back office", security(("bearer" = ["ADMIN"])),
    request_body(content = Vec<u8>, content_type = "image/jpeg"),
    responses((status = 201, body = UploadedJson), (status = 422, description = "not JPEG, PNG or WebP"),
    (status = 401, description = "not signed in"), (status = 403, description = "not an admin"),
    (status = 413, description = "over 5 MB")))]
#[post("/admin/images")]
pub async fn upload(
    _admin: AdminUser,
    uploads: web::Data<Uploads>,
    payload: web::Payload,
) -> Result<HttpResponse, ApiError> {
    let body = read_limited(payload).await?;
    let kind = check_image(&body)?;
    let name = format!(
        "{}.{}",
        hex::encode(Sha256::digest(&body)),
        kind.extension()
    );
    let dir = uploads.0.clone();
    let file = name.clone();
    blocking(move || {
        std::fs::create_dir_all(&dir).map_err(ApiError::internal)?;
        let path = dir.join(&file);
        if !path.exists() {
            // Written aside, then renamed: a reader never sees half a file.
            let partial = dir.join(format!("{file}.part"));
            std::fs::write(&partial, &body).map_err(ApiError::internal)?;
            std::fs::rename(&partial, &path).map_err(ApiError::internal)?;
        }
        Ok(())
    })
    .await?;
    Ok(HttpResponse::Created().json(UploadedJson {
        url: format!("/uploads/{name}"),
    }))
}

async fn serve(
    uploads: web::Data<Uploads>,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let name = path.into_inner();
    let kind = name
        .split_once('.')
        .filter(|(hash, _)| hash.len() == 64 && hash.bytes().all(|b| b.is_ascii_hexdigit()))
        .and_then(|(_, ext)| ImageKind::from_extension(ext))
        .ok_or_else(|| ApiError::NotFound("No such image".into()))?;
    let file = uploads.0.join(&name);
    let bytes = blocking(move || match std::fs::read(&file) {
        Ok(bytes) => Ok(bytes),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            Err(ApiError::NotFound("No such image".into()))
        }
        Err(e) => Err(ApiError::internal(e)),
    })
    .await?;
    Ok(HttpResponse::Ok()
        .insert_header(ContentType(
            kind.media_type().parse().map_err(ApiError::internal)?,
        ))
        .insert_header(CacheControl(vec![
            CacheDirective::Public,
            CacheDirective::MaxAge(31_536_000),
            CacheDirective::Extension("immutable".into(), None),
        ]))
        .body(bytes))
}

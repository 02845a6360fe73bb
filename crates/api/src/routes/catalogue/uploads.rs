//! Product image uploads (issue 11): `POST /api/admin/images` takes the raw bytes of a JPEG,
//! PNG or WebP (checked by its bytes, at most 5 MB; SVG refused), keeps it in the image store
//! (see [`crate::image_store`]: `SHOP_DATA_DIR/uploads` by default, or a bucket shared by every
//! node) by content hash (`{sha256}.{ext}`: the same picture twice is one object) and answers
//! `{url}`; `GET /uploads/{name}` serves it with a year-long, immutable cache lifetime (the name
//! changes with the content), or, with `SHOP_IMAGES_PUBLIC_URL`, redirects there. ADMIN only
//! for the upload.

use actix_web::http::header::{CacheControl, CacheDirective, ContentType, LOCATION};
use actix_web::{post, web, HttpResponse};
use domain::catalogue::{check_image, ImageError, ImageKind, MAX_IMAGE_BYTES};
use serde::Serialize;
use sha2::{Digest, Sha256};
use utoipa::ToSchema;

use crate::error::ApiError;
use crate::extractors::AdminUser;
use crate::image_store::{ImageStore, IMAGE_MAX_AGE};

/// How long a browser or a cache may keep the redirect to `SHOP_IMAGES_PUBLIC_URL` (30 days):
/// long, but not the image's year, so that a shop can still move its pictures elsewhere.
const REDIRECT_MAX_AGE: u32 = 2_592_000;

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
    images: web::Data<ImageStore>,
    payload: web::Payload,
) -> Result<HttpResponse, ApiError> {
    let body = read_limited(payload).await?;
    let kind = check_image(&body)?;
    let name = format!(
        "{}.{}",
        hex::encode(Sha256::digest(&body)),
        kind.extension()
    );
    images
        .keep(&name, kind.media_type(), body)
        .await
        .map_err(ApiError::internal)?;
    Ok(HttpResponse::Created().json(UploadedJson {
        url: format!("/uploads/{name}"),
    }))
}

/// `GET /uploads/{name}`: the image from the store, or a redirect to its public address.
async fn serve(
    images: web::Data<ImageStore>,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let name = path.into_inner();
    // Only a name the upload could have given reaches the store.
    let kind = name
        .split_once('.')
        .filter(|(hash, _)| hash.len() == 64 && hash.bytes().all(|b| b.is_ascii_hexdigit()))
        .and_then(|(_, ext)| ImageKind::from_extension(ext))
        .ok_or_else(|| ApiError::NotFound("No such image".into()))?;
    if let Some(address) = images.public_address(&name) {
        return Ok(HttpResponse::PermanentRedirect()
            .insert_header((LOCATION, address))
            .insert_header(CacheControl(vec![
                CacheDirective::Public,
                CacheDirective::MaxAge(REDIRECT_MAX_AGE),
            ]))
            .finish());
    }
    let bytes = images
        .read(&name)
        .await
        .map_err(ApiError::internal)?
        .ok_or_else(|| ApiError::NotFound("No such image".into()))?;
    Ok(HttpResponse::Ok()
        .insert_header(ContentType(
            kind.media_type().parse().map_err(ApiError::internal)?,
        ))
        .insert_header(CacheControl(vec![
            CacheDirective::Public,
            CacheDirective::MaxAge(IMAGE_MAX_AGE),
            CacheDirective::Extension("immutable".into(), None),
        ]))
        .body(bytes))
}

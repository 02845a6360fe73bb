//! Product image uploads (issue 11): JPEG, PNG or WebP by their bytes, at most 5 MB, SVG
//! refused, stored by content hash and served with a long cache lifetime.

use reqwest::StatusCode;

use crate::catalogue::demo_app;
use crate::helpers::{body, expect, TestApp};

async fn upload(
    app: &TestApp,
    token: Option<&str>,
    bytes: Vec<u8>,
    content_type: &str,
) -> reqwest::Response {
    let mut req = app
        .client
        .post(app.url("/api/admin/images"))
        .header("content-type", content_type)
        .body(bytes);
    if let Some(token) = token {
        req = req.bearer_auth(token);
    }
    req.send().await.expect("request")
}

fn png(extra: usize) -> Vec<u8> {
    let mut bytes = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR".to_vec();
    bytes.resize(bytes.len() + extra, 7);
    bytes
}

#[tokio::test]
async fn an_admin_uploads_a_png_and_everyone_can_fetch_it_cached_for_a_year() {
    let app = demo_app().await;
    let user = app.customer_token("shopper@example.com").await;
    let admin = app.login_as_admin().await;
    assert_eq!(
        upload(&app, None, png(10), "image/png").await.status(),
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(
        upload(&app, Some(&user), png(10), "image/png")
            .await
            .status(),
        StatusCode::FORBIDDEN
    );

    // A name says nothing: the bytes decide (a PNG sent as "image/jpeg" is a PNG).
    let v = expect(
        upload(&app, Some(&admin), png(100_000), "image/jpeg").await,
        StatusCode::CREATED,
    )
    .await;
    let url = v["url"].as_str().expect("url").to_owned();
    assert!(
        url.starts_with("/uploads/") && url.ends_with(".png"),
        "{url}"
    );
    let again = expect(
        upload(&app, Some(&admin), png(100_000), "image/png").await,
        StatusCode::CREATED,
    )
    .await;
    assert_eq!(again["url"], url.as_str(), "the same picture is one file");

    let res = app.get(&url).await;
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(res.headers()["content-type"], "image/png");
    let cache = res.headers()["cache-control"]
        .to_str()
        .expect("cache")
        .to_owned();
    assert!(
        cache.contains("max-age=31536000") && cache.contains("immutable"),
        "{cache}"
    );
    assert_eq!(res.bytes().await.expect("bytes").to_vec(), png(100_000));
    assert_eq!(
        app.get("/uploads/..%2F..%2Fetc%2Fpasswd").await.status(),
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        app.get(&format!("/uploads/{}.png", "0".repeat(64)))
            .await
            .status(),
        StatusCode::NOT_FOUND
    );
}

#[tokio::test]
async fn svg_other_formats_empty_and_oversized_uploads_are_refused() {
    let app = demo_app().await;
    let admin = app.login_as_admin().await;
    let svg = b"<svg xmlns=\"http://www.w3.org/2000/svg\"><script>alert(1)</script></svg>".to_vec();
    for (bytes, content_type) in [
        (svg, "image/svg+xml"),
        (b"GIF89a....".to_vec(), "image/gif"),
        (Vec::new(), "image/png"),
    ] {
        let res = upload(&app, Some(&admin), bytes, content_type).await;
        let v = expect(res, StatusCode::UNPROCESSABLE_ENTITY).await;
        assert!(v["errors"]["image"].is_array(), "{content_type}: {v}");
    }
    let res = upload(&app, Some(&admin), png(5 * 1024 * 1024), "image/png").await;
    assert_eq!(res.status(), StatusCode::PAYLOAD_TOO_LARGE);
    assert!(body(res).await["message"].is_string());
    // Exactly 5 MB is fine.
    let exact = png(5 * 1024 * 1024 - png(0).len());
    assert_eq!(
        upload(&app, Some(&admin), exact, "image/png")
            .await
            .status(),
        StatusCode::CREATED
    );
}

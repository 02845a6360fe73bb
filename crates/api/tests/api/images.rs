//! Uploaded images in the image store (issue 36): by default the node's own folder
//! (`SHOP_DATA_DIR/uploads`, the names shops have always had there); with
//! `SHOP_OBJECT_STORE_URL=s3://...` a bucket every node shares (here moto, an S3 emulator); with
//! `SHOP_IMAGES_PUBLIC_URL`, `/uploads/{name}` redirects browsers there.

use std::process::{Command, Stdio};

use reqwest::{Response, StatusCode};
use serde_json::json;
use shop_api::image_store::{ImageLocation, ImageSettings};
use shop_api::startup::Application;

use crate::helpers::{body, expect, spawn_app, spawn_app_with, test_settings, TestApp};
use crate::standins::moto::Moto;

const BUCKET: &str = "shop-images";

fn png(seed: u8) -> Vec<u8> {
    let mut bytes = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR".to_vec();
    bytes.resize(bytes.len() + 50_000, seed);
    bytes
}

async fn upload(app: &TestApp, token: &str, bytes: Vec<u8>) -> Response {
    app.client
        .post(app.url("/api/admin/images"))
        .bearer_auth(token)
        .header("content-type", "image/png")
        .body(bytes)
        .send()
        .await
        .expect("upload")
}

/// Uploads `bytes` and returns the answer's `url`, checking that the answer is what it has
/// always been: `{"url": "/uploads/{sha256}.png"}`.
async fn uploaded(app: &TestApp, token: &str, bytes: Vec<u8>) -> String {
    use sha2::Digest as _;
    let name = format!("{}.png", hex::encode(sha2::Sha256::digest(&bytes)));
    let answer = expect(upload(app, token, bytes).await, StatusCode::CREATED).await;
    let url = format!("/uploads/{name}");
    assert_eq!(answer, json!({ "url": url }));
    url
}

fn in_bucket(moto: &Moto, prefix: &str) -> ImageSettings {
    ImageSettings {
        location: ImageLocation::S3 {
            bucket: BUCKET.into(),
            prefix: prefix.into(),
        },
        s3_options: moto.options(),
        public_url: None,
    }
}

/// Another node on `app`'s database with its own (empty) data folder and `images`.
async fn second_node(app: &TestApp, images: ImageSettings) -> (String, tempfile::TempDir) {
    let data_dir = tempfile::tempdir().expect("temp dir");
    let mut settings = test_settings(&app.db, data_dir.path());
    settings.images = images;
    let node = Application::build(settings)
        .await
        .expect("the second node starts");
    let base = format!("http://127.0.0.1:{}", node.port());
    tokio::spawn(node.run_until_stopped());
    (base, data_dir)
}

fn header(res: &Response, name: &str) -> String {
    res.headers()
        .get(name)
        .unwrap_or_else(|| panic!("no {name}"))
        .to_str()
        .expect("text")
        .to_owned()
}

#[tokio::test]
async fn an_image_uploaded_through_one_node_is_served_by_another_from_the_bucket() {
    let Some(moto) = Moto::start().await else {
        return;
    };
    moto.create_bucket(BUCKET).await;
    let images = in_bucket(&moto, "shop/uploads");
    let app = spawn_app_with(|s| s.images = images.clone()).await;
    let admin = app.login_as_admin().await;

    let url = uploaded(&app, &admin, png(1)).await;
    assert_eq!(uploaded(&app, &admin, png(1)).await, url);
    let name = url.trim_start_matches("/uploads/");
    assert_eq!(
        moto.keys(BUCKET).await,
        [format!("shop/uploads/{name}")],
        "the same picture twice is one object, under the prefix"
    );
    // The bucket keeps the media type and lifetime, for a public address serving it as is.
    let object = moto.object(BUCKET, &format!("shop/uploads/{name}")).await;
    assert_eq!(object.status(), StatusCode::OK);
    assert_eq!(header(&object, "content-type"), "image/png");
    assert!(header(&object, "cache-control").contains("max-age=31536000"));

    let (other, other_dir) = second_node(&app, images).await;
    let here = app.get(&url).await;
    let there = app
        .client
        .get(format!("{other}{url}"))
        .send()
        .await
        .expect("request");
    for res in [&here, &there] {
        assert_eq!(res.status(), StatusCode::OK);
        assert_eq!(header(res, "content-type"), "image/png");
        let cache = header(res, "cache-control");
        assert!(
            cache.contains("max-age=31536000") && cache.contains("immutable"),
            "{cache}"
        );
    }
    assert_eq!(
        header(&here, "cache-control"),
        header(&there, "cache-control")
    );
    assert_eq!(there.bytes().await.expect("bytes").to_vec(), png(1));
    assert_eq!(here.bytes().await.expect("bytes").to_vec(), png(1));
    for dir in [app.data_dir.path(), other_dir.path()] {
        assert!(!dir.join("uploads").exists(), "nothing on a node's disk");
    }

    let unknown = format!("{other}/uploads/{}.png", "0".repeat(64));
    let res = app.client.get(unknown).send().await.expect("request");
    let v = expect(res, StatusCode::NOT_FOUND).await;
    assert_eq!(v["message"], "No such image");
    for bad in [
        "..%2F..%2Fetc%2Fpasswd",
        "shop%2Fuploads%2Fx.png",
        "abc.png",
    ] {
        let res = app
            .client
            .get(format!("{other}/uploads/{bad}"))
            .send()
            .await
            .expect("request");
        assert_eq!(res.status(), StatusCode::NOT_FOUND, "{bad}");
        assert!(body(res).await["message"].is_string());
    }
}

#[tokio::test]
async fn with_a_public_address_the_shop_redirects_to_it_and_keeps_its_own_urls() {
    let Some(moto) = Moto::start().await else {
        return;
    };
    moto.create_bucket(BUCKET).await;
    // The bucket's own address (path-style) as the public one, with a trailing slash.
    let public = format!("{}/{BUCKET}/", moto.url);
    let mut images = in_bucket(&moto, "");
    images.public_url = Some(public.trim_end_matches('/').to_owned());
    let app = spawn_app_with(|s| s.images = images).await;
    let admin = app.login_as_admin().await;

    let url = uploaded(&app, &admin, png(2)).await;
    let name = url.trim_start_matches("/uploads/");
    assert_eq!(moto.keys(BUCKET).await, [name.to_owned()]);
    moto.make_public(BUCKET, name).await;

    let res = app.get(&url).await;
    assert_eq!(res.status(), StatusCode::PERMANENT_REDIRECT);
    let location = header(&res, "location");
    assert_eq!(location, format!("{public}{name}"));
    let cache = header(&res, "cache-control");
    assert!(cache.contains("max-age=2592000"), "{cache}");

    let fetched = app.client.get(&location).send().await.expect("request");
    assert_eq!(fetched.status(), StatusCode::OK);
    assert_eq!(header(&fetched, "content-type"), "image/png");
    assert_eq!(fetched.bytes().await.expect("bytes").to_vec(), png(2));
    // A name the upload could not have given is still refused here.
    assert_eq!(
        app.get("/uploads/..%2F..%2Fetc%2Fpasswd").await.status(),
        StatusCode::NOT_FOUND
    );
}

#[tokio::test]
async fn by_default_images_stay_in_the_data_folder_under_the_names_shops_already_have() {
    let app = spawn_app().await;
    let admin = app.login_as_admin().await;
    let folder = app.data_dir.path().join("uploads");

    let url = uploaded(&app, &admin, png(3)).await;
    let name = url.trim_start_matches("/uploads/");
    assert_eq!(std::fs::read(folder.join(name)).expect("the file"), png(3));
    let files: Vec<String> = std::fs::read_dir(&folder)
        .expect("folder")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(files, [name.to_owned()], "no staged file left behind");

    // A picture an earlier version of the shop stored there is served as it was.
    let earlier = format!("{}.webp", "ab".repeat(32));
    std::fs::write(folder.join(&earlier), b"RIFF....WEBPVP8 ").expect("write");
    let res = app.get(&format!("/uploads/{earlier}")).await;
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(header(&res, "content-type"), "image/webp");
    assert_eq!(
        res.bytes().await.expect("bytes").to_vec(),
        b"RIFF....WEBPVP8 "
    );
}

#[test]
fn a_bad_object_store_or_public_address_refuses_to_start_and_names_the_setting() {
    let dir = tempfile::tempdir().expect("temp dir");
    for (setting, value) in [
        ("SHOP_OBJECT_STORE_URL", "ftp://shop-images/uploads"),
        ("SHOP_OBJECT_STORE_URL", "s3://Not_A_Bucket"),
        ("SHOP_IMAGES_PUBLIC_URL", "cdn.example.com"),
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_shop"))
            .arg("migrate")
            .env(
                "DATABASE_URL",
                format!("sqlite://{}", dir.path().join("x.db").display()),
            )
            .env("SHOP_DATA_DIR", dir.path())
            .env(setting, value)
            .stdin(Stdio::null())
            .output()
            .expect("the shop binary runs");
        assert!(!out.status.success(), "{setting}={value} started");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            stderr.contains(&format!("invalid setting {setting}")),
            "{setting}={value}: {stderr}"
        );
        assert!(
            !dir.path().join("x.db").exists(),
            "nothing was done before the refusal"
        );
    }
}

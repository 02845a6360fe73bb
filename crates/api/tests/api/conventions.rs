//! API conventions: JSON errors everywhere, health, metrics, OpenAPI, the frontend.

use reqwest::Method;
use reqwest::StatusCode;

use crate::helpers::{body, expect, spawn_app};

#[tokio::test]
async fn health_checks_the_database() {
    let app = spawn_app().await;
    let v = expect(app.get("/api/health").await, StatusCode::OK).await;
    assert_eq!(v, serde_json::json!({"status": "ok", "database": "ok"}));
}

#[tokio::test]
async fn malformed_json_answers_400_in_json() {
    let app = spawn_app().await;
    let res = app
        .client
        .post(app.url("/api/user/login"))
        .header("content-type", "application/json")
        .body("{\"email\": ")
        .send()
        .await
        .expect("request");
    let v = expect(res, StatusCode::BAD_REQUEST).await;
    assert!(
        v["message"]
            .as_str()
            .expect("message")
            .starts_with("Malformed JSON"),
        "{v}"
    );
}

#[tokio::test]
async fn a_wrong_content_type_answers_400_in_json() {
    let app = spawn_app().await;
    let res = app
        .client
        .post(app.url("/api/user/login"))
        .body("email=a")
        .send()
        .await
        .expect("request");
    let v = expect(res, StatusCode::BAD_REQUEST).await;
    assert_eq!(v["message"], "Content-Type must be application/json");
}

#[tokio::test]
async fn an_oversize_body_answers_413_in_json() {
    let app = spawn_app().await;
    let big = serde_json::json!({"email": "a@example.com", "password": "x".repeat(100 * 1024)});
    let v = expect(
        app.post_json("/api/user/login", &big).await,
        StatusCode::PAYLOAD_TOO_LARGE,
    )
    .await;
    assert_eq!(v["message"], "Request body is too large");
}

#[tokio::test]
async fn unknown_api_paths_answer_404_and_other_methods_405_with_allow_in_json() {
    let app = spawn_app().await;
    let v = expect(app.get("/api/no/such/thing").await, StatusCode::NOT_FOUND).await;
    assert_eq!(v["message"], "No API route for GET /api/no/such/thing");
    // A path of the document with a method it does not declare: 405 naming the ones it does.
    for (method, path, allow) in [
        (Method::DELETE, "/api/user/login", "POST"),
        (Method::PUT, "/api/admin/summary", "GET"),
        (Method::POST, "/api/shows/types/all", "GET"),
        // Its own path, not `/api/shows/{id}`'s.
        (Method::PATCH, "/api/shows/types", "POST"),
        (Method::PATCH, "/api/cart/c1", "GET"),
    ] {
        let res = app
            .client
            .request(method.clone(), app.url(path))
            .send()
            .await
            .expect("request");
        assert_eq!(
            res.status(),
            StatusCode::METHOD_NOT_ALLOWED,
            "{method} {path}"
        );
        assert_eq!(res.headers()["allow"], allow, "{method} {path}");
        assert!(body(res).await["message"].is_string());
    }
}

#[tokio::test]
async fn metrics_count_requests_in_prometheus_format() {
    let app = spawn_app().await;
    expect(app.get("/api/health").await, StatusCode::OK).await;
    let res = app
        .client
        .get(format!("{}/metrics", app.metrics_address))
        .send()
        .await
        .expect("metrics");
    assert_eq!(res.status(), StatusCode::OK);
    let text = res.text().await.expect("text");
    assert!(
        text.contains(
            "shop_http_requests_total{method=\"GET\",route=\"/api/health\",status=\"200\"} 1"
        ),
        "{text}"
    );
    assert!(text.contains("shop_http_request_duration_seconds_count"));
}

#[tokio::test]
async fn the_openapi_document_and_docs_page_are_served() {
    let app = spawn_app().await;
    let v = expect(app.get("/api/openapi.json").await, StatusCode::OK).await;
    assert!(
        v["paths"]["/api/user/login"]["post"].is_object(),
        "{}",
        v["paths"]
    );
    assert!(v["paths"]["/api/health"]["get"].is_object());
    let res = app.get("/api/docs/").await;
    assert_eq!(res.status(), StatusCode::OK);
    assert!(res.text().await.expect("html").contains("swagger"));
    let res = app.get("/api/docs").await;
    assert!(res.status().is_redirection());
}

/// The frontend's request and answer types are generated from a checked-in copy of the
/// document (frontend/src/api/openapi.json, `npm --prefix frontend run api:types`): a change of
/// the API that is not carried to the frontend fails here, and `make lint-frontend` fails when
/// the generated types do not match the copy. `UPDATE_OPENAPI=1` rewrites the copy.
#[tokio::test]
async fn the_frontends_copy_of_the_openapi_document_is_the_served_one() {
    let app = spawn_app().await;
    let served = expect(app.get("/api/openapi.json").await, StatusCode::OK).await;
    let file = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../frontend/src/api/openapi.json");
    if std::env::var_os("UPDATE_OPENAPI").is_some() {
        let text = serde_json::to_string_pretty(&served).expect("json");
        std::fs::write(&file, text + "\n").expect("write the copy");
    }
    let copy: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&file).expect("the copy")).expect("json");
    assert!(
        copy == served,
        "frontend/src/api/openapi.json is not the served document: run scripts/update-openapi.sh (or \
         UPDATE_OPENAPI=1 cargo test -p shop-api --test api openapi, then \
         npm --prefix frontend run api:types)"
    );
}

#[tokio::test]
async fn other_paths_get_the_single_page_app() {
    let app = spawn_app().await;
    // A page, and a product that does not exist (404): both the app's HTML with its policy.
    for (path, status) in [
        ("/products", StatusCode::OK),
        ("/products/123", StatusCode::NOT_FOUND),
    ] {
        let res = app.get(path).await;
        assert_eq!(res.status(), status, "{path}");
        let csp = res.headers()["content-security-policy"]
            .to_str()
            .expect("ascii")
            .to_owned();
        assert!(
            csp.contains("script-src 'self'") && csp.contains("object-src 'none'"),
            "{csp}"
        );
        assert!(res.text().await.expect("html").contains("<html"));
    }
    let res = app.get("/missing-asset.js").await;
    assert_eq!(res.status(), StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn product_placeholder_images_are_generated_locally() {
    let app = spawn_app().await;
    let res = app.get("/images/products/CB-1001.svg").await;
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(res.headers()["content-type"], "image/svg+xml");
    assert_eq!(res.headers()["cache-control"], "public, max-age=86400");
    let a = res.text().await.expect("svg");
    assert!(a.starts_with("<svg") && a.contains("CB-1001"));
    let b = app
        .get("/images/products/CB-1001.svg")
        .await
        .text()
        .await
        .expect("svg");
    assert_eq!(a, b, "deterministic");
}

#[tokio::test]
async fn demo_pictures_are_drawn_per_motif_and_colour_and_cached_as_immutable() {
    let app = spawn_app().await;
    let cake = app.get("/images/demo/v1/cake/red/CB-1001.svg").await;
    assert_eq!(cake.status(), StatusCode::OK);
    assert_eq!(cake.headers()["content-type"], "image/svg+xml");
    assert_eq!(
        cake.headers()["cache-control"],
        "public, max-age=31536000, immutable"
    );
    let cake = cake.text().await.expect("svg");
    assert!(cake.starts_with("<svg") && cake.contains("#dc2626"), "red");
    for other in [
        "/images/demo/v1/rocket/red/CB-1001.svg",
        "/images/demo/v1/cake/blue/CB-1001.svg",
        "/images/demo/v1/cake/red/CB-1002.svg",
        "/images/demo/v1/hoodie/mixed/APP-1.svg",
    ] {
        let res = app.get(other).await;
        assert_eq!(res.status(), StatusCode::OK, "{other}");
        assert_ne!(res.text().await.expect("svg"), cake, "{other}");
    }
    for unknown in [
        "/images/demo/v1/pony/red/CB-1001.svg",
        "/images/demo/v1/cake/teal/CB-1001.svg",
    ] {
        let res = app.get(unknown).await;
        assert_eq!(res.status(), StatusCode::NOT_FOUND, "{unknown}");
    }
}

#[tokio::test]
async fn every_demo_product_has_a_picture_of_its_kind() {
    let app = crate::catalogue::demo_app().await;
    let mut motifs = std::collections::HashSet::new();
    for (query, expected) in [
        ("isShow=false&isApparel=false", None),
        ("isShow=true", Some("show")),
        ("isApparel=true", None),
    ] {
        let contents = crate::catalogue::all_items(&app, "/api/products", query).await;
        assert!(!contents.is_empty(), "{query}");
        for product in &contents {
            let image = product["image"].as_str().expect("image");
            let parts: Vec<&str> = image.split('/').collect();
            assert_eq!(&parts[..4], ["", "images", "demo", "v1"], "{image}");
            if let Some(expected) = expected {
                assert_eq!(parts[4], expected, "{image}");
            }
            motifs.insert(parts[4].to_owned());
        }
    }
    // Cakes, rockets, fountains, shells, sparklers... and five garments: not one picture.
    assert!(motifs.len() >= 12, "{motifs:?}");
    let some = app
        .get("/api/products?page=1&pageSize=1")
        .await
        .json::<serde_json::Value>()
        .await
        .expect("json");
    let image = some["contents"][0]["image"].as_str().expect("image");
    assert_eq!(app.get(image).await.status(), StatusCode::OK, "{image}");
}

#[tokio::test]
async fn a_frontend_built_after_start_is_served_without_a_restart() {
    let app = spawn_app().await;
    let before = app.get("/").await.text().await.expect("html");
    assert!(before.contains("The frontend is not built"));
    let dist = app.data_dir.path().join("no-frontend");
    std::fs::create_dir_all(dist.join("assets")).expect("dist");
    std::fs::write(
        dist.join("index.html"),
        "<!doctype html><html><body>built v1</body></html>",
    )
    .expect("index");
    std::fs::write(dist.join("assets/main.0123abcd.js"), "console.log(1)").expect("asset");
    assert!(app
        .get("/shows")
        .await
        .text()
        .await
        .expect("html")
        .contains("built v1"));
    let res = app.get("/assets/main.0123abcd.js").await;
    assert_eq!(res.status(), StatusCode::OK);
    assert!(res.headers()["cache-control"]
        .to_str()
        .expect("ascii")
        .contains("immutable"));
    std::fs::write(
        dist.join("index.html"),
        "<!doctype html><html><body>built v2</body></html>",
    )
    .expect("index");
    assert!(app
        .get("/")
        .await
        .text()
        .await
        .expect("html")
        .contains("built v2"));
}

#[tokio::test]
async fn build_outputs_are_served_pre_compressed_when_the_client_accepts_it() {
    let app = spawn_app().await;
    let dist = app.data_dir.path().join("no-frontend");
    std::fs::create_dir_all(dist.join("assets")).expect("dist");
    std::fs::write(dist.join("index.html"), "<!doctype html><html></html>").expect("index");
    std::fs::write(dist.join("assets/main.0123abcd.js"), "console.log('plain')").expect("js");
    std::fs::write(dist.join("assets/main.0123abcd.js.br"), b"brotli bytes").expect("br");
    std::fs::write(dist.join("assets/main.0123abcd.js.gz"), b"gzip bytes").expect("gz");
    for (accept, encoding, body) in [
        (Some("gzip, deflate, br"), Some("br"), "brotli bytes"),
        (Some("gzip"), Some("gzip"), "gzip bytes"),
        (Some("br;q=0, gzip;q=0.5"), Some("gzip"), "gzip bytes"),
        (None, None, "console.log('plain')"),
    ] {
        let mut req = app.client.get(app.url("/assets/main.0123abcd.js"));
        if let Some(accept) = accept {
            req = req.header("accept-encoding", accept);
        }
        let res = req.send().await.expect("request");
        assert_eq!(res.status(), StatusCode::OK, "{accept:?}");
        assert_eq!(
            res.headers()
                .get("content-encoding")
                .map(|v| v.to_str().expect("ascii")),
            encoding,
            "{accept:?}"
        );
        let kind = res.headers()["content-type"]
            .to_str()
            .expect("ascii")
            .to_owned();
        assert!(kind.contains("javascript"), "{accept:?}: {kind}");
        assert_eq!(res.headers()["vary"], "accept-encoding", "{accept:?}");
        assert!(res.headers()["cache-control"]
            .to_str()
            .expect("ascii")
            .contains("immutable"));
        assert_eq!(res.text().await.expect("body"), body, "{accept:?}");
    }
}

#[tokio::test]
async fn pages_of_the_app_answer_200_and_unknown_pages_and_records_404_with_the_app() {
    let app = crate::catalogue::demo_app().await;
    let s = app.db.quote_samples().expect("samples");
    let (product, show) = (s.case_only.0, s.show.0);
    let unknown = "00000000-0000-7000-8000-000000000000";
    for (path, status) in [
        ("/".to_owned(), StatusCode::OK),
        ("/products?page=1&pageSize=25".to_owned(), StatusCode::OK),
        (format!("/products/{product}"), StatusCode::OK),
        (format!("/shows/{show}"), StatusCode::OK),
        ("/admin/products/create".to_owned(), StatusCode::OK),
        ("/profile/cart/anything".to_owned(), StatusCode::OK),
        ("/nope".to_owned(), StatusCode::NOT_FOUND),
        ("/admin/nope".to_owned(), StatusCode::NOT_FOUND),
        (format!("/products/{unknown}"), StatusCode::NOT_FOUND),
        ("/products/not-an-id".to_owned(), StatusCode::NOT_FOUND),
        (format!("/apparel/{unknown}"), StatusCode::NOT_FOUND),
        // A product is not a show.
        (format!("/shows/{product}"), StatusCode::NOT_FOUND),
        (format!("/products/{product}/extra"), StatusCode::NOT_FOUND),
    ] {
        let res = app.get(&path).await;
        assert_eq!(res.status(), status, "{path}");
        let html = res.headers()["content-type"].to_str().expect("ascii");
        assert!(html.starts_with("text/html"), "{path}: {html}");
    }
}

/// The demo shop with a built `index.html` like the frontend's: the home page prerendered in the
/// layout (header, `<main>`, footer).
async fn demo_app_with_built_layout() -> crate::helpers::TestApp {
    let app = crate::catalogue::demo_app().await;
    let dist = app.data_dir.path().join("no-frontend");
    std::fs::create_dir_all(&dist).expect("dist");
    std::fs::write(
        dist.join("index.html"),
        "<!doctype html><html lang=\"en\"><head><title>Fireworks Shop</title></head><body>\
<div id=\"root\"><div data-prerender><header>menu</header><main id=\"main\" class=\"flex-1\">\
<h1>Light up the night</h1></main><footer>Fargo</footer></div></div></body></html>",
    )
    .expect("index");
    app
}

#[tokio::test]
async fn a_product_page_comes_with_its_first_view_in_the_built_layout() {
    let app = demo_app_with_built_layout().await;
    let s = app.db.quote_samples().expect("samples");
    let id = s.case_only.0;
    let product = crate::catalogue::get_ok(&app, &format!("/api/products/{id}")).await;
    let title = product["title"].as_str().expect("title");
    let res = app.get(&format!("/products/{id}")).await;
    assert_eq!(res.status(), StatusCode::OK);
    let html = res.text().await.expect("html");
    assert!(
        html.starts_with("<!doctype html><html data-server-view lang=\"en\">"),
        "{html}"
    );
    assert!(
        html.contains(&format!("<title>{title} | Fireworks Shop</title>")),
        "{html}"
    );
    assert!(
        html.contains(&format!("<h1 class=\"text-3xl font-bold\">{title}</h1>")),
        "{html}"
    );
    assert!(
        html.contains(&format!(
            "<img src=\"{}\"",
            product["image"].as_str().expect("image")
        )),
        "{html}"
    );
    let price = product["casePrice"].as_f64().expect("price");
    assert!(
        html.contains(&format!("<strong>${price:.2}</strong>")),
        "{price}: {html}"
    );
    // The layout stays; the home page does not.
    assert!(html.contains("<header>menu</header>") && html.contains("<footer>Fargo</footer>"));
    assert!(!html.contains("Light up the night") && !html.contains("data-prerender"));

    // No view for a page that is not found, for apparel or for a show.
    let apparel = &s.variants[0].0;
    for (path, status) in [
        (
            "/products/00000000-0000-7000-8000-000000000000".to_owned(),
            StatusCode::NOT_FOUND,
        ),
        (format!("/apparel/{apparel}"), StatusCode::OK),
        (format!("/shows/{}", s.show.0), StatusCode::OK),
    ] {
        let res = app.get(&path).await;
        assert_eq!(res.status(), status, "{path}");
        let html = res.text().await.expect("html");
        assert!(
            html.contains("Light up the night") && !html.contains("data-server-view"),
            "{path}: {html}"
        );
    }
}

#[tokio::test]
async fn the_product_list_comes_with_its_first_page_in_the_built_layout() {
    let app = demo_app_with_built_layout().await;
    for (path, size) in [("/products", 25), ("/products?page=2&pageSize=10", 10)] {
        let query = if size == 25 {
            "page=1&pageSize=25"
        } else {
            "page=2&pageSize=10"
        };
        // What the app's list reads (productsQuery of filters.ts).
        let list = crate::catalogue::get_ok(
            &app,
            &format!("/api/products?{query}&isShow=false&isApparel=false&inStock=true"),
        )
        .await;
        let res = app.get(path).await;
        assert_eq!(res.status(), StatusCode::OK, "{path}");
        let html = res.text().await.expect("html");
        assert!(
            html.contains("<title>Products | Fireworks Shop</title>"),
            "{path}"
        );
        let total = list["totalItems"].as_i64().expect("total");
        assert!(
            html.contains(&format!("<p>Showing {size} of {total}</p>")),
            "{path}: {html}"
        );
        let items = list["contents"].as_array().expect("contents");
        assert_eq!(
            html.matches("data-testid=\"product-card\"").count(),
            items.len(),
            "{path}"
        );
        for item in items {
            let id = item["id"].as_str().expect("id");
            assert!(
                html.contains(&format!(
                    "href=\"/products/{id}?{}\"",
                    query.replace('&', "&amp;")
                )),
                "{path}: {id}"
            );
        }
        assert!(!html.contains("Light up the night"), "{path}");
    }
    // Filters, odd paging and an empty page are left to the app.
    for path in [
        "/products?page=1&pageSize=25&showOutOfStock=true",
        "/products?page=1&pageSize=30",
        "/products?page=1",
        "/products?page=999&pageSize=50",
    ] {
        let res = app.get(path).await;
        assert_eq!(res.status(), StatusCode::OK, "{path}");
        let html = res.text().await.expect("html");
        assert!(
            html.contains("Light up the night") && !html.contains("data-server-view"),
            "{path}"
        );
    }
}

#[tokio::test]
async fn the_placeholder_picture_is_a_drawing_and_the_stored_png_address_leads_to_it() {
    let app = spawn_app().await;
    let res = app.get("/placeholder.svg").await;
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(res.headers()["content-type"], "image/svg+xml");
    assert_eq!(res.headers()["cache-control"], "public, max-age=86400");
    let svg = res.text().await.expect("svg");
    assert!(svg.starts_with("<svg") && svg.ends_with("</svg>"), "{svg}");
    assert!(svg.contains("viewBox=\"0 0 400 300\""), "{svg}");
    // Products keep "/placeholder.png" as their "no image" address: it leads to the drawing.
    let png = app.get("/placeholder.png").await;
    assert_eq!(png.status(), StatusCode::PERMANENT_REDIRECT);
    assert_eq!(png.headers()["location"], "/placeholder.svg");
}

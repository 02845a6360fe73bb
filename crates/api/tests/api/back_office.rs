//! Back-office reads: the dashboard summary and the inventory (back-office.md §2, §7;
//! decisions.md "Stock").

use reqwest::StatusCode;
use serde_json::Value;

use crate::catalogue::{demo_app, get_ok};
use crate::helpers::expect;

#[tokio::test]
async fn the_dashboard_summary_and_the_inventory_are_for_admins_only() {
    let app = demo_app().await;
    let user = app.customer_token("shopper@example.com").await;
    for path in ["/api/admin/summary", "/api/admin/inventory"] {
        assert_eq!(
            app.get(path).await.status(),
            StatusCode::UNAUTHORIZED,
            "{path}"
        );
        assert_eq!(
            app.get_as(path, &user).await.status(),
            StatusCode::FORBIDDEN,
            "{path}"
        );
    }
}

#[tokio::test]
async fn the_summary_counts_users_products_shows_and_the_stock_on_hand() {
    let app = demo_app().await;
    let admin = app.login_as_admin().await;
    let s = app.db.quote_samples().expect("samples");
    let before = expect(
        app.get_as("/api/admin/summary", &admin).await,
        StatusCode::OK,
    )
    .await;
    let products = get_ok(&app, "/api/products?page=1&pageSize=1&inStock=false").await;
    let in_stock = get_ok(&app, "/api/products?page=1&pageSize=1").await;
    assert!(before["products"].as_i64().expect("n") >= in_stock["totalItems"].as_i64().expect("n"));
    assert!(
        before["products"].as_i64().expect("n")
            >= products["totalItems"].as_i64().expect("n").min(1)
    );
    let shows = get_ok(&app, "/api/shows?page=1&pageSize=1").await;
    assert!(
        before["shows"].as_i64().expect("n") >= shows["pagination"]["total"].as_i64().expect("n")
    );
    assert_eq!(before["users"], 1, "the first admin");

    app.customer_token("another@example.com").await;
    let units_before = i64::from(app.db.unit_stock(&s.breakable.0).expect("units"));
    app.db.set_unit_stock(&s.breakable.0, 7).expect("units");
    let (_, variant, _) = &s.variants[0];
    let old = i64::from(app.db.variant_stock(variant).expect("stock"));
    app.db.set_variant_stock(variant, 0).expect("stock");
    let after = expect(
        app.get_as("/api/admin/summary", &admin).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(after["users"], 2);
    assert_eq!(
        after["inventory"].as_i64().expect("n"),
        before["inventory"].as_i64().expect("n") + 7 - units_before - old
    );
}

fn skus(v: &Value) -> Vec<String> {
    v["items"]
        .as_array()
        .expect("items")
        .iter()
        .map(|i| i["sku"].as_str().expect("sku").to_owned())
        .collect()
}

#[tokio::test]
async fn the_inventory_lists_units_and_variants_by_sku_with_its_views() {
    let app = demo_app().await;
    let admin = app.login_as_admin().await;
    let s = app.db.quote_samples().expect("samples");
    let (_, low, _) = &s.variants[0];
    let (_, out, _) = &s.variants[1];
    app.db.set_variant_stock(low, 3).expect("stock");
    app.db.set_variant_stock(out, 0).expect("stock");
    app.db.set_unit_stock(&s.breakable.0, 9).expect("units");

    let all = expect(
        app.get_as("/api/admin/inventory?page=1&pageSize=100", &admin)
            .await,
        StatusCode::OK,
    )
    .await;
    let total = all["pagination"]["totalItems"].as_i64().expect("total");
    assert!(total > 2);
    let listed = skus(&all);
    let mut sorted = listed.clone();
    sorted.sort();
    assert_eq!(listed, sorted, "by SKU");
    let first = &all["items"][0];
    for field in [
        "id",
        "kind",
        "sku",
        "unitPrice",
        "package",
        "availableStock",
    ] {
        assert!(!first[field].is_null(), "{field}");
    }
    assert!(first["product"]["title"].is_string());

    // Paging walks the same order.
    let mut walked = Vec::new();
    for page in 1.. {
        let v = expect(
            app.get_as(
                &format!("/api/admin/inventory?page={page}&pageSize=7"),
                &admin,
            )
            .await,
            StatusCode::OK,
        )
        .await;
        walked.extend(skus(&v));
        if v["pagination"]["hasMore"] == false {
            break;
        }
    }
    let mut everything = Vec::new();
    for page in 1.. {
        let v = expect(
            app.get_as(
                &format!("/api/admin/inventory?page={page}&pageSize=100"),
                &admin,
            )
            .await,
            StatusCode::OK,
        )
        .await;
        everything.extend(skus(&v));
        if v["pagination"]["hasMore"] == false {
            break;
        }
    }
    assert_eq!(walked, everything);
    assert_eq!(i64::try_from(everything.len()).expect("len"), total);

    let lows = expect(
        app.get_as("/api/admin/inventory?view=low-stock&pageSize=100", &admin)
            .await,
        StatusCode::OK,
    )
    .await;
    assert!(lows["items"].as_array().expect("items").iter().all(|i| {
        let n = i["availableStock"].as_i64().expect("n");
        n > 0 && n < 10
    }));
    assert!(lows["items"]
        .as_array()
        .expect("items")
        .iter()
        .any(|i| i["id"] == low.as_str()));
    assert!(lows["items"]
        .as_array()
        .expect("items")
        .iter()
        .any(|i| i["kind"] == "unit" && i["availableStock"] == 9));
    let outs = expect(
        app.get_as(
            "/api/admin/inventory?view=out-of-stock&pageSize=100",
            &admin,
        )
        .await,
        StatusCode::OK,
    )
    .await;
    assert!(outs["items"]
        .as_array()
        .expect("items")
        .iter()
        .all(|i| i["availableStock"] == 0));
    assert!(outs["items"]
        .as_array()
        .expect("items")
        .iter()
        .any(|i| i["id"] == out.as_str()));

    let sku = all["items"][0]["sku"].as_str().expect("sku").to_lowercase();
    let found = expect(
        app.get_as(&format!("/api/admin/inventory?search={sku}"), &admin)
            .await,
        StatusCode::OK,
    )
    .await;
    assert!(skus(&found).iter().all(|s| s.to_lowercase().contains(&sku)));
    assert!(!skus(&found).is_empty());
    let res = app
        .get_as("/api/admin/inventory?view=sideways", &admin)
        .await;
    assert_eq!(
        expect(res, StatusCode::BAD_REQUEST).await["errors"]["view"]
            .as_array()
            .map(Vec::len),
        Some(1)
    );
}

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

#[tokio::test]
async fn the_summary_counts_the_orders_to_handle_and_the_open_case_breaks() {
    use crate::checkout::{buyer, pay_ok};
    use reqwest::Method;
    use serde_json::json;

    let app = demo_app().await;
    let admin = app.login_as_admin().await;
    let summary = || async {
        expect(
            app.get_as("/api/admin/summary", &admin).await,
            StatusCode::OK,
        )
        .await
    };
    let none = json!({"pending": 0, "processing": 0});
    let before = summary().await;
    assert_eq!(before["ordersToHandle"], none);
    assert_eq!(before["openCaseBreaks"], none);

    // A unit order that runs short: a PENDING order and a PENDING case break request.
    let s = app.db.quote_samples().expect("samples");
    app.db.set_unit_stock(&s.breakable.0, 0).expect("units");
    let b = buyer(&app, "dashboard@example.com").await;
    b.add(&app, &s.breakable.0, true, None).await;
    let (token, quote) = b.checkout(&app).await;
    pay_ok(&app, &token).await;
    let order = expect(b.complete(&app, &token, &quote).await, StatusCode::OK).await;
    let after = summary().await;
    assert_eq!(
        after["ordersToHandle"],
        json!({"pending": 1, "processing": 0})
    );
    assert_eq!(
        after["openCaseBreaks"],
        json!({"pending": 1, "processing": 0})
    );

    // Processing, then done: it leaves the counts.
    let path = format!(
        "/api/reports/purchases/{}",
        order["id"].as_str().expect("id")
    );
    for (status, want) in [
        ("PROCESSING", json!({"pending": 0, "processing": 1})),
        ("COMPLETED", none.clone()),
    ] {
        let res = app
            .send(
                Method::PATCH,
                &path,
                Some(&admin),
                Some(&json!({ "status": status })),
            )
            .await;
        expect(res, StatusCode::OK).await;
        assert_eq!(summary().await["ordersToHandle"], want, "{status}");
    }
}

/// Every inventory line in the order `sort` names, walked page by page (`size` a page).
async fn inventory_walk(
    app: &crate::helpers::TestApp,
    admin: &str,
    sort: &str,
    size: i64,
) -> Vec<Value> {
    let mut items = Vec::new();
    for page in 1.. {
        let v = expect(
            app.get_as(
                &format!("/api/admin/inventory?page={page}&pageSize={size}&sort={sort}"),
                admin,
            )
            .await,
            StatusCode::OK,
        )
        .await;
        items.extend(v["items"].as_array().expect("items").iter().cloned());
        if v["pagination"]["hasMore"] == false {
            return items;
        }
    }
    unreachable!()
}

#[tokio::test]
async fn the_inventory_sorts_by_its_columns_on_the_server_across_pages() {
    let app = demo_app().await;
    let admin = app.login_as_admin().await;
    let s = app.db.quote_samples().expect("samples");
    app.db.set_unit_stock(&s.breakable.0, 4).expect("units");
    app.db
        .set_variant_stock(&s.variants[0].1, 0)
        .expect("stock");
    let by_sku = inventory_walk(&app, &admin, "sku", 100).await;
    assert!(by_sku.len() > 5);
    for sort in [
        "sku",
        "-sku",
        "title",
        "-title",
        "unitPrice",
        "-unitPrice",
        "availableStock",
        "-availableStock",
    ] {
        // Small pages: the merge of units and variants must hold across page ends.
        let items = inventory_walk(&app, &admin, sort, 3).await;
        assert_eq!(items.len(), by_sku.len(), "{sort}");
        let key = |i: &Value| -> (String, i64, String) {
            let field = sort.trim_start_matches('-');
            match field {
                "title" => (
                    i["product"]["title"]
                        .as_str()
                        .expect("title")
                        .to_lowercase(),
                    0,
                    i["sku"].as_str().expect("sku").to_owned(),
                ),
                "unitPrice" => (
                    String::new(),
                    (i["unitPrice"].as_f64().expect("price") * 100.0).round() as i64,
                    i["sku"].as_str().expect("sku").to_owned(),
                ),
                "availableStock" => (
                    String::new(),
                    i["availableStock"].as_i64().expect("stock"),
                    i["sku"].as_str().expect("sku").to_owned(),
                ),
                _ => (String::new(), 0, i["sku"].as_str().expect("sku").to_owned()),
            }
        };
        let keys: Vec<_> = items.iter().map(key).collect();
        let ordered = keys.windows(2).all(|w| {
            if sort.starts_with('-') {
                w[0] >= w[1]
            } else {
                w[0] <= w[1]
            }
        });
        assert!(ordered, "{sort}: {keys:?}");
    }
    let v = expect(
        app.get_as("/api/admin/inventory?sort=colour", &admin).await,
        StatusCode::BAD_REQUEST,
    )
    .await;
    assert!(v["errors"]["sort"].is_array());
}

#[tokio::test]
async fn the_user_list_sorts_by_its_columns_on_the_server() {
    let app = demo_app().await;
    let admin = app.login_as_admin().await;
    for email in [
        "c.user@example.com",
        "a.user@example.com",
        "b.user@example.com",
    ] {
        app.customer_token(email).await;
    }
    let emails = |v: &Value| -> Vec<String> {
        v["items"]
            .as_array()
            .expect("items")
            .iter()
            .map(|u| u["email"].as_str().expect("email").to_owned())
            .collect()
    };
    let get = |sort: &'static str| {
        let app = &app;
        let admin = &admin;
        async move {
            expect(
                app.get_as(
                    &format!("/api/user/getAll?page=1&pageSize=100&sort={sort}"),
                    admin,
                )
                .await,
                StatusCode::OK,
            )
            .await
        }
    };
    let up = emails(&get("email").await);
    let mut sorted = up.clone();
    sorted.sort();
    assert_eq!(up, sorted);
    let mut down = emails(&get("-email").await);
    down.reverse();
    assert_eq!(down, up);
    // Paged: the second page of two continues the order.
    let page2 = expect(
        app.get_as("/api/user/getAll?page=2&pageSize=2&sort=email", &admin)
            .await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(emails(&page2), up[2..4.min(up.len())].to_vec());
    // The admin signed in; the buyers' tokens came from sign-ins too: newest sign-in first.
    let by_login = get("-lastLogin").await;
    let logins: Vec<&str> = by_login["items"]
        .as_array()
        .expect("items")
        .iter()
        .filter_map(|u| u["lastLogin"].as_str())
        .collect();
    assert!(logins.windows(2).all(|w| w[0] >= w[1]), "{logins:?}");
    let roles = get("-role").await;
    assert_eq!(roles["items"][0]["role"], "USER");
    let v = expect(
        app.get_as("/api/user/getAll?sort=colour", &admin).await,
        StatusCode::BAD_REQUEST,
    )
    .await;
    assert!(v["errors"]["sort"].is_array());
}

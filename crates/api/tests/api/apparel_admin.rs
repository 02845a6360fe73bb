//! Back-office apparel writes (back-office.md §5 "Apparel product", §7 "Apparel"; decisions.md
//! "Stock" and "Catalogue"): products with variants, variant changes with orders present, the
//! admin's stock count.

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use crate::catalogue::{demo_app, get_ok};
use crate::checkout::{buyer, pay_ok};
use crate::helpers::{expect, TestApp};

struct Vocab {
    brand: String,
    category: String,
    apparel_type: String,
    /// (id, name) of the first two colours.
    colours: [(String, String); 2],
}

async fn vocab(app: &TestApp) -> Vocab {
    let m = get_ok(app, "/api/metadata").await;
    let id = |list: &str, i: usize| m[list][i]["id"].as_str().expect("id").to_owned();
    let name = |list: &str, i: usize| m[list][i]["name"].as_str().expect("name").to_owned();
    Vocab {
        brand: id("brands", 0),
        category: id("categories", 0),
        apparel_type: id("apparelTypes", 0),
        colours: [
            (id("colors", 0), name("colors", 0)),
            (id("colors", 1), name("colors", 1)),
        ],
    }
}

fn variant(size: &str, gender: &str, colour: Option<&str>, price: f64) -> Value {
    json!({"size": size, "gender": gender, "colorId": colour, "unitPrice": price})
}

fn form(v: &Vocab, title: &str, variants: Vec<Value>) -> Value {
    json!({
        "title": title, "description": "Soft cotton", "casePrice": 240, "inStock": true,
        "image": "", "brandId": v.brand, "categoryId": v.category,
        "apparelTypeId": v.apparel_type, "colors": [v.colours[0].0], "variants": variants
    })
}

fn variants_of(product: &Value) -> &Vec<Value> {
    product["variants"].as_array().expect("variants")
}

fn find<'a>(product: &'a Value, size: &str, gender: &str) -> &'a Value {
    variants_of(product)
        .iter()
        .find(|v| v["size"] == size && v["gender"] == gender)
        .unwrap_or_else(|| panic!("variant {size} {gender} in {product}"))
}

fn colour_code(name: &str) -> String {
    name.chars().take(3).flat_map(char::to_uppercase).collect()
}

#[tokio::test]
async fn apparel_stores_the_image_word_placeholder_as_no_image() {
    let app = demo_app().await;
    let admin = app.login_as_admin().await;
    let v = vocab(&app).await;
    let mut body = form(
        &v,
        "Admin Placeholder Tee",
        vec![variant("M", "MALE", None, 20.0)],
    );
    body["image"] = json!("placeholder");
    let created = expect(
        app.send(
            Method::POST,
            "/api/apparel/products",
            Some(&admin),
            Some(&body),
        )
        .await,
        StatusCode::CREATED,
    )
    .await;
    assert_eq!(created["image"], "/placeholder.png");
}

#[tokio::test]
async fn only_admins_write_apparel() {
    let app = demo_app().await;
    let user = app.customer_token("apparelshopper@example.com").await;
    let v = vocab(&app).await;
    let body = form(&v, "Crew Tee", vec![variant("M", "MALE", None, 20.0)]);
    let some = get_ok(&app, "/api/apparel?page=1&pageSize=1").await;
    let id = some["contents"][0]["id"]
        .as_str()
        .expect("apparel")
        .to_owned();
    let variant_id = some["contents"][0]["variants"][0]["id"]
        .as_str()
        .expect("variant")
        .to_owned();
    let stock = json!({"availableStock": 5});
    for (method, path, body) in [
        (Method::POST, "/api/apparel/products".to_owned(), &body),
        (Method::PUT, format!("/api/apparel/products/{id}"), &body),
        (Method::DELETE, format!("/api/apparel/products/{id}"), &body),
        (
            Method::PUT,
            format!("/api/apparel/variants/{variant_id}/stock"),
            &stock,
        ),
    ] {
        let res = app.send(method.clone(), &path, None, Some(body)).await;
        assert_eq!(res.status(), StatusCode::UNAUTHORIZED, "{method} {path}");
        let res = app
            .send(method.clone(), &path, Some(&user), Some(body))
            .await;
        assert_eq!(res.status(), StatusCode::FORBIDDEN, "{method} {path}");
    }
    get_ok(&app, &format!("/api/products/{id}")).await;
}

#[tokio::test]
async fn the_apparel_form_has_the_specifications_messages() {
    let app = demo_app().await;
    let admin = app.login_as_admin().await;
    let a = Some(admin.as_str());
    let post = |body: Value| {
        let app = &app;
        async move {
            expect(
                app.send(Method::POST, "/api/apparel/products", a, Some(&body))
                    .await,
                StatusCode::UNPROCESSABLE_ENTITY,
            )
            .await
        }
    };
    let e = post(json!({})).await;
    for (field, message) in [
        ("title", "Title is required"),
        ("casePrice", "Valid case price is required"),
        ("brandId", "Brand is required"),
        ("categoryId", "Category is required"),
        ("apparelTypeId", "Apparel type is required"),
        ("variants", "At least one variant is required"),
    ] {
        assert_eq!(e["errors"][field], json!([message]), "{field}");
    }
    let v = vocab(&app).await;
    let e = post(form(
        &v,
        "Tee",
        vec![
            variant("", "MALE", None, 20.0),
            variant("M", "MALE", None, 0.0),
        ],
    ))
    .await;
    assert_eq!(
        e["errors"]["variants"],
        json!([
            "All variants must have a size",
            "All variants must have a valid unit price"
        ])
    );
    assert_eq!(
        e["errors"]["variants[1].unitPrice"],
        json!(["All variants must have a valid unit price"])
    );
    let e = post(form(
        &v,
        "Tee",
        vec![
            variant("xl", "MALE", None, 20.0),
            variant("XL", "MALE", None, 21.0),
        ],
    ))
    .await;
    assert_eq!(
        e["errors"]["variants"],
        json!(["Duplicate variants detected. Each size/gender/color combination must be unique."])
    );
    let mut unknown = form(&v, "Tee", vec![variant("M", "KIDS", Some("nope"), 20.0)]);
    unknown["apparelTypeId"] = json!("no-such-type");
    let e = post(unknown).await;
    assert_eq!(
        e["errors"]["variants[0].gender"].as_array().map(Vec::len),
        Some(1)
    );
    // Unknown references are only checked once the form itself is valid.
    let mut unknown = form(&v, "Tee", vec![variant("M", "MALE", Some("nope"), 20.0)]);
    unknown["apparelTypeId"] = json!("no-such-type");
    let e = post(unknown).await;
    assert_eq!(
        e["errors"]["apparelTypeId"],
        json!(["Apparel type is required"])
    );
    assert_eq!(
        e["errors"]["variants[0].colorId"],
        json!(["Unknown color nope"])
    );
    // A SKU is the server's: the body may not carry one.
    let mut with_sku = form(&v, "Tee", vec![variant("M", "MALE", None, 20.0)]);
    with_sku["sku"] = json!("APP-9999");
    let res = app
        .send(Method::POST, "/api/apparel/products", a, Some(&with_sku))
        .await;
    assert_eq!(res.status(), StatusCode::BAD_REQUEST);
    assert_eq!(app.db.audit_rows("apparel").expect("audit").len(), 0);
}

#[tokio::test]
async fn an_apparel_product_is_created_edited_counted_and_deleted() {
    let app = demo_app().await;
    let admin = app.login_as_admin().await;
    let a = Some(admin.as_str());
    let v = vocab(&app).await;
    let next = get_ok(&app, "/api/apparel/sku/preview").await["nextSku"]
        .as_str()
        .expect("nextSku")
        .to_owned();
    let (c0, c1) = (&v.colours[0], &v.colours[1]);
    let body = form(
        &v,
        "Admin Crew Tee",
        vec![
            variant("M", "MALE", Some(&c0.0), 20.0),
            variant("L", "FEMALE", Some(&c1.0), 22.5),
            variant("One Size", "UNISEX", None, 18.0),
        ],
    );
    let created = expect(
        app.send(Method::POST, "/api/apparel/products", a, Some(&body))
            .await,
        StatusCode::CREATED,
    )
    .await;
    let id = created["id"].as_str().expect("id").to_owned();
    assert_eq!(created["sku"], next.as_str());
    assert_eq!(created["isApparel"], true);
    assert_eq!(created["package"], json!([1, 1]));
    assert_eq!(created["apparelType"]["id"], v.apparel_type.as_str());
    let m = find(&created, "M", "MALE");
    assert_eq!(m["sku"], format!("{next}-M-M-{}", colour_code(&c0.1)));
    assert_eq!(m["availableStock"], 999);
    assert_eq!(m["unitPrice"], 20.0);
    assert_eq!(
        find(&created, "One Size", "UNISEX")["sku"],
        format!("{next}-ONESIZE-U")
    );
    // The storefront sees it at once, and the preview moves on.
    let list = get_ok(
        &app,
        "/api/apparel?page=1&pageSize=5&searchTitle=admin%20crew",
    )
    .await;
    assert_eq!(list["totalItems"], 1);
    assert_ne!(
        get_ok(&app, "/api/apparel/sku/preview").await["nextSku"],
        next.as_str()
    );

    // Stock counted by the admin.
    let m_id = m["id"].as_str().expect("id").to_owned();
    let path = format!("/api/apparel/variants/{m_id}/stock");
    let res = app
        .send(Method::PUT, &path, a, Some(&json!({"availableStock": 7})))
        .await;
    let counted = expect(res, StatusCode::OK).await;
    assert_eq!(counted["availableStock"], 7);
    assert_eq!(counted["sku"], m["sku"]);
    let res = app
        .send(Method::PUT, &path, a, Some(&json!({"availableStock": -1})))
        .await;
    let e = expect(res, StatusCode::UNPROCESSABLE_ENTITY).await;
    assert_eq!(
        e["errors"]["availableStock"],
        json!(["Stock must be a whole number from 0 to 1000000"])
    );
    let res = app
        .send(
            Method::PUT,
            "/api/apparel/variants/no-such-variant/stock",
            a,
            Some(&json!({"availableStock": 1})),
        )
        .await;
    assert_eq!(
        expect(res, StatusCode::NOT_FOUND).await["message"],
        "Variant not found"
    );

    // Edit: M takes a new price and keeps its live stock (none sent); L is removed (no
    // orders: deleted); XL is added with the stock the form gives.
    let mut edit = form(
        &v,
        "Admin Crew Tee II",
        vec![
            variant("M", "MALE", Some(&c0.0), 21.0),
            variant("One Size", "UNISEX", None, 18.0),
            variant("XL", "MALE", Some(&c0.0), 24.0),
        ],
    );
    edit["variants"][2]["availableStock"] = json!(12);
    let edited = expect(
        app.send(
            Method::PUT,
            &format!("/api/apparel/products/{id}"),
            a,
            Some(&edit),
        )
        .await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(edited["title"], "Admin Crew Tee II");
    assert_eq!(edited["sku"], next.as_str(), "the SKU never changes");
    assert_eq!(variants_of(&edited).len(), 3);
    let m = find(&edited, "M", "MALE");
    assert_eq!(
        (m["id"].as_str(), m["unitPrice"].as_f64()),
        (Some(m_id.as_str()), Some(21.0))
    );
    assert_eq!(m["availableStock"], 7, "the live stock is kept");
    assert_eq!(find(&edited, "XL", "MALE")["availableStock"], 12);
    assert!(variants_of(&edited).iter().all(|x| x["size"] != "L"));
    assert_eq!(
        app.send(
            Method::PUT,
            "/api/apparel/products/no-such-id",
            a,
            Some(&edit)
        )
        .await
        .status(),
        StatusCode::NOT_FOUND
    );

    let res = app
        .send(
            Method::DELETE,
            &format!("/api/apparel/products/{id}"),
            a,
            None,
        )
        .await;
    // A JSON body, as every delete the client parses (issue 32, item 19).
    assert_eq!(
        expect(res, StatusCode::OK).await,
        json!({"message": "Apparel product deleted successfully"})
    );
    assert_eq!(
        app.get(&format!("/api/products/{id}")).await.status(),
        StatusCode::NOT_FOUND
    );
    let res = app
        .send(
            Method::DELETE,
            &format!("/api/apparel/products/{id}"),
            a,
            None,
        )
        .await;
    assert_eq!(res.status(), StatusCode::NOT_FOUND);

    let rows = app.db.audit_rows("apparel").expect("audit");
    let actions: Vec<&str> = rows.iter().map(|r| r.0.as_str()).collect();
    assert_eq!(actions, ["create", "stock", "update", "delete"]);
}

#[tokio::test]
async fn a_variant_that_orders_reference_is_kept_unavailable_and_the_product_is_not_deleted() {
    let app = demo_app().await;
    let admin = app.login_as_admin().await;
    let a = Some(admin.as_str());
    let v = vocab(&app).await;
    let body = form(
        &v,
        "Ordered Hoodie",
        vec![
            variant("M", "MALE", None, 30.0),
            variant("L", "MALE", None, 30.0),
        ],
    );
    let created = expect(
        app.send(Method::POST, "/api/apparel/products", a, Some(&body))
            .await,
        StatusCode::CREATED,
    )
    .await;
    let id = created["id"].as_str().expect("id").to_owned();
    let m = find(&created, "M", "MALE").clone();
    let m_id = m["id"].as_str().expect("id").to_owned();

    let b = buyer(&app, "hoodiebuyer@example.com").await;
    b.add(&app, &id, false, Some(&m_id)).await;
    let (token, quote) = b.checkout(&app).await;
    pay_ok(&app, &token).await;
    expect(b.complete(&app, &token, &quote).await, StatusCode::OK).await;
    // Another shopper has the same variant in the cart.
    let waiting = buyer(&app, "hoodiewaiter@example.com").await;
    waiting.add(&app, &id, false, Some(&m_id)).await;

    // M is left out: orders reference it, so it is kept, unavailable.
    let only_l = form(&v, "Ordered Hoodie", vec![variant("L", "MALE", None, 30.0)]);
    let edited = expect(
        app.send(
            Method::PUT,
            &format!("/api/apparel/products/{id}"),
            a,
            Some(&only_l),
        )
        .await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(variants_of(&edited).len(), 1);
    assert_eq!(
        variants_of(&get_ok(&app, &format!("/api/products/{id}")).await).len(),
        1
    );
    assert_eq!(
        app.db.variant_sold(&m_id).expect("sold"),
        1,
        "the order keeps its item"
    );
    let cart = expect(
        app.get_as(&format!("/api/cart/{}", waiting.cart), &waiting.token)
            .await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(
        cart["cartProducts"].as_array().map(Vec::len),
        Some(0),
        "{cart}"
    );
    // No longer sold, counted or searchable by size.
    let add = json!({"productId": id, "isUnit": false, "variantId": m_id});
    let res = app
        .post_json_as(
            &format!("/api/cart/{}/add", waiting.cart),
            &waiting.token,
            &add,
        )
        .await;
    assert!(res.status().is_client_error(), "{}", res.status());
    let res = app
        .send(
            Method::PUT,
            &format!("/api/apparel/variants/{m_id}/stock"),
            a,
            Some(&json!({"availableStock": 3})),
        )
        .await;
    assert_eq!(res.status(), StatusCode::NOT_FOUND);
    let inventory = get_ok_as(
        &app,
        &admin,
        &format!(
            "/api/admin/inventory?search={}",
            m["sku"].as_str().expect("sku")
        ),
    )
    .await;
    assert_eq!(inventory["pagination"]["totalItems"], 0);

    let res = app
        .send(
            Method::DELETE,
            &format!("/api/apparel/products/{id}"),
            a,
            None,
        )
        .await;
    let e = expect(res, StatusCode::CONFLICT).await;
    assert_eq!(
        e["message"],
        "Ordered Hoodie is used by 1 order item and cannot be deleted"
    );

    // Added back, the same variant is for sale again.
    let again = expect(
        app.send(
            Method::PUT,
            &format!("/api/apparel/products/{id}"),
            a,
            Some(&body),
        )
        .await,
        StatusCode::OK,
    )
    .await;
    let back = find(&again, "M", "MALE");
    assert_eq!((&back["id"], &back["sku"]), (&m["id"], &m["sku"]));
    assert_eq!(back["availableStock"], 998);
}

async fn get_ok_as(app: &TestApp, token: &str, path: &str) -> Value {
    expect(app.get_as(path, token).await, StatusCode::OK).await
}

#[tokio::test]
async fn deleting_an_apparel_product_answers_a_json_message() {
    let app = demo_app().await;
    let admin = app.login_as_admin().await;
    let v = vocab(&app).await;
    let body = form(&v, "Deleted Tee", vec![variant("M", "MALE", None, 20.0)]);
    let created = expect(
        app.send(
            Method::POST,
            "/api/apparel/products",
            Some(&admin),
            Some(&body),
        )
        .await,
        StatusCode::CREATED,
    )
    .await;
    let path = format!(
        "/api/apparel/products/{}",
        created["id"].as_str().expect("id")
    );
    let res = app.send(Method::DELETE, &path, Some(&admin), None).await;
    assert_eq!(res.status(), StatusCode::OK);
    assert!(
        res.headers()
            .get("content-type")
            .and_then(|h| h.to_str().ok())
            .is_some_and(|t| t.starts_with("application/json")),
        "{res:?}"
    );
    assert_eq!(
        res.json::<Value>().await.expect("a JSON body"),
        json!({"message": "Apparel product deleted successfully"})
    );
}

#[tokio::test]
async fn get_apparel_by_id_answers_the_product_with_its_variants() {
    let app = demo_app().await;
    let admin = app.login_as_admin().await;
    let v = vocab(&app).await;
    let body = form(
        &v,
        "Read Back Tee",
        vec![
            variant("M", "MALE", Some(&v.colours[0].0), 20.0),
            variant("L", "FEMALE", None, 22.5),
        ],
    );
    let created = expect(
        app.send(
            Method::POST,
            "/api/apparel/products",
            Some(&admin),
            Some(&body),
        )
        .await,
        StatusCode::CREATED,
    )
    .await;
    let id = created["id"].as_str().expect("id");
    let read = get_ok(&app, &format!("/api/apparel/{id}")).await;
    assert_eq!(read["id"], id);
    assert_eq!(read["title"], "Read Back Tee");
    assert_eq!(read["isApparel"], true);
    assert_eq!(variants_of(&read).len(), 2);
    assert_eq!(find(&read, "L", "FEMALE")["unitPrice"], 22.5);
    assert_eq!(read, get_ok(&app, &format!("/api/products/{id}")).await);

    // Not apparel, or no product at all: 404.
    let fireworks = get_ok(&app, "/api/products?page=1&pageSize=1").await;
    let firework = fireworks["contents"][0]["id"].as_str().expect("id");
    for path in [
        format!("/api/apparel/{firework}"),
        "/api/apparel/no-such-id".to_owned(),
    ] {
        let e = expect(app.get(&path).await, StatusCode::NOT_FOUND).await;
        assert_eq!(e["message"], "Product not found", "{path}");
    }
    // The fixed paths beside it still answer as before.
    get_ok(&app, "/api/apparel/types/all").await;
    get_ok(&app, "/api/apparel/sku/preview").await;
    get_ok(&app, "/api/apparel/facets").await;
}

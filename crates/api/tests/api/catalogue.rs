//! The catalogue calls on the demo shop: every filter, combinations, paging edges, validation,
//! 404s, the product, apparel and show shapes, the /codyb brand calls, metadata and terminals.
//!
//! Expected results are computed here from the unfiltered lists, so the tests check the
//! filter semantics (OR within a kind, AND across kinds) rather than demo-data counts.

use std::collections::BTreeSet;

use reqwest::StatusCode;
use serde_json::Value;

use crate::helpers::{expect, spawn_app_with, TestApp};

pub async fn demo_app() -> TestApp {
    spawn_app_with(|s| s.seed_demo = true).await
}

pub async fn get_ok(app: &TestApp, path: &str) -> Value {
    expect(app.get(path).await, StatusCode::OK).await
}

/// Every item of a product/apparel list, walking all pages of 100.
pub async fn all_items(app: &TestApp, path: &str, query: &str) -> Vec<Value> {
    let mut items = Vec::new();
    let mut page = 1;
    loop {
        let v = get_ok(app, &format!("{path}?page={page}&pageSize=100&{query}")).await;
        let contents = v["contents"].as_array().expect("contents").clone();
        items.extend(contents);
        if !v["hasMore"].as_bool().expect("hasMore") {
            assert_eq!(
                v["totalItems"].as_u64(),
                Some(items.len() as u64),
                "{query}"
            );
            return items;
        }
        page += 1;
    }
}

pub fn ids(items: &[Value]) -> Vec<String> {
    items
        .iter()
        .map(|i| i["id"].as_str().expect("id").to_owned())
        .collect()
}

fn str_of<'a>(v: &'a Value, key: &str) -> &'a str {
    v[key].as_str().unwrap_or_else(|| panic!("{key} in {v}"))
}

fn ref_ids(v: &Value, key: &str) -> BTreeSet<String> {
    v[key]
        .as_array()
        .unwrap_or_else(|| panic!("{key} in {v}"))
        .iter()
        .map(|r| str_of(r, "id").to_owned())
        .collect()
}

/// The ids of `items` that satisfy `keep`, in order.
fn expected(items: &[Value], keep: impl Fn(&Value) -> bool) -> Vec<String> {
    ids(&items
        .iter()
        .filter(|i| keep(i))
        .cloned()
        .collect::<Vec<_>>())
}

fn assert_sorted_by_title_then_id(items: &[Value]) {
    let keys: Vec<(String, String)> = items
        .iter()
        .map(|i| {
            (
                str_of(i, "title").to_lowercase(),
                str_of(i, "id").to_owned(),
            )
        })
        .collect();
    let mut sorted = keys.clone();
    sorted.sort();
    assert_eq!(keys, sorted);
}

/// The two most used values of `key` (a `{id}` object or a list of them) among `items`.
fn popular(items: &[Value], key: &str, n: usize) -> Vec<String> {
    let mut counts = std::collections::BTreeMap::<String, usize>::new();
    for item in items {
        match &item[key] {
            Value::Array(list) => {
                for r in list {
                    *counts.entry(str_of(r, "id").to_owned()).or_default() += 1;
                }
            }
            obj => *counts.entry(str_of(obj, "id").to_owned()).or_default() += 1,
        }
    }
    let mut by_count: Vec<(usize, String)> = counts.into_iter().map(|(k, c)| (c, k)).collect();
    by_count.sort_by(|a, b| b.cmp(a));
    by_count.into_iter().take(n).map(|(_, k)| k).collect()
}

#[tokio::test]
async fn the_product_list_holds_fireworks_sorted_by_title_then_id() {
    let app = demo_app().await;
    let items = all_items(&app, "/api/products", "").await;
    assert!(items.len() > 100, "demo catalogue: {}", items.len());
    for item in &items {
        assert_eq!(item["isShow"], false, "{item}");
        assert_eq!(item["isApparel"], false, "{item}");
    }
    assert_sorted_by_title_then_id(&items);
    let shows = all_items(&app, "/api/products", "isShow=true").await;
    assert!(!shows.is_empty());
    assert!(shows.iter().all(|s| s["isShow"] == true));
    let apparel = all_items(&app, "/api/products", "isApparel=true").await;
    assert!(!apparel.is_empty());
    assert!(apparel.iter().all(|s| s["isApparel"] == true));
}

#[tokio::test]
async fn a_product_has_the_storefront_shape() {
    let app = demo_app().await;
    let items = all_items(&app, "/api/products", "").await;
    let with_unit = items
        .iter()
        .find(|i| i["unitProduct"].is_object())
        .expect("a case-breakable product");
    for key in [
        "id",
        "sku",
        "title",
        "description",
        "casePrice",
        "isShow",
        "isApparel",
        "inStock",
        "isCaseBreakable",
        "apparelTypeId",
        "showTypeId",
        "apparelType",
        "showType",
        "category",
        "brand",
        "colors",
        "effects",
        "image",
        "videoURL",
        "package",
        "unitProduct",
        "variants",
    ] {
        assert!(with_unit.get(key).is_some(), "{key} missing in {with_unit}");
    }
    assert!(with_unit["casePrice"].is_number());
    assert!(with_unit["package"][0].is_u64());
    assert!(with_unit["brand"]["name"].is_string());
    assert!(with_unit["category"]["id"].is_string());
    let unit = &with_unit["unitProduct"];
    for key in ["id", "sku", "unitPrice", "package", "availableStock"] {
        assert!(unit.get(key).is_some(), "{key} missing in {unit}");
    }
    assert_eq!(
        unit["sku"].as_str(),
        Some(format!("{}-u", str_of(with_unit, "sku")).as_str())
    );
    assert_eq!(unit["package"][0], 1);
    // The detail call answers the same product.
    let id = str_of(with_unit, "id");
    let detail = get_ok(&app, &format!("/api/products/{id}")).await;
    assert_eq!(&detail, with_unit);
}

#[tokio::test]
async fn metadata_filters_take_names_as_well_as_ids() {
    let app = demo_app().await;
    let all = all_items(&app, "/api/products", "").await;
    let brand = popular(&all, "brand", 1)[0].clone();
    let name = all
        .iter()
        .find(|i| str_of(&i["brand"], "id") == brand)
        .map(|i| str_of(&i["brand"], "name").to_owned())
        .expect("a brand name");
    let by_id = all_items(&app, "/api/products", &format!("brands={brand}")).await;
    let encoded = name.replace(' ', "%20").replace('&', "%26");
    let by_name = all_items(&app, "/api/products", &format!("brands={encoded}")).await;
    assert_eq!(ids(&by_name), ids(&by_id));
    let shouted = all_items(
        &app,
        "/api/products",
        &format!("brands={}", encoded.to_uppercase()),
    )
    .await;
    assert_eq!(ids(&shouted), ids(&by_id));
    assert!(!by_id.is_empty());
    let cody = all_items(&app, "/api/products", "brands=Cody%20B").await;
    assert!(cody.iter().all(|i| str_of(&i["brand"], "name") == "Cody B"));
    let none = all_items(&app, "/api/products", "brands=No%20Such%20Brand").await;
    assert!(none.is_empty());
}

#[tokio::test]
async fn brand_and_category_filters_are_alternatives_within_and_combine_across() {
    let app = demo_app().await;
    let all = all_items(&app, "/api/products", "").await;
    let brands = popular(&all, "brand", 2);
    let categories = popular(&all, "category", 2);
    let (b1, b2, c1, c2) = (&brands[0], &brands[1], &categories[0], &categories[1]);

    let one_brand = all_items(&app, "/api/products", &format!("brands={b1}")).await;
    assert_eq!(
        ids(&one_brand),
        expected(&all, |i| str_of(&i["brand"], "id") == b1)
    );
    assert!(!one_brand.is_empty());

    let either = expected(&all, |i| {
        let b = str_of(&i["brand"], "id");
        b == b1 || b == b2
    });
    let repeated = all_items(&app, "/api/products", &format!("brands={b1}&brands={b2}")).await;
    assert_eq!(ids(&repeated), either);
    let comma = all_items(&app, "/api/products", &format!("brands={b1},{b2}")).await;
    assert_eq!(ids(&comma), either);
    assert!(either.len() > one_brand.len());

    let combined = all_items(
        &app,
        "/api/products",
        &format!("brands={b1}&brands={b2}&categories={c1}&categories={c2}"),
    )
    .await;
    let want = expected(&all, |i| {
        let b = str_of(&i["brand"], "id");
        let c = str_of(&i["category"], "id");
        (b == b1 || b == b2) && (c == c1 || c == c2)
    });
    assert_eq!(ids(&combined), want);
    assert!(want.len() < either.len());
}

#[tokio::test]
async fn colour_and_effect_filters_match_any_linked_value() {
    let app = demo_app().await;
    let all = all_items(&app, "/api/products", "").await;
    let colours = popular(&all, "colors", 2);
    let effects = popular(&all, "effects", 2);

    let by_colour = all_items(
        &app,
        "/api/products",
        &format!("colors={}&colors={}", colours[0], colours[1]),
    )
    .await;
    let want_colour = expected(&all, |i| {
        let c = ref_ids(i, "colors");
        c.contains(&colours[0]) || c.contains(&colours[1])
    });
    assert!(!want_colour.is_empty());
    assert_eq!(ids(&by_colour), want_colour);

    let by_effect = all_items(&app, "/api/products", &format!("effects={}", effects[0])).await;
    assert_eq!(
        ids(&by_effect),
        expected(&all, |i| ref_ids(i, "effects").contains(&effects[0]))
    );

    let both = all_items(
        &app,
        "/api/products",
        &format!(
            "colors={},{}&effects={}&effects={}",
            colours[0], colours[1], effects[0], effects[1]
        ),
    )
    .await;
    let want_both = expected(&all, |i| {
        let c = ref_ids(i, "colors");
        let e = ref_ids(i, "effects");
        (c.contains(&colours[0]) || c.contains(&colours[1]))
            && (e.contains(&effects[0]) || e.contains(&effects[1]))
    });
    assert_eq!(ids(&both), want_both);
}

#[tokio::test]
async fn stock_filters_split_the_list() {
    let app = demo_app().await;
    let all = all_items(&app, "/api/products", "").await;
    let in_stock = all_items(&app, "/api/products", "inStock=true").await;
    let out = all_items(&app, "/api/products", "inStock=false").await;
    assert!(in_stock.iter().all(|i| i["inStock"] == true));
    assert!(out.iter().all(|i| i["inStock"] == false));
    assert!(!out.is_empty(), "the demo shop has out-of-stock products");
    assert_eq!(in_stock.len() + out.len(), all.len());
    assert_eq!(ids(&in_stock), expected(&all, |i| i["inStock"] == true));
    let shown = all_items(&app, "/api/products", "showOutOfStock=true&inStock=true").await;
    assert_eq!(shown.len(), all.len());
    let hidden = all_items(&app, "/api/products", "showOutOfStock=false").await;
    assert_eq!(ids(&hidden), ids(&in_stock));
}

#[tokio::test]
async fn title_search_is_case_insensitive_anywhere_and_escapes_wildcards() {
    let app = demo_app().await;
    let all = all_items(&app, "/api/products", "").await;
    // A word from the middle of a title, in another letter case.
    let title = str_of(&all[all.len() / 2], "title").to_owned();
    let word = title
        .split_whitespace()
        .max_by_key(|w| w.len())
        .expect("a word")
        .to_uppercase();
    let found = all_items(
        &app,
        "/api/products",
        &format!("searchTitle={}", urlencode(&word)),
    )
    .await;
    let needle = word.to_lowercase();
    assert_eq!(
        ids(&found),
        expected(&all, |i| str_of(i, "title")
            .to_lowercase()
            .contains(&needle))
    );
    assert!(!found.is_empty());
    for wildcard in ["%", "_", "%25", "\\"] {
        let v = get_ok(
            &app,
            &format!("/api/products?searchTitle={}", urlencode(wildcard)),
        )
        .await;
        let want = all
            .iter()
            .filter(|i| str_of(i, "title").contains(wildcard))
            .count();
        assert_eq!(v["totalItems"], want, "{wildcard}");
    }
}

fn urlencode(s: &str) -> String {
    s.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'~' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

#[tokio::test]
async fn paging_edges_answer_correct_totals() {
    let app = demo_app().await;
    let total = get_ok(&app, "/api/products?pageSize=1").await["totalItems"]
        .as_i64()
        .expect("total");
    let size = 25;
    let pages = (total + size - 1) / size;
    let last = get_ok(&app, &format!("/api/products?page={pages}&pageSize={size}")).await;
    assert_eq!(last["hasMore"], false);
    assert_eq!(last["totalPages"], pages);
    assert_eq!(last["totalItems"], total);
    let on_last = total - (pages - 1) * size;
    assert_eq!(
        last["contents"].as_array().map(Vec::len),
        Some(on_last as usize)
    );
    let before = get_ok(
        &app,
        &format!("/api/products?page={}&pageSize={size}", pages - 1),
    )
    .await;
    assert_eq!(before["hasMore"], true);

    let beyond = get_ok(
        &app,
        &format!("/api/products?page={}&pageSize={size}", pages + 5),
    )
    .await;
    assert_eq!(beyond["contents"], serde_json::json!([]));
    assert_eq!(beyond["totalItems"], total);
    assert_eq!(beyond["totalPages"], pages);
    assert_eq!(beyond["hasMore"], false);

    let none = get_ok(&app, "/api/products?searchTitle=no-such-firework-zzz").await;
    assert_eq!(
        none,
        serde_json::json!({"contents": [], "totalItems": 0, "hasMore": false, "totalPages": 0})
    );

    // Defaults: page 1, 25 per page.
    let default = get_ok(&app, "/api/products").await;
    assert_eq!(default["contents"].as_array().map(Vec::len), Some(25));
}

#[tokio::test]
async fn invalid_paging_and_filters_answer_400_naming_the_field() {
    let app = demo_app().await;
    for (query, field) in [
        ("page=0", "page"),
        ("page=-1", "page"),
        ("page=abc", "page"),
        ("pageSize=0", "pageSize"),
        ("pageSize=101", "pageSize"),
        ("pageSize=2.5", "pageSize"),
        // A reference is an id or a name (issue 11); a name is at most 100 characters.
        ("brands=xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx", "brands"),
        ("categories=xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx", "categories"),
        ("colors=xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx", "colors"),
        ("effects=xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx", "effects"),
        ("apparelTypes=xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx", "apparelTypes"),
        ("genders=OTHER", "genders"),
        ("isShow=maybe", "isShow"),
        ("inStock=yes", "inStock"),
    ] {
        for path in ["/api/products", "/api/apparel"] {
            if path == "/api/apparel" && field == "isShow" {
                continue;
            }
            let v = expect(
                app.get(&format!("{path}?{query}")).await,
                StatusCode::BAD_REQUEST,
            )
            .await;
            let message = str_of(&v, "message");
            assert!(message.contains(field), "{path}?{query}: {message}");
            assert!(v["errors"][field].is_array(), "{v}");
        }
    }
    for path in [
        "/api/shows?page=0",
        "/api/shows/brand/Cody%20B?pageSize=101",
    ] {
        expect(app.get(path).await, StatusCode::BAD_REQUEST).await;
    }
    let v = expect(
        app.get("/api/products?page=%ZZ").await,
        StatusCode::BAD_REQUEST,
    )
    .await;
    assert!(v["message"].is_string());
}

#[tokio::test]
async fn unknown_products_and_shows_answer_404() {
    let app = demo_app().await;
    for id in ["0b5c6f4e-2a59-4d51-9c3e-8f1f1c2b7a10", "not-an-id"] {
        let v = expect(
            app.get(&format!("/api/products/{id}")).await,
            StatusCode::NOT_FOUND,
        )
        .await;
        assert_eq!(v, serde_json::json!({"message": "Product not found"}));
        let v = expect(
            app.get(&format!("/api/shows/{id}")).await,
            StatusCode::NOT_FOUND,
        )
        .await;
        assert_eq!(v, serde_json::json!({"message": "Show not found"}));
    }
    // A firework is not a show.
    let firework = &get_ok(&app, "/api/products?pageSize=1").await["contents"][0];
    let v = expect(
        app.get(&format!("/api/shows/{}", str_of(firework, "id")))
            .await,
        StatusCode::NOT_FOUND,
    )
    .await;
    assert_eq!(v["message"], "Show not found");
}

#[tokio::test]
async fn apparel_lists_products_with_variants_and_hides_those_without_stock() {
    let app = demo_app().await;
    let listed = all_items(&app, "/api/apparel", "").await;
    let everything = all_items(&app, "/api/apparel", "showOutOfStock=true").await;
    assert!(!listed.is_empty());
    assert_sorted_by_title_then_id(&everything);
    let buyable = |i: &Value| {
        i["inStock"] == true
            && i["variants"]
                .as_array()
                .expect("variants")
                .iter()
                .any(|v| v["availableStock"].as_i64() > Some(0))
    };
    assert_eq!(ids(&listed), expected(&everything, buyable));
    assert!(
        everything.len() > listed.len(),
        "the demo shop has apparel without stock"
    );
    let out = all_items(&app, "/api/apparel", "inStock=false").await;
    assert_eq!(ids(&out), expected(&everything, |i| !buyable(i)));

    let item = &everything[0];
    assert_eq!(item["isApparel"], true);
    assert!(item["apparelType"]["name"].is_string());
    assert_eq!(item["apparelTypeId"], item["apparelType"]["id"]);
    let variant = &item["variants"][0];
    for key in [
        "id",
        "sku",
        "size",
        "gender",
        "colorId",
        "color",
        "unitPrice",
        "availableStock",
    ] {
        assert!(variant.get(key).is_some(), "{key} missing in {variant}");
    }
    assert!(str_of(variant, "sku").starts_with(str_of(item, "sku")));
}

#[tokio::test]
async fn apparel_filters_match_types_and_one_variant_for_size_and_gender() {
    let app = demo_app().await;
    let all = all_items(&app, "/api/apparel", "showOutOfStock=true").await;
    let has_variant = |i: &Value, f: &dyn Fn(&Value) -> bool| {
        i["variants"].as_array().expect("variants").iter().any(f)
    };

    let females = all_items(&app, "/api/apparel", "showOutOfStock=true&genders=female").await;
    assert_eq!(
        ids(&females),
        expected(&all, |i| has_variant(i, &|v| v["gender"] == "FEMALE"))
    );
    let sizes = all_items(&app, "/api/apparel", "showOutOfStock=true&sizes=xs,3XL").await;
    assert_eq!(
        ids(&sizes),
        expected(&all, |i| has_variant(i, &|v| v["size"] == "XS"
            || v["size"] == "3XL"))
    );
    let both = all_items(
        &app,
        "/api/apparel",
        "showOutOfStock=true&genders=FEMALE&genders=UNISEX&sizes=XL",
    )
    .await;
    assert_eq!(
        ids(&both),
        expected(&all, |i| has_variant(i, &|v| {
            (v["gender"] == "FEMALE" || v["gender"] == "UNISEX") && v["size"] == "XL"
        }))
    );

    let types = popular(&all, "apparelType", 2);
    let by_type = all_items(
        &app,
        "/api/apparel",
        &format!("showOutOfStock=true&apparelTypes={}", types[0]),
    )
    .await;
    assert_eq!(
        ids(&by_type),
        expected(&all, |i| str_of(&i["apparelType"], "id") == types[0])
    );
    assert!(!by_type.is_empty());

    // Colours: a product colour link or a variant of that colour.
    let colour = all
        .iter()
        .flat_map(|i| i["variants"].as_array().expect("variants").iter())
        .find_map(|v| v["colorId"].as_str())
        .expect("a coloured variant")
        .to_owned();
    let coloured = all_items(
        &app,
        "/api/apparel",
        &format!("showOutOfStock=true&colors={colour}"),
    )
    .await;
    assert_eq!(
        ids(&coloured),
        expected(&all, |i| {
            ref_ids(i, "colors").contains(&colour)
                || has_variant(i, &|v| v["colorId"].as_str() == Some(colour.as_str()))
        })
    );
}

#[tokio::test]
async fn apparel_types_and_the_next_apparel_sku() {
    let app = demo_app().await;
    let types = get_ok(&app, "/api/apparel/types/all").await;
    let names: BTreeSet<&str> = types
        .as_array()
        .expect("types")
        .iter()
        .map(|t| str_of(t, "name"))
        .collect();
    for name in ["T-Shirt", "Hoodie", "Hat", "Tank Top", "Long Sleeve"] {
        assert!(names.contains(name), "{name} in {types}");
    }
    let all = all_items(&app, "/api/apparel", "showOutOfStock=true").await;
    let counted: i64 = types
        .as_array()
        .expect("types")
        .iter()
        .map(|t| t["productCount"].as_i64().expect("productCount"))
        .sum();
    assert_eq!(counted, all.len() as i64);

    let res = app.get("/api/apparel/sku/preview").await;
    assert_eq!(
        res.headers()
            .get("cache-control")
            .and_then(|v| v.to_str().ok()),
        Some("public, max-age=300")
    );
    let v = expect(res, StatusCode::OK).await;
    let sku = str_of(&v, "nextSku");
    let highest = all
        .iter()
        .filter_map(|i| str_of(i, "sku").strip_prefix("APP-")?.parse::<u32>().ok())
        .max()
        .unwrap_or(0);
    assert_eq!(sku, format!("APP-{:04}", highest + 1));
}

#[tokio::test]
async fn shows_list_with_contents_and_filter_by_type_id_or_name() {
    let app = demo_app().await;
    let v = get_ok(&app, "/api/shows?page=1&pageSize=100").await;
    let shows = v["shows"].as_array().expect("shows").clone();
    let total = v["pagination"]["total"].as_u64().expect("total");
    assert_eq!(shows.len() as u64, total);
    assert_eq!(v["pagination"]["page"], 1);
    assert_eq!(v["pagination"]["totalPages"], 1);
    assert_sorted_by_title_then_id(&shows);
    let show = &shows[0];
    for key in [
        "id",
        "sku",
        "title",
        "image",
        "description",
        "videoURL",
        "casePrice",
        "inStock",
        "showTypeId",
        "showType",
        "brand",
        "category",
        "package",
        "showProducts",
    ] {
        assert!(show.get(key).is_some(), "{key} missing in {show}");
    }
    assert_eq!(show["package"], serde_json::json!([1]));
    let line = &show["showProducts"][0];
    for key in ["id", "quantity", "isUnit", "notes", "product"] {
        assert!(line.get(key).is_some(), "{key} missing in {line}");
    }
    for key in [
        "id",
        "sku",
        "title",
        "image",
        "casePrice",
        "package",
        "unitProduct",
    ] {
        assert!(
            line["product"].get(key).is_some(),
            "{key} missing in {line}"
        );
    }
    let unit_line = shows
        .iter()
        .flat_map(|s| s["showProducts"].as_array().expect("lines").iter())
        .find(|l| l["isUnit"] == true);
    if let Some(l) = unit_line {
        assert!(l["product"]["unitProduct"].is_object(), "{l}");
    }

    let type_id = str_of(show, "showTypeId").to_owned();
    let type_name = str_of(&show["showType"], "name").to_owned();
    let want: Vec<String> = expected(&shows, |s| s["showTypeId"] == type_id.as_str());
    for key in [type_id.clone(), type_name.to_lowercase()] {
        let v = get_ok(&app, &format!("/api/shows?pageSize=100&typeId={key}")).await;
        assert_eq!(ids(v["shows"].as_array().expect("shows")), want, "{key}");
        assert_eq!(v["pagination"]["total"], want.len());
    }
    let none = get_ok(&app, "/api/shows?typeId=NO_SUCH_TYPE").await;
    assert_eq!(none["shows"], serde_json::json!([]));
    assert_eq!(none["pagination"]["total"], 0);

    // Paging.
    let page2 = get_ok(&app, "/api/shows?page=2&pageSize=2").await;
    assert_eq!(
        ids(page2["shows"].as_array().expect("shows")),
        ids(&shows[2..4])
    );
    assert_eq!(page2["pagination"]["totalPages"], total.div_ceil(2));

    // Detail.
    let detail = get_ok(&app, &format!("/api/shows/{}", str_of(show, "id"))).await;
    assert_eq!(&detail, show);

    let types = get_ok(&app, "/api/shows/types/all").await;
    let names: BTreeSet<&str> = types
        .as_array()
        .expect("types")
        .iter()
        .map(|t| str_of(t, "name"))
        .collect();
    for name in [
        "CUSTOM",
        "FOURTH_JULY",
        "NEW_YEARS",
        "GENDER_REVEAL",
        "RETAIL",
        "WHOLESALE",
        "WEDDING",
    ] {
        assert!(names.contains(name), "{name}");
    }
}

#[tokio::test]
async fn the_codyb_brand_page_calls_filter_by_brand() {
    let app = demo_app().await;
    let metadata = get_ok(&app, "/api/metadata").await;
    let cody = metadata["brands"]
        .as_array()
        .expect("brands")
        .iter()
        .find(|b| b["name"] == "Cody B")
        .expect("Cody B is a seeded brand");
    let cody_id = str_of(cody, "id").to_owned();

    let products = all_items(
        &app,
        "/api/products",
        &format!("brands={cody_id}&inStock=true"),
    )
    .await;
    assert!(!products.is_empty(), "Cody B has products in the demo shop");
    assert!(products.iter().all(|p| p["brand"]["name"] == "Cody B"));
    let apparel = all_items(&app, "/api/apparel", &format!("brands={cody_id}")).await;
    assert!(apparel.iter().all(|p| p["brand"]["name"] == "Cody B"));
    let first = get_ok(
        &app,
        &format!("/api/products?brands={cody_id}&page=1&pageSize=10&inStock=true"),
    )
    .await;
    assert_eq!(first["totalItems"], products.len());
    assert_eq!(first["totalPages"], products.len().div_ceil(10));
    assert_eq!(first["hasMore"], products.len() > 10);

    let by_name = get_ok(&app, "/api/shows/brand/Cody%20B?page=1&pageSize=100").await;
    let by_lower = get_ok(&app, "/api/shows/brand/cody%20b?page=1&pageSize=100").await;
    let by_id = get_ok(
        &app,
        &format!("/api/shows/brand/{cody_id}?page=1&pageSize=100"),
    )
    .await;
    assert_eq!(by_name, by_lower);
    assert_eq!(by_name, by_id);
    let shows = by_name["shows"].as_array().expect("shows");
    assert!(!shows.is_empty(), "Cody B has shows in the demo shop");
    assert!(shows.iter().all(|s| s["brand"]["name"] == "Cody B"));
    let all_shows = get_ok(&app, "/api/shows?pageSize=100").await;
    let want = expected(all_shows["shows"].as_array().expect("shows"), |s| {
        s["brand"]["name"] == "Cody B"
    });
    assert_eq!(ids(shows), want);
    let query_brand = get_ok(&app, "/api/shows?brand=Cody%20B&pageSize=100").await;
    assert_eq!(query_brand["shows"], by_name["shows"]);

    let v = expect(
        app.get("/api/shows/brand/No%20Such%20Brand").await,
        StatusCode::NOT_FOUND,
    )
    .await;
    assert_eq!(v, serde_json::json!({"message": "Brand not found"}));
}

#[tokio::test]
async fn the_brand_shows_page_takes_the_brand_key_as_the_client_writes_it() {
    let app = demo_app().await;
    let by_name = get_ok(&app, "/api/shows/brand/Cody%20B?page=1&pageSize=100").await;
    assert!(
        by_name["pagination"]["total"].as_i64() > Some(0),
        "{by_name}"
    );
    for key in ["CODY_B", "cody_b"] {
        let by_key = get_ok(&app, &format!("/api/shows/brand/{key}?page=1&pageSize=100")).await;
        assert_eq!(by_key, by_name, "{key}");
        let query_key = get_ok(&app, &format!("/api/shows?brand={key}&pageSize=100")).await;
        assert_eq!(query_key["shows"], by_name["shows"], "{key}");
    }
    // A key no brand has is still unknown.
    let v = expect(
        app.get("/api/shows/brand/NO_SUCH_BRAND").await,
        StatusCode::NOT_FOUND,
    )
    .await;
    assert_eq!(v, serde_json::json!({"message": "Brand not found"}));
}

#[tokio::test]
async fn metadata_lists_every_kind_and_pages_with_product_counts() {
    let app = demo_app().await;
    let m = get_ok(&app, "/api/metadata").await;
    for (key, at_least) in [
        ("brands", 50),
        ("categories", 24),
        ("colors", 12),
        ("effects", 31),
        ("apparelTypes", 5),
        ("showTypes", 7),
    ] {
        let list = m[key].as_array().unwrap_or_else(|| panic!("{key}"));
        assert!(list.len() >= at_least, "{key}: {}", list.len());
        let names: Vec<&str> = list.iter().map(|i| str_of(i, "name")).collect();
        let mut sorted = names.clone();
        sorted.sort_unstable();
        assert_eq!(names, sorted, "{key} sorted by name");
    }
    let brand_count = m["brands"].as_array().map(Vec::len).expect("brands");

    // Each kind an array of the page's items, the paging facts beside them (issue 32, item
    // 17); a kind that `type` leaves out is an empty array without paging facts.
    let paged = get_ok(&app, "/api/metadata?type=brands&page=2&pageSize=10").await;
    assert_eq!(paged["categories"], serde_json::json!([]));
    assert!(paged["pagination"].get("categories").is_none());
    let brands = &paged["pagination"]["brands"];
    assert_eq!(brands["page"], 2);
    assert_eq!(brands["pageSize"], 10);
    assert_eq!(brands["totalItems"], brand_count);
    assert_eq!(brands["totalPages"], brand_count.div_ceil(10));
    assert_eq!(brands["hasMore"], brand_count > 20);
    let contents = paged["brands"].as_array().expect("brands");
    assert_eq!(contents.len(), 10);
    assert_eq!(
        ids(contents),
        ids(&m["brands"].as_array().expect("brands")[10..20])
    );

    // productCount counts products of every kind.
    let cody = get_ok(&app, "/api/metadata?type=brand&searchTitle=cody").await;
    let cody = &cody["brands"][0];
    assert_eq!(cody["name"], "Cody B");
    let id = str_of(cody, "id");
    let fireworks = get_ok(&app, &format!("/api/products?brands={id}&pageSize=1")).await;
    let apparel = get_ok(
        &app,
        &format!("/api/apparel?brands={id}&showOutOfStock=true&pageSize=1"),
    )
    .await;
    let shows = get_ok(&app, &format!("/api/shows/brand/{id}?pageSize=1")).await;
    assert_eq!(
        cody["productCount"].as_i64(),
        Some(
            fireworks["totalItems"].as_i64().expect("n")
                + apparel["totalItems"].as_i64().expect("n")
                + shows["pagination"]["total"].as_i64().expect("n")
        )
    );

    let all_kinds = get_ok(&app, "/api/metadata?page=1&pageSize=5").await;
    for key in ["brands", "categories", "colors", "effects"] {
        assert_eq!(all_kinds[key].as_array().map(Vec::len), Some(5), "{key}");
        assert!(all_kinds[key][0]["productCount"].is_i64());
        assert_eq!(all_kinds["pagination"][key]["page"], 1, "{key}");
        assert!(
            all_kinds["pagination"][key]["totalItems"].as_i64() > Some(5),
            "{key}"
        );
    }
    let v = expect(
        app.get("/api/metadata?type=flavours").await,
        StatusCode::BAD_REQUEST,
    )
    .await;
    assert!(str_of(&v, "message").contains("type"));
    expect(
        app.get("/api/metadata?type=colors&pageSize=0").await,
        StatusCode::BAD_REQUEST,
    )
    .await;
}

#[tokio::test]
async fn terminals_filter_by_state_and_zip_prefix() {
    let app = demo_app().await;
    let all = get_ok(&app, "/api/terminal").await;
    let all = all.as_array().expect("terminals").clone();
    assert!(!all.is_empty());
    let t = &all[0];
    for key in [
        "id",
        "terminalName",
        "company",
        "address",
        "acceptOutOfStateLicence",
        "businessRequired",
    ] {
        assert!(t.get(key).is_some(), "{key} missing in {t}");
    }
    let state = str_of(&t["address"], "state").to_owned();
    let zip = str_of(&t["address"], "postalCode").to_owned();

    let in_state = get_ok(
        &app,
        &format!("/api/terminal?state={}", state.to_lowercase()),
    )
    .await;
    let want = expected(&all, |x| x["address"]["state"] == state.as_str());
    assert_eq!(ids(in_state.as_array().expect("list")), want);

    let prefix = &zip[..3];
    let by_zip = get_ok(
        &app,
        &format!("/api/terminal?state={state}&zipcode={prefix}"),
    )
    .await;
    let want = expected(&all, |x| {
        x["address"]["state"] == state.as_str()
            && str_of(&x["address"], "postalCode").starts_with(prefix)
    });
    assert!(!want.is_empty());
    assert_eq!(ids(by_zip.as_array().expect("list")), want);

    let zip_only = get_ok(&app, &format!("/api/terminal?zipcode={zip}")).await;
    assert!(ids(zip_only.as_array().expect("list")).contains(&str_of(t, "id").to_owned()));

    let none = get_ok(&app, "/api/terminal?state=ND&zipcode=00000").await;
    assert_eq!(none, serde_json::json!([]));

    for query in ["state=XX", "state=North", "zipcode=58%25"] {
        let v = expect(
            app.get(&format!("/api/terminal?{query}")).await,
            StatusCode::BAD_REQUEST,
        )
        .await;
        assert!(v["message"].is_string());
    }

    let one = get_ok(&app, &format!("/api/terminal/{}", str_of(t, "id"))).await;
    assert_eq!(&one, t);
    let v = expect(
        app.get("/api/terminal/0b5c6f4e-2a59-4d51-9c3e-8f1f1c2b7a10")
            .await,
        StatusCode::NOT_FOUND,
    )
    .await;
    assert_eq!(v, serde_json::json!({"message": "Terminal not found"}));
}

//! The apparel list, its filters, its types and the next apparel SKU.

use std::collections::BTreeSet;

use reqwest::StatusCode;
use serde_json::Value;

use super::{
    all_items, assert_sorted_by_title_then_id, demo_app, expected, get_ok, ids, popular, ref_ids,
    str_of,
};
use crate::helpers::expect;

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

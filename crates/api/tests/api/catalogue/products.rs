//! The product list and a product's shape, and the 404s of unknown products and shows.

use reqwest::StatusCode;

use super::{all_items, assert_sorted_by_title_then_id, demo_app, get_ok, str_of};
use crate::helpers::expect;

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

//! The product list's filters: metadata by name or id, OR within a kind and AND across kinds,
//! stock, and the title search.

use super::{all_items, demo_app, expected, get_ok, ids, popular, ref_ids, str_of};

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

//! The catalogue calls on the demo shop: every filter, combinations, paging edges, validation,
//! 404s, the product, apparel and show shapes, the /codyb brand calls, metadata and terminals.
//!
//! Expected results are computed here from the unfiltered lists, so the tests check the
//! filter semantics (OR within a kind, AND across kinds) rather than demo-data counts.

use std::collections::BTreeSet;

use reqwest::StatusCode;
use serde_json::Value;

use crate::helpers::{expect, spawn_app_with, TestApp};

mod apparel;
mod filters;
mod metadata;
mod paging;
mod products;
mod shows_and_brands;

pub async fn demo_app() -> TestApp {
    spawn_app_with(|s| s.seed_demo = true).await
}

/// The demo shop with more settings changed.
pub async fn demo_app_with(customize: impl FnOnce(&mut shop_api::config::Settings)) -> TestApp {
    spawn_app_with(|s| {
        s.seed_demo = true;
        customize(s);
    })
    .await
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

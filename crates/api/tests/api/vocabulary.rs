//! Back-office writes of the catalogue's vocabulary: brands, categories, colours, effects,
//! show types and apparel types (back-office.md §5, §7; decisions.md "Catalogue").

use reqwest::StatusCode;
use serde_json::{json, Value};
use shop_api::startup::Application;

use crate::catalogue::{demo_app, get_ok};
use crate::helpers::{body, expect, test_settings};

fn names(list: &Value) -> Vec<String> {
    list.as_array()
        .expect("list")
        .iter()
        .map(|i| i["name"].as_str().expect("name").to_owned())
        .collect()
}

#[tokio::test]
async fn only_admins_write_the_vocabulary() {
    let app = demo_app().await;
    let user = app.customer_token("shopper@example.com").await;
    let admin = app.login_as_admin().await;
    let brand = expect(
        app.send(
            reqwest::Method::POST,
            "/api/metadata/brands",
            Some(&admin),
            Some(&json!({"name": "Target"})),
        )
        .await,
        StatusCode::CREATED,
    )
    .await;
    let id = brand["id"].as_str().expect("id");
    let name = json!({"name": "X"});
    let calls = [
        (
            reqwest::Method::POST,
            "/api/metadata/brands".to_owned(),
            Some(name.clone()),
        ),
        (
            reqwest::Method::PUT,
            format!("/api/metadata/brands/{id}"),
            Some(name.clone()),
        ),
        (
            reqwest::Method::DELETE,
            format!("/api/metadata/brands/{id}"),
            None,
        ),
        (
            reqwest::Method::POST,
            "/api/shows/types".to_owned(),
            Some(name.clone()),
        ),
        (
            reqwest::Method::PUT,
            "/api/shows/types/some-id".to_owned(),
            Some(name.clone()),
        ),
        (
            reqwest::Method::DELETE,
            "/api/shows/types/some-id".to_owned(),
            None,
        ),
        (
            reqwest::Method::POST,
            "/api/apparel/types".to_owned(),
            Some(name.clone()),
        ),
        (
            reqwest::Method::PUT,
            "/api/apparel/types/some-id".to_owned(),
            Some(name.clone()),
        ),
        (
            reqwest::Method::DELETE,
            "/api/apparel/types/some-id".to_owned(),
            None,
        ),
    ];
    for (method, path, payload) in calls {
        let res = app
            .send(method.clone(), &path, None, payload.as_ref())
            .await;
        assert_eq!(res.status(), StatusCode::UNAUTHORIZED, "{method} {path}");
        let res = app
            .send(method.clone(), &path, Some(&user), payload.as_ref())
            .await;
        assert_eq!(res.status(), StatusCode::FORBIDDEN, "{method} {path}");
    }
    // Nothing changed: the brand is still there, one audit row (its creation).
    let metadata = get_ok(&app, "/api/metadata").await;
    assert!(names(&metadata["brands"]).contains(&"Target".to_owned()));
    assert_eq!(app.db.audit_rows("brand").expect("audit").len(), 1);
}

#[tokio::test]
async fn metadata_is_created_renamed_and_deleted_with_one_audit_row_per_write() {
    let app = demo_app().await;
    let admin = app.login_as_admin().await;
    for kind in ["brands", "categories", "colors", "effects"] {
        let path = format!("/api/metadata/{kind}");
        let v = expect(
            app.send(
                reqwest::Method::POST,
                &path,
                Some(&admin),
                Some(&json!({"name": "  Nova Works  "})),
            )
            .await,
            StatusCode::CREATED,
        )
        .await;
        assert_eq!(v["name"], "Nova Works", "{kind}");
        assert_eq!(v["productCount"], 0);
        let id = v["id"].as_str().expect("id").to_owned();
        // The storefront sees it at once (the write moved the catalogue version on).
        assert!(
            names(&get_ok(&app, "/api/metadata").await[kind]).contains(&"Nova Works".to_owned())
        );

        for blank in [json!({"name": "   "}), json!({})] {
            let res = app
                .send(reqwest::Method::POST, &path, Some(&admin), Some(&blank))
                .await;
            let v = expect(res, StatusCode::UNPROCESSABLE_ENTITY).await;
            assert_eq!(v["errors"]["name"], json!(["Name is required"]), "{kind}");
        }
        let res = app
            .send(
                reqwest::Method::POST,
                &path,
                Some(&admin),
                Some(&json!({"name": "NOVA works"})),
            )
            .await;
        let v = expect(res, StatusCode::CONFLICT).await;
        assert!(
            v["message"]
                .as_str()
                .expect("m")
                .ends_with("named \"NOVA works\" already exists"),
            "{v}"
        );

        let item = format!("{path}/{id}");
        let v = expect(
            app.send(
                reqwest::Method::PUT,
                &item,
                Some(&admin),
                Some(&json!({"name": "Nova Works II"})),
            )
            .await,
            StatusCode::OK,
        )
        .await;
        assert_eq!(v["name"], "Nova Works II");
        // Renaming to its own name in another case is not a duplicate.
        expect(
            app.send(
                reqwest::Method::PUT,
                &item,
                Some(&admin),
                Some(&json!({"name": "nova works ii"})),
            )
            .await,
            StatusCode::OK,
        )
        .await;
        let res = app
            .send(reqwest::Method::DELETE, &item, Some(&admin), None)
            .await;
        assert_eq!(res.status(), StatusCode::NO_CONTENT);
        let res = app
            .send(reqwest::Method::DELETE, &item, Some(&admin), None)
            .await;
        assert_eq!(res.status(), StatusCode::NOT_FOUND);
        let res = app
            .send(
                reqwest::Method::PUT,
                &item,
                Some(&admin),
                Some(&json!({"name": "Y"})),
            )
            .await;
        assert_eq!(res.status(), StatusCode::NOT_FOUND);
        assert!(!names(&get_ok(&app, "/api/metadata").await[kind])
            .iter()
            .any(|n| n.starts_with("nova")));
    }
    let res = app
        .send(
            reqwest::Method::POST,
            "/api/metadata/sizes",
            Some(&admin),
            Some(&json!({"name": "Z"})),
        )
        .await;
    assert_eq!(res.status(), StatusCode::NOT_FOUND);

    let rows = app.db.audit_rows("brand").expect("audit");
    let actions: Vec<&str> = rows.iter().map(|r| r.0.as_str()).collect();
    assert_eq!(actions, ["create", "update", "update", "delete"]);
    let (_, _, actor, details) = &rows[1];
    assert!(actor.is_some());
    let details: Value = serde_json::from_str(details.as_deref().expect("details")).expect("json");
    assert_eq!(details["before"]["name"], "Nova Works");
    assert_eq!(details["after"]["name"], "Nova Works II");
    assert_eq!(app.db.audit_rows("effect").expect("audit").len(), 4);
}

#[tokio::test]
async fn a_term_in_use_is_not_deleted_and_the_answer_says_what_uses_it() {
    let app = demo_app().await;
    let admin = app.login_as_admin().await;
    let metadata = get_ok(&app, "/api/metadata").await;
    let find = |list: &str, name: &str| {
        metadata[list]
            .as_array()
            .expect("list")
            .iter()
            .find(|i| i["name"] == name)
            .unwrap_or_else(|| panic!("{name} in {list}"))["id"]
            .as_str()
            .expect("id")
            .to_owned()
    };
    let cody = find("brands", "Cody B");
    let res = app
        .send(
            reqwest::Method::DELETE,
            &format!("/api/metadata/brands/{cody}"),
            Some(&admin),
            None,
        )
        .await;
    let m = expect(res, StatusCode::CONFLICT).await["message"]
        .as_str()
        .expect("m")
        .to_owned();
    assert!(
        m.starts_with("Brand \"Cody B\" is used by ")
            && m.ends_with(" products and cannot be deleted"),
        "{m}"
    );
    let apparel = find("categories", "Apparel");
    let res = app
        .send(
            reqwest::Method::DELETE,
            &format!("/api/metadata/categories/{apparel}"),
            Some(&admin),
            None,
        )
        .await;
    assert_eq!(res.status(), StatusCode::CONFLICT);
    let types = get_ok(&app, "/api/shows/types/all").await;
    let used_type = types.as_array().expect("types")[0]["id"]
        .as_str()
        .expect("id")
        .to_owned();
    let shows = get_ok(
        &app,
        &format!("/api/shows?typeId={used_type}&page=1&pageSize=1"),
    )
    .await;
    if shows["pagination"]["total"].as_i64().unwrap_or(0) > 0 {
        let res = app
            .send(
                reqwest::Method::DELETE,
                &format!("/api/shows/types/{used_type}"),
                Some(&admin),
                None,
            )
            .await;
        let m = expect(res, StatusCode::CONFLICT).await["message"]
            .as_str()
            .expect("m")
            .to_owned();
        assert!(m.starts_with("Show type \""), "{m}");
    }
    assert!(app.db.audit_rows("brand").expect("audit").is_empty());
    // Still there.
    assert!(names(&get_ok(&app, "/api/metadata").await["brands"]).contains(&"Cody B".to_owned()));
}

#[tokio::test]
async fn show_and_apparel_types_keep_a_description_and_every_node_sees_writes_at_once() {
    let app = demo_app().await;
    let admin = app.login_as_admin().await;
    // A second API node on the same database, with its own read cache.
    let dir = tempfile::tempdir().expect("dir");
    let other = Application::build(test_settings(&app.db, dir.path()))
        .await
        .expect("node");
    let other_url = format!("http://127.0.0.1:{}", other.port());
    tokio::spawn(other.run_until_stopped());
    let read_other = |path: &'static str| {
        let (client, url) = (app.client.clone(), format!("{other_url}{path}"));
        async move {
            client
                .get(url)
                .send()
                .await
                .expect("get")
                .json::<Value>()
                .await
                .expect("json")
        }
    };
    // Warm the other node's cache before the write.
    let before = read_other("/api/shows/types/all").await;
    assert!(!names(&before).contains(&"Backyard".to_owned()));

    for (base, list) in [
        ("/api/shows/types", "/api/shows/types/all"),
        ("/api/apparel/types", "/api/apparel/types/all"),
    ] {
        let v = expect(
            app.send(
                reqwest::Method::POST,
                base,
                Some(&admin),
                Some(&json!({"name": "Backyard", "description": "  Small yards  "})),
            )
            .await,
            StatusCode::CREATED,
        )
        .await;
        assert_eq!(v["description"], "Small yards");
        let id = v["id"].as_str().expect("id").to_owned();
        // The writing node answers with it at once (checked by the metadata test); the other
        // node within its version check (VERSION_TTL, 250 ms).
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(2);
        let entry = loop {
            let listed = read_other(list).await;
            if let Some(e) = listed
                .as_array()
                .expect("list")
                .iter()
                .find(|t| t["name"] == "Backyard")
            {
                break e.clone();
            }
            assert!(
                std::time::Instant::now() < deadline,
                "the other node never saw the new type"
            );
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        };
        assert_eq!(entry["description"], "Small yards");
        let v = expect(
            app.send(
                reqwest::Method::PUT,
                &format!("{base}/{id}"),
                Some(&admin),
                Some(&json!({"name": "Backyard", "description": ""})),
            )
            .await,
            StatusCode::OK,
        )
        .await;
        assert!(
            v.get("description").is_none(),
            "a blank description is dropped: {v}"
        );
        let res = app
            .send(
                reqwest::Method::DELETE,
                &format!("{base}/{id}"),
                Some(&admin),
                None,
            )
            .await;
        assert_eq!(res.status(), StatusCode::NO_CONTENT);
        assert!(!names(&get_ok(&app, list).await).contains(&"Backyard".to_owned()));
        tokio::time::sleep(shop_api::catalogue_cache::VERSION_TTL).await;
        assert!(!names(&read_other(list).await).contains(&"Backyard".to_owned()));
    }
    let res = app
        .send(
            reqwest::Method::POST,
            "/api/apparel/types",
            Some(&admin),
            Some(&json!({"name": "T-Shirt"})),
        )
        .await;
    assert_eq!(
        body(res).await["message"],
        "A apparel type named \"T-Shirt\" already exists"
    );
}

/// Issue 32, item 6: the products that name a show type are shows, and the refusal says so.
#[tokio::test]
async fn deleting_a_show_type_in_use_says_how_many_shows_use_it() {
    let app = demo_app().await;
    let admin = app.login_as_admin().await;
    let types = get_ok(&app, "/api/shows/types/all").await;
    let mut refused = 0;
    for t in types.as_array().expect("types") {
        let id = t["id"].as_str().expect("id");
        let res = app
            .send(
                reqwest::Method::DELETE,
                &format!("/api/shows/types/{id}"),
                Some(&admin),
                None,
            )
            .await;
        if res.status() != StatusCode::CONFLICT {
            continue;
        }
        let m = expect(res, StatusCode::CONFLICT).await["message"]
            .as_str()
            .expect("message")
            .to_owned();
        let prefix = format!(
            "Show type \"{}\" is used by ",
            t["name"].as_str().expect("name")
        );
        let count = m
            .strip_prefix(&prefix)
            .and_then(|rest| rest.split_once(' '))
            .and_then(|(n, rest)| Some((n.parse::<i64>().ok()?, rest)));
        match count {
            Some((1, rest)) => assert_eq!(rest, "show and cannot be deleted", "{m}"),
            Some((_, rest)) => assert_eq!(rest, "shows and cannot be deleted", "{m}"),
            None => panic!("{m}"),
        }
        refused += 1;
    }
    assert!(refused > 0, "the demo shop's shows use some show type");
}

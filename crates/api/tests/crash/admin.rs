//! The admin: product writes, stock counts, order statuses and case breaks while buyers buy.

use std::collections::{BTreeMap, HashMap};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use rand::rngs::StdRng;
use rand::Rng;
use reqwest::{Client, Method, StatusCode};
use serde_json::{json, Value};

use crate::server::{cents, send, text};
use crate::setup::Shop;
use crate::STATUSES;

/// One admin write.
#[derive(Debug, Clone)]
pub enum Write {
    Create {
        sku: String,
        title: String,
        cents: i64,
    },
    Update {
        id: String,
        title: String,
        cents: i64,
    },
    Delete {
        id: String,
    },
    Stock {
        count: i64,
    },
    Status {
        order: String,
        status: &'static str,
    },
    Process {
        request: String,
        added: i64,
    },
}

impl Write {
    pub fn kind(&self) -> &'static str {
        match self {
            Write::Create { .. } => "create",
            Write::Update { .. } => "update",
            Write::Delete { .. } => "delete",
            Write::Stock { .. } => "stock",
            Write::Status { .. } => "status",
            Write::Process { .. } => "case break",
        }
    }

    /// Whether it moves the catalogue version on (all but order statuses).
    pub fn is_catalogue(&self) -> bool {
        !matches!(self, Write::Status { .. })
    }
}

/// A product the admin created (answered 201), as its last acknowledged write left it.
#[derive(Debug, Clone)]
pub struct Made {
    pub sku: String,
    pub id: String,
    pub title: String,
    pub cents: i64,
    pub deleted: bool,
}

/// What the admin saw before the server went away.
#[derive(Debug, Default)]
pub struct AdminLog {
    /// Writes answered 2xx, by kind.
    pub acked: BTreeMap<&'static str, usize>,
    pub acked_catalogue: usize,
    pub sent_catalogue: usize,
    pub made: Vec<Made>,
    /// The counted variant's stock as the last acknowledged count set it.
    pub stock: i64,
    /// Order statuses the admin set (acknowledged).
    pub statuses: HashMap<String, &'static str>,
    /// Case breaks processed (acknowledged): request id -> units added.
    pub processed: HashMap<String, i64>,
    /// The write cut off by the kill, if any.
    pub in_flight: Option<Write>,
}

impl AdminLog {
    pub fn acked_total(&self) -> usize {
        self.acked.values().sum()
    }
}

pub fn product_form(shop: &Shop, sku: &str, title: &str, cents: i64) -> Value {
    let [brand, category, colour, effect] = &shop.vocabulary;
    json!({
        "sku": sku, "title": title, "description": "Crash-tested", "casePrice": cents / 100,
        "inStock": true, "package": "12,6", "isCaseBreakable": true, "image": "",
        "brandId": brand, "categoryId": category, "colors": [colour], "effects": [effect]
    })
}

/// Everything the admin task shares with the loop.
pub struct AdminRun {
    pub client: Client,
    pub base: String,
    pub shop: Arc<Shop>,
    pub orders: Arc<Mutex<Vec<String>>>,
    pub ops: Arc<AtomicUsize>,
    pub stop: Arc<AtomicBool>,
}

/// Picks the next write: products first, then a mix. `Ok(None)`: nothing to do this turn.
pub async fn pick(
    run: &AdminRun,
    rng: &mut StdRng,
    log: &AdminLog,
    n: usize,
) -> reqwest::Result<Option<Write>> {
    let live: Vec<&Made> = log.made.iter().filter(|m| !m.deleted).collect();
    let cents = rng.gen_range(20..=400) * 100;
    let roll = if live.len() < 2 {
        0
    } else {
        rng.gen_range(0..12)
    };
    Ok(Some(match roll {
        0..=1 => Write::Create {
            sku: format!("CRASH-{n}"),
            title: format!("Crash Cake {n}"),
            cents,
        },
        2..=4 => {
            let m = live[rng.gen_range(0..live.len())];
            Write::Update {
                id: m.id.clone(),
                title: format!("Crash Cake {n} (was {})", m.sku),
                cents,
            }
        }
        5 => Write::Delete {
            id: live[rng.gen_range(0..live.len())].id.clone(),
        },
        6..=7 => Write::Stock {
            count: rng.gen_range(0..=1_000),
        },
        8..=9 => {
            let order = {
                let orders = run.orders.lock().expect("orders");
                if orders.is_empty() {
                    return Ok(None);
                }
                orders[rng.gen_range(0..orders.len())].clone()
            };
            let now = log.statuses.get(&order).copied().unwrap_or("PENDING");
            let choices: Vec<&'static str> = STATUSES.into_iter().filter(|s| *s != now).collect();
            Write::Status {
                order,
                status: choices[rng.gen_range(0..choices.len())],
            }
        }
        _ => {
            let (s, v) = send(
                &run.client,
                Method::GET,
                format!("{}/api/reports/case-break?status=PENDING", run.base),
                Some(&run.shop.admin),
                None,
            )
            .await?;
            assert_eq!(s, StatusCode::OK, "{v}");
            let Some(first) = v["data"].as_array().and_then(|d| d.first()) else {
                return Ok(None);
            };
            // The opened case gives at least the units owed to the waiting order (decisions.md
            // "Stock": fewer is refused with 422).
            let owed = first["quantity"].as_i64().expect("the request's quantity");
            Write::Process {
                request: text(&first["id"]),
                added: owed + rng.gen_range(0..=12),
            }
        }
    }))
}

/// Sends one write and checks its answer; `Err` when the server stopped answering.
pub async fn perform(run: &AdminRun, log: &mut AdminLog, w: &Write) -> reqwest::Result<()> {
    let shop = &run.shop;
    let admin = Some(shop.admin.as_str());
    let url = |path: String| format!("{}{path}", run.base);
    match w {
        Write::Create { sku, title, cents } => {
            let body = product_form(shop, sku, title, *cents);
            let (s, v) = send(
                &run.client,
                Method::POST,
                url("/api/products".into()),
                admin,
                Some(&body),
            )
            .await?;
            assert_eq!(s, StatusCode::CREATED, "{v}");
            log.made.push(Made {
                sku: sku.clone(),
                id: text(&v["id"]),
                title: title.clone(),
                cents: *cents,
                deleted: false,
            });
        }
        Write::Update {
            id,
            title,
            cents: price,
        } => {
            let made = log
                .made
                .iter_mut()
                .find(|m| m.id == *id)
                .expect("a product made");
            let body = product_form(shop, &made.sku, title, *price);
            let (s, v) = send(
                &run.client,
                Method::PUT,
                url(format!("/api/products/{id}")),
                admin,
                Some(&body),
            )
            .await?;
            assert_eq!(s, StatusCode::OK, "{v}");
            assert_eq!(
                (&v["title"], cents(&v["casePrice"])),
                (&json!(title), *price)
            );
            made.title.clone_from(title);
            made.cents = *price;
        }
        Write::Delete { id } => {
            let (s, v) = send(
                &run.client,
                Method::DELETE,
                url(format!("/api/products/{id}")),
                admin,
                None,
            )
            .await?;
            assert_eq!(s, StatusCode::NO_CONTENT, "{v}");
            if let Some(m) = log.made.iter_mut().find(|m| m.id == *id) {
                m.deleted = true;
            }
        }
        Write::Stock { count } => {
            let (s, v) = send(
                &run.client,
                Method::PUT,
                url(format!("/api/apparel/variants/{}/stock", shop.counted)),
                admin,
                Some(&json!({"availableStock": count})),
            )
            .await?;
            assert_eq!((s, &v["availableStock"]), (StatusCode::OK, &json!(count)));
            log.stock = *count;
        }
        Write::Status { order, status } => {
            let (s, v) = send(
                &run.client,
                Method::PATCH,
                url(format!("/api/reports/purchases/{order}")),
                admin,
                Some(&json!({"status": status})),
            )
            .await?;
            assert_eq!((s, &v["status"]), (StatusCode::OK, &json!(status)), "{v}");
            log.statuses.insert(order.clone(), status);
        }
        Write::Process { request, added } => {
            let (s, v) = send(
                &run.client,
                Method::POST,
                url(format!("/api/reports/case-break/{request}/process")),
                admin,
                Some(&json!({"quantityAdded": added})),
            )
            .await?;
            assert_eq!(s, StatusCode::OK, "{v}");
            log.processed.insert(request.clone(), *added);
        }
    }
    Ok(())
}

/// Writes until the server goes away; a product written is read back at once through the
/// storefront (the node that wrote it must show it without waiting).
pub async fn admin_loop(run: AdminRun, mut rng: StdRng, stock: i64) -> AdminLog {
    let mut log = AdminLog {
        stock,
        ..AdminLog::default()
    };
    let mut n = 0;
    while !run.stop.load(Ordering::SeqCst) {
        n += 1;
        let w = match pick(&run, &mut rng, &log, n).await {
            Ok(Some(w)) => w,
            Ok(None) => continue,
            Err(_) => break,
        };
        log.in_flight = Some(w.clone());
        log.sent_catalogue += usize::from(w.is_catalogue());
        if perform(&run, &mut log, &w).await.is_err() {
            break;
        }
        log.in_flight = None;
        *log.acked.entry(w.kind()).or_default() += 1;
        log.acked_catalogue += usize::from(w.is_catalogue());
        run.ops.fetch_add(1, Ordering::SeqCst);
        if let Write::Create { .. } | Write::Update { .. } = &w {
            let made = log.made.iter().rev().find(|m| match &w {
                Write::Update { id, .. } => m.id == *id,
                _ => true,
            });
            let made = made.expect("made").clone();
            let Ok((s, v)) = send(
                &run.client,
                Method::GET,
                format!("{}/api/products/{}", run.base, made.id),
                None,
                None,
            )
            .await
            else {
                break;
            };
            assert_eq!(s, StatusCode::OK, "{v}");
            assert_eq!(
                (&v["title"], cents(&v["casePrice"])),
                (&json!(made.title), made.cents),
                "the writing node shows its write at once"
            );
        }
    }
    log
}

//! The figures of each report type, from the store's rows. Orders that FAILED are left out of
//! every sales figure (they took no money).

use std::collections::{BTreeMap, HashMap};

use chrono::{Datelike, NaiveDate, NaiveDateTime};
use rust_decimal::Decimal;
use serde_json::{json, Value};

use super::model::{Column, Report, Table};
use crate::catalogue::Packing;
use crate::money::Money;
use crate::orders::Sales;
use crate::orders::{DateRange, Sale};
use crate::reports::ReportData;
use crate::status::{OrderStatus, ReportType};
use crate::store::StoreError;

const fn col(key: &'static str, label: &'static str, kind: &'static str) -> Column {
    Column { key, label, kind }
}

fn flag(report: &Report, key: &str) -> bool {
    report
        .parameters
        .get(key)
        .and_then(Value::as_bool)
        .unwrap_or(true)
}

fn range(report: &Report, now: NaiveDateTime) -> Result<DateRange, StoreError> {
    let text = |k: &str| report.parameters.get(k).and_then(Value::as_str);
    DateRange::parse(text("startDate"), text("endDate"), now)
        .map_err(|e| StoreError::Other(format!("stored report parameters: {e}")))
}

fn average(total: Money, n: usize) -> Money {
    if n == 0 {
        return Money::ZERO;
    }
    Money::round_cents(total.as_decimal() / Decimal::from(n))
}

fn money(m: Money) -> Value {
    json!(m)
}

/// Per key, in key order: (quantity, revenue).
#[derive(Default)]
struct Tally(BTreeMap<String, (u64, Money, String, String)>);

impl Tally {
    /// The tally as a table: SKU, product, type, quantity, revenue.
    fn table(self, id: &'static str, title: &'static str) -> Table {
        Table {
            id,
            title,
            columns: vec![
                col("sku", "SKU", "text"),
                col("title", "Product", "text"),
                col("type", "Type", "text"),
                col("quantity", "Quantity", "int"),
                col("revenue", "Revenue", "money"),
            ],
            rows: self
                .0
                .into_iter()
                .map(|(sku, (q, r, title, kind))| {
                    vec![json!(sku), json!(title), json!(kind), json!(q), money(r)]
                })
                .collect(),
        }
    }

    fn add(&mut self, key: &str, quantity: u32, revenue: Money, a: &str, b: &str) {
        let e = self
            .0
            .entry(key.to_owned())
            .or_insert_with(|| (0, Money::ZERO, a.to_owned(), b.to_owned()));
        e.0 += u64::from(quantity);
        e.1 += revenue;
    }
}

fn paid(sales: Vec<Sale>) -> Vec<Sale> {
    sales
        .into_iter()
        .filter(|s| s.order.status != OrderStatus::Failed)
        .collect()
}

fn kind_of(sale: &Sale, i: usize) -> &'static str {
    let item = &sale.order.items[i].item;
    let product = sale.lines.get(i).and_then(|l| l.0.as_ref());
    if item.variant_id.is_some() {
        "Apparel"
    } else if product.is_some_and(|p| p.is_show) {
        "Show"
    } else if item.packing == Packing::Unit {
        "Unit"
    } else {
        "Case"
    }
}

fn period(at: NaiveDateTime, interval: &str) -> String {
    let day = at.date();
    match interval {
        "month" => format!("{:04}-{:02}", day.year(), day.month()),
        "week" => {
            let monday =
                day - chrono::Duration::days(i64::from(day.weekday().num_days_from_monday()));
            monday.format("%Y-%m-%d").to_string()
        }
        _ => day.format("%Y-%m-%d").to_string(),
    }
}

fn result(summary: Vec<(&str, Value, &str)>, tables: Vec<Table>, charts: Value) -> Value {
    json!({
        "summary": summary.into_iter().map(|(label, value, kind)| json!({"label": label, "value": value, "kind": kind})).collect::<Vec<_>>(),
        "tables": tables,
        "charts": charts,
    })
}

fn sales_report(sales: &[Sale], interval: &str, shows: bool, products: bool) -> Value {
    let mut series: BTreeMap<String, (usize, Money, Money)> = BTreeMap::new();
    let mut show_tally = Tally::default();
    let mut product_tally = Tally::default();
    let mut items = 0_u64;
    for s in sales {
        let e = series
            .entry(period(s.order.created_on, interval))
            .or_insert((0, Money::ZERO, Money::ZERO));
        e.0 += 1;
        e.1 += s.order.amounts.subtotal;
        e.2 += s.order.amounts.grand_total;
        for (i, line) in s.order.items.iter().enumerate() {
            let item = &line.item;
            items += u64::from(item.quantity);
            let kind = kind_of(s, i);
            if kind == "Show" {
                show_tally.add(
                    &item.sku,
                    item.quantity,
                    item.item_subtotal,
                    &item.title,
                    kind,
                );
            }
            product_tally.add(
                &item.sku,
                item.quantity,
                item.item_subtotal,
                &item.title,
                kind,
            );
        }
    }
    let orders = sales.len();
    let revenue: Money = sales.iter().map(|s| s.order.amounts.grand_total).sum();
    let subtotal: Money = sales.iter().map(|s| s.order.amounts.subtotal).sum();
    let mut tables = vec![Table {
        id: "series",
        title: "Sales over time",
        columns: vec![
            col("period", "Period", "text"),
            col("orders", "Orders", "int"),
            col("subtotal", "Subtotal", "money"),
            col("revenue", "Revenue", "money"),
            col("averageOrderValue", "Average order value", "money"),
        ],
        rows: series
            .into_iter()
            .map(|(p, (n, sub, total))| {
                vec![
                    json!(p),
                    json!(n),
                    money(sub),
                    money(total),
                    money(average(total, n)),
                ]
            })
            .collect(),
    }];
    let refunds: Money = sales.iter().map(|s| s.refunded).sum();
    if shows {
        tables.push(show_tally.table("shows", "Shows sold"));
    }
    if products {
        tables.push(product_tally.table("products", "Products sold"));
    }
    result(
        vec![
            ("Orders", json!(orders), "int"),
            ("Items sold", json!(items), "int"),
            ("Subtotal", money(subtotal), "money"),
            ("Revenue", money(revenue), "money"),
            ("Refunds", money(refunds), "money"),
            ("Net revenue", money(revenue - refunds), "money"),
            (
                "Average order value",
                money(average(revenue, orders)),
                "money",
            ),
        ],
        tables,
        json!([{"id": "revenue", "title": "Revenue over time", "kind": "line", "table": "series", "x": "period", "y": ["revenue"]}]),
    )
}

/// The figures of `report`, read through the store's ports.
///
/// # Errors
/// Store failures (also for stored parameters that no longer parse).
pub fn compute<T: Sales + ReportData + ?Sized>(
    tx: &mut T,
    report: &Report,
    now: NaiveDateTime,
) -> Result<Value, StoreError> {
    match report.report_type {
        ReportType::Sales => {
            let sales = paid(tx.sales(&range(report, now)?, None)?);
            let interval = report
                .parameters
                .get("interval")
                .and_then(Value::as_str)
                .unwrap_or("day");
            Ok(sales_report(
                &sales,
                interval,
                flag(report, "includeShowDetails"),
                flag(report, "includeProductBreakdown"),
            ))
        }
        ReportType::Inventory => inventory(tx, report),
        ReportType::UserActivity => user_activity(tx, report, now),
        ReportType::Financial => financial(tx, report, now),
        ReportType::ProductPerformance => performance(tx, report, now),
        ReportType::CaseBreak => Err(StoreError::Other(
            "case break reports have their own screen".into(),
        )),
    }
}

fn inventory<T: ReportData + ?Sized>(tx: &mut T, report: &Report) -> Result<Value, StoreError> {
    let rows = tx.stock_rows()?;
    let (zero, notes) = (
        flag(report, "includeZeroStock"),
        flag(report, "includeNotes"),
    );
    let low = rows
        .iter()
        .filter(|r| {
            r.stock > 0 && i64::from(r.stock) < i64::from(crate::inventory::LOW_STOCK_BELOW)
        })
        .count();
    let out = rows.iter().filter(|r| r.stock == 0).count();
    let mut by_category: BTreeMap<String, (u64, Money)> = BTreeMap::new();
    let mut table_rows = Vec::new();
    let (mut units, mut value) = (0_u64, Money::ZERO);
    for r in &rows {
        let worth = r.unit_price * r.stock;
        units += u64::from(r.stock);
        value += worth;
        let e = by_category
            .entry(r.category.clone())
            .or_insert((0, Money::ZERO));
        e.0 += u64::from(r.stock);
        e.1 += worth;
        if r.stock == 0 && !zero {
            continue;
        }
        let mut row = vec![
            json!(r.sku),
            json!(r.title),
            json!(r.kind),
            money(r.unit_price),
            json!(r.stock),
            money(worth),
        ];
        if notes {
            let note = match r.stock {
                0 => "Out of stock",
                n if i64::from(n) < i64::from(crate::inventory::LOW_STOCK_BELOW) => "Low stock",
                _ => "",
            };
            row.push(json!(note));
        }
        table_rows.push(row);
    }
    let mut columns = vec![
        col("sku", "SKU", "text"),
        col("title", "Product", "text"),
        col("kind", "Kind", "text"),
        col("unitPrice", "Unit price", "money"),
        col("stock", "Stock", "int"),
        col("value", "Value", "money"),
    ];
    if notes {
        columns.push(col("note", "Notes", "text"));
    }
    Ok(result(
        vec![
            ("Items", json!(rows.len()), "int"),
            ("Units in stock", json!(units), "int"),
            ("Stock value", money(value), "money"),
            ("Low stock", json!(low), "int"),
            ("Out of stock", json!(out), "int"),
        ],
        vec![
            Table {
                id: "stock",
                title: "Stock",
                columns,
                rows: table_rows,
            },
            Table {
                id: "categories",
                title: "Stock value by category",
                columns: vec![
                    col("category", "Category", "text"),
                    col("units", "Units", "int"),
                    col("value", "Value", "money"),
                ],
                rows: by_category
                    .into_iter()
                    .map(|(c, (u, v))| vec![json!(c), json!(u), money(v)])
                    .collect(),
            },
        ],
        json!([{"id": "value", "title": "Stock value by category", "kind": "bar", "table": "categories", "x": "category", "y": ["value"]}]),
    ))
}

fn day_of(at: NaiveDateTime) -> NaiveDate {
    at.date()
}

fn user_activity<T: Sales + ReportData + ?Sized>(
    tx: &mut T,
    report: &Report,
    now: NaiveDateTime,
) -> Result<Value, StoreError> {
    let range = range(report, now)?;
    let inside = |t: NaiveDateTime| range.start.is_none_or(|s| t >= s) && t <= range.end;
    let users = tx.activity_users(&range)?;
    let sales = paid(tx.sales(&range, None)?);
    let mut per_user: HashMap<String, (usize, Money)> = HashMap::new();
    for s in &sales {
        let e = per_user
            .entry(s.buyer.id.to_string())
            .or_insert((0, Money::ZERO));
        e.0 += 1;
        e.1 += s.order.amounts.grand_total;
    }
    let mut signups_by_day: BTreeMap<NaiveDate, u64> = BTreeMap::new();
    let mut rows = Vec::new();
    let (mut signups, mut signins) = (0, 0);
    for u in &users {
        let signed_up = inside(u.created_on);
        let signed_in = u.last_login.is_some_and(inside);
        if signed_up {
            signups += 1;
            *signups_by_day.entry(day_of(u.created_on)).or_default() += 1;
        }
        if signed_in {
            signins += 1;
        }
        let (orders, spent) = per_user
            .get(u.id.as_str())
            .copied()
            .unwrap_or((0, Money::ZERO));
        rows.push(vec![
            json!(u.email),
            json!(u.role),
            json!(signed_up.then(|| u.created_on.format("%Y-%m-%d").to_string())),
            json!(u.last_login.map(|t| t.format("%Y-%m-%d %H:%M").to_string())),
            json!(orders),
            money(spent),
        ]);
    }
    let mut tables = vec![
        Table {
            id: "users",
            title: "User activity",
            columns: vec![
                col("email", "Email", "text"),
                col("role", "Role", "text"),
                col("signedUp", "Signed up", "text"),
                col("lastSignIn", "Last sign-in", "text"),
                col("orders", "Orders", "int"),
                col("spent", "Spent", "money"),
            ],
            rows,
        },
        Table {
            id: "signups",
            title: "Sign-ups per day",
            columns: vec![col("day", "Day", "text"), col("signUps", "Sign-ups", "int")],
            rows: signups_by_day
                .into_iter()
                .map(|(d, n)| vec![json!(d.format("%Y-%m-%d").to_string()), json!(n)])
                .collect(),
        },
    ];
    if flag(report, "includeAdminActivity") {
        tables.push(Table {
            id: "admin",
            title: "Admin activity",
            columns: vec![
                col("admin", "Admin", "text"),
                col("action", "Action", "text"),
                col("entity", "What", "text"),
                col("count", "Count", "int"),
            ],
            rows: tx
                .audit_summary(&range)?
                .into_iter()
                .map(|(who, action, entity, n)| {
                    vec![json!(who), json!(action), json!(entity), json!(n)]
                })
                .collect(),
        });
    }
    let buyers = per_user.len();
    Ok(result(
        vec![
            ("Sign-ups", json!(signups), "int"),
            ("Signed in", json!(signins), "int"),
            ("Buyers", json!(buyers), "int"),
            ("Orders", json!(sales.len()), "int"),
        ],
        tables,
        json!([{"id": "signups", "title": "Sign-ups per day", "kind": "bar", "table": "signups", "x": "day", "y": ["signUps"]}]),
    ))
}

fn categories_of<T: ReportData + ?Sized>(
    tx: &mut T,
    sales: &[Sale],
) -> Result<HashMap<String, String>, StoreError> {
    let ids: Vec<String> = sales
        .iter()
        .flat_map(|s| s.order.items.iter().map(|i| i.item.product_id.to_string()))
        .collect();
    tx.product_categories(&ids)
}

fn financial<T: Sales + ReportData + ?Sized>(
    tx: &mut T,
    report: &Report,
    now: NaiveDateTime,
) -> Result<Value, StoreError> {
    let sales = paid(tx.sales(&range(report, now)?, None)?);
    let sum = |f: fn(&Sale) -> Money| sales.iter().map(f).sum::<Money>();
    let mut by_state: BTreeMap<String, (usize, Money, Money)> = BTreeMap::new();
    for s in &sales {
        let e =
            by_state
                .entry(s.order.address.state.clone())
                .or_insert((0, Money::ZERO, Money::ZERO));
        e.0 += 1;
        e.1 += s.order.amounts.subtotal;
        e.2 += s.order.amounts.tax;
    }
    let mut tables = vec![Table {
        id: "tax",
        title: "Tax by state",
        columns: vec![
            col("state", "State", "text"),
            col("orders", "Orders", "int"),
            col("subtotal", "Subtotal", "money"),
            col("tax", "Tax", "money"),
        ],
        rows: by_state
            .into_iter()
            .map(|(st, (n, sub, tax))| vec![json!(st), json!(n), money(sub), money(tax)])
            .collect(),
    }];
    let mut charts = vec![
        json!({"id": "tax", "title": "Tax by state", "kind": "bar", "table": "tax", "x": "state", "y": ["tax"]}),
    ];
    if flag(report, "includeBreakdownByProduct") {
        let mut t = Tally::default();
        for s in &sales {
            for (i, l) in s.order.items.iter().enumerate() {
                t.add(
                    &l.item.sku,
                    l.item.quantity,
                    l.item.item_subtotal,
                    &l.item.title,
                    kind_of(s, i),
                );
            }
        }
        tables.push(t.table("products", "Revenue by product"));
    }
    if flag(report, "includeBreakdownByCategory") {
        let categories = categories_of(tx, &sales)?;
        let mut t: BTreeMap<String, (u64, Money)> = BTreeMap::new();
        for s in &sales {
            for l in &s.order.items {
                let c = categories
                    .get(l.item.product_id.as_str())
                    .cloned()
                    .unwrap_or_else(|| "Unknown".into());
                let e = t.entry(c).or_insert((0, Money::ZERO));
                e.0 += u64::from(l.item.quantity);
                e.1 += l.item.item_subtotal;
            }
        }
        tables.push(Table {
            id: "categories",
            title: "Revenue by category",
            columns: vec![
                col("category", "Category", "text"),
                col("quantity", "Quantity", "int"),
                col("revenue", "Revenue", "money"),
            ],
            rows: t
                .into_iter()
                .map(|(c, (q, r))| vec![json!(c), json!(q), money(r)])
                .collect(),
        });
        charts.push(json!({"id": "categories", "title": "Revenue by category", "kind": "bar", "table": "categories", "x": "category", "y": ["revenue"]}));
    }
    Ok(result(
        vec![
            ("Orders", json!(sales.len()), "int"),
            (
                "Subtotal",
                money(sum(|s| s.order.amounts.subtotal)),
                "money",
            ),
            (
                "Shipping",
                money(sum(|s| s.order.amounts.shipping)),
                "money",
            ),
            ("Tax", money(sum(|s| s.order.amounts.tax)), "money"),
            (
                "Liftgate fees",
                money(sum(|s| s.order.amounts.lift_gate_fee)),
                "money",
            ),
            (
                "Grand total",
                money(sum(|s| s.order.amounts.grand_total)),
                "money",
            ),
            ("Refunds", money(sum(|s| s.refunded)), "money"),
            (
                "Net",
                money(sum(|s| s.order.amounts.grand_total - s.refunded)),
                "money",
            ),
        ],
        tables,
        Value::Array(charts),
    ))
}

/// A product's title, SKU, units and revenue.
type Performer = (String, String, u64, Money);

fn performance<T: Sales + ReportData + ?Sized>(
    tx: &mut T,
    report: &Report,
    now: NaiveDateTime,
) -> Result<Value, StoreError> {
    let sales = paid(tx.sales(&range(report, now)?, None)?);
    let top = report
        .parameters
        .get("topPerformersCount")
        .and_then(Value::as_u64)
        .and_then(|n| usize::try_from(n).ok())
        .unwrap_or(10);
    // Per product (cases, units and variants of one product together).
    let mut per: HashMap<String, Performer> = HashMap::new();
    for s in &sales {
        for (i, l) in s.order.items.iter().enumerate() {
            let product = s.lines.get(i).and_then(|x| x.0.as_ref());
            let e = per.entry(l.item.product_id.to_string()).or_insert_with(|| {
                (
                    product.map_or_else(|| l.item.title.clone(), |p| p.title.clone()),
                    product.map_or_else(|| l.item.sku.clone(), |p| p.sku.clone()),
                    0,
                    Money::ZERO,
                )
            });
            e.2 += u64::from(l.item.quantity);
            e.3 += l.item.item_subtotal;
        }
    }
    let mut ranked: Vec<(&String, &Performer)> = per.iter().collect();
    let columns = || {
        vec![
            col("rank", "Rank", "int"),
            col("sku", "SKU", "text"),
            col("title", "Product", "text"),
            col("units", "Units", "int"),
            col("revenue", "Revenue", "money"),
        ]
    };
    let rows = |list: &[(&String, &Performer)]| {
        list.iter()
            .take(top)
            .enumerate()
            .map(|(i, (_, (title, sku, units, revenue)))| {
                vec![
                    json!(i + 1),
                    json!(sku),
                    json!(title),
                    json!(units),
                    money(*revenue),
                ]
            })
            .collect::<Vec<_>>()
    };
    ranked.sort_by(|a, b| {
        b.1 .3
            .cmp(&a.1 .3)
            .then(b.1 .2.cmp(&a.1 .2))
            .then(a.1 .1.cmp(&b.1 .1))
    });
    let by_revenue = rows(&ranked);
    ranked.sort_by(|a, b| {
        b.1 .2
            .cmp(&a.1 .2)
            .then(b.1 .3.cmp(&a.1 .3))
            .then(a.1 .1.cmp(&b.1 .1))
    });
    let by_units = rows(&ranked);
    let mut tables = vec![
        Table {
            id: "byRevenue",
            title: "Top products by revenue",
            columns: columns(),
            rows: by_revenue,
        },
        Table {
            id: "byUnits",
            title: "Top products by units",
            columns: columns(),
            rows: by_units,
        },
    ];
    let mut charts = vec![
        json!({"id": "byRevenue", "title": "Top products by revenue", "kind": "bar", "table": "byRevenue", "x": "sku", "y": ["revenue"]}),
        json!({"id": "byUnits", "title": "Top products by units", "kind": "bar", "table": "byUnits", "x": "sku", "y": ["units"]}),
    ];
    if flag(report, "includeCategoryAnalysis") {
        let categories = categories_of(tx, &sales)?;
        let mut t: BTreeMap<String, (u64, u64, Money)> = BTreeMap::new();
        for (id, (_, _, units, revenue)) in &per {
            let c = categories
                .get(id)
                .cloned()
                .unwrap_or_else(|| "Unknown".into());
            let e = t.entry(c).or_insert((0, 0, Money::ZERO));
            e.0 += 1;
            e.1 += units;
            e.2 += *revenue;
        }
        tables.push(Table {
            id: "categories",
            title: "Revenue by category",
            columns: vec![
                col("category", "Category", "text"),
                col("products", "Products", "int"),
                col("units", "Units", "int"),
                col("revenue", "Revenue", "money"),
            ],
            rows: t
                .into_iter()
                .map(|(c, (p, u, r))| vec![json!(c), json!(p), json!(u), money(r)])
                .collect(),
        });
        charts.push(json!({"id": "categories", "title": "Revenue by category", "kind": "bar", "table": "categories", "x": "category", "y": ["revenue"]}));
    }
    let revenue: Money = per.values().map(|p| p.3).sum();
    Ok(result(
        vec![
            ("Products sold", json!(per.len()), "int"),
            ("Revenue", money(revenue), "money"),
        ],
        tables,
        Value::Array(charts),
    ))
}

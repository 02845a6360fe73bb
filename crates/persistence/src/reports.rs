//! Reports: stored requests, the background job's claims, results, and the rows the reports
//! compute from (stock, user activity, the audit trail, product categories).

use std::collections::HashMap;

use chrono::NaiveDateTime;
use diesel::dsl::count_star;
use diesel::prelude::*;
use domain::money::Money;
use domain::orders::DateRange;
use domain::paging::{Page, PageRequest};
use domain::reports::{ActivityUser, NewReport, Report, StockRow};
use domain::status::ReportStatus;
use serde_json::{Map, Value};
use uuid::Uuid;

use crate::models::Report as ReportRow;
use crate::schema::{
    apparel_variants, audit_log, categories, products, reports, unit_products, users,
};
use crate::{DbConnection, DbError};
type Extra = (Option<String>, i32, Option<String>);

fn report(row: ReportRow, extra: Extra, with_result: bool) -> Result<Report, DbError> {
    let (result, attempts, email) = extra;
    let parameters: Map<String, Value> = match row.parameters.as_deref() {
        Some(text) => serde_json::from_str(text).map_err(DbError::other)?,
        None => Map::new(),
    };
    Ok(Report {
        id: row.id.into(),
        report_type: row.report_type.parse().map_err(DbError::other)?,
        name: row.name,
        description: row.description,
        status: row.status.parse().map_err(DbError::other)?,
        parameters,
        created_by: row.created_by.into(),
        created_by_email: email,
        created_at: row.created_at,
        completed_at: row.completed_at,
        error_message: row.error_message,
        result: match (with_result, result) {
            (true, Some(text)) => Some(serde_json::from_str(&text).map_err(DbError::other)?),
            _ => None,
        },
        attempts,
    })
}

/// Stores a PENDING report; answers its id.
///
/// # Errors
/// Database failures.
pub fn insert(conn: &mut DbConnection, new: &NewReport) -> Result<String, DbError> {
    let id = Uuid::now_v7().to_string();
    diesel::insert_into(reports::table)
        .values(&ReportRow {
            id: id.clone(),
            report_type: new.report_type.as_str().to_owned(),
            name: new.name.clone(),
            description: new.description.clone(),
            status: ReportStatus::Pending.as_str().to_owned(),
            parameters: Some(Value::Object(new.parameters.clone()).to_string()),
            created_by: new.created_by.to_string(),
            created_at: new.created_at,
            completed_at: None,
            file_url: Some(format!("/api/reports/{id}/csv")),
            error_message: None,
        })
        .execute(conn)?;
    Ok(id)
}

/// One report (its result only when asked for).
///
/// # Errors
/// Database failures.
pub fn find(
    conn: &mut DbConnection,
    id: &str,
    with_result: bool,
) -> Result<Option<Report>, DbError> {
    reports::table
        .left_join(users::table.on(users::id.eq(reports::created_by)))
        .filter(reports::id.eq(id))
        .select((
            ReportRow::as_select(),
            (reports::result, reports::attempts, users::email.nullable()),
        ))
        .first::<(ReportRow, Extra)>(conn)
        .optional()?
        .map(|(row, extra)| report(row, extra, with_result))
        .transpose()
}

/// One page of reports, newest first, without results.
///
/// # Errors
/// Database failures.
pub fn list(conn: &mut DbConnection, page: PageRequest) -> Result<Page<Report>, DbError> {
    let total: i64 = reports::table.select(count_star()).first(conn)?;
    let rows: Vec<(ReportRow, (i32, Option<String>))> = reports::table
        .left_join(users::table.on(users::id.eq(reports::created_by)))
        .order((reports::created_at.desc(), reports::id.desc()))
        .limit(page.page_size)
        .offset(page.offset())
        .select((
            ReportRow::as_select(),
            (reports::attempts, users::email.nullable()),
        ))
        .load(conn)?;
    let items = rows
        .into_iter()
        .map(|(row, (attempts, email))| report(row, (None, attempts, email), false))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Page { items, total })
}

/// The SQL of [`waiting_filter`].
type Waiting = diesel::dsl::Or<
    diesel::dsl::Eq<reports::status, &'static str>,
    diesel::dsl::And<
        diesel::dsl::Eq<reports::status, &'static str>,
        diesel::dsl::Or<
            diesel::dsl::IsNull<reports::claimed_at>,
            diesel::dsl::Lt<reports::claimed_at, NaiveDateTime>,
        >,
    >,
>;

/// PENDING, or PROCESSING with a claim older than `stale_before` (or none).
fn waiting_filter(stale_before: NaiveDateTime) -> Waiting {
    reports::status
        .eq(ReportStatus::Pending.as_str())
        .or(reports::status.eq(ReportStatus::Processing.as_str()).and(
            reports::claimed_at
                .is_null()
                .or(reports::claimed_at.lt(stale_before)),
        ))
}

/// Whether a report waits to be claimed.
///
/// # Errors
/// Database failures.
pub fn waiting(conn: &mut DbConnection, stale_before: NaiveDateTime) -> Result<bool, DbError> {
    let n: i64 = reports::table
        .filter(waiting_filter(stale_before))
        .select(count_star())
        .first(conn)?;
    Ok(n > 0)
}

/// Claims the oldest waiting report (see the port). Each candidate is taken by a conditional
/// update that re-checks it is still waiting, so two nodes never both win one report.
///
/// # Errors
/// Database failures.
pub fn claim(
    conn: &mut DbConnection,
    now: NaiveDateTime,
    stale_before: NaiveDateTime,
) -> Result<Option<Report>, DbError> {
    let pending = ReportStatus::Pending.as_str();
    let processing = ReportStatus::Processing.as_str();
    let waiting = || {
        reports::status
            .eq(pending)
            .or(reports::status.eq(processing).and(
                reports::claimed_at
                    .is_null()
                    .or(reports::claimed_at.lt(stale_before)),
            ))
    };
    let candidates: Vec<String> = reports::table
        .filter(waiting())
        .order((reports::created_at.asc(), reports::id.asc()))
        .limit(5)
        .select(reports::id)
        .load(conn)?;
    for id in candidates {
        let won = diesel::update(reports::table.filter(reports::id.eq(&id)).filter(waiting()))
            .set((
                reports::status.eq(processing),
                reports::claimed_at.eq(Some(now)),
                reports::attempts.eq(reports::attempts + 1),
            ))
            .execute(conn)?;
        if won == 1 {
            return find(conn, &id, false);
        }
    }
    Ok(None)
}

/// Stores a result: COMPLETED.
///
/// # Errors
/// Database failures.
pub fn complete(
    conn: &mut DbConnection,
    id: &str,
    result: &Value,
    at: NaiveDateTime,
) -> Result<(), DbError> {
    diesel::update(reports::table.find(id))
        .set((
            reports::status.eq(ReportStatus::Completed.as_str()),
            reports::result.eq(Some(result.to_string())),
            reports::completed_at.eq(Some(at)),
            reports::error_message.eq(None::<String>),
        ))
        .execute(conn)?;
    Ok(())
}

/// Marks a report FAILED with the reason.
///
/// # Errors
/// Database failures.
pub fn fail(
    conn: &mut DbConnection,
    id: &str,
    reason: &str,
    at: NaiveDateTime,
) -> Result<(), DbError> {
    diesel::update(reports::table.find(id))
        .set((
            reports::status.eq(ReportStatus::Failed.as_str()),
            reports::completed_at.eq(Some(at)),
            reports::error_message.eq(Some(reason)),
        ))
        .execute(conn)?;
    Ok(())
}

/// Every available unit product and variant with price, stock and category, by SKU.
///
/// # Errors
/// Database failures.
pub fn stock_rows(conn: &mut DbConnection) -> Result<Vec<StockRow>, DbError> {
    let units: Vec<(String, String, String, i64, i32)> = unit_products::table
        .inner_join(products::table.inner_join(categories::table))
        .filter(unit_products::available.eq(true))
        .select((
            unit_products::sku,
            products::title,
            categories::name,
            unit_products::unit_price_cents,
            unit_products::available_stock,
        ))
        .load(conn)?;
    let variants: Vec<(String, String, String, i64, i32)> = apparel_variants::table
        .inner_join(products::table.inner_join(categories::table))
        .filter(apparel_variants::available.eq(true))
        .select((
            apparel_variants::sku,
            products::title,
            categories::name,
            apparel_variants::unit_price_cents,
            apparel_variants::available_stock,
        ))
        .load(conn)?;
    let row = |kind: &'static str| {
        move |(sku, title, category, cents, stock): (String, String, String, i64, i32)| StockRow {
            kind,
            sku,
            title,
            category,
            unit_price: Money::from_cents(cents),
            stock: u32::try_from(stock).unwrap_or(0),
        }
    };
    let mut rows: Vec<StockRow> = units
        .into_iter()
        .map(row("Unit"))
        .chain(variants.into_iter().map(row("Variant")))
        .collect();
    rows.sort_by(|a, b| a.sku.cmp(&b.sku));
    Ok(rows)
}

/// Users who signed up or last signed in within the range, by e-mail.
///
/// # Errors
/// Database failures.
pub fn activity_users(
    conn: &mut DbConnection,
    range: &DateRange,
) -> Result<Vec<ActivityUser>, DbError> {
    let start = range
        .start
        .unwrap_or(chrono::DateTime::UNIX_EPOCH.naive_utc());
    let rows: Vec<(String, String, String, NaiveDateTime, Option<NaiveDateTime>)> = users::table
        .filter(
            users::created_on
                .between(start, range.end)
                .or(users::last_login.between(start, range.end)),
        )
        .order(users::email)
        .select((
            users::id,
            users::email,
            users::role,
            users::created_on,
            users::last_login,
        ))
        .load(conn)?;
    Ok(rows
        .into_iter()
        .map(|(id, email, role, created_on, last_login)| ActivityUser {
            id: id.into(),
            email,
            role,
            created_on,
            last_login,
        })
        .collect())
}

/// The audit trail within the range, counted per actor e-mail, action and entity.
///
/// # Errors
/// Database failures.
pub fn audit_summary(
    conn: &mut DbConnection,
    range: &DateRange,
) -> Result<Vec<(String, String, String, i64)>, DbError> {
    let start = range
        .start
        .unwrap_or(chrono::DateTime::UNIX_EPOCH.naive_utc());
    let rows: Vec<(Option<String>, String, String, i64)> = audit_log::table
        .filter(audit_log::created_at.between(start, range.end))
        .group_by((audit_log::actor_id, audit_log::action, audit_log::entity))
        .select((
            audit_log::actor_id,
            audit_log::action,
            audit_log::entity,
            count_star(),
        ))
        .load(conn)?;
    let actors: Vec<String> = rows.iter().filter_map(|r| r.0.clone()).collect();
    let emails: HashMap<String, String> = users::table
        .filter(users::id.eq_any(&actors))
        .select((users::id, users::email))
        .load::<(String, String)>(conn)?
        .into_iter()
        .collect();
    let mut out: Vec<(String, String, String, i64)> = rows
        .into_iter()
        .map(|(who, action, entity, n)| {
            let who = who
                .and_then(|id| emails.get(&id).cloned())
                .unwrap_or_else(|| "(system)".into());
            (who, action, entity, n)
        })
        .collect();
    out.sort();
    Ok(out)
}

/// The category name of each of these products.
///
/// # Errors
/// Database failures.
pub fn product_categories(
    conn: &mut DbConnection,
    ids: &[String],
) -> Result<HashMap<String, String>, DbError> {
    if ids.is_empty() {
        return Ok(HashMap::new());
    }
    Ok(products::table
        .inner_join(categories::table)
        .filter(products::id.eq_any(ids))
        .select((products::id, categories::name))
        .load::<(String, String)>(conn)?
        .into_iter()
        .collect())
}

/// The domain's port over the queries above.
mod port {
    use crate::reports;
    use crate::store::{q, Tx};
    use chrono::NaiveDateTime;
    use domain::ids::ReportId;
    use domain::orders::DateRange;
    use domain::paging::{Page, PageRequest};
    use domain::reports::{ActivityUser, NewReport, Report, StockRow};
    use domain::reports::{ReportData, Reports};
    use domain::store::StoreError;
    use std::collections::HashMap;

    impl Reports for Tx<'_> {
        fn insert_report(&mut self, report: &NewReport) -> Result<ReportId, StoreError> {
            q(reports::insert(self.conn, report)).map(ReportId::from)
        }

        fn find_report(
            &mut self,
            id: &ReportId,
            with_result: bool,
        ) -> Result<Option<Report>, StoreError> {
            q(reports::find(self.conn, id.as_str(), with_result))
        }

        fn list_reports(&mut self, page: PageRequest) -> Result<Page<Report>, StoreError> {
            q(reports::list(self.conn, page))
        }

        fn report_waiting(&mut self, stale_before: NaiveDateTime) -> Result<bool, StoreError> {
            q(reports::waiting(self.conn, stale_before))
        }

        fn claim_report(
            &mut self,
            now: NaiveDateTime,
            stale_before: NaiveDateTime,
        ) -> Result<Option<Report>, StoreError> {
            q(reports::claim(self.conn, now, stale_before))
        }

        fn complete_report(
            &mut self,
            id: &ReportId,
            result: &serde_json::Value,
            at: NaiveDateTime,
        ) -> Result<(), StoreError> {
            q(reports::complete(self.conn, id.as_str(), result, at))
        }

        fn fail_report(
            &mut self,
            id: &ReportId,
            reason: &str,
            at: NaiveDateTime,
        ) -> Result<(), StoreError> {
            q(reports::fail(self.conn, id.as_str(), reason, at))
        }
    }

    impl ReportData for Tx<'_> {
        fn stock_rows(&mut self) -> Result<Vec<StockRow>, StoreError> {
            q(reports::stock_rows(self.conn))
        }

        fn activity_users(&mut self, range: &DateRange) -> Result<Vec<ActivityUser>, StoreError> {
            q(reports::activity_users(self.conn, range))
        }

        fn audit_summary(
            &mut self,
            range: &DateRange,
        ) -> Result<Vec<(String, String, String, i64)>, StoreError> {
            q(reports::audit_summary(self.conn, range))
        }

        fn product_categories(
            &mut self,
            ids: &[String],
        ) -> Result<HashMap<String, String>, StoreError> {
            q(reports::product_categories(self.conn, ids))
        }
    }
}

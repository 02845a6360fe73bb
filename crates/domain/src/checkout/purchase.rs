//! The purchase: a paid payment session becomes an order, once.

use super::mails::{write_order_mails, Owed, Placed};
use super::{CheckoutToken, Refusal};
use crate::notifications::{Mailing, Outbox};
use chrono::NaiveDateTime;

use super::plan::{owned, plan, Plan, PlannedLine};
use super::session::abort;
use super::{
    NewOrder, NewOrderItem, Order, PaymentSession, PurchaseError, SessionStatus, ShipAddress,
};
use crate::catalogue::{unit_for_sale, Packing};
use crate::checkout::PaymentSessions;
use crate::ids::{AddressId, OrderId, UserId};
use crate::inventory::Stock;
use crate::money::Money;
use crate::orders::Orders;
use crate::payments::{PaymentProvider, PaymentStatus};
use crate::quote::Amounts;
use crate::store::Store;

/// `POST /api/purchase`: which session to complete, and what the buyer saw.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PurchaseRequest {
    /// The user the client says it buys for (must be the caller).
    pub user_id: UserId,
    /// The address the client says the order ships to (the quote's address).
    pub shipping_address_id: Option<AddressId>,
    /// The five figures the buyer saw, each rounded to cents.
    pub amounts: Amounts,
    /// The checkout token of the session.
    pub token: CheckoutToken,
}

/// What the write transaction decided.
enum Outcome {
    /// A new order, as stored; capture its payment.
    Created(Box<Order>),
    /// The session made an order before (the same token again).
    Replayed,
}

/// Completes the caller's payment session (decisions.md "Checkout and payment"): only when
/// the provider says the session's amount is authorized, the session is the caller's, open
/// and unexpired, and the cart, destination and amounts are still the ones it was opened
/// for. In one write transaction: the order and its items (every price from the server), the
/// stock taken (variant items from the session's hold; units up to the unit stock, the rest
/// as one PENDING case break request per product), the cart emptied, the session used, the
/// PENDING status history row. Then the payment is captured.
///
/// The same token again (also in parallel) answers the same order. A purchase refused for
/// good voids the payment and releases the hold: nobody pays for what they do not get.
///
/// # Errors
/// [`PurchaseError::SessionNotFound`] for an unknown token or another user's;
/// [`PurchaseError::NotPaid`], [`PurchaseError::Expired`], [`PurchaseError::Cancelled`],
/// [`PurchaseError::WrongAddress`], [`PurchaseError::Refused`] (the cart changed, too few
/// left, out of stock, blocked), [`PurchaseError::Quote`];
/// provider and store failures.
pub fn purchase(
    store: &impl Store,
    payments: &dyn PaymentProvider,
    mailing: &Mailing,
    user: &UserId,
    request: &PurchaseRequest,
    now: NaiveDateTime,
) -> Result<Order, PurchaseError> {
    if request.user_id != *user {
        return Err(PurchaseError::SessionNotFound);
    }
    let session = store
        .read(|tx| tx.session_by_token(&request.token, false))?
        .filter(|s| s.user_id == *user)
        .ok_or(PurchaseError::SessionNotFound)?;
    match session.status {
        SessionStatus::Used => return replay(store, payments, &session),
        SessionStatus::Aborted => return Err(PurchaseError::Cancelled),
        SessionStatus::Open => {}
    }
    let seen = Seen {
        amounts: &request.amounts,
        shipping_address_id: request.shipping_address_id.as_ref(),
    };
    let outcome = match authorized(payments, &session) {
        Ok(()) => store.write(|tx| complete(tx, mailing, user, &request.token, Some(&seen), now)),
        Err(e) => Err(e),
    };
    finish(store, payments, &session, outcome, now)
}

/// Completes a session its provider says is paid for a buyer who did not come back (the
/// provider's webhook): the checks and the one write transaction of [`purchase`], with the
/// session's own amount and destination standing for the figures the buyer saw. A used
/// session answers its order (retrying a capture that did not happen); a purchase refused for
/// good voids the payment and releases the hold.
///
/// # Errors
/// As [`purchase`].
pub fn complete_paid_session(
    store: &impl Store,
    payments: &dyn PaymentProvider,
    mailing: &Mailing,
    session: &PaymentSession,
    now: NaiveDateTime,
) -> Result<Order, PurchaseError> {
    match session.status {
        SessionStatus::Used => return replay(store, payments, session),
        SessionStatus::Aborted => return Err(PurchaseError::Cancelled),
        SessionStatus::Open => {}
    }
    let outcome = match authorized(payments, session) {
        Ok(()) => {
            store.write(|tx| complete(tx, mailing, &session.user_id, &session.token, None, now))
        }
        Err(e) => Err(e),
    };
    finish(store, payments, session, outcome, now)
}

/// What the buyer says it saw, checked against the plan.
struct Seen<'a> {
    amounts: &'a Amounts,
    shipping_address_id: Option<&'a AddressId>,
}

/// After the write transaction: captures for a new order, answers the order a replay made, or
/// closes a refused session and voids its payment.
fn finish(
    store: &impl Store,
    payments: &dyn PaymentProvider,
    session: &PaymentSession,
    outcome: Result<Outcome, PurchaseError>,
    now: NaiveDateTime,
) -> Result<Order, PurchaseError> {
    match outcome {
        Ok(Outcome::Created(order)) => {
            // The order is committed: take the money. Should the provider fail now, the
            // authorization stays and the same token again retries the capture.
            let _ = payments.capture(&session.provider_ref);
            Ok(*order)
        }
        Ok(Outcome::Replayed) => {
            let session = store
                .read(|tx| tx.session_by_token(&session.token, false))?
                .ok_or(PurchaseError::SessionNotFound)?;
            replay(store, payments, &session)
        }
        Err(e) if e.refuses_purchase() => {
            refuse(store, payments, session, now);
            Err(e)
        }
        Err(e) => Err(e),
    }
}

/// Fails unless the provider holds an authorization of exactly the session's amount.
fn authorized(
    payments: &dyn PaymentProvider,
    session: &PaymentSession,
) -> Result<(), PurchaseError> {
    match payments.status(&session.provider_ref)? {
        PaymentStatus::Authorized { amount } | PaymentStatus::Captured { amount }
            if amount == session.amount =>
        {
            Ok(())
        }
        PaymentStatus::Authorized { .. } | PaymentStatus::Captured { .. } => {
            Err(PurchaseError::Refused(Refusal::CartChanged))
        }
        PaymentStatus::Pending => Err(PurchaseError::NotPaid),
        PaymentStatus::Voided => Err(PurchaseError::Cancelled),
    }
}

/// The order a used session made; retries a capture that did not happen.
fn replay(
    store: &impl Store,
    payments: &dyn PaymentProvider,
    session: &PaymentSession,
) -> Result<Order, PurchaseError> {
    let order = session
        .order_id
        .clone()
        .ok_or(PurchaseError::SessionNotFound)?;
    if matches!(
        payments.status(&session.provider_ref),
        Ok(PaymentStatus::Authorized { .. })
    ) {
        let _ = payments.capture(&session.provider_ref);
    }
    find(store, &session.user_id, &order)
}

fn find(store: &impl Store, user: &UserId, id: &OrderId) -> Result<Order, PurchaseError> {
    store
        .read(|tx| tx.find_order(id))?
        .filter(|o| o.user_id == *user)
        .ok_or(PurchaseError::OrderNotFound)
}

/// Closes a refused session and voids its payment (outside the transaction that refused).
fn refuse(
    store: &impl Store,
    payments: &dyn PaymentProvider,
    session: &PaymentSession,
    now: NaiveDateTime,
) {
    // Each step is best effort: the session also ends by time, and an authorization left
    // behind lapses at the provider. Neither can lead to an order.
    let _ = store.write(|tx| abort(tx, &session.id, now));
    let _ = payments.void(&session.provider_ref);
}

/// The write transaction of a purchase.
fn complete<T>(
    tx: &mut T,
    mailing: &Mailing,
    user: &UserId,
    token: &CheckoutToken,
    seen: Option<&Seen<'_>>,
    now: NaiveDateTime,
) -> Result<Outcome, PurchaseError>
where
    T: crate::cart::Carts
        + crate::catalogue::CatalogueReads
        + crate::pricing::PriceLookups
        + crate::profile::Profiles
        + crate::checkout::Terminals
        + Stock
        + Orders
        + PaymentSessions
        + Outbox
        + ?Sized,
{
    // Locked: a second purchase with this token waits here, then sees it used.
    let session = tx
        .session_by_token(token, true)?
        .filter(|s| s.user_id == *user)
        .ok_or(PurchaseError::SessionNotFound)?;
    match session.status {
        SessionStatus::Used => return Ok(Outcome::Replayed),
        SessionStatus::Aborted => return Err(PurchaseError::Cancelled),
        SessionStatus::Open => {}
    }
    if session.expired(now) {
        return Err(PurchaseError::Expired);
    }
    owned(tx, user, &session.cart_id)?;
    let plan = plan(
        tx,
        user,
        &session.cart_id,
        session.ship_to_terminal_id.as_ref(),
        session.lift_gate,
    )?;
    plan.ensure_buyable()?;
    if plan.fingerprint != session.fingerprint
        || plan.quote.grand_total != session.amount
        || seen.is_some_and(|seen| !plan.quote.matches(seen.amounts))
    {
        return Err(PurchaseError::Refused(Refusal::CartChanged));
    }
    let address = plan
        .address
        .as_ref()
        .ok_or(PurchaseError::Refused(Refusal::Blocked(
            super::Blocked::MissingAddress,
        )))?;
    if seen.is_some_and(|seen| seen.shipping_address_id != Some(&address.id)) {
        return Err(PurchaseError::WrongAddress);
    }
    let took_variants = take_variants(tx, &plan)?;
    if took_variants {
        // A session holds what its plan's variants need, and this plan is the session's (same
        // fingerprint): without variants there is no hold to release.
        tx.release_holds(&session.id)?;
    }
    let items = items(&plan);
    let mut order = tx.insert_order(&NewOrder {
        user_id: user.clone(),
        order_type: plan.quote.order_type,
        address: ShipAddress::from(address),
        ship_to_terminal_id: session.ship_to_terminal_id.clone(),
        lift_gate: plan.lift_gate,
        amounts: plan.quote.amounts(),
        checkout_token: session.token.clone(),
        items: items.clone(),
        created_on: now,
    })?;
    let (took_units, owed) = take_units(tx, &plan, &order.id, now)?;
    // What a read of the order shows: its unit items' open case break requests.
    for item in &mut order.items {
        if item.item.packing == Packing::Unit {
            item.owed_units = owed
                .iter()
                .filter(|o| o.product_id == item.item.product_id)
                .map(|o| o.units)
                .sum();
        }
    }
    if took_variants || took_units {
        // The storefront shows counted stock: every node's read cache must drop the old figure.
        tx.bump_catalogue_version()?;
    }
    tx.clear_cart(&session.cart_id)?;
    if !tx.close_session(&session.id, SessionStatus::Used, Some(&order.id), now)? {
        // Only possible without the row lock; roll back rather than make a second order.
        return Err(PurchaseError::Cancelled);
    }
    // In the order's transaction: a committed order has its mails, a rolled-back one none.
    let placed = Placed {
        id: &order.id,
        items: &items,
        owed: &owed,
    };
    write_order_mails(tx, mailing, &placed, &plan, now)?;
    Ok(Outcome::Created(Box::new(order)))
}

/// Takes the variant items the session held (in id order, so purchases lock rows alike);
/// answers whether it took any.
fn take_variants<T: Stock + ?Sized>(tx: &mut T, plan: &Plan) -> Result<bool, PurchaseError> {
    let mut took = false;
    for (id, (wanted, line)) in plan.variant_needs() {
        took = true;
        if !tx.take_variant_stock(&id, wanted)? {
            let stock = tx.lock_variant_stock(std::slice::from_ref(&id))?;
            return Err(PurchaseError::Refused(Refusal::OnlyLeft {
                available: stock.get(&id).copied().unwrap_or(0),
                title: line.product.title.clone(),
                sku: line
                    .variant
                    .as_ref()
                    .map(|v| v.sku.clone())
                    .unwrap_or_default(),
            }));
        }
    }
    Ok(took)
}

/// Takes units of case-breakable products from the unit stock; any shortfall becomes one
/// PENDING case break request for the product (decisions.md "Stock"). Answers whether any
/// unit stock was taken, and the shortfalls.
fn take_units<T: Stock + ?Sized>(
    tx: &mut T,
    plan: &Plan,
    order: &OrderId,
    now: NaiveDateTime,
) -> Result<(bool, Vec<Owed>), PurchaseError> {
    let mut took = false;
    let mut owed = Vec::new();
    for line in plan
        .lines
        .iter()
        .filter(|l| l.units > 0 && l.variant.is_none())
    {
        let Some(unit) = unit_for_sale(line.product.unit.clone()) else {
            continue;
        };
        let taken = tx.take_unit_stock(&unit.id, line.units)?;
        took |= taken > 0;
        if taken < line.units {
            tx.insert_case_break_request(&line.product.id, order, line.units - taken, now)?;
            owed.push(Owed {
                product_id: line.product.id.clone(),
                title: line.product.title.clone(),
                sku: line.product.sku.clone(),
                units: line.units - taken,
            });
        }
    }
    Ok((took, owed))
}

/// The order's items: a line's cases and its units are separate items.
fn items(plan: &Plan) -> Vec<NewOrderItem> {
    let mut items = Vec::with_capacity(plan.lines.len());
    for line in &plan.lines {
        items.extend(line_items(line));
    }
    items
}

fn line_items(line: &PlannedLine) -> Vec<NewOrderItem> {
    let item = |packing: Packing, quantity: u32, unit_price: Money, sku: String| NewOrderItem {
        product_id: line.product.id.clone(),
        variant_id: line.variant.as_ref().map(|v| v.id.clone()),
        packing,
        quantity,
        unit_price,
        item_subtotal: unit_price * quantity,
        title: line.product.title.clone(),
        sku,
    };
    if let Some(variant) = &line.variant {
        return vec![item(
            Packing::Case,
            line.cases + line.units,
            variant.unit_price,
            variant.sku.clone(),
        )];
    }
    let mut out = Vec::with_capacity(2);
    if line.cases > 0 {
        out.push(item(
            Packing::Case,
            line.cases,
            line.product.case_price,
            line.product.sku.clone(),
        ));
    }
    if line.units > 0 {
        if let Some(unit) = unit_for_sale(line.product.unit.clone()) {
            out.push(item(Packing::Unit, line.units, unit.unit_price, unit.sku));
        }
    }
    out
}

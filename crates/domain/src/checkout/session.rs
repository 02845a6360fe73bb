//! Opening a payment session (the checkout token request) and cancelling one.

use super::{CancelSessionError, QuoteCartError, Refusal};
use chrono::{Duration, NaiveDateTime};

use super::plan::{owned, plan, Plan};
use super::{
    CheckoutToken, NewSession, OpenSessionError, OpenedSession, SessionStatus, SESSION_MINUTES,
};
use crate::checkout::PaymentSessions;
use crate::ids::{CartId, SessionId, TerminalId, UserId, VariantId};
use crate::inventory::Stock;
use crate::money::Money;
use crate::payments::{PaymentProvider, PaymentRequest};
use crate::store::Store;

/// The checkout token request: the amount the buyer saw and the destination they chose.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OpenRequest {
    /// The grand total the buyer saw, rounded to cents.
    pub amount: Money,
    /// Ship to this terminal instead of the profile's address.
    pub terminal: Option<TerminalId>,
    /// Liftgate asked for (ignored for a terminal).
    pub lift_gate: bool,
    /// A fresh token ([`CheckoutToken::from_random`]).
    pub token: CheckoutToken,
}

/// Limits against hoarding counted stock (decisions.md "Stock"): an unpaid buyer cannot keep
/// a variant's items from others by opening session after session.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CheckoutLimits {
    /// Most payment sessions one account opens in an hour (`SHOP_CHECKOUT_SESSIONS_PER_HOUR`).
    pub sessions_per_hour: u32,
    /// Most items of one variant one account's open sessions hold together
    /// (`SHOP_MAX_HELD_PER_VARIANT`).
    pub max_held_per_variant: u32,
}

impl Default for CheckoutLimits {
    /// decisions.md "Stock": 5 sessions an hour, 50 items of one variant.
    fn default() -> Self {
        CheckoutLimits {
            sessions_per_hour: 5,
            max_held_per_variant: 50,
        }
    }
}

/// Refuses a session beyond the account's sessions of the last hour.
fn check_attempts<T: PaymentSessions + ?Sized>(
    tx: &mut T,
    user: &UserId,
    limits: &CheckoutLimits,
    now: NaiveDateTime,
) -> Result<(), OpenSessionError> {
    let opened = tx.sessions_opened_since(user, now - Duration::hours(1))?;
    if opened >= limits.sessions_per_hour {
        Err(OpenSessionError::TooManyAttempts)
    } else {
        Ok(())
    }
}

/// Refuses a plan whose variant items, with those the account's open sessions hold already,
/// exceed the limit of one variant.
fn check_held_by_user<T: Stock + ?Sized>(
    tx: &mut T,
    user: &UserId,
    plan: &Plan,
    limits: &CheckoutLimits,
    now: NaiveDateTime,
) -> Result<(), OpenSessionError> {
    let needs = plan.variant_needs();
    if needs.is_empty() {
        return Ok(());
    }
    let ids: Vec<VariantId> = needs.keys().cloned().collect();
    let held = tx.held_by_user(user, &ids, now)?;
    for (id, (wanted, line)) in needs {
        let already = held.get(&id).copied().unwrap_or(0);
        if already.saturating_add(wanted) > limits.max_held_per_variant {
            return Err(OpenSessionError::HoldLimit {
                limit: limits.max_held_per_variant,
                title: line.product.title.clone(),
                sku: line
                    .variant
                    .as_ref()
                    .map(|v| v.sku.clone())
                    .unwrap_or_default(),
            });
        }
    }
    Ok(())
}

/// Checks that a plan can be bought for `amount`.
fn ensure_payable(plan: &Plan, amount: Money) -> Result<(), Refusal> {
    plan.ensure_buyable()?;
    if plan.quote.grand_total == amount {
        Ok(())
    } else {
        Err(Refusal::CartChanged)
    }
}

/// Opens a payment session for the caller's cart: re-quotes it, refuses an amount that is not
/// the server's grand total (409, nothing recorded), holds its variant items for
/// [`SESSION_MINUTES`] ("Only N left of ..." when others hold or bought them), and opens the
/// provider's payment window. `limits` bounds the sessions the account opens in an hour and
/// the items of one variant its open sessions hold (decisions.md "Stock").
///
/// The provider is called outside any transaction: first a read checks everything (so a
/// refused request costs the provider nothing), then the provider opens the payment, then one
/// write checks again under lock and stores the session and its holds. If that write refuses,
/// the payment just opened is voided.
///
/// # Errors
/// [`OpenSessionError::Quote`] (no such cart or terminal, a line that cannot be priced),
/// [`OpenSessionError::Refused`] (blocked, out of stock, the cart changed, too few left),
/// [`OpenSessionError::TooManyAttempts`], [`OpenSessionError::HoldLimit`], provider and store
/// failures.
pub fn open_session(
    store: &impl Store,
    payments: &dyn PaymentProvider,
    user: &UserId,
    cart: &CartId,
    request: &OpenRequest,
    limits: &CheckoutLimits,
    now: NaiveDateTime,
) -> Result<OpenedSession, OpenSessionError> {
    let terminal = request.terminal.as_ref();
    let order_type = store.read(|tx| {
        owned(tx, user, cart)?;
        check_attempts(tx, user, limits, now)?;
        let plan = plan(tx, user, cart, terminal, request.lift_gate)?;
        ensure_payable(&plan, request.amount)?;
        check_available(tx, &plan, now)?;
        check_held_by_user(tx, user, &plan, limits, now)?;
        Ok::<_, OpenSessionError>(plan.quote.order_type)
    })?;

    let expires_at = now + Duration::minutes(SESSION_MINUTES);
    let opened = payments.open(&PaymentRequest {
        reference: request.token.as_str(),
        user,
        order_type,
        amount: request.amount,
        expires_at,
    })?;
    let stored = store.write(|tx| {
        // The cart's lock (taken by `owned`) makes one account's openings of its cart take
        // turns, so two of them never both pass the counts below.
        owned(tx, user, cart)?;
        check_attempts(tx, user, limits, now)?;
        let plan = plan(tx, user, cart, terminal, request.lift_gate)?;
        ensure_payable(&plan, request.amount)?;
        if !plan.variant_needs().is_empty() {
            // Only holds of counted stock are ever stored, and only their counts read them
            // (which skip expired ones anyway): a plan without variants needs no sweep.
            tx.purge_expired_holds(now)?;
        }
        let holds = check_available(tx, &plan, now)?;
        check_held_by_user(tx, user, &plan, limits, now)?;
        let session = tx.insert_session(&NewSession {
            token: request.token.clone(),
            provider_ref: opened.provider_ref.clone(),
            user_id: user.clone(),
            cart_id: cart.clone(),
            amount: request.amount,
            fingerprint: plan.fingerprint.clone(),
            ship_to_terminal_id: plan.terminal.as_ref().map(|t| t.id.clone()),
            lift_gate: plan.lift_gate,
            expires_at,
            created_on: now,
        })?;
        tx.insert_holds(&session, &holds, expires_at)?;
        Ok::<_, OpenSessionError>(())
    });
    if let Err(e) = stored {
        // Nothing was authorized yet; closing the payment keeps its window from taking a card.
        // Should the provider be unreachable, its own expiry closes it.
        let _ = payments.void(&opened.provider_ref);
        return Err(e);
    }
    Ok(OpenedSession {
        token: request.token.clone(),
        payment_url: opened.url,
        client: opened.client,
        amount: request.amount,
        expires_at,
    })
}

/// The holds a plan needs, after checking each variant has that many items available (stock
/// minus unexpired holds of other sessions). Locks the variants' rows in a write.
fn check_available<T: Stock + ?Sized>(
    tx: &mut T,
    plan: &Plan,
    now: NaiveDateTime,
) -> Result<Vec<(VariantId, u32)>, OpenSessionError> {
    let needs = plan.variant_needs();
    if needs.is_empty() {
        return Ok(Vec::new());
    }
    let ids: Vec<VariantId> = needs.keys().cloned().collect();
    let stock = tx.lock_variant_stock(&ids)?;
    let held = tx.held_quantities(&ids, now)?;
    let mut holds = Vec::with_capacity(needs.len());
    for (id, (wanted, line)) in needs {
        let in_stock = stock.get(&id).copied().unwrap_or(0);
        let available = in_stock.saturating_sub(held.get(&id).copied().unwrap_or(0));
        if wanted > available {
            return Err(OpenSessionError::Refused(Refusal::OnlyLeft {
                available,
                title: line.product.title.clone(),
                sku: line
                    .variant
                    .as_ref()
                    .map(|v| v.sku.clone())
                    .unwrap_or_default(),
            }));
        }
        holds.push((id, wanted));
    }
    Ok(holds)
}

/// Cancels the caller's open payment session: releases its hold and voids its payment.
/// Cancelling a session that is no longer open changes nothing (a used one keeps its order).
///
/// # Errors
/// [`CancelSessionError::CartNotFound`], [`CancelSessionError::SessionNotFound`] for another user's or
/// an unknown session; store failures.
pub fn cancel_session(
    store: &impl Store,
    payments: &dyn PaymentProvider,
    user: &UserId,
    cart: &CartId,
    token: &str,
    now: NaiveDateTime,
) -> Result<(), CancelSessionError> {
    let cancelled = store.write(|tx| {
        // The session's lock before the cart's, in the purchase's order (a cancel racing the
        // purchase of the same session waits for it instead of deadlocking with it).
        let session = match CheckoutToken::parse(token) {
            Some(token) => tx.session_by_token(&token, true)?,
            None => None,
        };
        owned(tx, user, cart).map_err(|e| match e {
            QuoteCartError::Store(e) => CancelSessionError::Store(e),
            _ => CancelSessionError::CartNotFound,
        })?;
        let session = session
            .filter(|s| s.user_id == *user && s.cart_id == *cart)
            .ok_or(CancelSessionError::SessionNotFound)?;
        if session.status != SessionStatus::Open {
            return Ok(None);
        }
        abort(tx, &session.id, now)?;
        Ok::<_, CancelSessionError>(Some(session.provider_ref))
    })?;
    if let Some(provider_ref) = cancelled {
        // The session is closed on the shop's side whatever the provider answers: no purchase
        // can complete it, and an authorization left behind lapses at the provider.
        let _ = payments.void(&provider_ref);
    }
    Ok(())
}

/// Closes an open session as aborted and releases its hold.
pub(super) fn abort<T: PaymentSessions + Stock + ?Sized>(
    tx: &mut T,
    session: &SessionId,
    now: NaiveDateTime,
) -> Result<(), CancelSessionError> {
    tx.close_session(session, SessionStatus::Aborted, None, now)?;
    tx.release_holds(session)?;
    Ok(())
}

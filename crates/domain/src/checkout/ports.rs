//! The checkout's store ports: payment sessions, and the terminals an order may be picked up at.

use chrono::NaiveDateTime;

use crate::catalogue::Terminal;
use crate::checkout::{CheckoutToken, NewSession, PaymentSession, SessionStatus};
use crate::ids::{CartId, OrderId, SessionId, TerminalId, UserId};
use crate::store::StoreError;

/// Payment sessions: one per checkout token.
pub trait PaymentSessions {
    /// Stores a new OPEN session and answers its id.
    ///
    /// # Errors
    /// [`StoreError::Duplicate`] when the token is taken.
    fn insert_session(&mut self, session: &NewSession) -> Result<SessionId, StoreError>;

    /// How many sessions `user` opened after `since` (whatever became of them): the count
    /// is kept in the store, so it holds across every server of the shop.
    fn sessions_opened_since(
        &mut self,
        user: &UserId,
        since: NaiveDateTime,
    ) -> Result<u32, StoreError>;

    /// The session of a checkout token. With `lock`, its row stays locked until the
    /// transaction ends (PostgreSQL `FOR UPDATE`), so two purchases with one token run one
    /// after the other.
    fn session_by_token(
        &mut self,
        token: &CheckoutToken,
        lock: bool,
    ) -> Result<Option<PaymentSession>, StoreError>;

    /// The session whose payment the provider knows by `provider_ref`.
    fn session_by_provider_ref(
        &mut self,
        provider_ref: &str,
    ) -> Result<Option<PaymentSession>, StoreError>;

    /// Moves an OPEN session to `status` (with the order it made); answers false when the
    /// session was no longer OPEN.
    fn close_session(
        &mut self,
        id: &SessionId,
        status: SessionStatus,
        order: Option<&OrderId>,
        at: NaiveDateTime,
    ) -> Result<bool, StoreError>;

    /// Whether `cart` has an OPEN session that expires after `now`: while it has, the cart's
    /// lines cannot change (decisions.md "Stock").
    fn cart_being_paid(&mut self, cart: &CartId, now: NaiveDateTime) -> Result<bool, StoreError>;
}

/// The events payment providers sent to the shop's webhook: each is acted on once.
pub trait PaymentEvents {
    /// Whether the provider's event `id` was acted on.
    fn event_seen(&mut self, id: &str) -> Result<bool, StoreError>;

    /// Records the provider's event `id` (of `kind`) as acted on; answers false when it was
    /// recorded before.
    fn record_event(&mut self, id: &str, kind: &str, at: NaiveDateTime)
        -> Result<bool, StoreError>;
}

/// Freight terminals.
pub trait Terminals {
    /// Terminals in `state` (exact code) whose ZIP code starts with `zip_prefix`, by state,
    /// ZIP code, name and id. `None` does not filter.
    fn list_terminals(
        &mut self,
        state: Option<&str>,
        zip_prefix: Option<&str>,
    ) -> Result<Vec<Terminal>, StoreError>;

    /// The terminal with this id.
    fn find_terminal(&mut self, id: &TerminalId) -> Result<Option<Terminal>, StoreError>;
}

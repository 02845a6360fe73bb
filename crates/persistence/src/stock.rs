//! The adapter of the stock port: holds of open payment sessions, stock taken by a purchase,
//! and case break requests for units owed.

use crate::checkout;
use crate::store::{q, Tx};
use chrono::NaiveDateTime;
use domain::ids::{OrderId, ProductId, SessionId, UserId, VariantId};
use domain::inventory::Stock;
use domain::store::StoreError;
use std::collections::HashMap;

impl Stock for Tx<'_> {
    fn lock_variant_stock(
        &mut self,
        ids: &[VariantId],
    ) -> Result<HashMap<VariantId, u32>, StoreError> {
        q(checkout::lock_variant_stock(self.conn, ids))
    }

    fn held_quantities(
        &mut self,
        ids: &[VariantId],
        now: NaiveDateTime,
    ) -> Result<HashMap<VariantId, u32>, StoreError> {
        q(checkout::held_quantities(self.conn, ids, now))
    }

    fn held_by_user(
        &mut self,
        user: &UserId,
        ids: &[VariantId],
        now: NaiveDateTime,
    ) -> Result<HashMap<VariantId, u32>, StoreError> {
        q(checkout::held_by_user(self.conn, user, ids, now))
    }

    fn insert_holds(
        &mut self,
        session: &SessionId,
        holds: &[(VariantId, u32)],
        expires_at: NaiveDateTime,
    ) -> Result<(), StoreError> {
        q(checkout::insert_holds(
            self.conn, session, holds, expires_at,
        ))
    }

    fn release_holds(&mut self, session: &SessionId) -> Result<(), StoreError> {
        q(checkout::release_holds(self.conn, session))
    }

    fn purge_expired_holds(&mut self, now: NaiveDateTime) -> Result<(), StoreError> {
        q(checkout::purge_expired_holds(self.conn, now))
    }

    fn take_variant_stock(&mut self, id: &VariantId, quantity: u32) -> Result<bool, StoreError> {
        self.variant_changed(id)?;
        q(checkout::take_variant_stock(self.conn, id, quantity))
    }

    fn take_unit_stock(&mut self, unit_product: &str, wanted: u32) -> Result<u32, StoreError> {
        match q(checkout::take_unit_stock(self.conn, unit_product, wanted))? {
            Some((product, taken)) => {
                self.changes.product(&product);
                Ok(taken)
            }
            None => {
                self.changes.nothing();
                Ok(0)
            }
        }
    }

    fn insert_case_break_request(
        &mut self,
        product: &ProductId,
        order: &OrderId,
        quantity: u32,
        at: NaiveDateTime,
    ) -> Result<(), StoreError> {
        q(checkout::insert_case_break_request(
            self.conn, product, order, quantity, at,
        ))
    }
}

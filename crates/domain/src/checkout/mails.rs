//! The mails an order writes to the outbox in its own transaction (issue 35): the buyer's
//! confirmation, the shop's copy, and the shop's notice of each case to open.

use chrono::NaiveDateTime;

use super::plan::Plan;
use super::NewOrderItem;
use crate::catalogue::Packing;
use crate::ids::{OrderId, ProductId};
use crate::money::Money;
use crate::notifications::{
    greeting, CaseBreakMail, MailLine, Mailing, Notification, OrderMail, Outbox, OwedLine,
};
use crate::store::StoreError;

/// The order's number as the storefront shows it: the last 8 hex digits of its id, upper case.
#[must_use]
pub fn order_number(id: &OrderId) -> String {
    let digits: String = id.as_str().chars().filter(|c| *c != '-').collect();
    let start = digits.len().saturating_sub(8);
    digits[start..].to_uppercase()
}

/// A date as mails write it: `November 27, 2026`.
#[must_use]
pub fn mail_date(at: NaiveDateTime) -> String {
    at.format("%B %-d, %Y").to_string()
}

/// Units of a product that wait for a case to be opened.
pub(super) struct Owed {
    pub product_id: ProductId,
    pub title: String,
    pub sku: String,
    pub units: u32,
}

fn line(item: &NewOrderItem) -> MailLine {
    let packing = match (item.variant_id.is_some(), item.packing) {
        (true, _) => "item",
        (false, Packing::Case) => "case",
        (false, Packing::Unit) => "unit",
    };
    MailLine {
        title: item.title.clone(),
        packing: packing.to_owned(),
        variant: item.variant_id.as_ref().map(|_| item.sku.clone()),
        quantity: item.quantity,
        unit_price: item.unit_price.dollars(),
        total: item.item_subtotal.dollars(),
    }
}

/// An order just written: its id, its lines and the units it waits for.
pub(super) struct Placed<'a> {
    pub id: &'a OrderId,
    pub items: &'a [NewOrderItem],
    pub owed: &'a [Owed],
}

/// Writes the order's mails: the buyer's confirmation, and with a shop address its copy and
/// a notice per case to open.
pub(super) fn write_order_mails<T: Outbox + ?Sized>(
    tx: &mut T,
    mailing: &Mailing,
    placed: &Placed<'_>,
    plan: &Plan,
    now: NaiveDateTime,
) -> Result<(), StoreError> {
    let Placed {
        id: order,
        items,
        owed,
    } = *placed;
    // The plan read the buyer's profile; a buyer without one has no address to order to.
    let Some((email, first_name)) = plan.buyer.clone() else {
        return Ok(());
    };
    let number = order_number(order);
    let ship_to = match (&plan.terminal, &plan.address) {
        (Some(t), _) => vec![
            format!("{} ({})", t.terminal_name, t.company),
            t.address.street1.clone(),
            format!(
                "{}, {} {}",
                t.address.city, t.address.state, t.address.postal_code
            ),
        ],
        (None, Some(a)) => [Some(a.street1.clone()), a.street2.clone()]
            .into_iter()
            .flatten()
            .chain([format!("{}, {} {}", a.city, a.state, a.postal_code)])
            .collect(),
        (None, None) => Vec::new(),
    };
    let quote = &plan.quote;
    let name = greeting(first_name.as_deref(), &email);
    let mail = OrderMail {
        name,
        number: number.clone(),
        placed_on: mail_date(now),
        lines: items.iter().map(line).collect(),
        subtotal: quote.subtotal.dollars(),
        shipping: quote.shipping.dollars(),
        lift_gate: (quote.lift_gate_fee > Money::ZERO).then(|| quote.lift_gate_fee.dollars()),
        tax: quote.tax.dollars(),
        grand_total: quote.grand_total.dollars(),
        ship_to,
        to_terminal: plan.terminal.is_some(),
        owed: owed
            .iter()
            .map(|o| OwedLine {
                title: o.title.clone(),
                units: o.units,
            })
            .collect(),
        link: mailing.link("/profile"),
    };
    if let Some(shop) = &mailing.shop_email {
        tx.enqueue_mail(&mailing.mail(shop, Notification::ShopNewOrder(mail.clone()), now))?;
        for o in owed {
            let notice = Notification::ShopCaseBreak(CaseBreakMail {
                title: o.title.clone(),
                sku: o.sku.clone(),
                units: o.units,
                number: number.clone(),
                link: mailing.link("/admin/reports?type=case-breaks"),
            });
            tx.enqueue_mail(&mailing.mail(shop, notice, now))?;
        }
    }
    tx.enqueue_mail(&mailing.mail(&email, Notification::OrderPlaced(mail), now))
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::NaiveDate;

    #[test]
    fn an_order_number_is_the_last_eight_hex_digits_and_a_date_is_spelled_out() {
        let id = OrderId::from("0190f1c2-0000-7000-8000-00000000abcd".to_owned());
        assert_eq!(order_number(&id), "0000ABCD");
        let at = NaiveDate::from_ymd_opt(2026, 7, 4)
            .and_then(|d| d.and_hms_opt(9, 0, 0))
            .expect("a time");
        assert_eq!(mail_date(at), "July 4, 2026");
    }
}

//! What a mail says, in the domain's words: every figure already formatted as the domain
//! formats money and dates, so that templates only place text.

use serde::{Deserialize, Serialize};

/// One e-mail's content. The mail adapter renders each kind from its templates (plain text
/// and HTML, every interpolated text escaped); [`Notification::subject`] is its subject line.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum Notification {
    /// A link to set a new password (asked for by the account's owner, or sent by an admin).
    PasswordReset(PasswordResetMail),
    /// The buyer's confirmation of an order just written.
    OrderPlaced(OrderMail),
    /// The buyer's notice that an admin changed the order's status.
    OrderStatusChanged(StatusMail),
    /// The buyer's notice of a refund.
    RefundIssued(RefundMail),
    /// The shop's own copy of a new order.
    ShopNewOrder(OrderMail),
    /// The shop's notice that a case must be opened for units sold.
    ShopCaseBreak(CaseBreakMail),
}

impl Notification {
    /// The mail's subject, after the shop's name.
    #[must_use]
    pub fn subject(&self, shop: &str) -> String {
        match self {
            Self::PasswordReset(_) => format!("{shop}: reset your password"),
            Self::OrderPlaced(o) => format!("{shop}: order {} confirmed", o.number),
            Self::OrderStatusChanged(s) => {
                format!("{shop}: order {} is now {}", s.number, s.status)
            }
            Self::RefundIssued(r) => {
                format!("{shop}: refund of {} for order {}", r.amount, r.number)
            }
            Self::ShopNewOrder(o) => format!("{shop}: new order {} ({})", o.number, o.grand_total),
            Self::ShopCaseBreak(c) => format!("{shop}: open a case of {} ({})", c.title, c.sku),
        }
    }

    /// The kind's name, as stored and listed (`passwordReset`, `orderPlaced`, ...).
    #[must_use]
    pub fn kind(&self) -> &'static str {
        match self {
            Self::PasswordReset(_) => "passwordReset",
            Self::OrderPlaced(_) => "orderPlaced",
            Self::OrderStatusChanged(_) => "orderStatusChanged",
            Self::RefundIssued(_) => "refundIssued",
            Self::ShopNewOrder(_) => "shopNewOrder",
            Self::ShopCaseBreak(_) => "shopCaseBreak",
        }
    }

    /// The same notification with its secrets (a reset link's token) blanked: what is kept
    /// of a mail once it is sent, and all an admin is ever shown.
    #[must_use]
    pub fn without_secrets(&self) -> Self {
        match self {
            Self::PasswordReset(r) => Self::PasswordReset(PasswordResetMail {
                link: String::new(),
                ..r.clone()
            }),
            other => other.clone(),
        }
    }
}

/// A password reset link.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PasswordResetMail {
    /// Whom to greet (the account's first name, or its e-mail).
    pub name: String,
    /// `{SHOP_PUBLIC_URL}/reset-password?token=...` (blank once sent).
    pub link: String,
    /// How long the link works, in hours.
    pub valid_hours: u32,
}

/// An order, as its mails show it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct OrderMail {
    /// Whom to greet.
    pub name: String,
    /// The order's number as the storefront shows it.
    pub number: String,
    /// When it was placed (`November 27, 2026`).
    pub placed_on: String,
    /// The lines.
    pub lines: Vec<MailLine>,
    /// Subtotal (`$1,234.50`).
    pub subtotal: String,
    /// Shipping.
    pub shipping: String,
    /// The liftgate fee, when one was asked for.
    pub lift_gate: Option<String>,
    /// Tax.
    pub tax: String,
    /// Grand total.
    pub grand_total: String,
    /// Where it goes: the delivery address's lines, or the freight terminal's.
    pub ship_to: Vec<String>,
    /// Whether it goes to a freight terminal (picked up there).
    pub to_terminal: bool,
    /// Units sold that wait for a case to be opened.
    pub owed: Vec<OwedLine>,
    /// The order's page in the shop.
    pub link: String,
}

/// A line of an order's mail.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct MailLine {
    /// The product's title.
    pub title: String,
    /// `case`, `unit` or `item` (shows and apparel).
    pub packing: String,
    /// The apparel variant (`M, Unisex, Red`).
    pub variant: Option<String>,
    /// How many.
    pub quantity: u32,
    /// Price of one.
    pub unit_price: String,
    /// Price of the line.
    pub total: String,
}

/// Units of a line that wait for a case to be opened.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct OwedLine {
    /// The product's title.
    pub title: String,
    /// How many units.
    pub units: u32,
}

/// An order's new status.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct StatusMail {
    /// Whom to greet.
    pub name: String,
    /// The order's number.
    pub number: String,
    /// The new status, in words (`Shipped`).
    pub status: String,
    /// The order's page in the shop.
    pub link: String,
}

/// A refund of an order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RefundMail {
    /// Whom to greet.
    pub name: String,
    /// The order's number.
    pub number: String,
    /// The amount given back.
    pub amount: String,
    /// Why.
    pub reason: String,
    /// The order's page in the shop.
    pub link: String,
}

/// Units sold of a case-breakable product that wait for a case to be opened.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CaseBreakMail {
    /// The product's title.
    pub title: String,
    /// Its SKU.
    pub sku: String,
    /// Units waiting.
    pub units: u32,
    /// The order they were sold in.
    pub number: String,
    /// The back office's case break page.
    pub link: String,
}

/// A mail ready to hand to the [`super::Mailer`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Envelope {
    /// The `Message-ID`, fixed when the mail was queued (`<id@host>`): a retry is the same
    /// message, so a well-behaved server keeps one copy.
    pub message_id: String,
    /// The recipient's address.
    pub to: String,
    /// What it says.
    pub notification: Notification,
}

/// A mail to write to the outbox, in the transaction of the change that causes it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewMail {
    /// The recipient's address.
    pub to: String,
    /// The subject line (with the shop's name).
    pub subject: String,
    /// What it says.
    pub notification: Notification,
    /// The host part of its `Message-ID` (the shop's public host name).
    pub message_host: String,
    /// When it was written.
    pub at: chrono::NaiveDateTime,
}

/// A mail of the outbox a sender took to deliver.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct QueuedMail {
    /// The row's id.
    pub id: String,
    /// What to deliver.
    pub envelope: Envelope,
    /// Tries so far (before this one).
    pub attempts: u32,
    /// When it was written.
    pub created_at: chrono::NaiveDateTime,
}

/// Where an outgoing mail stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MailState {
    /// To send (again) at its next attempt.
    Pending,
    /// Delivered to the mail server.
    Sent,
    /// Given up: refused for good, or still failing a day after it was written.
    Failed,
}

impl MailState {
    /// `PENDING`, `SENT` or `FAILED`.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Pending => "PENDING",
            Self::Sent => "SENT",
            Self::Failed => "FAILED",
        }
    }

    /// The state of a stored code, or `None`.
    #[must_use]
    pub fn parse(code: &str) -> Option<Self> {
        match code {
            "PENDING" => Some(Self::Pending),
            "SENT" => Some(Self::Sent),
            "FAILED" => Some(Self::Failed),
            _ => None,
        }
    }
}

/// An outgoing mail as the back office lists it (never its body).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MailRecord {
    /// The row's id.
    pub id: String,
    /// The recipient.
    pub to: String,
    /// The subject.
    pub subject: String,
    /// The kind ([`Notification::kind`]).
    pub kind: String,
    /// Where it stands.
    pub state: MailState,
    /// Tries so far.
    pub attempts: u32,
    /// The last try's error.
    pub last_error: Option<String>,
    /// When it was written.
    pub created_at: chrono::NaiveDateTime,
    /// When it was delivered.
    pub sent_at: Option<chrono::NaiveDateTime>,
    /// When it is tried next (while pending).
    pub next_attempt_at: chrono::NaiveDateTime,
}

/// What the use cases that write mails know of the shop (its settings): its name, where its
/// pages are, and its own address for the shop's copies.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Mailing {
    /// The shop's name (`SHOP_NAME`), in every subject.
    pub shop_name: String,
    /// The shop's address on the web (`SHOP_PUBLIC_URL`), without a trailing slash: links.
    pub public_url: String,
    /// The host name of the mails' `Message-ID`s.
    pub message_host: String,
    /// Where the shop's own copies of new orders and case breaks go (`SHOP_ORDERS_EMAIL`);
    /// `None`: nowhere.
    pub shop_email: Option<String>,
}

/// Whom a mail greets: the first name when there is one, else the address.
#[must_use]
pub fn greeting(first_name: Option<&str>, email: &str) -> String {
    first_name
        .map(str::trim)
        .filter(|n| !n.is_empty())
        .unwrap_or(email)
        .to_owned()
}

impl Mailing {
    /// A mail of `notification` to `to`, written at `at`.
    #[must_use]
    pub fn mail(&self, to: &str, notification: Notification, at: chrono::NaiveDateTime) -> NewMail {
        NewMail {
            to: to.to_owned(),
            subject: notification.subject(&self.shop_name),
            notification,
            message_host: self.message_host.clone(),
            at,
        }
    }

    /// The shop's page at `path` (`/reset-password?token=...`).
    #[must_use]
    pub fn link(&self, path: &str) -> String {
        format!("{}{path}", self.public_url.trim_end_matches('/'))
    }
}

//! One notification of each kind (two orders: delivered with a liftgate and units owed, and
//! picked up at a freight terminal), and one whose texts try to break the HTML.

use domain::notifications::{
    CaseBreakMail, MailLine, Notification, OrderMail, OwedLine, PasswordResetMail, RefundMail,
    StatusMail,
};
use mail::MailSettings;

/// The shop the tests' mails come from.
pub fn settings() -> MailSettings {
    MailSettings {
        shop_name: "Fireworks Shop".into(),
        from: "Fireworks Shop <shop@example.com>"
            .parse()
            .expect("an address"),
    }
}

/// A text that breaks HTML that is not escaped.
pub const HOSTILE: &str = "<script>alert(\"&\")</script>";

fn line(
    title: &str,
    packing: &str,
    variant: Option<&str>,
    quantity: u32,
    unit_price: &str,
    total: &str,
) -> MailLine {
    MailLine {
        title: title.into(),
        packing: packing.into(),
        variant: variant.map(Into::into),
        quantity,
        unit_price: unit_price.into(),
        total: total.into(),
    }
}

/// An order delivered to an address with a liftgate, one line of each packing (the apparel
/// one with its variant), and units that wait for a case to be opened.
pub fn delivered_order() -> OrderMail {
    OrderMail {
        name: "Ann".into(),
        number: "7F3A9C21".into(),
        placed_on: "November 27, 2026".into(),
        lines: vec![
            line(
                "Thunder King 500g Cake",
                "case",
                None,
                2,
                "$540.00",
                "$1,080.00",
            ),
            line("Piñata Party Fountain", "unit", None, 3, "$24.50", "$73.50"),
            line(
                "Fireworks Crew T-Shirt",
                "item",
                Some("M, Unisex, Red"),
                1,
                "$18.00",
                "$18.00",
            ),
        ],
        subtotal: "$1,171.50".into(),
        shipping: "$95.00".into(),
        lift_gate: Some("$75.00".into()),
        tax: "$82.01".into(),
        grand_total: "$1,423.51".into(),
        ship_to: vec![
            "Ann Buyer".into(),
            "1200 Main Street, Suite 4".into(),
            "Fargo, ND 58102".into(),
        ],
        to_terminal: false,
        owed: vec![OwedLine {
            title: "Piñata Party Fountain".into(),
            units: 3,
        }],
        link: "https://shop.example.com/orders/0192f3a4-7f3a-7c21-9b1e-5d2a7f3a9c21".into(),
    }
}

/// An order picked up at a freight terminal: no liftgate, nothing owed, one line.
pub fn terminal_order() -> OrderMail {
    OrderMail {
        name: "Bob".into(),
        number: "0B44D1E9".into(),
        placed_on: "December 1, 2026".into(),
        lines: vec![line(
            "Sky Lanterns (50 pack)",
            "case",
            None,
            1,
            "$210.00",
            "$210.00",
        )],
        subtotal: "$210.00".into(),
        shipping: "$60.00".into(),
        lift_gate: None,
        tax: "$0.00".into(),
        grand_total: "$270.00".into(),
        ship_to: vec![
            "ABF Freight, Sioux Falls terminal".into(),
            "4501 N Cliff Ave".into(),
            "Sioux Falls, SD 57104".into(),
        ],
        to_terminal: true,
        owed: Vec::new(),
        link: "https://shop.example.com/orders/0192f3b0-0b44-7d1e-8a11-2c3d0b44d1e9".into(),
    }
}

fn hostile_order() -> OrderMail {
    OrderMail {
        name: HOSTILE.into(),
        lines: vec![line(HOSTILE, "unit", Some("\"&\""), 1, "$1.00", "$1.00")],
        ship_to: vec![HOSTILE.into(), "\"&\" <b>".into()],
        owed: vec![OwedLine {
            title: HOSTILE.into(),
            units: 1,
        }],
        link: "https://shop.example.com/orders/1?a=1&b=2".into(),
        ..terminal_order()
    }
}

/// Each case by its snapshot's name.
pub fn cases() -> Vec<(&'static str, Notification)> {
    vec![
        (
            "password_reset",
            Notification::PasswordReset(PasswordResetMail {
                name: "Ann".into(),
                link: "https://shop.example.com/reset-password?token=q9Xc2LrT0vKd81sWm4Zp".into(),
                valid_hours: 2,
            }),
        ),
        ("order_placed", Notification::OrderPlaced(delivered_order())),
        (
            "order_placed_terminal",
            Notification::OrderPlaced(terminal_order()),
        ),
        (
            "order_status_changed",
            Notification::OrderStatusChanged(StatusMail {
                name: "Ann".into(),
                number: "7F3A9C21".into(),
                status: "Completed".into(),
                link: delivered_order().link,
            }),
        ),
        (
            "refund_issued",
            Notification::RefundIssued(RefundMail {
                name: "Ann".into(),
                number: "7F3A9C21".into(),
                amount: "$73.50".into(),
                reason: "Two fountains arrived damaged".into(),
                link: delivered_order().link,
            }),
        ),
        (
            "shop_new_order",
            Notification::ShopNewOrder(delivered_order()),
        ),
        (
            "shop_case_break",
            Notification::ShopCaseBreak(CaseBreakMail {
                title: "Piñata Party Fountain".into(),
                sku: "PP-1042".into(),
                units: 3,
                number: "7F3A9C21".into(),
                link: "https://shop.example.com/admin/case-breaks".into(),
            }),
        ),
        ("escaping", Notification::OrderPlaced(hostile_order())),
    ]
}

//! Every case rendered and compared with its reviewed snapshot in `tests/snapshots/`:
//! `{case}.txt.snap` (the subject, a blank line, the plain text) and `{case}.html.snap`
//! (`.snap`, as insta names them: reviewed output, data rather than source).
//! `UPDATE_SNAPSHOTS=1 cargo test -p mail` writes them instead (review the diff).

use std::fs;
use std::path::{Path, PathBuf};

use mail::render;

use crate::fixtures::{cases, settings, HOSTILE};

fn folder() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/snapshots")
}

fn updating() -> bool {
    std::env::var_os("UPDATE_SNAPSHOTS").is_some_and(|v| v == "1")
}

/// The first line that differs, with its number, or `None`.
fn first_difference(expected: &str, actual: &str) -> Option<String> {
    let mut expected_lines = expected.lines();
    let mut actual_lines = actual.lines();
    for number in 1.. {
        match (expected_lines.next(), actual_lines.next()) {
            (None, None) => return (expected != actual).then(|| "line endings".to_owned()),
            (e, a) if e == a => {}
            (e, a) => {
                return Some(format!(
                    "line {number}:\n  snapshot: {}\n  rendered: {}",
                    e.unwrap_or("(end)"),
                    a.unwrap_or("(end)")
                ))
            }
        }
    }
    None
}

#[test]
fn every_kind_renders_as_its_reviewed_snapshot() {
    let mut failures = Vec::new();
    for (case, notification) in cases() {
        let mail = render(&notification, &settings()).expect("rendered");
        let files = [
            (
                format!("{case}.txt.snap"),
                format!("Subject: {}\n\n{}", mail.subject, mail.text),
            ),
            (format!("{case}.html.snap"), mail.html),
        ];
        for (name, rendered) in files {
            let path = folder().join(&name);
            if updating() {
                fs::create_dir_all(folder()).expect("snapshot folder");
                fs::write(&path, &rendered).expect("snapshot written");
                continue;
            }
            match fs::read_to_string(&path) {
                Ok(expected) => {
                    if let Some(difference) = first_difference(&expected, &rendered) {
                        failures.push(format!("{name} differs at {difference}"));
                    }
                }
                Err(e) => failures.push(format!("{name}: {e}")),
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{}\n(UPDATE_SNAPSHOTS=1 rewrites the snapshots; review them before committing)",
        failures.join("\n")
    );
}

#[test]
fn no_snapshot_is_left_without_its_case() {
    let names: Vec<String> = cases()
        .iter()
        .flat_map(|(case, _)| [format!("{case}.txt.snap"), format!("{case}.html.snap")])
        .collect();
    let stale: Vec<String> = fs::read_dir(folder())
        .expect("snapshot folder")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .filter(|name| !names.contains(name))
        .collect();
    assert!(stale.is_empty(), "snapshots of no case: {stale:?}");
}

#[test]
fn every_order_figure_is_in_both_parts() {
    for (case, notification) in cases() {
        let domain::notifications::Notification::OrderPlaced(order) = &notification else {
            continue;
        };
        let mail = render(&notification, &settings()).expect("rendered");
        let mut figures = vec![
            order.number.as_str(),
            order.placed_on.as_str(),
            order.subtotal.as_str(),
            order.shipping.as_str(),
            order.tax.as_str(),
            order.grand_total.as_str(),
            order.link.as_str(),
        ];
        figures.extend(order.lift_gate.as_deref());
        figures.extend(order.ship_to.iter().map(String::as_str));
        for line in &order.lines {
            figures.extend([
                line.title.as_str(),
                line.packing.as_str(),
                line.unit_price.as_str(),
                line.total.as_str(),
            ]);
            figures.extend(line.variant.as_deref());
        }
        for owed in &order.owed {
            figures.push(owed.title.as_str());
        }
        for figure in figures {
            if case == "escaping" {
                continue;
            }
            assert!(mail.text.contains(figure), "{case}: text lacks {figure:?}");
            assert!(mail.html.contains(figure), "{case}: html lacks {figure:?}");
        }
        let terminal = mail.text.contains("freight terminal");
        assert_eq!(terminal, order.to_terminal, "{case}");
        assert_eq!(
            mail.text.contains("Liftgate"),
            order.lift_gate.is_some(),
            "{case}"
        );
        assert_eq!(
            mail.html.contains("Liftgate"),
            order.lift_gate.is_some(),
            "{case}"
        );
        assert_eq!(
            mail.text.contains("Units waiting for a case to be opened"),
            !order.owed.is_empty(),
            "{case}"
        );
    }
}

#[test]
fn the_reset_mail_gives_the_link_its_hours_and_says_to_ignore_it_if_not_asked_for() {
    let (_, notification) = cases().remove(0);
    let mail = render(&notification, &settings()).expect("rendered");
    for part in [&mail.text, &mail.html] {
        assert!(part.contains("https://shop.example.com/reset-password?token=q9Xc2LrT0vKd81sWm4Zp"));
        assert!(part.contains("works for 2 hours"));
        assert!(part.contains("If you did not ask for a new password, ignore this e-mail"));
    }
    assert_eq!(mail.subject, "Fireworks Shop: reset your password");
}

#[test]
fn the_escaping_case_has_no_markup_of_its_texts_in_the_html() {
    let (_, notification) = cases().pop().expect("the escaping case");
    let mail = render(&notification, &settings()).expect("rendered");
    assert!(!mail.html.contains("<script"), "{}", mail.html);
    assert!(!mail.html.contains("<b>"), "{}", mail.html);
    assert!(!mail.html.contains("\"&\""), "{}", mail.html);
    assert!(mail
        .html
        .contains("&lt;script&gt;alert(&quot;&amp;&quot;)&lt;/script&gt;"));
    assert!(mail.html.contains("&quot;&amp;&quot; &lt;b&gt;"));
    assert!(mail
        .html
        .contains("href=\"https://shop.example.com/orders/1?a=1&amp;b=2\""));
    assert!(
        mail.text.contains(HOSTILE),
        "the plain text is not markup: {}",
        mail.text
    );
}

//! A product page's first view rendered by the server: the product's picture, title, prices and
//! text in the HTML answer of `/products/{id}`, so that a phone paints them as soon as the HTML
//! and the stylesheet are in, before any script has run (the page's largest paint, its picture,
//! used to wait for main.js, the data layer and the page's chunk: issue 14).
//!
//! The markup is the product detail page's (frontend/src/app/routes/catalogue/product-detail.tsx)
//! with the same classes, inside the layout of the prerendered home page that the build put into
//! `index.html` (its `<main>` holds the product instead). The cart's buttons, which depend on
//! the visitor's session, and the video come with the app. The boot script sees the
//! `data-server-view` mark on `<html>` and runs the app after the first paint; the app then
//! renders the page in place of this view (src/app/boot/prerender.ts).

use domain::money::Money;

use crate::routes::products::dto::{NamedJson, ProductJson};
use crate::web_assets::escape_xml;

/// The mark on `<html>` (and on the view's wrapper) that tells the boot script a server view is
/// on screen.
pub const SERVER_VIEW_MARK: &str = "data-server-view";

/// The wrapper of the build's prerendered page in `index.html` (scripts/prerender.mjs).
const PRERENDER_WRAPPER: &str = "<div data-prerender>";
const MAIN_OPEN: &str = "<main id=\"main\" class=\"flex-1\">";
const MAIN_CLOSE: &str = "</main>";

/// `index.html` with `body` as its page's main content and `title` as the document title, or
/// `None` when the build has no prerendered layout to put it in (a development build, an older
/// `index.html`): the app then renders the page as before.
#[must_use]
pub fn in_layout(index: &str, title: &str, body: &str) -> Option<String> {
    let wrapper = index.find(PRERENDER_WRAPPER)?;
    let main = wrapper + index[wrapper..].find(MAIN_OPEN)? + MAIN_OPEN.len();
    let main_end = main + index[main..].find(MAIN_CLOSE)?;
    let html = index.find("<html")? + "<html".len();
    let title_start = index.find("<title>")?;
    let title_end = title_start + index[title_start..].find("</title>")? + "</title>".len();
    if !(html < title_start && title_end < wrapper) {
        return None;
    }
    let mut out = String::with_capacity(index.len() + body.len() + 64);
    out.push_str(&index[..html]);
    out.push(' ');
    out.push_str(SERVER_VIEW_MARK);
    out.push_str(&index[html..title_start]);
    out.push_str("<title>");
    out.push_str(&escape_xml(title));
    out.push_str("</title>");
    out.push_str(&index[title_end..wrapper]);
    out.push_str("<div ");
    out.push_str(SERVER_VIEW_MARK);
    out.push('>');
    out.push_str(&index[wrapper + PRERENDER_WRAPPER.len()..main]);
    out.push_str(body);
    out.push_str(&index[main_end..]);
    Some(out)
}

/// The document title the app gives a product page (`useItemTitle`).
#[must_use]
pub fn product_title(p: &ProductJson) -> String {
    format!("{} | Fireworks Shop", p.title)
}

/// The product detail page's content for `p`; `back` is the link back to the list.
#[must_use]
pub fn product_detail(p: &ProductJson, back: &str) -> String {
    let title = escape_xml(&p.title);
    let unit = p.unit_product.as_ref().map_or_else(
        || "Case only".to_owned(),
        |u| {
            format!(
                "{} · <strong>{}</strong>",
                package_text(&u.package),
                format_money(u.unit_price)
            )
        },
    );
    let out_of_stock = if p.in_stock {
        ""
    } else {
        "<p class=\"badge badge-error badge-lg\">Item is out of stock</p>"
    };
    let description = p
        .description
        .as_deref()
        .filter(|d| !d.is_empty())
        .map_or_else(
            || "No description available for this product.".to_owned(),
            escape_xml,
        );
    format!(
        "<div class=\"mx-auto max-w-6xl space-y-6 px-4 py-8\">\
<a class=\"link link-primary\" href=\"{back}\">← Back to products</a>\
<div class=\"grid gap-8 md:grid-cols-2\">\
<img src=\"{image}\" alt=\"{title}\" loading=\"eager\" fetchpriority=\"high\" width=\"400\" height=\"300\" \
class=\"aspect-[4/3] w-full bg-base-200 object-contain rounded-box\"/>\
<div class=\"space-y-4\">\
<span class=\"badge badge-outline\">SKU {sku}</span>\
<h1 class=\"text-3xl font-bold\">{title}</h1>\
<dl class=\"grid grid-cols-[auto_1fr] gap-x-4 gap-y-1\">\
<dt class=\"font-semibold\">Category</dt><dd>{category}</dd>\
<dt class=\"font-semibold\">Brand</dt><dd>{brand}</dd>\
<dt class=\"font-semibold\">Case</dt><dd>{package} · <strong>{case_price}</strong></dd>\
<dt class=\"font-semibold\">Unit</dt><dd>{unit}</dd>\
</dl>\
<div class=\"flex flex-wrap items-center gap-2\">{out_of_stock}</div>\
</div></div>\
<section aria-labelledby=\"description-heading\" class=\"space-y-2\">\
<h2 id=\"description-heading\" class=\"text-xl font-bold\">Description</h2><p>{description}</p></section>\
<div class=\"grid gap-6 sm:grid-cols-2\">{colors}{effects}</div>\
</div>",
        back = escape_xml(back),
        image = escape_xml(&image_source(&p.image)),
        sku = escape_xml(&p.sku),
        category = escape_xml(&p.category.name),
        brand = escape_xml(&p.brand.name),
        package = package_text(&p.package),
        case_price = format_money(p.case_price),
        colors = named_list("colors-heading", "Colors", &p.colors),
        effects = named_list("effects-heading", "Effects", &p.effects),
    )
}

/// The placeholder picture of a product without one (`imageSource` of product-image.tsx).
fn image_source(src: &str) -> String {
    let s = src.trim();
    if s.is_empty() {
        "/placeholder.png".to_owned()
    } else {
        s.to_owned()
    }
}

/// A titled list of badges, or "None listed" (the page's `NamedList`).
fn named_list(id: &str, title: &str, items: &[NamedJson]) -> String {
    let list = if items.is_empty() {
        "<p class=\"mt-2\">None listed</p>".to_owned()
    } else {
        let badges: String = items
            .iter()
            .map(|n| {
                format!(
                    "<li class=\"badge badge-outline\">{}</li>",
                    escape_xml(&n.name)
                )
            })
            .collect();
        format!("<ul class=\"mt-2 flex flex-wrap gap-2\">{badges}</ul>")
    };
    format!(
        "<section aria-labelledby=\"{id}\"><h2 id=\"{id}\" class=\"text-xl font-bold\">{title}</h2>{list}</section>"
    )
}

/// A package list as the pages show it: parts joined with a slash (`packageText`).
fn package_text(parts: &[u32]) -> String {
    parts
        .iter()
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join("/")
}

/// Dollars as the pages write them (`formatMoney` of frontend/src/lib/format.ts): `$1,250.00`,
/// `-$3.50`.
#[must_use]
pub fn format_money(amount: Money) -> String {
    let text = amount.to_string();
    let (sign, digits) = text
        .strip_prefix('-')
        .map_or(("", text.as_str()), |rest| ("-", rest));
    let (whole, cents) = digits.split_once('.').unwrap_or((digits, "00"));
    let mut grouped = String::with_capacity(whole.len() + whole.len() / 3);
    for (i, c) in whole.chars().enumerate() {
        if i > 0 && (whole.len() - i) % 3 == 0 {
            grouped.push(',');
        }
        grouped.push(c);
    }
    format!("{sign}${grouped}.{cents}")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn money(text: &str) -> Money {
        text.parse().expect("money")
    }

    #[test]
    fn money_is_written_as_the_pages_write_it() {
        for (amount, text) in [
            ("0", "$0.00"),
            ("0.5", "$0.50"),
            ("66.99", "$66.99"),
            ("999.99", "$999.99"),
            ("1250", "$1,250.00"),
            ("1234567.89", "$1,234,567.89"),
        ] {
            assert_eq!(format_money(money(amount)), text, "{amount}");
        }
        for (amount, text) in [("3.5", "-$3.50"), ("1000", "-$1,000.00")] {
            assert_eq!(format_money(Money::ZERO - money(amount)), text, "{amount}");
        }
    }

    const INDEX: &str = "<!doctype html><html lang=\"en\"><head><title>Fireworks Shop</title>\
<style>[data-prerender]{display:none}</style></head><body><div id=\"root\"><div data-prerender>\
<header>nav</header><main id=\"main\" class=\"flex-1\"><h1>Home</h1></main><footer>f</footer>\
</div></div></body></html>";

    #[test]
    fn the_view_replaces_the_home_page_inside_the_layout_and_marks_the_document() {
        let html = in_layout(INDEX, "A <b> | Fireworks Shop", "<p>product</p>").expect("layout");
        assert_eq!(
            html,
            "<!doctype html><html data-server-view lang=\"en\"><head><title>A &lt;b&gt; | Fireworks Shop</title>\
<style>[data-prerender]{display:none}</style></head><body><div id=\"root\"><div data-server-view>\
<header>nav</header><main id=\"main\" class=\"flex-1\"><p>product</p></main><footer>f</footer>\
</div></div></body></html>"
        );
    }

    #[test]
    fn an_index_without_the_prerendered_layout_gets_no_view() {
        assert_eq!(in_layout("<!doctype html><p>app</p>", "t", "b"), None);
        assert_eq!(
            in_layout(
                &INDEX.replace("<main id=\"main\" class=\"flex-1\">", "<main>"),
                "t",
                "b"
            ),
            None
        );
    }

    fn named(name: &str) -> NamedJson {
        NamedJson {
            id: "n1".into(),
            name: name.into(),
        }
    }

    #[test]
    fn the_detail_escapes_what_admins_typed_and_words_what_is_missing() {
        let p = ProductJson {
            id: "p1".into(),
            sku: "CB-1".into(),
            title: "Cake <script>alert(1)</script> & \"Co\"".into(),
            description: Some(String::new()),
            case_price: money("1250"),
            is_show: false,
            is_apparel: false,
            in_stock: false,
            is_case_breakable: false,
            apparel_type_id: None,
            show_type_id: None,
            apparel_type: None,
            show_type: None,
            category: named("Cakes"),
            brand: named("A <b>"),
            colors: vec![named("Red"), named("Blue")],
            effects: vec![],
            image: " ".into(),
            video_url: None,
            package: vec![4, 12],
            unit_product: None,
            variants: vec![],
        };
        let html = product_detail(&p, "/products?page=1&pageSize=25");
        assert!(!html.contains("<script>"), "{html}");
        for part in [
            "<h1 class=\"text-3xl font-bold\">Cake &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Co&quot;</h1>",
            "href=\"/products?page=1&amp;pageSize=25\"",
            "<img src=\"/placeholder.png\"",
            "<dd>A &lt;b&gt;</dd>",
            "<dd>4/12 · <strong>$1,250.00</strong></dd>",
            "<dd>Case only</dd>",
            "Item is out of stock",
            "<p>No description available for this product.</p>",
            "<li class=\"badge badge-outline\">Red</li><li class=\"badge badge-outline\">Blue</li>",
            "<h2 id=\"effects-heading\" class=\"text-xl font-bold\">Effects</h2><p class=\"mt-2\">None listed</p>",
        ] {
            assert!(html.contains(part), "{part}: {html}");
        }
    }
}

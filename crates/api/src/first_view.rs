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

use crate::routes::catalogue::dto::{NamedJson, PageJson, ProductJson};
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
    let unit = unit_text(p);
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
        case_price = p.case_price.dollars(),
        colors = named_list("colors-heading", "Colors", &p.colors),
        effects = named_list("effects-heading", "Effects", &p.effects),
    )
}

/// The sizes the list's paging control offers (`PAGE_SIZES` of the catalogue's filters.ts).
pub const PAGE_SIZES: [i64; 3] = [10, 25, 50];

/// Cards in a list's first row on the widest screen (`ROW_CARDS`): their pictures load first.
const ROW_CARDS: usize = 3;

/// The paging of a product list address the server renders a first view of: `/products` with
/// nothing after it (the app's first page, 25 items: the address the boot script gives it) or
/// with only `page` and `pageSize` (one of [`PAGE_SIZES`]). Any filter, and anything else, is
/// left to the app.
#[must_use]
pub fn list_paging(query: &str) -> Option<(i64, i64)> {
    if query.is_empty() {
        return Some((1, 25));
    }
    let (mut page, mut size) = (None, None);
    for pair in query.split('&') {
        let (key, value) = pair.split_once('=')?;
        let number =
            (!value.is_empty() && value.len() <= 9 && value.bytes().all(|b| b.is_ascii_digit()))
                .then(|| value.parse::<i64>().ok())
                .flatten()
                .filter(|n| *n >= 1)?;
        let slot = match key {
            "page" => &mut page,
            "pageSize" => &mut size,
            _ => return None,
        };
        if slot.replace(number).is_some() {
            return None;
        }
    }
    let (page, size) = (page?, size?);
    PAGE_SIZES.contains(&size).then_some((page, size))
}

/// The document title the app gives the product list (`Page title="Products"`).
pub const LIST_TITLE: &str = "Products | Fireworks Shop";

/// The product list page's content (/products, a signed-out first visit: the filter drawer
/// closed, the cards without the cart's part) for page `page` of `size` items, or `None` for an
/// empty page (the app words that). Its buttons are disabled: they work once the app has
/// rendered the page (a click before would be lost); its links work from the start.
#[must_use]
pub fn product_list(found: &PageJson<ProductJson>, page: i64, size: i64) -> Option<String> {
    if found.contents.is_empty() {
        return None;
    }
    let search = format!("page={page}&pageSize={size}");
    let cards: String = found
        .contents
        .iter()
        .enumerate()
        .map(|(i, p)| product_card(p, &search, i < ROW_CARDS))
        .collect();
    let sizes: String = PAGE_SIZES
        .iter()
        .map(|&n| {
            let chosen = n == size;
            format!(
                "<button type=\"button\" class=\"btn btn-sm join-item {}\" aria-pressed=\"{chosen}\" disabled=\"\">{n}</button>",
                if chosen { "btn-primary" } else { "" }
            )
        })
        .collect();
    Some(format!(
        "<div class=\"mx-auto w-full px-4 py-8 max-w-6xl\"><h1 class=\"text-3xl font-bold tracking-tight\">Fireworks</h1>\
<div class=\"mt-6\"><div class=\"flex flex-col gap-6 lg:flex-row\">\
<aside aria-label=\"Filters\" class=\"lg:w-64 lg:shrink-0\">\
<button type=\"button\" class=\"btn btn-outline btn-sm lg:hidden\" aria-expanded=\"false\" aria-controls=\"filters-panel\" disabled=\"\">Open Filters</button>\
<div id=\"filters-panel\" class=\"hidden mt-4 rounded-box bg-base-200 p-4 lg:mt-0 lg:block\"></div></aside>\
<section aria-label=\"Products\" class=\"min-w-0 flex-1 space-y-4\">\
<div class=\"flex flex-wrap items-center gap-3 text-sm\"><p>Showing {shown} of {total}</p></div>\
<ul aria-label=\"Product results\" class=\"grid gap-4 sm:grid-cols-2 xl:grid-cols-3\">{cards}</ul>\
<nav aria-label=\"Pagination\" class=\"flex flex-wrap items-center justify-between gap-4 py-4\">\
<div class=\"flex items-center gap-2\"><button type=\"button\" class=\"btn btn-sm\" disabled=\"\">Previous</button>\
<span class=\"px-2 font-medium\" aria-current=\"page\">Page {page}</span>\
<button type=\"button\" class=\"btn btn-sm\" disabled=\"\">Next</button></div>\
<div role=\"group\" aria-label=\"Items per page\" class=\"join\">{sizes}</div></nav>\
</section></div></div></div>",
        shown = found.contents.len(),
        total = found.total_items,
    ))
}

/// A product card of the list (features/catalogue/components/product-card.tsx); `first_row`:
/// its picture loads at once and first.
fn product_card(p: &ProductJson, search: &str, first_row: bool) -> String {
    let to = escape_xml(&format!("/products/{}?{search}", p.id));
    let loading = if first_row {
        "loading=\"eager\" fetchpriority=\"high\""
    } else {
        "loading=\"lazy\""
    };
    let out_of_stock = if p.in_stock {
        ""
    } else {
        "<span class=\"badge badge-error\">Currently Out of Stock</span>"
    };
    format!(
        "<li><article class=\"card h-full bg-base-100 shadow-md\" data-testid=\"product-card\">\
<figure><a href=\"{to}\" tabindex=\"-1\" aria-hidden=\"true\" class=\"block w-full\">\
<img alt=\"\" {loading} width=\"400\" height=\"300\" class=\"aspect-[4/3] w-full bg-base-200 object-contain \" src=\"{image}\"></a></figure>\
<div class=\"card-body gap-2 p-4\"><span class=\"badge badge-outline badge-sm\"><span class=\"sr-only\">SKU </span>{sku}</span>\
<h2 class=\"card-title text-base\"><a href=\"{to}\" class=\"link-hover\">{title}</a></h2>\
<dl class=\"grid grid-cols-[auto_1fr] gap-x-2 text-sm\"><dt>Case</dt><dd>{package} · <strong>{price}</strong></dd><dt>Unit</dt><dd>{unit}</dd></dl>\
<div class=\"card-actions mt-auto items-center\">{out_of_stock}</div></div></article></li>",
        image = escape_xml(&image_source(&p.image)),
        sku = escape_xml(&p.sku),
        title = escape_xml(&p.title),
        package = package_text(&p.package),
        price = p.case_price.dollars(),
        unit = unit_text(p),
    )
}

/// The unit line of a product: its package and price, or "Case only".
fn unit_text(p: &ProductJson) -> String {
    p.unit_product.as_ref().map_or_else(
        || "Case only".to_owned(),
        |u| {
            format!(
                "{} · <strong>{}</strong>",
                package_text(&u.package),
                u.unit_price.dollars()
            )
        },
    )
}

/// The picture to show: the placeholder drawing for a product without one
/// (`imageSource` of product-image.tsx).
fn image_source(src: &str) -> String {
    crate::demo_images::shown_image(src).to_owned()
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

#[cfg(test)]
mod tests {
    use super::*;
    use domain::money::Money;

    fn money(text: &str) -> Money {
        text.parse().expect("money")
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
        let mut p = product("p1", "Cake <script>alert(1)</script> & \"Co\"", false);
        p.description = Some(String::new());
        p.case_price = money("1250");
        p.brand = named("A <b>");
        p.colors = vec![named("Red"), named("Blue")];
        p.image = " ".into();
        p.package = vec![4, 12];
        let html = product_detail(&p, "/products?page=1&pageSize=25");
        assert!(!html.contains("<script>"), "{html}");
        for part in [
            "<h1 class=\"text-3xl font-bold\">Cake &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Co&quot;</h1>",
            "href=\"/products?page=1&amp;pageSize=25\"",
            "<img src=\"/placeholder.svg\"",
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

    #[test]
    fn the_server_renders_the_plain_list_addresses_only() {
        assert_eq!(list_paging(""), Some((1, 25)));
        assert_eq!(list_paging("page=2&pageSize=10"), Some((2, 10)));
        assert_eq!(list_paging("pageSize=50&page=3"), Some((3, 50)));
        for query in [
            "page=1",
            "page=1&pageSize=30",
            "page=0&pageSize=25",
            "page=-1&pageSize=25",
            "page=1&pageSize=25&brands=b1",
            "page=1&pageSize=25&page=2",
            "page=1&pageSize=25&showOutOfStock=true",
            "page=x&pageSize=25",
            "page=9999999999&pageSize=25",
            "page&pageSize=25",
            "page=1&pageSize=25&",
        ] {
            assert_eq!(list_paging(query), None, "{query}");
        }
    }

    fn product(id: &str, title: &str, in_stock: bool) -> ProductJson {
        ProductJson {
            id: id.into(),
            sku: format!("SKU-{id}"),
            title: title.into(),
            description: None,
            case_price: money("66.99"),
            is_show: false,
            is_apparel: false,
            in_stock,
            is_case_breakable: false,
            apparel_type_id: None,
            show_type_id: None,
            apparel_type: None,
            show_type: None,
            category: named("Cakes"),
            brand: named("Brand"),
            colors: vec![],
            effects: vec![],
            image: format!("/images/{id}.svg"),
            video_url: None,
            package: vec![12, 36],
            unit_product: None,
            variants: vec![],
        }
    }

    #[test]
    fn the_list_has_its_cards_paging_and_first_row_pictures_first() {
        let items: Vec<ProductJson> = (1..=4)
            .map(|i| product(&format!("p{i}"), &format!("T<{i}>"), i != 4))
            .collect();
        let found = PageJson {
            contents: items,
            total_items: 14,
            has_more: true,
            total_pages: 4,
        };
        let html = product_list(&found, 1, 4).expect("view");
        assert!(html.contains("<p>Showing 4 of 14</p>"), "{html}");
        assert_eq!(html.matches("data-testid=\"product-card\"").count(), 4);
        assert_eq!(html.matches("fetchpriority=\"high\"").count(), 3);
        assert_eq!(html.matches("loading=\"lazy\"").count(), 1);
        for part in [
            "<a href=\"/products/p1?page=1&amp;pageSize=4\" class=\"link-hover\">T&lt;1&gt;</a>",
            "<dd>12/36 · <strong>$66.99</strong></dd><dt>Unit</dt><dd>Case only</dd>",
            "<span class=\"badge badge-error\">Currently Out of Stock</span>",
            "<button type=\"button\" class=\"btn btn-sm\" disabled=\"\">Previous</button>",
            "<span class=\"px-2 font-medium\" aria-current=\"page\">Page 1</span><button type=\"button\" class=\"btn btn-sm\" disabled=\"\">Next</button>",
        ] {
            assert!(html.contains(part), "{part}: {html}");
        }
        assert_eq!(html.matches("Currently Out of Stock").count(), 1);
        let empty = PageJson::<ProductJson> {
            contents: vec![],
            total_items: 0,
            has_more: false,
            total_pages: 0,
        };
        assert_eq!(product_list(&empty, 1, 25), None);
    }
}

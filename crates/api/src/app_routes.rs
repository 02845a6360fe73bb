//! The single-page app's routes (`app_routes.txt`, the list `frontend/src/lib/paths.ts`
//! spells), so that a page address the app does not have, or a product or show that does not
//! exist, is answered with status 404 (the app's page still renders its Not Found screen):
//! search engines and monitoring see the truth, and known pages answer 200.

use std::sync::LazyLock;

use crate::path_template::PathTemplate;

/// What must exist for a page address to be found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Needs {
    /// Nothing: the page is there (signed-in and admin pages check access in the browser).
    Nothing,
    /// The product (firework, show or apparel) the id names.
    Product,
    /// The show the id names.
    Show,
}

/// A page address the app knows, and the id it names (if the page shows a record).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Page {
    /// What must exist.
    pub needs: Needs,
    /// The id in the address, for [`Needs::Product`] and [`Needs::Show`].
    pub id: Option<String>,
}

struct Route {
    path: PathTemplate,
    needs: Needs,
}

static ROUTES: LazyLock<Vec<Route>> = LazyLock::new(|| parse(include_str!("app_routes.txt")));

fn parse(text: &str) -> Vec<Route> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|line| {
            let mut parts = line.split_whitespace();
            let pattern = parts.next().unwrap_or("/");
            let needs = match parts.next() {
                Some("product") => Needs::Product,
                Some("show") => Needs::Show,
                _ => Needs::Nothing,
            };
            Route {
                path: PathTemplate::new(segments(pattern), |s| s.starts_with(':')),
                needs,
            }
        })
        .collect()
}

fn segments(path: &str) -> impl Iterator<Item = &str> {
    path.split('/').filter(|s| !s.is_empty())
}

/// The page `path` names, or `None` when the app has no such page. Literal segments beat
/// parameters (`/admin/products/create` is not a product's edit page).
#[must_use]
pub fn page(path: &str) -> Option<Page> {
    let got: Vec<&str> = segments(path).collect();
    ROUTES
        .iter()
        .filter_map(|r| r.path.fit(&got).map(|literal| (literal, r)))
        .max_by_key(|(literal, _)| *literal)
        .map(|(_, r)| Page {
            needs: r.needs,
            id: r.path.last_param(&got).map(str::to_owned),
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_pages_are_found_and_others_are_not() {
        assert_eq!(page("/").map(|p| p.needs), Some(Needs::Nothing));
        assert_eq!(page("/products/").map(|p| p.needs), Some(Needs::Nothing));
        assert_eq!(
            page("/products/abc"),
            Some(Page {
                needs: Needs::Product,
                id: Some("abc".into())
            })
        );
        assert_eq!(page("/shows/s1").map(|p| p.needs), Some(Needs::Show));
        assert_eq!(
            page("/admin/products/create").map(|p| p.needs),
            Some(Needs::Nothing)
        );
        assert_eq!(
            page("/admin/products/p1/edit").map(|p| p.needs),
            Some(Needs::Nothing)
        );
        assert_eq!(page("/nope"), None);
        assert_eq!(page("/products/abc/extra"), None);
        assert_eq!(page("/admin/nope"), None);
    }
}

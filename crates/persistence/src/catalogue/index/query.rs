//! Answers a [`ProductFilter`] from the index: the set of matching slots (bitmap operations,
//! one per filter kind), its size, and one page of it in the list's order with what the index
//! knows of each product. The rules are those of `apply_product_filter!` in `products.rs`,
//! which answers when the index cannot; a property test holds the two and a plain scan
//! together (`tests/filter_scan.rs`).

use domain::catalogue::{
    FacetCount, FacetKind, Product as ProductModel, ProductFilter, ProductSort, StockFilter,
};
use domain::ids::ProductId;
use domain::paging::PageRequest;
use memchr::memmem;

use super::bits::{union, Bits};
use super::data::{trigrams, Facet, IndexData, Order, Vocab, PAIR};

/// One page of a list, and how many products match in all.
#[derive(Debug, Clone)]
pub(crate) struct ListPage {
    pub total: i64,
    pub products: Vec<ProductModel>,
}

/// The ids of the `terms` that `refs` names: by id, or by name in any case (`refs` are ids
/// or lowercased names).
fn named<'a>(terms: &'a Vocab, refs: &'a [String]) -> impl Iterator<Item = &'a str> {
    terms
        .terms
        .iter()
        .filter(|t| refs.iter().any(|r| *r == t.id || *r == t.name_lower))
        .map(|t| t.id.as_str())
}

/// The slots having one of `values` in `facet`.
fn any_of<'a>(facet: &Facet, values: impl IntoIterator<Item = &'a str>) -> Bits {
    union(values.into_iter().filter_map(|v| facet.set(v)))
}

impl IndexData {
    /// The slots `filter` lists.
    pub(crate) fn matching(&self, f: &ProductFilter) -> Bits {
        let mut hits = self.live.clone();
        let flag = |hits: &mut Bits, wanted: Option<bool>, set: &Bits| match wanted {
            Some(true) => hits.and(set),
            Some(false) => hits.and_not(set),
            None => {}
        };
        flag(&mut hits, f.is_show, &self.shows);
        flag(&mut hits, f.is_apparel, &self.apparel);
        let terms = &self.terms;
        if !f.brands.is_empty() {
            hits.and(&any_of(&self.brands, named(&terms.brands, &f.brands)));
        }
        if !f.categories.is_empty() {
            hits.and(&any_of(
                &self.categories,
                named(&terms.categories, &f.categories),
            ));
        }
        if !f.apparel_types.is_empty() {
            hits.and(&any_of(
                &self.apparel_types,
                named(&terms.apparel_types, &f.apparel_types),
            ));
        }
        if !f.show_types.is_empty() {
            hits.and(&any_of(
                &self.show_types,
                f.show_types.iter().map(String::as_str),
            ));
        }
        let apparel_list = f.is_apparel == Some(true);
        if !f.colors.is_empty() {
            let colours: Vec<&str> = named(&terms.colors, &f.colors).collect();
            let mut linked = any_of(&self.colors, colours.iter().copied());
            if apparel_list {
                linked.or(&any_of(&self.variant_colors, colours.iter().copied()));
            }
            hits.and(&linked);
        }
        if !f.effects.is_empty() {
            hits.and(&any_of(&self.effects, named(&terms.effects, &f.effects)));
        }
        if !f.genders.is_empty() || !f.sizes.is_empty() {
            hits.and(&self.with_variant(&f.genders, &f.sizes));
        }
        match (f.stock, apparel_list) {
            (StockFilter::Any, _) => {}
            (StockFilter::InStock, false) => hits.and(&self.in_stock),
            (StockFilter::OutOfStock, false) => hits.and_not(&self.in_stock),
            (StockFilter::InStock, true) => {
                hits.and(&self.in_stock);
                hits.and(&self.variant_stock);
            }
            (StockFilter::OutOfStock, true) => {
                let mut buyable = self.in_stock.clone();
                buyable.and(&self.variant_stock);
                hits.and_not(&buyable);
            }
        }
        // The title last: only the products every other filter kept are read.
        if let Some(needle) = f.search.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
            hits = self.titled(&hits, &needle.to_lowercase());
        }
        hits
    }

    /// The slots with one available variant of one of `genders` (any, when empty) in one of
    /// `sizes` (any, when empty).
    fn with_variant(&self, genders: &[String], sizes: &[String]) -> Bits {
        let mut all = Bits::default();
        for (pair, set) in self.variant_pairs.values() {
            let (gender, size) = pair.split_once(PAIR).unwrap_or((pair, ""));
            if (genders.is_empty() || genders.iter().any(|g| g == gender))
                && (sizes.is_empty() || sizes.iter().any(|s| s == size))
            {
                all.or(set);
            }
        }
        all
    }

    /// The slots of `among` whose title holds `needle` (lowercased). A needle of three bytes
    /// is one trigram: its list is the answer. A longer one is looked for in the titles that
    /// hold its two rarest trigrams; a shorter one in every title of `among`.
    fn titled(&self, among: &Bits, needle: &str) -> Bits {
        let mut found = Bits::default();
        let finder = memmem::Finder::new(needle.as_bytes());
        let holds = |slot: u32| finder.find(self.title(slot).as_bytes()).is_some();
        if needle.len() < 3 {
            for slot in among.iter().filter(|&s| holds(s)) {
                found.insert(slot);
            }
            return found;
        }
        let mut lists: Vec<&[u32]> = Vec::new();
        for trigram in trigrams(needle) {
            match self.titles_by_trigram.get(&trigram) {
                Some(list) => lists.push(list),
                None => return found,
            }
        }
        lists.sort_by_key(|l| l.len());
        let rarest = lists[0];
        if needle.len() == 3 {
            for &slot in rarest {
                if among.contains(slot) {
                    found.insert(slot);
                }
            }
            return found;
        }
        let next = lists.get(1).copied().unwrap_or(&[]);
        let mut j = 0;
        for &slot in rarest {
            if !among.contains(slot) {
                continue;
            }
            if lists.len() > 1 {
                // Both lists are sorted: walk the second along the first.
                j += next[j..].partition_point(|&s| s < slot);
                if next.get(j) != Some(&slot) {
                    continue;
                }
            }
            if holds(slot) {
                found.insert(slot);
            }
        }
        found
    }

    /// The slots of one page of `hits` in `order`.
    fn page_slots(&self, hits: &Bits, total: usize, order: Order, page: PageRequest) -> Vec<u32> {
        let offset = usize::try_from(page.offset()).unwrap_or(usize::MAX);
        let size = usize::try_from(page.page_size.max(0)).unwrap_or(0);
        if offset >= total || size == 0 {
            return Vec::new();
        }
        if total.saturating_mul(16) < self.len() {
            // Few hits: pick the page's by their place in the order.
            let mut all: Vec<(u32, u32)> = hits
                .iter()
                .map(|slot| (self.rank(order, slot), slot))
                .collect();
            let end = (offset + size).min(all.len());
            if end < all.len() {
                all.select_nth_unstable(end);
                all.truncate(end);
            }
            all.sort_unstable();
            return all[offset..].iter().map(|&(_, slot)| slot).collect();
        }
        // Many: walk the order, counting hits, up to the page.
        let order = self.ordered(order);
        let mut seen = 0;
        let mut at = 0;
        while at < order.len() && seen < offset {
            seen += usize::from(hits.contains(order[at]));
            at += 1;
        }
        order[at..]
            .iter()
            .copied()
            .filter(|&slot| hits.contains(slot))
            .take(size)
            .collect()
    }

    /// One page of `filter`'s list; `None` if a product of the page names a term the index
    /// does not hold, or the order is a back-office column's (answer from SQL).
    pub(crate) fn page(&self, filter: &ProductFilter, page: PageRequest) -> Option<ListPage> {
        let hits = self.matching(filter);
        let total = hits.count();
        // The index holds the catalogue's two orders; the back office's column orders are SQL's.
        let order = match filter.sort {
            ProductSort::Title => Order::Title,
            ProductSort::Newest => Order::Newest,
            ProductSort::TitleDesc
            | ProductSort::Sku
            | ProductSort::SkuDesc
            | ProductSort::Price
            | ProductSort::PriceDesc => return None,
        };
        Some(ListPage {
            total: i64::try_from(total).unwrap_or(i64::MAX),
            products: self
                .page_slots(&hits, total, order, page)
                .into_iter()
                .map(|slot| self.model(slot))
                .collect::<Option<Vec<_>>>()?,
        })
    }

    /// Those of the products with these ids that exist, as pages show them; `None` if one is
    /// held without its model (it names a term the index does not hold).
    pub(crate) fn products(&self, ids: &[ProductId]) -> Option<Vec<ProductModel>> {
        let mut found = Vec::with_capacity(ids.len());
        for id in ids {
            if let Some(slot) = self.slot(id.as_str()) {
                found.push(self.model(slot)?);
            }
        }
        Some(found)
    }

    /// How many products `filter` lists have each value of `kind`, by value, without the
    /// values no product has: the rules of `products::facet_counts` (which the caller's
    /// `filter` has already taken `kind`'s own values out of). Counting genders (sizes), the
    /// products are those of the filter without its sizes (genders), and each is counted
    /// under the genders of its available variants in one of the filter's sizes.
    pub(crate) fn facet_counts(&self, f: &ProductFilter, kind: FacetKind) -> Vec<FacetCount> {
        let per_value = |hits: &Bits, facet: &Facet| -> Vec<(String, usize)> {
            facet
                .values()
                .map(|(value, set)| (value.to_owned(), hits.count_and(set)))
                .collect()
        };
        let counted: Vec<(String, usize)> = match kind {
            FacetKind::Brands => per_value(&self.matching(f), &self.brands),
            FacetKind::Categories => per_value(&self.matching(f), &self.categories),
            FacetKind::ApparelTypes => per_value(&self.matching(f), &self.apparel_types),
            FacetKind::ShowTypes => per_value(&self.matching(f), &self.show_types),
            FacetKind::Effects => per_value(&self.matching(f), &self.effects),
            FacetKind::Colors if f.is_apparel == Some(true) => {
                // A colour of a product's links or of one of its available variants.
                let hits = self.matching(f);
                let mut colours: Vec<&str> = self
                    .colors
                    .values()
                    .chain(self.variant_colors.values())
                    .map(|(value, _)| value)
                    .collect();
                colours.sort_unstable();
                colours.dedup();
                colours
                    .into_iter()
                    .map(|c| {
                        let mut either = any_of(&self.colors, [c]);
                        either.or(&any_of(&self.variant_colors, [c]));
                        (c.to_owned(), hits.count_and(&either))
                    })
                    .collect()
            }
            FacetKind::Colors => per_value(&self.matching(f), &self.colors),
            FacetKind::Genders | FacetKind::Sizes => {
                let genders = kind == FacetKind::Genders;
                let others = if genders { &f.sizes } else { &f.genders };
                let products = ProductFilter {
                    sizes: Vec::new(),
                    genders: Vec::new(),
                    ..f.clone()
                };
                let hits = self.matching(&products);
                let mut by_value: std::collections::BTreeMap<&str, Bits> =
                    std::collections::BTreeMap::new();
                for (pair, set) in self.variant_pairs.values() {
                    let (gender, size) = pair.split_once(PAIR).unwrap_or((pair, ""));
                    let (value, other) = if genders {
                        (gender, size)
                    } else {
                        (size, gender)
                    };
                    if others.is_empty() || others.iter().any(|o| o == other) {
                        by_value.entry(value).or_default().or(set);
                    }
                }
                by_value
                    .into_iter()
                    .map(|(value, set)| (value.to_owned(), hits.count_and(&set)))
                    .collect()
            }
        };
        let mut counts: Vec<FacetCount> = counted
            .into_iter()
            .filter(|(_, n)| *n > 0)
            .map(|(value, n)| FacetCount {
                value,
                count: i64::try_from(n).unwrap_or(i64::MAX),
            })
            .collect();
        counts.sort_by(|a, b| a.value.cmp(&b.value));
        counts
    }

    /// The product of `slot` as a page shows it, made from its compact form and its id;
    /// `None` for a free slot, or one whose product names a term the index does not hold.
    pub(crate) fn model(&self, slot: u32) -> Option<ProductModel> {
        let shown = self.shown.get(slot as usize)?.as_ref()?;
        shown.model(self.id(slot), &self.terms)
    }
}

//! Facet counts: beside each filter option, how many products the list would give with that
//! option and the other active filters.
//!
//! Standard facet semantics: the options of one kind are alternatives (OR), so the counts of a
//! kind are computed with every active filter except that kind's own ([`ProductFilter::without`]).
//! The adapter answers one kind at a time ([`Catalogue::facet_counts`]).

use super::filter::{ProductFilter, ProductSort};
use super::model::*;
use super::service::{show_filter, ListShowsError, ShowQuery};
use crate::catalogue::CatalogueReads;
use crate::store::StoreError;

impl FacetKind {
    /// Every kind, in the order answers list them.
    pub const ALL: [FacetKind; 8] = [
        FacetKind::Brands,
        FacetKind::Categories,
        FacetKind::Colors,
        FacetKind::Effects,
        FacetKind::ApparelTypes,
        FacetKind::ShowTypes,
        FacetKind::Genders,
        FacetKind::Sizes,
    ];

    /// The name of the kind: the list filter's query name (`brands`, `apparelTypes`, ...).
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            FacetKind::Brands => "brands",
            FacetKind::Categories => "categories",
            FacetKind::Colors => "colors",
            FacetKind::Effects => "effects",
            FacetKind::ApparelTypes => "apparelTypes",
            FacetKind::ShowTypes => "showTypes",
            FacetKind::Genders => "genders",
            FacetKind::Sizes => "sizes",
        }
    }

    /// The kind named `name` ([`FacetKind::as_str`]), or `None`.
    #[must_use]
    pub fn parse(name: &str) -> Option<FacetKind> {
        FacetKind::ALL.into_iter().find(|k| k.as_str() == name)
    }
}

/// The counts of each kind asked for, in the order asked; within a kind by value. Options
/// without products are absent.
pub type Facets = Vec<(FacetKind, Vec<FacetCount>)>;

impl ProductFilter {
    /// This filter without `kind`'s own values (and in the default order, which counts do not
    /// depend on): the filter whose products the counts of `kind` split up.
    #[must_use]
    pub fn without(&self, kind: FacetKind) -> ProductFilter {
        let mut filter = ProductFilter {
            sort: ProductSort::default(),
            ..self.clone()
        };
        match kind {
            FacetKind::Brands => filter.brands.clear(),
            FacetKind::Categories => filter.categories.clear(),
            FacetKind::Colors => filter.colors.clear(),
            FacetKind::Effects => filter.effects.clear(),
            FacetKind::ApparelTypes => filter.apparel_types.clear(),
            FacetKind::ShowTypes => filter.show_types.clear(),
            FacetKind::Genders => filter.genders.clear(),
            FacetKind::Sizes => filter.sizes.clear(),
        }
        filter
    }
}

/// The counts of each of `kinds` for the product list `filter` gives: for each kind, with every
/// filter but that kind's own. One store call per kind.
///
/// # Errors
/// Store failures.
pub fn facet_counts(
    tx: &mut impl CatalogueReads,
    filter: &ProductFilter,
    kinds: &[FacetKind],
) -> Result<Facets, StoreError> {
    kinds
        .iter()
        .map(|&kind| Ok((kind, tx.facet_counts(&filter.without(kind), kind)?)))
        .collect()
}

/// The counts of each of `kinds` for the show list `query` gives (brand and show type by id or
/// name, as [`super::list_shows`] reads them). An unknown show type gives no shows (its own
/// kind still counts every type).
///
/// # Errors
/// [`ListShowsError::BrandNotFound`]; store failures.
pub fn show_facet_counts(
    tx: &mut impl CatalogueReads,
    query: &ShowQuery,
    kinds: &[FacetKind],
) -> Result<Facets, ListShowsError> {
    let filter = show_filter(tx, query)?.as_product_filter();
    Ok(facet_counts(tx, &filter, kinds)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_kind_is_named_as_its_list_filter_and_read_back() {
        for kind in FacetKind::ALL {
            assert_eq!(FacetKind::parse(kind.as_str()), Some(kind));
        }
        assert_eq!(FacetKind::parse("Brands"), None);
    }

    #[test]
    fn a_kinds_counts_drop_only_its_own_filter() {
        let filter = ProductFilter {
            brands: vec!["b".into()],
            categories: vec!["c".into()],
            colors: vec!["red".into()],
            effects: vec!["e".into()],
            apparel_types: vec!["t".into()],
            show_types: vec!["s".into()],
            genders: vec!["MALE".into()],
            sizes: vec!["XL".into()],
            search: Some("cake".into()),
            sort: ProductSort::Newest,
            ..ProductFilter::default()
        };
        for kind in FacetKind::ALL {
            let without = filter.without(kind);
            let lists = [
                (FacetKind::Brands, &without.brands),
                (FacetKind::Categories, &without.categories),
                (FacetKind::Colors, &without.colors),
                (FacetKind::Effects, &without.effects),
                (FacetKind::ApparelTypes, &without.apparel_types),
                (FacetKind::ShowTypes, &without.show_types),
                (FacetKind::Genders, &without.genders),
                (FacetKind::Sizes, &without.sizes),
            ];
            for (other, list) in lists {
                assert_eq!(list.is_empty(), other == kind, "{kind:?} / {other:?}");
            }
            assert_eq!(without.search, filter.search);
            assert_eq!(without.sort, ProductSort::Title);
        }
    }
}

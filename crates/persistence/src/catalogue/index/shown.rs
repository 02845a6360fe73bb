//! Each product as a page shows it, kept compact: its own texts back to back in one
//! allocation, its small numbers (packages, and the places of its colours and effects in the
//! vocabularies) in another, the rest inline, and neither its id (the slot's) nor any name
//! (the vocabularies'). A page's products are made from it when asked for: held as
//! `domain::catalogue::Product` values they took about 1.7 KB each at 100,000 products,
//! mostly small strings and the names that every product repeats.

use domain::catalogue::{NamedRef, Product as ProductModel, TypeRef, UnitProduct, Variant};
use domain::money::Money;

use super::data::{Entry, Term, Terms, Vocab, NONE};
use crate::catalogue::convert;
use crate::catalogue::products::sort_variants;

/// Some texts back to back in one allocation, each ending where `ends` says.
#[derive(Debug, Clone)]
pub(crate) struct Texts<const N: usize> {
    all: Box<str>,
    ends: [u32; N],
}

impl<const N: usize> Texts<N> {
    /// `None` past 4 GB in all.
    fn new(parts: [&str; N]) -> Option<Self> {
        let mut all = String::with_capacity(parts.iter().map(|p| p.len()).sum());
        let mut ends = [0; N];
        for (end, part) in ends.iter_mut().zip(parts) {
            all.push_str(part);
            *end = u32::try_from(all.len()).ok()?;
        }
        Some(Texts {
            all: all.into_boxed_str(),
            ends,
        })
    }

    /// The text `i` (whole parts only: always on a character boundary).
    fn get(&self, i: usize) -> &str {
        let start = if i == 0 { 0 } else { self.ends[i - 1] };
        self.all
            .get(start as usize..self.ends[i] as usize)
            .unwrap_or_default()
    }

    fn owned(&self, i: usize) -> String {
        self.get(i).to_owned()
    }
}

// The product's texts, by place in `Shown::texts`.
const SKU: usize = 0;
const TITLE: usize = 1;
const DESCRIPTION: usize = 2;
const IMAGE: usize = 3;
const VIDEO_URL: usize = 4;
const UNIT_ID: usize = 5;
const UNIT_SKU: usize = 6;

// The product's numbers, by part of `Shown::numbers`.
const PACKAGE: usize = 0;
const UNIT_PACKAGE: usize = 1;
const COLOURS: usize = 2;
const EFFECTS: usize = 3;

// The places of the product's terms in `Shown::terms`.
const BRAND: usize = 0;
const CATEGORY: usize = 1;
const APPAREL_TYPE: usize = 2;
const SHOW_TYPE: usize = 3;

// The product's flags, by bit of `Shown::flags`.
const IS_SHOW: u16 = 1;
const IS_APPAREL: u16 = 1 << 1;
const IN_STOCK: u16 = 1 << 2;
const CASE_BREAKABLE: u16 = 1 << 3;
const HAS_DESCRIPTION: u16 = 1 << 4;
const HAS_VIDEO_URL: u16 = 1 << 5;
const HAS_UNIT: u16 = 1 << 6;
const UNIT_AVAILABLE: u16 = 1 << 7;

/// A product as a page shows it, without its id.
#[derive(Debug, Clone)]
pub(crate) struct Shown {
    texts: Texts<7>,
    /// The case package's counts, the unit package's, and the places of the colours and of
    /// the effects in their vocabularies (each by name, then id, as the page query sorts
    /// them), back to back; each part ends where `ends` says.
    numbers: Box<[u32]>,
    ends: [u16; 4],
    /// The places of the brand, category, apparel type and show type in their vocabularies
    /// ([`NONE`]: no type).
    terms: [u32; 4],
    case_price_cents: i64,
    unit_price_cents: i64,
    unit_stock: i32,
    flags: u16,
    /// The available variants, in the order a page shows them.
    variants: Box<[ShownVariant]>,
}

/// An available variant, without its product id (the product's).
#[derive(Debug, Clone)]
struct ShownVariant {
    /// Id, SKU, size and gender.
    texts: Texts<4>,
    /// Its colour's place in the colour vocabulary ([`NONE`]: no colour).
    colour: u32,
    unit_price_cents: i64,
    available_stock: i32,
}

/// The places of some terms by id in `vocab`, by name then id (bytes), as the page query
/// sorts them; `None` if one is unknown.
fn sorted_places(vocab: &Vocab, ids: &[String]) -> Option<Vec<u32>> {
    let mut places = ids
        .iter()
        .map(|id| vocab.place(id))
        .collect::<Option<Vec<u32>>>()?;
    let key = |&place: &u32| {
        vocab
            .at(place)
            .map(|t| (t.name.as_bytes(), t.id.as_bytes()))
    };
    places.sort_by(|a, b| key(a).cmp(&key(b)));
    Some(places)
}

fn named(term: &Term) -> NamedRef {
    convert::named(term.id.clone(), term.name.clone())
}

fn typed(term: &Term) -> TypeRef {
    TypeRef {
        id: term.id.clone(),
        name: term.name.clone(),
        description: term.description.clone(),
    }
}

impl Shown {
    /// The compact form of an entry; `None` if it names a term (brand, category, type,
    /// colour or effect) that `terms` does not hold, or is too large for it (over 65,535
    /// package counts and links, or 4 GB of text): SQL answers its pages then. The
    /// variants' colours are looked up as the page query's outer join does: an unknown one
    /// is no colour.
    pub(crate) fn new(entry: &Entry, terms: &Terms) -> Option<Self> {
        let (p, shown) = (&entry.product, &entry.shown);
        let optional = |vocab: &Vocab, id: &Option<String>| match id {
            Some(id) => vocab.place(id),
            None => Some(NONE),
        };
        let places = [
            terms.brands.place(&p.brand_id)?,
            terms.categories.place(&p.category_id)?,
            optional(&terms.apparel_types, &p.apparel_type_id)?,
            optional(&terms.show_types, &p.show_type_id)?,
        ];
        let colours = sorted_places(&terms.colors, &entry.colors)?;
        let effects = sorted_places(&terms.effects, &entry.effects)?;
        let unit = entry.unit.as_ref();

        let package = convert::package(&shown.package);
        let unit_package = unit
            .map(|u| convert::package(&u.package))
            .unwrap_or_default();
        let mut numbers =
            Vec::with_capacity(package.len() + unit_package.len() + colours.len() + effects.len());
        let mut ends = [0; 4];
        for (end, part) in ends
            .iter_mut()
            .zip([package, unit_package, colours, effects])
        {
            numbers.extend(part);
            *end = u16::try_from(numbers.len()).ok()?;
        }

        let flag = |on: bool, bit: u16| if on { bit } else { 0 };
        let mut flags = flag(shown.is_show, IS_SHOW)
            | flag(shown.is_apparel, IS_APPAREL)
            | flag(shown.in_stock, IN_STOCK)
            | flag(shown.is_case_breakable, CASE_BREAKABLE)
            | flag(shown.description.is_some(), HAS_DESCRIPTION)
            | flag(shown.video_url.is_some(), HAS_VIDEO_URL);
        if let Some(u) = unit {
            flags |= HAS_UNIT | flag(u.available, UNIT_AVAILABLE);
        }

        let colour_terms = &terms.colors;
        let mut variants: Vec<Variant> = entry
            .variants
            .iter()
            .map(|v| {
                let colour = v.color_id.as_deref().and_then(|c| colour_terms.get(c));
                convert::variant(v.clone(), colour.map(named))
            })
            .collect();
        sort_variants(&mut variants);
        let variants = variants
            .iter()
            .map(|v| {
                Some(ShownVariant {
                    texts: Texts::new([v.id.as_str(), &v.sku, &v.size, &v.gender])?,
                    colour: v
                        .color
                        .as_ref()
                        .and_then(|c| colour_terms.place(&c.id))
                        .unwrap_or(NONE),
                    unit_price_cents: v.unit_price.cents(),
                    available_stock: v.available_stock,
                })
            })
            .collect::<Option<_>>()?;

        Some(Shown {
            texts: Texts::new([
                &shown.sku,
                &shown.title,
                shown.description.as_deref().unwrap_or_default(),
                &shown.image,
                shown.video_url.as_deref().unwrap_or_default(),
                unit.map_or("", |u| &u.id),
                unit.map_or("", |u| &u.sku),
            ])?,
            numbers: numbers.into_boxed_slice(),
            ends,
            terms: places,
            case_price_cents: shown.case_price_cents,
            unit_price_cents: unit.map_or(0, |u| u.unit_price_cents),
            unit_stock: unit.map_or(0, |u| u.available_stock),
            flags,
            variants,
        })
    }

    fn has(&self, bit: u16) -> bool {
        self.flags & bit != 0
    }

    /// The numbers of part `i`.
    fn numbers(&self, i: usize) -> &[u32] {
        let start = if i == 0 { 0 } else { self.ends[i - 1] };
        self.numbers
            .get(usize::from(start)..usize::from(self.ends[i]))
            .unwrap_or_default()
    }

    /// The term of place `i` of `terms` in `vocab`.
    fn term<'a>(&self, vocab: &'a Vocab, i: usize) -> Option<&'a Term> {
        vocab.at(self.terms[i])
    }

    /// The names of the terms of part `i` of the numbers in `vocab`.
    fn names(&self, vocab: &Vocab, i: usize) -> Vec<NamedRef> {
        self.numbers(i)
            .iter()
            .filter_map(|&place| vocab.at(place))
            .map(named)
            .collect()
    }

    /// The product as a page shows it, with the id `id` and the names of `terms` (those it
    /// was made with: the index's): what `convert::product` makes of its rows, with its
    /// colours, effects and variants. (`None` only with other terms than its own.)
    pub(crate) fn model(&self, id: &str, terms: &Terms) -> Option<ProductModel> {
        Some(ProductModel {
            package: self.numbers(PACKAGE).to_vec(),
            id: id.to_owned().into(),
            sku: self.texts.owned(SKU),
            title: self.texts.owned(TITLE),
            description: self
                .has(HAS_DESCRIPTION)
                .then(|| self.texts.owned(DESCRIPTION)),
            case_price: Money::from_cents(self.case_price_cents),
            is_show: self.has(IS_SHOW),
            is_apparel: self.has(IS_APPAREL),
            in_stock: self.has(IN_STOCK),
            is_case_breakable: self.has(CASE_BREAKABLE),
            image: self.texts.owned(IMAGE),
            video_url: self.has(HAS_VIDEO_URL).then(|| self.texts.owned(VIDEO_URL)),
            brand: named(self.term(&terms.brands, BRAND)?),
            category: named(self.term(&terms.categories, CATEGORY)?),
            apparel_type: self.term(&terms.apparel_types, APPAREL_TYPE).map(typed),
            show_type: self.term(&terms.show_types, SHOW_TYPE).map(typed),
            unit: self.has(HAS_UNIT).then(|| UnitProduct {
                id: self.texts.owned(UNIT_ID),
                sku: self.texts.owned(UNIT_SKU),
                unit_price: Money::from_cents(self.unit_price_cents),
                package: self.numbers(UNIT_PACKAGE).to_vec(),
                available_stock: self.unit_stock,
                available: self.has(UNIT_AVAILABLE),
            }),
            colors: self.names(&terms.colors, COLOURS),
            effects: self.names(&terms.effects, EFFECTS),
            variants: self
                .variants
                .iter()
                .map(|v| Variant {
                    id: v.texts.owned(0).into(),
                    product_id: id.to_owned().into(),
                    sku: v.texts.owned(1),
                    size: v.texts.owned(2),
                    gender: v.texts.owned(3),
                    color: terms.colors.at(v.colour).map(named),
                    unit_price: Money::from_cents(v.unit_price_cents),
                    available_stock: v.available_stock,
                })
                .collect(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn texts_come_back_as_they_went_in_empty_ones_too() {
        let texts = Texts::new(["BLK-1", "", "Écarlate ✨", "", "x"]).expect("small");
        let back: Vec<&str> = (0..5).map(|i| texts.get(i)).collect();
        assert_eq!(back, ["BLK-1", "", "Écarlate ✨", "", "x"]);
    }
}

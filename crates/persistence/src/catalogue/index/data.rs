//! The index itself: every product in a slot, a bitmap of slots per filter value, the slots in
//! each list order, and the slots of every title trigram. Pure data, no database: `load.rs`
//! reads the facts, `query.rs` answers from them.
//!
//! Every API node holds one: ids, titles and dates per slot, a set of slots per filter value,
//! the orders and trigram lists; and each product as a page shows it, in a compact form
//! (`shown.rs`) that a page's products are made from, so that a page is answered without
//! reading the database. About 770 bytes a product in all at 100,000 products (see
//! docs/performance.md for what that costs and saves, and `tests/index_size.rs`).

use std::cmp::Ordering;
use std::hash::BuildHasher;

use chrono::NaiveDateTime;
use hashbrown::{DefaultHashBuilder, HashMap, HashTable};

use super::bits::Bits;
use super::shown::Shown;
use crate::models::{ApparelVariant, IndexedProduct, ShownProduct, UnitProduct};

/// One product as the list filters see it (see `apply_product_filter!` in `products.rs`) and
/// as a page shows it, as read from the database.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Entry {
    pub product: IndexedProduct,
    pub shown: ShownProduct,
    pub unit: Option<UnitProduct>,
    /// Linked colours (`product_colors`).
    pub colors: Vec<String>,
    /// Linked effects (`product_effects`).
    pub effects: Vec<String>,
    /// The product's available variants (`apparel_variants.available`).
    pub variants: Vec<ApparelVariant>,
}

/// A vocabulary row: brand, category, colour, effect, apparel or show type.
#[derive(Debug, Clone)]
pub(crate) struct Term {
    pub id: String,
    pub name: String,
    /// The name lowercased, as filters name it.
    pub name_lower: String,
    /// Apparel and show types only.
    pub description: Option<String>,
}

/// One vocabulary: its rows, and where each id is.
#[derive(Debug, Clone, Default)]
pub(crate) struct Vocab {
    pub terms: Vec<Term>,
    by_id: HashMap<String, usize>,
}

impl Vocab {
    pub(crate) fn new(terms: Vec<Term>) -> Self {
        let by_id = terms
            .iter()
            .enumerate()
            .map(|(i, t)| (t.id.clone(), i))
            .collect();
        Vocab { terms, by_id }
    }

    /// The row with this id.
    pub(crate) fn get(&self, id: &str) -> Option<&Term> {
        self.by_id.get(id).and_then(|&i| self.terms.get(i))
    }

    /// The place of the row with this id.
    pub(crate) fn place(&self, id: &str) -> Option<u32> {
        self.by_id.get(id).and_then(|&i| u32::try_from(i).ok())
    }

    /// The row at a place ([`NONE`]: none).
    pub(crate) fn at(&self, place: u32) -> Option<&Term> {
        self.terms.get(usize::try_from(place).ok()?)
    }
}

/// The vocabularies: what filters may name by id or name, and the names a page shows.
#[derive(Debug, Clone, Default)]
pub(crate) struct Terms {
    pub brands: Vocab,
    pub categories: Vocab,
    pub colors: Vocab,
    pub effects: Vocab,
    pub apparel_types: Vocab,
    pub show_types: Vocab,
}

/// A code that stands for no value (a product without an apparel or show type, a variant
/// without a colour).
pub(crate) const NONE: u32 = u32::MAX;

/// The values of one kind (brand ids, `gender + size` pairs, ...) numbered in the order they
/// were first seen, with the slots having each.
#[derive(Debug, Default)]
pub(crate) struct Facet {
    by_value: HashMap<String, u32>,
    values: Vec<String>,
    sets: Vec<Bits>,
}

impl Facet {
    /// The code of `value`, numbering it if new.
    fn code(&mut self, value: &str) -> u32 {
        if let Some(&code) = self.by_value.get(value) {
            return code;
        }
        let code = u32::try_from(self.values.len()).unwrap_or(NONE - 1);
        self.by_value.insert(value.to_owned(), code);
        self.values.push(value.to_owned());
        self.sets.push(Bits::default());
        code
    }

    /// Numbers `value` and puts `slot` in its set.
    fn add(&mut self, value: &str, slot: u32) {
        let code = self.code(value);
        self.sets[code as usize].insert(slot);
    }

    fn remove_slot(&mut self, slot: u32) {
        for set in &mut self.sets {
            set.remove(slot);
        }
    }

    /// Every value with its set of slots.
    pub(crate) fn values(&self) -> impl Iterator<Item = (&str, &Bits)> {
        self.values.iter().map(String::as_str).zip(&self.sets)
    }

    /// The set of the slots with this value, if any product ever had it.
    pub(crate) fn set(&self, value: &str) -> Option<&Bits> {
        self.by_value
            .get(value)
            .and_then(|&code| self.sets.get(code as usize))
    }
}

/// Titles are indexed by their byte trigrams: a needle of three bytes or more is looked for
/// only in titles that hold its rarest trigrams.
pub(crate) type Trigram = [u8; 3];

/// The distinct trigrams of a text.
pub(crate) fn trigrams(text: &str) -> Vec<Trigram> {
    let mut all: Vec<Trigram> = text
        .as_bytes()
        .windows(3)
        .map(|w| [w[0], w[1], w[2]])
        .collect();
    all.sort_unstable();
    all.dedup();
    all
}

/// The catalogue's list index at one catalogue version.
#[derive(Debug, Default)]
pub(crate) struct IndexData {
    /// The catalogue version whose products this holds (or a later one's).
    pub version: i64,
    /// Per slot: the product's id ("" for a free slot), title and creation time.
    ids: Vec<Box<str>>,
    titles: Vec<Box<str>>,
    created: Vec<NaiveDateTime>,
    /// Per slot: the product as a page shows it, without its id (the slot's) or any name
    /// (the vocabularies'): `None` for a free slot, or when it names a term the index does
    /// not hold (SQL answers its pages then).
    pub shown: Vec<Option<Shown>>,
    free: Vec<u32>,
    /// Slots by id (the table holds slot numbers; ids are compared in `ids`).
    slot_of: HashTable<u32>,
    hasher: DefaultHashBuilder,
    pub live: Bits,
    pub shows: Bits,
    pub apparel: Bits,
    pub in_stock: Bits,
    /// Products with an available variant in stock.
    pub variant_stock: Bits,
    pub brands: Facet,
    pub categories: Facet,
    pub apparel_types: Facet,
    pub show_types: Facet,
    pub colors: Facet,
    /// Colours of available variants.
    pub variant_colors: Facet,
    pub effects: Facet,
    /// `gender + PAIR + size` of available variants: a size and a gender must match on one
    /// variant.
    pub variant_pairs: Facet,
    /// Slots by `(title_lower, id)`, and each slot's place in it.
    by_title: Vec<u32>,
    title_rank: Vec<u32>,
    /// Slots by `(created_on, id)` descending, and each slot's place in it.
    by_newest: Vec<u32>,
    newest_rank: Vec<u32>,
    pub titles_by_trigram: HashMap<Trigram, Vec<u32>>,
    pub terms: Terms,
}

/// The two list orders.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Order {
    Title,
    Newest,
}

/// The separator of a variant pair's gender and size (neither holds control characters).
pub(crate) const PAIR: char = '\u{1f}';

impl IndexData {
    /// An empty index at `version`; [`Self::push`] fills it, [`Self::finish`] sorts it.
    pub(crate) fn new(version: i64, terms: Terms) -> Self {
        IndexData {
            version,
            terms,
            ..IndexData::default()
        }
    }

    /// Adds a product while building (no orders or ranks yet: see [`Self::finish`]).
    pub(crate) fn push(&mut self, entry: &Entry) {
        let slot = self.allocate(&entry.product.id);
        self.set_facts(slot, entry);
        for trigram in trigrams(&entry.product.title_lower) {
            // Slots are handed out in increasing order here: every list stays sorted.
            self.titles_by_trigram
                .entry(trigram)
                .or_default()
                .push(slot);
        }
    }

    /// Sorts the orders once every product is in.
    pub(crate) fn finish(&mut self) {
        for list in self.titles_by_trigram.values_mut() {
            list.shrink_to_fit();
        }
        let live: Vec<u32> = self.live.iter().collect();
        let mut by_title = live.clone();
        by_title.sort_unstable_by(|&a, &b| self.compare(Order::Title, a, b));
        let mut by_newest = live;
        by_newest.sort_unstable_by(|&a, &b| self.compare(Order::Newest, a, b));
        self.by_title = by_title;
        self.by_newest = by_newest;
        self.rerank(Order::Title, 0);
        self.rerank(Order::Newest, 0);
    }

    fn hash(&self, id: &str) -> u64 {
        self.hasher.hash_one(id)
    }

    /// The slot of a product.
    pub(crate) fn slot(&self, id: &str) -> Option<u32> {
        let ids = &self.ids;
        self.slot_of
            .find(self.hash(id), |&slot| &*ids[slot as usize] == id)
            .copied()
    }

    /// The id of a slot's product ("" for a free slot).
    pub(crate) fn id(&self, slot: u32) -> &str {
        self.ids.get(slot as usize).map_or("", |id| id)
    }

    /// The title of a slot ("" for a free one).
    pub(crate) fn title(&self, slot: u32) -> &str {
        self.titles.get(slot as usize).map_or("", |t| t)
    }

    /// How two live slots compare in `order`.
    fn compare(&self, order: Order, a: u32, b: u32) -> Ordering {
        let (a, b) = (a as usize, b as usize);
        match order {
            Order::Title => (self.titles[a].as_bytes(), self.ids[a].as_bytes())
                .cmp(&(self.titles[b].as_bytes(), self.ids[b].as_bytes())),
            Order::Newest => (self.created[b], self.ids[b].as_bytes())
                .cmp(&(self.created[a], self.ids[a].as_bytes())),
        }
    }

    /// A slot for a new product: a freed one, or the next.
    fn allocate(&mut self, id: &str) -> u32 {
        let slot = match self.free.pop() {
            Some(slot) => {
                self.ids[slot as usize] = id.into();
                slot
            }
            None => {
                self.ids.push(id.into());
                self.titles.push(Box::default());
                self.created.push(NaiveDateTime::default());
                self.shown.push(None);
                u32::try_from(self.ids.len() - 1).unwrap_or(NONE - 1)
            }
        };
        let (hash, ids, hasher) = (self.hash(id), &self.ids, &self.hasher);
        self.slot_of
            .insert_unique(hash, slot, |&s| hasher.hash_one(&*ids[s as usize]));
        slot
    }

    /// Writes a product's facts into its slot: title, date, sets and what a page shows.
    fn set_facts(&mut self, slot: u32, entry: &Entry) {
        let (at, e) = (slot as usize, &entry.product);
        self.titles[at] = e.title_lower.as_str().into();
        self.created[at] = e.created_on;
        self.live.insert(slot);
        self.shows.set(slot, e.is_show);
        self.apparel.set(slot, e.is_apparel);
        self.in_stock.set(slot, e.in_stock);
        self.variant_stock
            .set(slot, entry.variants.iter().any(|v| v.available_stock > 0));
        self.brands.add(&e.brand_id, slot);
        self.categories.add(&e.category_id, slot);
        if let Some(t) = &e.apparel_type_id {
            self.apparel_types.add(t, slot);
        }
        if let Some(t) = &e.show_type_id {
            self.show_types.add(t, slot);
        }
        for c in &entry.colors {
            self.colors.add(c, slot);
        }
        for x in &entry.effects {
            self.effects.add(x, slot);
        }
        for v in &entry.variants {
            if let Some(c) = &v.color_id {
                self.variant_colors.add(c, slot);
            }
            self.variant_pairs
                .add(&format!("{}{PAIR}{}", v.gender, v.size), slot);
        }
        self.shown[at] = Shown::new(entry, &self.terms);
    }

    /// Takes a slot out of every set.
    fn clear_sets(&mut self, slot: u32) {
        for set in [
            &mut self.live,
            &mut self.shows,
            &mut self.apparel,
            &mut self.in_stock,
            &mut self.variant_stock,
        ] {
            set.remove(slot);
        }
        for facet in [
            &mut self.brands,
            &mut self.categories,
            &mut self.apparel_types,
            &mut self.show_types,
            &mut self.colors,
            &mut self.variant_colors,
            &mut self.effects,
            &mut self.variant_pairs,
        ] {
            facet.remove_slot(slot);
        }
    }

    /// Puts a product's current facts in (`Some`), or takes a deleted product out (`None`).
    pub(crate) fn apply(&mut self, id: &str, entry: Option<Entry>) {
        let Some(slot) = self.slot(id) else {
            if let Some(entry) = entry {
                let slot = self.allocate(id);
                self.set_facts(slot, &entry);
                self.file(slot, true, true);
            }
            return;
        };
        let at = slot as usize;
        let Some(entry) = entry else {
            self.unfile(slot, true, true);
            self.clear_sets(slot);
            let (hash, ids) = (self.hash(id), &self.ids);
            if let Ok(found) = self.slot_of.find_entry(hash, |&s| &*ids[s as usize] == id) {
                found.remove();
            }
            self.ids[at] = Box::default();
            self.titles[at] = Box::default();
            self.shown[at] = None;
            self.free.push(slot);
            return;
        };
        let retitle = *self.titles[at] != *entry.product.title_lower;
        let redate = self.created[at] != entry.product.created_on;
        // Out of the orders under the old key, back in under the new one.
        self.unfile(slot, retitle, redate);
        self.clear_sets(slot);
        self.set_facts(slot, &entry);
        self.file(slot, retitle, redate);
    }

    /// Files a slot in the orders (and its title's trigrams) by its current facts.
    fn file(&mut self, slot: u32, title: bool, date: bool) {
        if title {
            self.place(slot, Order::Title);
            for trigram in trigrams(self.title(slot)) {
                let list = self.titles_by_trigram.entry(trigram).or_default();
                if let Err(at) = list.binary_search(&slot) {
                    list.insert(at, slot);
                }
            }
        }
        if date {
            self.place(slot, Order::Newest);
        }
    }

    /// Takes a slot out of the orders (and its title's trigrams), by its current facts.
    fn unfile(&mut self, slot: u32, title: bool, date: bool) {
        if title {
            self.unplace(slot, Order::Title);
            for trigram in trigrams(self.title(slot)) {
                if let Some(list) = self.titles_by_trigram.get_mut(&trigram) {
                    if let Ok(at) = list.binary_search(&slot) {
                        list.remove(at);
                    }
                    if list.is_empty() {
                        self.titles_by_trigram.remove(&trigram);
                    }
                }
            }
        }
        if date {
            self.unplace(slot, Order::Newest);
        }
    }

    fn order_mut(&mut self, order: Order) -> &mut Vec<u32> {
        match order {
            Order::Title => &mut self.by_title,
            Order::Newest => &mut self.by_newest,
        }
    }

    /// Where `slot` stands (or would stand) in `order`, by its current facts.
    fn position(&self, order: Order, slot: u32) -> usize {
        self.ordered(order)
            .partition_point(|&other| self.compare(order, other, slot) == Ordering::Less)
    }

    fn place(&mut self, slot: u32, order: Order) {
        let at = self.position(order, slot);
        self.order_mut(order).insert(at, slot);
        self.rerank(order, at);
    }

    fn unplace(&mut self, slot: u32, order: Order) {
        let at = self.position(order, slot);
        let list = self.order_mut(order);
        if list.get(at) == Some(&slot) {
            list.remove(at);
            self.rerank(order, at);
        }
    }

    /// Writes the rank of every slot from place `from` of `order` on.
    fn rerank(&mut self, order: Order, from: usize) {
        let slots = self.ids.len();
        let (list, rank) = match order {
            Order::Title => (&self.by_title, &mut self.title_rank),
            Order::Newest => (&self.by_newest, &mut self.newest_rank),
        };
        if rank.len() < slots {
            rank.resize(slots, 0);
        }
        for (place, &slot) in list.iter().enumerate().skip(from) {
            rank[slot as usize] = u32::try_from(place).unwrap_or(NONE);
        }
    }

    /// The number of live products.
    pub(crate) fn len(&self) -> usize {
        self.by_title.len()
    }

    /// A slot's place in `order`.
    pub(crate) fn rank(&self, order: Order, slot: u32) -> u32 {
        let rank = match order {
            Order::Title => &self.title_rank,
            Order::Newest => &self.newest_rank,
        };
        rank.get(slot as usize).copied().unwrap_or(NONE)
    }

    /// The slots in `order`.
    pub(crate) fn ordered(&self, order: Order) -> &[u32] {
        match order {
            Order::Title => &self.by_title,
            Order::Newest => &self.by_newest,
        }
    }
}

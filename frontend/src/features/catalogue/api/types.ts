/** The catalogue's JSON shapes (storefront.md §3), as the API document describes them (`@/api`). */
import type { Schemas } from '@/api';

export type Named = Schemas['NamedJson'];
export type TypeRef = Schemas['TypeJson'];
export type UnitProduct = Schemas['UnitProductJson'];

export type Gender = 'MALE' | 'FEMALE' | 'UNISEX';

export type Variant = Schemas['VariantJson'];
export type Product = Schemas['ProductJson'];
export type ProductPage = Schemas['PageJson_ProductJson'];

export type ShowProductProduct = Schemas['ShowLineProductJson'];
export type ShowProduct = Schemas['ShowLineJson'];
export type Show = Schemas['ShowJson'];
export type ShowPage = Schemas['ShowPageJson'];
export type Metadata = Schemas['MetadataJson'];

/** One filter option's count: the products (or shows) its list gives with it and the other filters. */
export type FacetCount = Schemas['FacetCountJson'];

/** A facets answer: each kind asked for, options without products left out. */
export type Facets = Schemas['FacetsJson'];

/** The kinds of counted filter options (GET /api/{products,apparel,shows}/facets). */
export type FacetKind = keyof Facets;

/** The catalogue's JSON shapes (storefront.md §3, as the API answers them). */
export interface Named {
  id: string;
  name: string;
}

export interface TypeRef extends Named {
  description?: string | null;
}

export interface UnitProduct {
  id: string;
  sku: string;
  unitPrice: number;
  package: number[];
  availableStock: number;
}

export type Gender = 'MALE' | 'FEMALE' | 'UNISEX';

export interface Variant {
  id: string;
  sku: string;
  size: string;
  gender: Gender | string;
  colorId: string | null;
  color: Named | null;
  unitPrice: number;
  availableStock: number;
}

export interface Product {
  id: string;
  sku: string;
  title: string;
  description: string | null;
  casePrice: number;
  isShow: boolean;
  isApparel: boolean;
  inStock: boolean;
  isCaseBreakable: boolean;
  apparelType: TypeRef | null;
  showType: TypeRef | null;
  category: Named | null;
  brand: Named | null;
  colors: Named[];
  effects: Named[];
  image: string | null;
  videoURL: string | null;
  package: number[];
  unitProduct: UnitProduct | null;
  variants: Variant[];
}

export interface ProductPage {
  contents: Product[];
  totalItems: number;
  hasMore: boolean;
  totalPages: number;
}

export interface ShowProductProduct {
  id: string;
  sku: string;
  title: string;
  image?: string | null;
  casePrice?: number;
  package?: number[];
  inStock?: boolean;
  unitProduct?: { unitPrice: number; package: number[] } | null;
}

export interface ShowProduct {
  id: string;
  quantity: number;
  isUnit: boolean;
  notes: string | null;
  product: ShowProductProduct;
}

export interface Show {
  id: string;
  sku: string;
  title: string;
  image: string | null;
  description: string | null;
  videoURL: string | null;
  casePrice: number;
  inStock: boolean;
  showTypeId: string | null;
  showType: TypeRef | null;
  brand: Named | null;
  category: Named | null;
  showProducts: ShowProduct[];
}

export interface ShowPage {
  shows: Show[];
  pagination: { page: number; total: number; totalPages: number; pageSize?: number; hasMore?: boolean };
}

export interface Metadata {
  brands: Named[];
  categories: Named[];
  colors: Named[];
  effects: Named[];
  apparelTypes?: TypeRef[];
  showTypes?: TypeRef[];
}

/** One filter option's count: the products (or shows) its list gives with it and the other filters. */
export interface FacetCount {
  id: string;
  count: number;
}

/** The kinds of counted filter options (GET /api/{products,apparel,shows}/facets). */
export type FacetKind = 'brands' | 'categories' | 'colors' | 'effects' | 'apparelTypes' | 'showTypes' | 'genders' | 'sizes';

/** A facets answer: each kind asked for, options without products left out. */
export type Facets = Partial<Record<FacetKind, FacetCount[]>>;

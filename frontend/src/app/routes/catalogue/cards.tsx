import type { ComponentProps, ReactNode } from 'react';
import { AddToCart, SignInPrompt } from '@/features/cart/components/add-to-cart';
import type { Product, Show } from '@/features/catalogue/api/types';
import { ApparelCard as CatalogueApparelCard, type ChosenVariant } from '@/features/catalogue/components/apparel-card';
import { ProductCard as CatalogueProductCard } from '@/features/catalogue/components/product-card';
import { ShowCard as CatalogueShowCard } from '@/features/catalogue/components/show-card';

// The shop's cards: the catalogue's cards holding the cart's add buttons. This composition is
// why the catalogue pages live in app/routes: features/catalogue never imports features/cart.

/** Where the buttons sit (size) and what a signed-out visitor sees instead (default: the sign-in prompt). */
interface Placement {
  size?: 'sm' | 'md';
  signedOut?: ReactNode;
}

/** Add Case and, with a unit product, Add Unit; nothing while the product is out of stock. */
export function ProductCartActions({ product, ...placement }: { product: Product } & Placement) {
  const buttons = product.inStock ? [{ label: 'Add Case' }, ...(product.unitProduct ? [{ label: 'Add Unit' }] : [])] : [];
  return <AddToCart buttons={buttons} {...placement} />;
}

export function ShowCartActions({ show, ...placement }: { show: Show } & Placement) {
  return <AddToCart buttons={[{ label: 'Add Show to Cart', disabled: !show.inStock }]} {...placement} />;
}

/** The add button's label for the chosen variant; the detail page words the missing choice differently. */
function apparelButtonLabel(hasVariant: boolean, inStock: boolean, detail: boolean): string {
  if (!hasVariant) return detail ? 'Select Options First' : 'Select Options';
  return inStock ? 'Add to Cart' : 'Out of Stock';
}

export function ApparelCartActions({ variant, inStock, detail = false, ...placement }: ChosenVariant & { detail?: boolean } & Placement) {
  const label = apparelButtonLabel(variant !== null, inStock, detail);
  return <AddToCart buttons={[{ label, disabled: !variant || !inStock }]} {...placement} />;
}

/** A detail page's signed-out line: the sign-in prompt in its own words. */
export const detailSignIn = (text: string) => (
  <p>
    <SignInPrompt text={text} />
  </p>
);

export function ProductCard(props: Omit<ComponentProps<typeof CatalogueProductCard>, 'actions'>) {
  return <CatalogueProductCard {...props} actions={<ProductCartActions product={props.product} />} />;
}

export function ShowCard(props: Omit<ComponentProps<typeof CatalogueShowCard>, 'actions'>) {
  return <CatalogueShowCard {...props} actions={<ShowCartActions show={props.show} />} />;
}

export function ApparelCard(props: Omit<ComponentProps<typeof CatalogueApparelCard>, 'actions'>) {
  return <CatalogueApparelCard {...props} actions={(chosen) => <ApparelCartActions {...chosen} />} />;
}

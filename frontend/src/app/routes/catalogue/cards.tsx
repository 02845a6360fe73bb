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
  const buttons = product.inStock
    ? [
        { label: 'Add Case', item: { productId: product.id, isUnit: false } },
        ...(product.unitProduct ? [{ label: 'Add Unit', item: { productId: product.id, isUnit: true } }] : []),
      ]
    : [];
  return <AddToCart title={product.title} buttons={buttons} {...placement} />;
}

/** Add Show to Cart: disabled when out of stock, "Adding to Cart..." while adding. */
export function ShowCartActions({ show, ...placement }: { show: Show } & Placement) {
  const button = {
    label: 'Add Show to Cart',
    busyLabel: 'Adding to Cart...',
    disabled: !show.inStock,
    item: { productId: show.id, isUnit: false },
  };
  return <AddToCart title={show.title} kind="show" buttons={[button]} {...placement} />;
}

/** The add button's label for the chosen variant; the detail page words the missing choice differently. */
function apparelButtonLabel(hasVariant: boolean, inStock: boolean, detail: boolean): string {
  if (!hasVariant) return detail ? 'Select Options First' : 'Select Options';
  return inStock ? 'Add to Cart' : 'Out of Stock';
}

/** One item of the chosen variant (apparel lines count items). */
export function ApparelCartActions({
  product,
  variant,
  inStock,
  detail = false,
  ...placement
}: ChosenVariant & { product: Pick<Product, 'id' | 'title'>; detail?: boolean } & Placement) {
  const label = apparelButtonLabel(variant !== null, inStock, detail);
  const item = variant && inStock ? { productId: product.id, isUnit: false, variantId: variant.id } : undefined;
  return <AddToCart title={product.title} buttons={[{ label, disabled: !item, item }]} {...placement} />;
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
  return <CatalogueApparelCard {...props} actions={(chosen) => <ApparelCartActions product={props.product} {...chosen} />} />;
}

import { useState } from 'react';
import { AppLink } from '@/components/app-link';
import { formatMoney } from '@/lib/format';
import type { Product } from '../api/types';
import { NO_CHOICE, selectVariant, variantInStock, type VariantChoice } from '../lib/variants';
import { CartButton, CartComingSoonNote, SignInPrompt } from './cart-button';
import { ProductImage } from './product-image';
import { useSignedIn } from './use-signed-in';
import { VariantPicker } from './variant-picker';

/** The add button of an apparel product for the chosen variant (card wording). */
export function apparelButtonLabel(hasVariant: boolean, inStock: boolean, detail = false): string {
  if (!hasVariant) return detail ? 'Select Options First' : 'Select Options';
  return inStock ? 'Add to Cart' : 'Out of Stock';
}

/** An apparel product in a listing, with its own variant choice. */
export function ApparelCard({ product, to, heading: H = 'h2' }: { product: Product; to: string; heading?: 'h2' | 'h3' }) {
  const signedIn = useSignedIn();
  const [wanted, setWanted] = useState<VariantChoice>(NO_CHOICE);
  const { variant } = selectVariant(product.variants, wanted);
  const inStock = variantInStock(variant);
  return (
    <article className="card h-full bg-base-100 shadow-md" data-testid="apparel-card">
      <figure>
        <AppLink to={to} tabIndex={-1} aria-hidden="true" className="block w-full">
          <ProductImage src={product.image} alt="" />
        </AppLink>
      </figure>
      <div className="card-body gap-2 p-4">
        <div className="flex flex-wrap gap-1">
          <span className="badge badge-outline badge-sm">
            <span className="sr-only">SKU </span>
            {product.sku}
          </span>
          {product.apparelType && <span className="badge badge-secondary badge-sm">{product.apparelType.name}</span>}
        </div>
        <H className="card-title text-base">
          <AppLink to={to} className="link-hover">
            {product.title}
          </AppLink>
        </H>
        {product.brand && <p className="text-sm">{product.brand.name}</p>}
        <VariantPicker variants={product.variants} wanted={wanted} onChange={setWanted} />
        <p className="text-sm" aria-live="polite">
          {variant ? (
            <>
              <span>
                Variant <span className="font-mono">{variant.sku}</span>
              </span>{' '}
              · <strong>{formatMoney(variant.unitPrice)}</strong> each
            </>
          ) : (
            <>
              From <strong>{formatMoney(product.casePrice)}</strong>
            </>
          )}
        </p>
        <div className="card-actions mt-auto items-center">
          {signedIn ? (
            <>
              <CartButton label={apparelButtonLabel(variant !== null, inStock)} disabled={!variant || !inStock} />
              {variant && inStock && <CartComingSoonNote />}
            </>
          ) : (
            <SignInPrompt />
          )}
        </div>
      </div>
    </article>
  );
}

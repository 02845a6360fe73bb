import { useState, type ReactNode } from 'react';
import { AppLink } from '@/components/app-link';
import { formatMoney } from '@/lib/format';
import type { Product, Variant } from '../api/types';
import { NO_CHOICE, selectVariant, variantInStock, type VariantChoice } from '../lib/variants';
import { CardFigure } from '@/components/product-image';
import { VariantPicker } from './variant-picker';

/** The variant chosen on an apparel card or page (null until the choice is complete) and its stock. */
export interface ChosenVariant {
  variant: Variant | null;
  inStock: boolean;
}

/**
 * An apparel product in a listing, with its own variant choice; `actions` renders the cart's
 * button for the chosen variant.
 */
export function ApparelCard({
  product,
  to,
  heading: H = 'h2',
  actions,
}: {
  product: Product;
  to: string;
  heading?: 'h2' | 'h3';
  actions?: (chosen: ChosenVariant) => ReactNode;
}) {
  const [wanted, setWanted] = useState<VariantChoice>(NO_CHOICE);
  const { variant } = selectVariant(product.variants, wanted);
  const inStock = variantInStock(variant);
  return (
    <article className="card h-full bg-base-100 shadow-md" data-testid="apparel-card">
      <CardFigure src={product.image} to={to} />
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
        <div className="card-actions mt-auto items-center">{actions?.({ variant, inStock })}</div>
      </div>
    </article>
  );
}

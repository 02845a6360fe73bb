import type { ReactNode } from 'react';
import { AppLink } from '@/components/app-link';
import { formatMoney } from '@/lib/format';
import type { Product } from '../api/types';
import { CardFigure } from '@/components/product-image';

/** A package list as the cards show it: parts joined with a slash. */
export const packageText = (parts: number[] | null | undefined): string => (parts ?? []).map(String).join('/');

type Heading = 'h2' | 'h3';

/** A fireworks product in a listing; `actions` (the cart's buttons) go beside the stock badge. */
export function ProductCard({ product, to, heading: H = 'h2', actions }: { product: Product; to: string; heading?: Heading; actions?: ReactNode }) {
  const unit = product.unitProduct;
  return (
    <article className="card h-full bg-base-100 shadow-md" data-testid="product-card">
      <CardFigure src={product.image} to={to} />
      <div className="card-body gap-2 p-4">
        <span className="badge badge-outline badge-sm">
          <span className="sr-only">SKU </span>
          {product.sku}
        </span>
        <H className="card-title text-base">
          <AppLink to={to} className="link-hover">
            {product.title}
          </AppLink>
        </H>
        <dl className="grid grid-cols-[auto_1fr] gap-x-2 text-sm">
          <dt>Case</dt>
          <dd>
            {packageText(product.package)} · <strong>{formatMoney(product.casePrice)}</strong>
          </dd>
          {unit ? (
            <>
              <dt>Unit</dt>
              <dd>
                {packageText(unit.package)} · <strong>{formatMoney(unit.unitPrice)}</strong>
              </dd>
            </>
          ) : (
            <>
              <dt>Unit</dt>
              <dd>Case only</dd>
            </>
          )}
        </dl>
        <div className="card-actions mt-auto items-center">
          {!product.inStock && <span className="badge badge-error">Currently Out of Stock</span>}
          {actions}
        </div>
      </div>
    </article>
  );
}

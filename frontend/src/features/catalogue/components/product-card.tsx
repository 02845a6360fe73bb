import { AppLink } from '@/components/app-link';
import { formatMoney } from '@/lib/format';
import type { Product } from '../api/types';
import { CartButton, CartComingSoonNote, SignInPrompt } from './cart-button';
import { ProductImage } from './product-image';
import { useSignedIn } from './use-signed-in';

/** A package list as the cards show it: parts joined with a slash. */
export const packageText = (parts: number[] | null | undefined): string => (parts ?? []).map(String).join('/');

type Heading = 'h2' | 'h3';

/** A fireworks product in a listing. */
export function ProductCard({ product, to, heading: H = 'h2' }: { product: Product; to: string; heading?: Heading }) {
  const signedIn = useSignedIn();
  const unit = product.unitProduct;
  return (
    <article className="card h-full bg-base-100 shadow-md" data-testid="product-card">
      <figure>
        <AppLink to={to} tabIndex={-1} aria-hidden="true" className="block w-full">
          <ProductImage src={product.image} alt="" />
        </AppLink>
      </figure>
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
          {signedIn && product.inStock && (
            <>
              <CartButton label="Add Case" />
              {unit && <CartButton label="Add Unit" />}
              <CartComingSoonNote />
            </>
          )}
          {!signedIn && <SignInPrompt />}
        </div>
      </div>
    </article>
  );
}

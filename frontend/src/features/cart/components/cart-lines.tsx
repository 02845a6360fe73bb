import { AppLink } from '@/components/app-link';
import { ProductImage } from '@/components/product-image';
import { formatMoney } from '@/lib/format';
import { useAppDispatch } from '@/lib/hooks';
import { paths } from '@/lib/paths';
import { toastShown } from '@/lib/toast/toast-slice';
import { useRemoveFromCartMutation, useUpdateCartQuantityMutation } from '../api/cart-api';
import type { Cart, CartLine } from '../api/types';
import { cartMessages } from '../lib/messages';

const STYLE_LABELS: Record<string, string> = { MALE: "Men's", FEMALE: "Women's", UNISEX: 'Unisex' };

/** Where a line's title links: the product, show or apparel page. */
function detailHref(line: CartLine): string {
  const { product } = line;
  if (product.isShow) return paths.show.getHref({ showId: product.id });
  if (product.isApparel) return paths.apparelItem.getHref({ productId: product.id });
  return paths.product.getHref({ productId: product.id });
}

/** One count of a line with its − and + buttons. */
function QuantityControl({
  label,
  title,
  value,
  busy,
  canAdd,
  onChange,
}: {
  label: string;
  title: string;
  value: number;
  busy: boolean;
  canAdd: boolean;
  onChange: (quantity: number) => void;
}) {
  const lower = label.toLowerCase();
  return (
    <div role="group" aria-label={`${label} of ${title}`} className="flex items-center gap-2">
      <span className="w-12 text-sm">{label}</span>
      <div className="join">
        <button
          type="button"
          className="btn btn-sm join-item"
          aria-label={`Decrease ${lower} of ${title}`}
          disabled={busy || value <= 0}
          onClick={() => onChange(value - 1)}
        >
          −
        </button>
        <output className="join-item flex w-10 items-center justify-center border-y border-base-300 text-sm" aria-live="polite">
          {value}
        </output>
        <button
          type="button"
          className="btn btn-sm join-item"
          aria-label={`Increase ${lower} of ${title}`}
          disabled={busy || !canAdd}
          onClick={() => onChange(value + 1)}
        >
          +
        </button>
      </div>
    </div>
  );
}

/** A cart line: picture, title, what it is, its prices as the catalogue states them, and its controls. */
function CartLineItem({ line }: { line: CartLine }) {
  const dispatch = useAppDispatch();
  const [update, { isLoading: updating }] = useUpdateCartQuantityMutation();
  const [remove, { isLoading: removing }] = useRemoveFromCartMutation();
  const { product, variant } = line;
  const title = product.title;
  const key = { cartId: line.cartId, productId: line.productId, variantId: line.variantId };
  const busy = updating || removing;

  const setQuantity = async (isUnit: boolean, quantity: number) => {
    try {
      await update({ ...key, isUnit, quantity }).unwrap();
      dispatch(toastShown(cartMessages.updated(title), 'success'));
    } catch {
      dispatch(toastShown(cartMessages.updateFailed, 'error'));
    }
  };
  const removeLine = async () => {
    try {
      await remove(key).unwrap();
      dispatch(toastShown(cartMessages.removed(title), 'success'));
    } catch {
      dispatch(toastShown(cartMessages.removeFailed, 'error'));
    }
  };

  const sellsUnits = !product.isShow && !product.isApparel && (product.unitProduct !== null || line.unitQuantity > 0);
  const caseLabel = product.isApparel ? 'Items' : product.isShow ? 'Shows' : 'Cases';
  return (
    <li className="card card-side bg-base-100 shadow-sm" aria-label={title}>
      <figure className="w-28 shrink-0 p-2 sm:w-36">
        <ProductImage src={product.image} alt="" className="rounded-box" />
      </figure>
      <div className="card-body gap-2 p-4">
        <h3 className="card-title text-base">
          <AppLink to={detailHref(line)} className="link-hover">
            {title}
          </AppLink>
        </h3>
        <p className="text-sm">
          <span className="sr-only">SKU </span>
          <span className="font-mono">{variant?.sku ?? product.sku}</span>
          {variant && (
            <span>
              {' '}
              · {variant.size} · {STYLE_LABELS[variant.gender] ?? variant.gender}
              {variant.color ? ` · ${variant.color.name}` : ''}
            </span>
          )}
        </p>
        <p className="text-sm">
          {variant ? (
            <>{formatMoney(variant.unitPrice)} per item</>
          ) : (
            <>
              {formatMoney(product.casePrice)} per {product.isShow ? 'show' : 'case'}
              {product.unitProduct && !product.isShow && <> · {formatMoney(product.unitProduct.unitPrice)} per unit</>}
            </>
          )}
        </p>
        <div className="flex flex-wrap items-center gap-4">
          <QuantityControl
            label={caseLabel}
            title={title}
            value={line.caseQuantity}
            busy={busy}
            canAdd
            onChange={(q) => void setQuantity(false, q)}
          />
          {sellsUnits && (
            <QuantityControl
              label="Units"
              title={title}
              value={line.unitQuantity}
              busy={busy}
              canAdd={product.unitProduct !== null}
              onChange={(q) => void setQuantity(true, q)}
            />
          )}
          <button type="button" className="btn btn-ghost btn-sm" aria-label={`Remove ${title}`} disabled={busy} onClick={() => void removeLine()}>
            Remove
          </button>
        </div>
      </div>
    </li>
  );
}

/** The cart's lines, oldest first, each with its controls. */
export function CartLines({ cart }: { cart: Cart }) {
  return (
    <ul aria-label="Cart items" className="space-y-3">
      {cart.cartProducts.map((line) => (
        <CartLineItem key={line.id} line={line} />
      ))}
    </ul>
  );
}

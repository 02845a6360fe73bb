import { useState } from 'react';
import { AppLink } from '@/components/app-link';
import { ProductImage } from '@/components/product-image';
import { formatMoney } from '@/lib/format';
import { useAppDispatch } from '@/lib/hooks';
import { paths } from '@/lib/paths';
import { toastShown } from '@/lib/toast/toast-slice';
import { useRemoveFromCartMutation, useUpdateCartQuantityMutation } from '../api/cart-api';
import type { Cart, CartLine } from '../api/types';
import { errorMessage } from '@/lib/api';
import { cartMessages, checkoutMessages } from '../lib/messages';

const STYLE_LABELS: Record<string, string> = { MALE: "Men's", FEMALE: "Women's", UNISEX: 'Unisex' };

/** Where a line's title links: the product, show or apparel page. */
function detailHref(line: CartLine): string {
  const { product } = line;
  if (product.isShow) return paths.show.getHref({ showId: product.id });
  if (product.isApparel) return paths.apparelItem.getHref({ productId: product.id });
  return paths.product.getHref({ productId: product.id });
}

/** Most cases, units or items one line may count (the server's bound). */
export const MAX_LINE_QUANTITY = 9999;

/**
 * The count box: what is typed becomes one change when it is committed (Enter or leaving the
 * box), bounded to 0..`max`; anything else typed goes back to the count. Keyed by the count
 * outside, so a new count from the server starts it again.
 */
function QuantityInput({
  name,
  value,
  max,
  disabled,
  onChange,
}: {
  name: string;
  value: number;
  max: number;
  disabled: boolean;
  onChange: (quantity: number) => void;
}) {
  const [draft, setDraft] = useState(String(value));
  const commit = () => {
    const typed = Number(draft);
    if (draft.trim() === '' || !Number.isInteger(typed) || typed < 0) {
      setDraft(String(value));
      return;
    }
    const next = Math.min(typed, max);
    setDraft(String(next));
    if (next !== value) onChange(next);
  };
  return (
    <input
      type="number"
      inputMode="numeric"
      min={0}
      max={max}
      step={1}
      aria-label={name}
      className="input input-sm join-item w-16 text-center"
      value={draft}
      disabled={disabled}
      onChange={(e) => setDraft(e.target.value)}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          commit();
        } else if (e.key === 'Escape') {
          setDraft(String(value));
        }
      }}
    />
  );
}

/** One count of a line: −, a box to type the count, +. `max` bounds it (stock, 9999). */
function QuantityControl({
  label,
  title,
  value,
  max,
  busy,
  canAdd,
  onChange,
}: {
  label: string;
  title: string;
  value: number;
  max: number;
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
        <QuantityInput key={value} name={`${label} of ${title}`} value={value} max={max} disabled={busy} onChange={onChange} />
        <button
          type="button"
          className="btn btn-sm join-item"
          aria-label={`Increase ${lower} of ${title}`}
          disabled={busy || !canAdd || value >= max}
          onClick={() => onChange(value + 1)}
        >
          +
        </button>
      </div>
    </div>
  );
}

/**
 * A failed change's toast: the specification's words, followed by the server's reason when it
 * refused the change for the cart's state (409: out of stock, or "Your cart is being paid for.
 * Cancel the payment to change it."), which says what to do.
 */
const failureMessage = (error: unknown, fallback: string) =>
  (error as { status?: unknown } | undefined)?.status === 409 ? `${fallback}: ${errorMessage(error, fallback)}` : fallback;

/**
 * A cart line: picture, title, what it is, its prices as the catalogue states them, and its
 * controls (disabled while the cart is `locked` by an open payment session).
 */
function CartLineItem({ line, locked }: { line: CartLine; locked: boolean }) {
  const dispatch = useAppDispatch();
  const [update, { isLoading: updating }] = useUpdateCartQuantityMutation();
  const [remove, { isLoading: removing }] = useRemoveFromCartMutation();
  const { product, variant } = line;
  const title = product.title;
  const key = { cartId: line.cartId, productId: line.productId, variantId: line.variantId };
  const busy = updating || removing || locked;

  const setQuantity = async (isUnit: boolean, quantity: number) => {
    try {
      await update({ ...key, isUnit, quantity }).unwrap();
      dispatch(toastShown(cartMessages.updated(title), 'success'));
    } catch (error) {
      dispatch(toastShown(failureMessage(error, cartMessages.updateFailed), 'error'));
    }
  };
  const removeLine = async () => {
    try {
      await remove(key).unwrap();
      dispatch(toastShown(cartMessages.removed(title), 'success'));
    } catch (error) {
      dispatch(toastShown(failureMessage(error, cartMessages.removeFailed), 'error'));
    }
  };

  const sellsUnits = !product.isShow && !product.isApparel && (product.unitProduct !== null || line.unitQuantity > 0);
  const caseLabel = product.isApparel ? 'Items' : product.isShow ? 'Shows' : 'Cases';
  // Counted stock bounds only apparel (decisions.md "Stock"); the server counts holds too.
  const caseMax = Math.max(0, Math.min(MAX_LINE_QUANTITY, variant?.availableStock ?? MAX_LINE_QUANTITY));
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
            max={Math.max(caseMax, line.caseQuantity)}
            busy={busy}
            canAdd
            onChange={(q) => void setQuantity(false, q)}
          />
          {sellsUnits && (
            <QuantityControl
              label="Units"
              title={title}
              value={line.unitQuantity}
              max={MAX_LINE_QUANTITY}
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

/**
 * The cart's lines, oldest first, each with its controls. While a payment session is open
 * (`locked`) the server refuses every change (decisions.md "Stock"): the controls are disabled
 * and a note says why.
 */
export function CartLines({ cart, locked = false }: { cart: Cart; locked?: boolean }) {
  return (
    <div className="space-y-3">
      {locked && (
        <p role="status" className="alert alert-info text-sm">
          {checkoutMessages.locked}
        </p>
      )}
      <ul aria-label="Cart items" className="space-y-3">
        {cart.cartProducts.map((line) => (
          <CartLineItem key={line.id} line={line} locked={locked} />
        ))}
      </ul>
    </div>
  );
}

import { AppLink } from '@/components/app-link';
import { formatMoney } from '@/lib/format';
import { paths } from '@/lib/paths';
import { orderTypeLabel } from '@/lib/orders';
import { owedUnitsText } from '@/lib/owed-units';
import type { Quote } from '../api/types';

function Row({ term, children, strong = false }: { term: string; children: React.ReactNode; strong?: boolean }) {
  return (
    <div className={`flex justify-between gap-4 ${strong ? 'border-t border-base-300 pt-2 text-lg font-bold' : ''}`}>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/**
 * The order summary: every figure exactly as the server's quote states it. Nothing here adds,
 * multiplies or rounds money. `stale` while the quote for a new choice loads (aria-busy).
 */
export function OrderSummary({ quote, stale }: { quote: Quote; stale: boolean }) {
  return (
    <section aria-labelledby="order-summary-heading" aria-busy={stale || undefined}>
      <h2 id="order-summary-heading" className="mb-2 text-lg font-bold">
        Order Summary
      </h2>
      <dl className="space-y-1">
        <Row term="Order type">{orderTypeLabel(quote.orderType)}</Row>
        <Row term="Items">{quote.itemCount}</Row>
        <Row term="Subtotal">{formatMoney(quote.subtotal)}</Row>
        <Row term="Shipping">{formatMoney(quote.shipping)}</Row>
        <Row term="Liftgate fee">{formatMoney(quote.liftGateFee)}</Row>
        <Row term="Tax">{formatMoney(quote.tax)}</Row>
        <Row term="Grand total" strong>
          {formatMoney(quote.grandTotal)}
        </Row>
      </dl>
      {quote.owedUnits.length > 0 && (
        // decisions.md "Stock": units past the unit stock are sold and ship once a case is opened.
        <ul className="mt-3 space-y-1 text-sm" aria-label="Units waiting for a case">
          {quote.owedUnits.map((o) => (
            <li key={o.productId}>
              <span className="font-medium">{o.title}</span>: {owedUnitsText(o.units)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Why the checkout is blocked, in the quote's words; the address and terms messages lead to their fix. */
export function BlockedMessage({ blocked, onAcceptTerms }: { blocked: NonNullable<Quote['blocked']>; onAcceptTerms: () => void }) {
  const { reason, message } = blocked;
  let body: React.ReactNode = message;
  if (reason === 'MISSING_ADDRESS') {
    body = (
      <AppLink to={paths.profileEdit.getHref()} className="link">
        {message}
      </AppLink>
    );
  } else if (reason === 'TERMS_NOT_ACCEPTED') {
    // "Please click here to accept ...": the "click here" part opens the terms.
    const at = message.toLowerCase().indexOf('click here');
    const button = (text: string) => (
      <button type="button" className="link font-semibold" onClick={onAcceptTerms}>
        {text}
      </button>
    );
    body =
      at >= 0 ? (
        <span>
          {message.slice(0, at)}
          {button(message.slice(at, at + 'click here'.length))}
          {message.slice(at + 'click here'.length)}
        </span>
      ) : (
        <span>
          {message} {button('Accept the Terms of Service')}
        </span>
      );
  }
  return (
    <div role="alert" className="alert alert-warning text-sm">
      {body}
    </div>
  );
}

import { useState } from 'react';
import { AddressBlock } from '@/components/address-block';
import { Modal } from '@/components/modal';
import { formatDateTime, formatMoney } from '@/lib/format';
import { orderTypeLabel } from '@/lib/orders';
import { owedUnitsText } from '@/lib/owed-units';
import type { Sale, SaleItem } from '../api/reports-api';
import { buyerName } from '../lib/csv';
import { orderNumber } from '@/lib/orders';
import { refundLeftCents } from '../lib/refunds';
import { statusLabel } from '../lib/statuses';
import { RefundDialog } from './refund-dialog';
import { RefundList } from './refund-list';
import { StatusBadge } from './status-badge';
import { StatusButtons } from './status-buttons';

/** Back-office.md §9: an order line's type badge; a variant means apparel. */
export function itemBadge(item: SaleItem): 'Apparel' | 'Show' | 'Unit' | 'Case' {
  if (item.variant || item.product.isApparel) return 'Apparel';
  if (item.product.isShow) return 'Show';
  return item.isUnit ? 'Unit' : 'Case';
}

const BADGE_CLASS = { Apparel: 'badge-secondary', Show: 'badge-accent', Unit: 'badge-info', Case: 'badge-neutral' } as const;

function variantText(item: SaleItem): string | null {
  if (!item.variant) return null;
  return [item.variant.size, item.variant.color?.name, item.variant.sku].filter(Boolean).join(' · ');
}

/**
 * An order's detail (§3, §9): buyer, shipping address, lines with their type badges, the order
 * summary as the server computed it (with what refunds gave back), the status history, the
 * refunds, the status buttons and Refund. Refund shows the refund form in place of the detail
 * (the shared Modal is not made to stack: each one traps focus and takes Escape), and the
 * detail again once it closes.
 */
export function OrderDetailDialog({
  sale,
  busy,
  onSetStatus,
  onClose,
}: {
  sale: Sale;
  busy: boolean;
  onSetStatus: (sale: Sale, status: Sale['status']) => void;
  onClose: () => void;
}) {
  const [refunding, setRefunding] = useState(false);
  const number = orderNumber(sale.id);
  const name = buyerName(sale);
  const summary: [string, number][] = [
    ['Subtotal', sale.subTotal],
    ['Shipping', sale.shippingCost],
    ['Tax', sale.tax],
    ['Lift Gate Fee', sale.liftGateFee],
  ];
  if (refunding) return <RefundDialog sale={sale} onClose={() => setRefunding(false)} />;
  return (
    <Modal
      title={`Order ${number}`}
      size="lg"
      onClose={onClose}
      footer={
        <>
          <StatusButtons sale={sale} busy={busy} onSetStatus={onSetStatus} size="sm" />
          <button type="button" className="btn btn-sm" disabled={refundLeftCents(sale) <= 0} onClick={() => setRefunding(true)}>
            Refund
          </button>
          <button type="button" className="btn btn-ghost btn-sm" onClick={onClose}>
            Close
          </button>
        </>
      }
    >
      <div className="space-y-6">
        <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[auto_1fr]">
          <dt className="font-semibold">Order ID</dt>
          <dd className="break-all font-mono text-sm">{sale.id}</dd>
          <dt className="font-semibold">Date</dt>
          <dd>
            <time dateTime={sale.date}>{formatDateTime(sale.date)}</time>
          </dd>
          <dt className="font-semibold">Status</dt>
          <dd>
            <StatusBadge status={sale.status} />
          </dd>
          <dt className="font-semibold">Order type</dt>
          <dd>{orderTypeLabel(sale.orderType)}</dd>
        </dl>

        <div className="grid gap-6 sm:grid-cols-2">
          <section aria-labelledby={`buyer-${sale.id}`}>
            <h3 id={`buyer-${sale.id}`} className="mb-1 font-semibold">
              Buyer
            </h3>
            {name && <p>{name}</p>}
            <p className="break-all">{sale.user.email}</p>
            {sale.user.profile.phoneNumber && <p>{sale.user.profile.phoneNumber}</p>}
          </section>
          <section aria-labelledby={`address-${sale.id}`}>
            <h3 id={`address-${sale.id}`} className="mb-1 font-semibold">
              Shipping Address
            </h3>
            <AddressBlock address={sale.shippingAddress} />
            {sale.shipToTerminalId && <p className="text-sm">Ships to terminal {sale.shipToTerminalId}</p>}
          </section>
        </div>

        <section aria-labelledby={`items-${sale.id}`}>
          <h3 id={`items-${sale.id}`} className="mb-2 font-semibold">
            Items
          </h3>
          <div className="overflow-x-auto rounded-box border border-base-300">
            <table className="table table-sm" aria-labelledby={`items-${sale.id}`}>
              <thead>
                <tr>
                  <th scope="col">Product</th>
                  <th scope="col">Type</th>
                  <th scope="col" className="text-right">
                    Quantity
                  </th>
                  <th scope="col" className="text-right">
                    Unit Price
                  </th>
                  <th scope="col" className="text-right">
                    Subtotal
                  </th>
                </tr>
              </thead>
              <tbody>
                {sale.purchaseItems.map((item) => {
                  const badge = itemBadge(item);
                  const variant = variantText(item);
                  return (
                    <tr key={item.id}>
                      <td>
                        <span className="block font-medium">{item.product.title}</span>
                        <span className="block text-sm text-base-content/80">{item.product.sku}</span>
                        {variant && <span className="block text-sm text-base-content/80">{variant}</span>}
                        {item.owedUnits > 0 && <span className="block text-sm font-medium">{owedUnitsText(item.owedUnits)}</span>}
                      </td>
                      <td>
                        <span className={`badge badge-sm ${BADGE_CLASS[badge]}`}>{badge}</span>
                      </td>
                      <td className="text-right tabular-nums">{item.quantity}</td>
                      <td className="text-right tabular-nums">{formatMoney(item.unitPrice)}</td>
                      <td className="text-right tabular-nums">{formatMoney(item.itemSubTotal)}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </section>

        <section aria-labelledby={`summary-${sale.id}`}>
          <h3 id={`summary-${sale.id}`} className="mb-2 font-semibold">
            Order Summary
          </h3>
          <dl className="ml-auto grid max-w-xs grid-cols-[1fr_auto] gap-x-6 gap-y-1 tabular-nums">
            {summary.map(([label, value]) => (
              <div key={label} className="contents">
                <dt>{label}</dt>
                <dd className="text-right">{formatMoney(value)}</dd>
              </div>
            ))}
            <div className="contents font-bold">
              <dt>Grand Total</dt>
              <dd className="text-right">{formatMoney(sale.grandTotal)}</dd>
            </div>
            {sale.refunded > 0 && (
              <div className="contents">
                <dt>Refunded</dt>
                <dd className="text-right">{formatMoney(sale.refunded)}</dd>
              </div>
            )}
          </dl>
        </section>

        <section aria-labelledby={`history-${sale.id}`}>
          <h3 id={`history-${sale.id}`} className="mb-2 font-semibold">
            Status History
          </h3>
          {sale.statusHistory.length === 0 ? (
            <p>No status changes recorded.</p>
          ) : (
            <ol className="space-y-1" aria-labelledby={`history-${sale.id}`}>
              {sale.statusHistory.map((change, i) => (
                <li key={i}>
                  {change.from ? (
                    <>
                      {statusLabel(change.from)} <span aria-hidden="true">→</span> <span className="sr-only">to</span>{' '}
                      {statusLabel(change.to)}
                    </>
                  ) : (
                    <>Placed as {statusLabel(change.to)}</>
                  )}{' '}
                  <span className="text-base-content/80">
                    by {change.changedBy ?? 'the shop'} on <time dateTime={change.changedAt}>{formatDateTime(change.changedAt)}</time>
                  </span>
                </li>
              ))}
            </ol>
          )}
        </section>

        <RefundList orderId={sale.id} />
      </div>
    </Modal>
  );
}

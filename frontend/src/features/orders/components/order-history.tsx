import { Fragment, useEffect, useRef, useState } from 'react';
import { AddressBlock } from '@/components/address-block';
import { Loading } from '@/components/loading';
import { Pagination } from '@/components/pagination';
import { errorMessage } from '@/lib/api';
import { formatDate, formatMoney } from '@/lib/format';
import { orderNumber, orderTypeLabel } from '@/lib/orders';
import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE } from '@/lib/paths';
import { useGetOrderQuery, useGetOrdersQuery, type Order, type OrderItem } from '../api/orders-api';

const STATUS_LABELS: Record<string, string> = {
  PENDING: 'Pending',
  PROCESSING: 'Processing',
  COMPLETED: 'Completed',
  FAILED: 'Failed',
};
const STATUS_BADGES: Record<string, string> = {
  PENDING: 'badge-warning',
  PROCESSING: 'badge-info',
  COMPLETED: 'badge-success',
  FAILED: 'badge-error',
};

export const statusLabel = (status: string) => STATUS_LABELS[status] ?? status;

/** Case, unit, or one apparel item. */
const itemKind = (item: OrderItem) => (item.variantId ? 'Item' : item.isUnit ? 'Unit' : 'Case');


function StatusBadge({ status }: { status: string }) {
  return <span className={`badge badge-sm ${STATUS_BADGES[status] ?? 'badge-ghost'}`}>{statusLabel(status)}</span>;
}

/** One order in full: its items and its figures, all as the server states them. */
export function OrderDetail({ orderId }: { orderId: string }) {
  const { data: order, error, isLoading } = useGetOrderQuery(orderId);
  if (isLoading) return <Loading label="Loading order..." />;
  if (error || !order) {
    return (
      <p role="alert" className="alert alert-error text-sm">
        Error loading order: {errorMessage(error, 'Network response was not ok')}
      </p>
    );
  }
  return <OrderBody order={order} />;
}

function OrderBody({ order }: { order: Order }) {
  const figures: [string, number][] = [
    ['Subtotal', order.subtotal],
    ['Shipping', order.shipping],
    ['Liftgate fee', order.liftGateFee],
    ['Tax', order.tax],
  ];
  return (
    <div className="space-y-4">
      <div className="overflow-x-auto">
        <table className="table table-sm">
          <caption className="sr-only">Items of order {orderNumber(order.id)}</caption>
          <thead>
            <tr>
              <th scope="col">Product</th>
              <th scope="col">SKU</th>
              <th scope="col">Quantity</th>
              <th scope="col">Case or unit</th>
              <th scope="col">Unit price</th>
              <th scope="col">Subtotal</th>
            </tr>
          </thead>
          <tbody>
            {order.items.map((item) => (
              <tr key={item.id}>
                <td>{item.title}</td>
                <td className="font-mono">{item.sku}</td>
                <td>{item.quantity}</td>
                <td>{itemKind(item)}</td>
                <td>{formatMoney(item.unitPrice)}</td>
                <td>{formatMoney(item.itemSubtotal)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <h3 className="font-semibold">Shipped to</h3>
          <AddressBlock address={order.shippingAddress} className="text-sm" />
          <p className="text-sm">
            {order.shipToTerminalId ? 'Freight terminal' : order.liftGate ? 'Liftgate delivery' : 'Standard delivery'}
          </p>
        </div>
        <div role="group" aria-label={`Totals of order ${orderNumber(order.id)}`}>
          <dl className="space-y-1 text-sm">
            <div className="flex justify-between gap-4">
              <dt>Order type</dt>
              <dd>{orderTypeLabel(order.orderType)}</dd>
            </div>
            {figures.map(([term, amount]) => (
              <div key={term} className="flex justify-between gap-4">
                <dt>{term}</dt>
                <dd>{formatMoney(amount)}</dd>
              </div>
            ))}
            <div className="flex justify-between gap-4 border-t border-base-300 pt-1 font-bold">
              <dt>Grand total</dt>
              <dd>{formatMoney(order.grandTotal)}</dd>
            </div>
          </dl>
        </div>
      </div>
    </div>
  );
}

/**
 * The buyer's orders (date, status, items, total), newest first; each opens to its detail.
 * `initialOpen` (the order a link names, e.g. the success page's) starts open and in view.
 */
export function OrderHistory({ initialOpen = null }: { initialOpen?: string | null }) {
  const [page, setPage] = useState(DEFAULT_PAGE);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const [open, setOpen] = useState<string | null>(initialOpen);
  const opened = useRef<HTMLTableRowElement | null>(null);
  const { data, error, isLoading, isFetching } = useGetOrdersQuery({ page, pageSize });
  const loaded = data !== undefined;
  useEffect(() => {
    if (loaded && initialOpen) opened.current?.scrollIntoView?.({ block: 'start' });
  }, [loaded, initialOpen]);

  if (isLoading) return <Loading label="Loading orders..." />;
  if (error || !data) {
    return (
      <p role="alert" className="alert alert-error">
        Error loading orders: {errorMessage(error, 'Network response was not ok')}
      </p>
    );
  }
  if (data.contents.length === 0 && page === DEFAULT_PAGE) return <p>You have not placed any orders yet.</p>;
  return (
    <div className="space-y-2">
      <div className="overflow-x-auto">
        <table className="table">
          <caption className="sr-only">Your orders, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Order</th>
              <th scope="col">Date</th>
              <th scope="col">Status</th>
              <th scope="col">Items</th>
              <th scope="col">Total</th>
              <th scope="col">
                <span className="sr-only">Details</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {data.contents.map((order) => {
              const expanded = open === order.id;
              const detailId = `order-detail-${order.id}`;
              return (
                <Fragment key={order.id}>
                  <tr ref={order.id === initialOpen ? opened : undefined}>
                    <td className="font-mono">{orderNumber(order.id)}</td>
                    <td>{formatDate(order.createdOn)}</td>
                    <td>
                      <StatusBadge status={order.status} />
                    </td>
                    <td>{order.itemCount}</td>
                    <td>{formatMoney(order.grandTotal)}</td>
                    <td>
                      <button
                        type="button"
                        className="btn btn-ghost btn-xs"
                        aria-expanded={expanded}
                        aria-controls={expanded ? detailId : undefined}
                        aria-label={`${expanded ? 'Hide' : 'View'} details of order ${orderNumber(order.id)}`}
                        onClick={() => setOpen(expanded ? null : order.id)}
                      >
                        {expanded ? 'Hide details' : 'View details'}
                      </button>
                    </td>
                  </tr>
                  {expanded && (
                    <tr>
                      <td colSpan={6} id={detailId} className="bg-base-200">
                        <OrderDetail orderId={order.id} />
                      </td>
                    </tr>
                  )}
                </Fragment>
              );
            })}
          </tbody>
        </table>
      </div>
      {(data.totalPages > 1 || page > DEFAULT_PAGE) && (
        <Pagination
          label="Order pages"
          page={page}
          pageSize={pageSize}
          hasMore={data.hasMore}
          isFetching={isFetching}
          isPlaceholderData={false}
          onPageChange={setPage}
          onPageSizeChange={(size) => {
            setPageSize(size);
            setPage(DEFAULT_PAGE);
          }}
        />
      )}
    </div>
  );
}

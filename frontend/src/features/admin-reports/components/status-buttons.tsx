import type { Sale } from '../api/reports-api';
import { orderNumber } from '@/lib/orders';
import { ORDER_STATUS_ACTIONS, STATUS_LABELS } from '../lib/statuses';

const SIZE = { xs: 'btn-xs', sm: 'btn-sm' } as const;

/** §4: Processing, Completed and Failed, any of them at any time (the current one is disabled). */
export function StatusButtons({
  sale,
  busy,
  onSetStatus,
  size = 'xs',
}: {
  sale: Sale;
  busy: boolean;
  onSetStatus: (sale: Sale, status: Sale['status']) => void;
  size?: keyof typeof SIZE;
}) {
  const number = orderNumber(sale.id);
  return (
    <div role="group" aria-label={`Status of order ${number}`} className="flex flex-wrap gap-1">
      {ORDER_STATUS_ACTIONS.map((status) => (
        <button
          key={status}
          type="button"
          className={`btn ${SIZE[size]}`}
          disabled={busy || sale.status === status}
          aria-label={`Set order ${number} to ${STATUS_LABELS[status]}`}
          onClick={() => onSetStatus(sale, status)}
        >
          {STATUS_LABELS[status]}
        </button>
      ))}
    </div>
  );
}

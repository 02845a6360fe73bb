import { statusLabel, type Status } from '../lib/statuses';

const BADGE: Record<Status, string> = {
  PENDING: 'badge-warning',
  PROCESSING: 'badge-info',
  COMPLETED: 'badge-success',
  FAILED: 'badge-error',
};

/** A status as a badge (the word, never the colour alone). */
export function StatusBadge({ status }: { status: string }) {
  return <span className={`badge whitespace-nowrap ${BADGE[status as Status] ?? 'badge-neutral'}`}>{statusLabel(status)}</span>;
}

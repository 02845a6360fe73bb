import { formatMoney } from '@/lib/format';
import { MAX_REFUND_REASON_LEN } from '@/lib/limits';
import type { RefundStatus, Sale } from '../api/reports-api';

export { MAX_REFUND_REASON_LEN };

export const REFUND_STATUS_LABELS: Record<RefundStatus, string> = {
  PENDING: 'Pending',
  DONE: 'Done',
};

/** "Done" for DONE; an unknown code as it is. */
export const refundStatusLabel = (status: string): string => REFUND_STATUS_LABELS[status as RefundStatus] ?? status;

/** An amount in whole cents (the API's dollars carry at most two decimals). */
export const centsOf = (amount: number): number => Math.round(amount * 100);

/** What is left to refund of an order, in cents: the server's `refundable` (pending refunds included). */
export const refundLeftCents = (sale: Pick<Sale, 'refundable'>): number => centsOf(sale.refundable);

/** Whether a refund of `amountCents` may return the order's stock: the whole order, nothing refunded before. */
export const mayRestock = (sale: Pick<Sale, 'grandTotal' | 'refunded'>, amountCents: number | null): boolean =>
  sale.refunded === 0 && amountCents !== null && amountCents === centsOf(sale.grandTotal);

/** The server's words (domain::refunds), for the form's own checks. */
export const refundMessages = {
  amount: 'Amount must be a number above 0',
  tooMuch: (leftCents: number) => `A refund cannot be more than the ${formatMoney(leftCents / 100)} left of this order's payment`,
  reason: 'Reason is required',
  reasonLength: `Reason must be at most ${MAX_REFUND_REASON_LEN} characters`,
} as const;

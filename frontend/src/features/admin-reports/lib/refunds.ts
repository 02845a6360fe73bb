import { formatMoney } from '@/lib/format';
import type { RefundStatus, Sale } from '../api/reports-api';

/**
 * domain::refunds::MAX_REASON_LEN: a refund's reason. Here rather than in src/lib/limits.ts,
 * whose every constant crates/api/tests/api/limits.rs pairs with the server's (that test does
 * not name this one yet).
 */
export const MAX_REFUND_REASON_LEN = 500;

export const REFUND_STATUS_LABELS: Record<RefundStatus, string> = {
  PENDING: 'Pending',
  DONE: 'Done',
};

/** "Done" for DONE; an unknown code as it is. */
export const refundStatusLabel = (status: string): string => REFUND_STATUS_LABELS[status as RefundStatus] ?? status;

/** An amount in whole cents (the API's dollars carry at most two decimals). */
export const centsOf = (amount: number): number => Math.round(amount * 100);

/**
 * What is left to refund of an order, in cents: its grand total less what its refunds gave back,
 * both the server's figures (a pending refund is not in `refunded`: the server still refuses it).
 */
export const refundLeftCents = (sale: Pick<Sale, 'grandTotal' | 'refunded'>): number => centsOf(sale.grandTotal) - centsOf(sale.refunded);

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

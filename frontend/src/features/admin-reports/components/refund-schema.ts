import * as yup from 'yup';
import { parsePrice } from '@/lib/form-numbers';
import { centsOf, MAX_REFUND_REASON_LEN, refundMessages } from '../lib/refunds';

/** A refund amount as typed, in cents, or null unless it is a price above 0 (two decimals at most). */
export function amountCents(text: string | undefined): number | null {
  const amount = parsePrice(text);
  return amount === null ? null : centsOf(amount);
}

/**
 * The refund form: an amount above 0 and at most `leftCents` (what the server said is left), a
 * reason, and whether to return the stock. A convenience only: the server decides (it also
 * counts refunds still pending).
 */
export const refundSchema = (leftCents: number) =>
  yup.object({
    amount: yup
      .string()
      .trim()
      .required(refundMessages.amount)
      .test('amount', refundMessages.amount, (v) => amountCents(v) !== null)
      .test('left', refundMessages.tooMuch(leftCents), (v) => (amountCents(v) ?? 0) <= leftCents),
    reason: yup.string().trim().required(refundMessages.reason).max(MAX_REFUND_REASON_LEN, refundMessages.reasonLength),
    restock: yup.boolean().default(false),
  });

export type RefundValues = yup.InferType<ReturnType<typeof refundSchema>>;

export const EMPTY_REFUND: RefundValues = { amount: '', reason: '', restock: false };

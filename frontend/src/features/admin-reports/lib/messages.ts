import { errorMessage } from '@/lib/api';

/** Back-office.md §8, reports, word for word. */
export const CASE_BREAK_PROCESSED = 'Case break request processed successfully';
export const PURCHASE_ORDER_PROCESSED = 'Purchase order request processed successfully';
export const CASE_BREAK_FETCH_FAILED = 'Failed to fetch case break report';
export const CASE_BREAK_PROCESS_FAILED = 'Failed to process case break request';
export const PURCHASES_FETCH_FAILED = 'Failed to fetch purchase order report';
export const PURCHASE_STATUS_FAILED = 'Failed to update purchase order status';
export const REPORT_LOAD_FAILED = 'Failed to load report';

/** §5, case break quantity. */
export const QUANTITY_MESSAGE = 'Please enter a valid positive number';

/** §8 tables: a list that failed to load, and a download that failed. */
export const LIST_LOAD_FAILED = 'Error loading data';
export const EXPORT_FAILED = 'Error loading export data';

/**
 * §8: "Failed to process request: {message or Unknown error}" (case breaks and purchase orders),
 * the message being the server's, else the call's fallback.
 */
export function processFailure(error: unknown, fallback: string): string {
  return `Failed to process request: ${errorMessage(error, fallback) || 'Unknown error'}`;
}

/** §8 gives no report-request wording: the products' pattern. */
export const REPORT_REQUESTED = 'Report requested successfully!';
export function reportRequestFailure(error: unknown): string {
  const message = errorMessage(error, '');
  return message ? `Error creating report: ${message}` : 'Failed to create report';
}

/** The server's message for a failed load, else the screen's §8 fallback. */
export const loadFailure = (error: unknown, fallback: string): string => errorMessage(error, fallback);

/** A refund the provider confirmed, with the amount the server answered. */
export const refundIssued = (amount: string): string => `Refund of ${amount} issued`;
/** A failed refund whose answer says nothing (a 409 or 503 carries the server's message). */
export const REFUND_FAILED = 'Failed to issue the refund';
/** The order's refunds could not be read. */
export const REFUNDS_LOAD_FAILED = 'Failed to load refunds';
export const REFUND_RETRY_FAILED = 'Failed to send the refund again';

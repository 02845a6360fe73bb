import type { CaseBreakRequest, Sale } from '../api/reports-api';
import { todayUtc } from './dates';

type CsvValue = string | number | null | undefined;

/**
 * One CSV field (RFC 4180), as the server writes its own: quoted when it holds a comma, quote or
 * line break (quotes doubled); text starting with =, +, - or @ that is not a number gets a
 * leading ' so that a spreadsheet never runs it as a formula.
 */
export function csvField(value: CsvValue): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@]/.test(text) && Number.isNaN(Number(text))) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A CSV document: the header, then the rows, each line ending in CRLF. */
export function csvDocument(header: readonly string[], rows: readonly CsvValue[][]): string {
  return [header, ...rows].map((r) => `${r.map(csvField).join(',')}\r\n`).join('');
}

/** Back-office.md §9: the case break CSV's columns, in order. */
export const CASE_BREAK_CSV_COLUMNS = ['ID', 'Product ID', 'SKU', 'Product', 'Quantity', 'Status', 'Date'] as const;

/** The case break requests listed, as §9's CSV (the values the API sent: nothing computed). */
export function caseBreakCsv(rows: readonly CaseBreakRequest[]): string {
  return csvDocument(
    CASE_BREAK_CSV_COLUMNS,
    rows.map((r) => [r.id, r.productId, r.sku, r.title, r.quantity, r.status, r.createdOn]),
  );
}

/** §9: case-break-report-{date}.csv (today's UTC date, as the server names its files). */
export const caseBreakCsvName = (now = new Date()): string => `case-break-report-${todayUtc(now)}.csv`;

/** §9 names no sales columns: the order, its buyer and status, and the order summary's figures. */
export const SALES_CSV_COLUMNS = [
  'ID',
  'Date',
  'Buyer',
  'Email',
  'Status',
  'Order Type',
  'Subtotal',
  'Shipping',
  'Tax',
  'Lift Gate Fee',
  'Grand Total',
] as const;

/** A money figure of the API with its two decimals (a format, never a sum). */
const amount = (n: number): string => n.toFixed(2);

/** "First Last" of a buyer, whichever is set, or ''. */
export function buyerName(sale: Pick<Sale, 'user'>): string {
  const { firstName, lastName } = sale.user.profile;
  return [firstName, lastName]
    .map((n) => n?.trim())
    .filter(Boolean)
    .join(' ');
}

/** The orders listed, with the API's figures only. */
export function salesCsv(rows: readonly Sale[]): string {
  return csvDocument(
    SALES_CSV_COLUMNS,
    rows.map((s) => [
      s.id,
      s.date,
      buyerName(s),
      s.user.email,
      s.status,
      s.orderType,
      amount(s.subTotal),
      amount(s.shippingCost),
      amount(s.tax),
      amount(s.liftGateFee),
      amount(s.grandTotal),
    ]),
  );
}

/** §9: sales-report-{date}.csv. */
export const salesCsvName = (now = new Date()): string => `sales-report-${todayUtc(now)}.csv`;

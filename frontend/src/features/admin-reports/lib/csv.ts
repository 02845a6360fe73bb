import type { CaseBreakRequest, Sale } from '../api/reports-api';
import { todayUtc } from './dates';

type CsvValue = string | number | null | undefined;

/** A plain decimal number (optional sign, digits, optional fraction): cannot run anything. */
const PLAIN_NUMBER = /^[-+]?[0-9]+(\.[0-9]+)?$/;

/**
 * One CSV field (RFC 4180), as the server writes its own (crates/api/src/csv.rs): always quoted
 * (quotes doubled), and the text, and each part of it after a ; or a TAB (the separators a
 * spreadsheet may split on), gets a leading ' when it starts with =, +, -, @, TAB or CR (OWASP's
 * CSV-injection rule), so that no part of a cell is ever run as a formula. A part that is a
 * plain decimal number (-12.50) is left as it is, so that money columns stay numbers.
 */
export function csvField(value: CsvValue): string {
  const text = value === null || value === undefined ? '' : String(value);
  const parts = text.match(/[^;\t]*[;\t]|[^;\t]+$/g) ?? [];
  const safe = parts
    .map((part) => {
      const body = part.replace(/[;\t]$/, '');
      return /^[=+\-@\t\r]/.test(part) && !PLAIN_NUMBER.test(body) ? `'${part}` : part;
    })
    .join('');
  return `"${safe.replace(/"/g, '""')}"`;
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

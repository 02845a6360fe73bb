import { formatMoney } from '@/lib/format';
import type { CellValue, ColumnKind } from '../api/reports-api';

const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const decimal = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** What an empty cell shows. */
export const EMPTY_CELL = '—';

/**
 * A result cell as text by its column's kind: money with $ and two decimals (back-office.md §9),
 * whole numbers grouped, percentages with up to two decimals. Nothing is computed: the value is
 * the server's.
 */
export function formatCell(value: CellValue | undefined, kind: ColumnKind | undefined): string {
  if (value === null || value === undefined || value === '') return EMPTY_CELL;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  const n = typeof value === 'number' ? value : Number(value);
  if (kind === 'text' || typeof value === 'string' && (kind === undefined || Number.isNaN(n))) return String(value);
  if (Number.isNaN(n)) return String(value);
  switch (kind) {
    case 'money':
      return formatMoney(n);
    case 'int':
      return whole.format(n);
    case 'percent':
      return `${decimal.format(n)}%`;
    default:
      return decimal.format(n);
  }
}

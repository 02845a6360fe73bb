/**
 * Back-office.md §5, reports: a date range of calendar days, the end defaulting to today; the
 * start is sent as the start of its day in UTC (T00:00:00.000Z) and the end as the end of its
 * day (T23:59:59.999Z). The server's day bounds are UTC days, so "today" is today's UTC date.
 */
export interface DateRange {
  /** YYYY-MM-DD, or '' for no start. */
  startDate: string;
  /** YYYY-MM-DD, or '' (the server then ends at the end of today). */
  endDate: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Today's date, YYYY-MM-DD, in UTC. */
export const todayUtc = (now: Date = new Date()): string => now.toISOString().slice(0, 10);

/** §5: no start, the end today. */
export const defaultRange = (now: Date = new Date()): DateRange => ({ startDate: '', endDate: todayUtc(now) });

/** The instant a start date is sent as. */
export const startOfDay = (day: string): string => `${day}T00:00:00.000Z`;

/** The instant an end date is sent as. */
export const endOfDay = (day: string): string => `${day}T23:59:59.999Z`;

export const RANGE_ORDER_MESSAGE = 'The start date must be on or before the end date';
export const DATE_MESSAGE = 'Enter a date';

/** Why a range cannot be asked for, or null. A start after the end is refused before the server sees it. */
export function rangeError({ startDate, endDate }: DateRange): string | null {
  if ((startDate && !DAY.test(startDate)) || (endDate && !DAY.test(endDate))) return DATE_MESSAGE;
  if (startDate && endDate && startDate > endDate) return RANGE_ORDER_MESSAGE;
  return null;
}

/** The range as the API's startDate and endDate, only those set. */
export function rangeParams({ startDate, endDate }: DateRange): Record<string, string> {
  return {
    ...(startDate ? { startDate: startOfDay(startDate) } : {}),
    ...(endDate ? { endDate: endOfDay(endDate) } : {}),
  };
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Money with two decimals, e.g. $1,250.00. */
export const formatMoney = (amount: number): string => usd.format(amount);

const momentDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const calendarDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

/** A calendar date ("1990-05-17") as "May 17, 1990", the same in every time zone; other text as it is. */
export function formatCalendarDate(text: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(text);
  if (!m) return text;
  return calendarDate.format(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
}

/** A moment (RFC 3339) as its local date, "Nov 23, 2026"; other text as it is. */
export function formatDate(text: string): string {
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? text : momentDate.format(date);
}

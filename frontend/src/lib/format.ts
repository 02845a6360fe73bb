let usd: Intl.NumberFormat | undefined;

/**
 * Money with two decimals, e.g. $1,250.00, -$3.50: what Intl.NumberFormat('en-US', USD currency)
 * writes (format.test.ts holds them equal), without Intl for every finite amount a price can be.
 * A page's first Intl formatter sets up ICU: about 55 ms of main thread on a desktop CPU, 200 ms
 * at Lighthouse's 4x slowdown, before a product page could show its prices (issue 14).
 */
export function formatMoney(amount: number): string {
  const digits = String(Math.abs(amount));
  // Intl rounds the shortest decimal that reads back as the number (1.005 -> $1.01), as this does.
  const m = /^(\d+)(?:\.(\d*))?$/.exec(digits);
  if (!m) {
    usd ??= new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    return usd.format(amount); // NaN, Infinity, exponent notation: Intl's own words.
  }
  const fraction = m[2] ?? '';
  const cents = BigInt(`${m[1]}${fraction.padEnd(2, '0').slice(0, 2)}`) + (fraction[2] >= '5' ? 1n : 0n);
  const text = cents.toString().padStart(3, '0');
  const whole = text.slice(0, -2).replace(/\B(?=(\d{3})+$)/g, ',');
  const sign = amount < 0 || Object.is(amount, -0) ? '-' : '';
  return `${sign}$${whole}.${text.slice(-2)}`;
}

// Made on first use: creating the first one sets up ICU (see formatMoney).
let momentDate: Intl.DateTimeFormat | undefined;
let momentDateTime: Intl.DateTimeFormat | undefined;
let calendarDate: Intl.DateTimeFormat | undefined;

/** A calendar date ("1990-05-17") as "May 17, 1990", the same in every time zone; other text as it is. */
export function formatCalendarDate(text: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(text);
  if (!m) return text;
  calendarDate ??= new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
  return calendarDate.format(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
}

/** A moment (RFC 3339) as its local date, "Nov 23, 2026"; other text as it is. */
export function formatDate(text: string): string {
  const date = new Date(text);
  if (Number.isNaN(date.getTime())) return text;
  momentDate ??= new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
  return momentDate.format(date);
}

/** A moment (RFC 3339) as the reader's local date and time, "Nov 23, 2026, 4:05 PM"; other text as it is. */
export function formatDateTime(text: string): string {
  const date = new Date(text);
  if (Number.isNaN(date.getTime())) return text;
  momentDateTime ??= new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
  return momentDateTime.format(date);
}

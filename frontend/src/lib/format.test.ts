import { formatCalendarDate, formatDate, formatDateTime, formatMoney } from './format';

const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

describe('formatMoney', () => {
  it('writes what Intl writes for US dollars', () => {
    const amounts = [
      0, -0, 0.001, -0.001, 0.004, 0.005, 0.0049, 0.01, 0.1, 0.125, 0.994, 0.995, 0.999, 1, 1.005, 1.015, 1.045, 2.675,
      -2.675, 9.995, 10.005, 99.995, 999.995, 1000, 1250, 1234.5, 1234567.891, -1234567.891, 8.2e-7, 1e-7, 1e15 + 0.3,
      123456789012.345, 2 ** 53, 1e20, 9.999999999999999e20, 1e21, 1.5e300, Number.MAX_SAFE_INTEGER / 100, NaN,
      Infinity, -Infinity, Number.EPSILON, Number.MIN_VALUE,
    ];
    // Prices as the API writes them, sums of them, and arbitrary doubles.
    let seed = 14;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let i = 0; i < 20_000; i += 1) {
      const cents = Math.floor(random() * 10 ** (1 + Math.floor(random() * 9)));
      amounts.push(cents / 100, -cents / 100, (cents / 100) * 0.07, (cents / 100) * 3 + 0.1, random() * 10 ** (random() * 12), (cents + 0.5) / 100);
    }
    const differing = amounts.filter((amount) => formatMoney(amount) !== intl.format(amount));
    expect(differing.map((amount) => [amount, formatMoney(amount), intl.format(amount)])).toEqual([]);
  });

  it('groups thousands and keeps two decimals', () => {
    expect(formatMoney(1250)).toBe('$1,250.00');
    expect(formatMoney(-3.5)).toBe('-$3.50');
    expect(formatMoney(999.999)).toBe('$1,000.00');
  });
});

it('formats dates', () => {
  expect(formatCalendarDate('1990-05-17')).toBe('May 17, 1990');
  expect(formatCalendarDate('not a date')).toBe('not a date');
  expect(formatDate('2026-11-23T12:00:00Z')).toMatch(/^Nov 2[234], 2026$/);
  expect(formatDate('soon')).toBe('soon');
  expect(formatDateTime('2026-11-23T12:00:00Z')).toMatch(/^Nov 2[234], 2026, \d{1,2}:00\s[AP]M$/);
  expect(formatDateTime('soon')).toBe('soon');
});

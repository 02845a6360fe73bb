/** The numbers the back-office forms read from text fields (prices, packages, stock counts). */

/** A price above 0 with at most two decimals ("12", "12.5", "12.50"). */
const PRICE = /^(\d+(\.\d{0,2})?|\.\d{1,2})$/;

/** A price typed in a form as a number, or null when it is not a valid price. */
export function parsePrice(text: string | undefined): number | null {
  const t = text?.trim() ?? '';
  if (!PRICE.test(t)) return null;
  const n = Number(t);
  return n > 0 ? n : null;
}

/** The package counts ("12, 6" -> [12, 6]), or null unless every part is a whole number above 0. */
export function parsePackage(text: string | undefined): number[] | null {
  const t = text?.trim() ?? '';
  if (!t) return null;
  const parts = t.split(',').map((p) => p.trim());
  if (!parts.every((p) => /^\d+$/.test(p) && Number(p) > 0)) return null;
  return parts.map(Number);
}

/** A stock count as typed ("48"): a whole number from 0 to `max`, or null. */
export function parseCount(text: string | undefined, max: number): number | null {
  const t = text?.trim() ?? '';
  if (!/^\d+$/.test(t)) return null;
  const n = Number(t);
  return n <= max ? n : null;
}

import { errorMessage } from '@/lib/api';

type Action = 'create' | 'update' | 'delete';
const DOING: Record<Action, string> = { create: 'creating', update: 'updating', delete: 'deleting' };

/** Back-office.md §8, apparel. */
export const APPAREL_CREATED = 'Apparel product created successfully!';
export const APPAREL_UPDATED = 'Apparel product updated successfully!';
/** §8 gives no wording for a delete that worked; the products' one, for apparel. */
export const APPAREL_DELETED = 'Apparel product deleted successfully';
/** §8: the SKU preview's fallback. */
export const SKU_PREVIEW_FAILED = 'Failed to fetch SKU preview';
/** §8 "Tables". */
export const APPAREL_LIST_FAILED = 'Error loading data';

/** "Error creating apparel product: {message}" with the server's message, otherwise "Failed to create apparel product". */
export function apparelFailure(action: Action, error: unknown): string {
  const message = errorMessage(error, '');
  return message ? `Error ${DOING[action]} apparel product: ${message}` : `Failed to ${action} apparel product`;
}

/** §8: "Error loading apparel types: {message}", "Unknown error" without one. */
export const apparelTypesFailure = (error: unknown) => `Error loading apparel types: ${errorMessage(error, 'Unknown error')}`;

/** A variant's stock saved from the variants screen (§8 has no wording; the products' pattern). */
export const stockSaved = (sku: string) => `Stock updated for ${sku}`;
export function stockFailure(error: unknown): string {
  const message = errorMessage(error, '');
  return message ? `Error updating stock: ${message}` : 'Failed to update stock';
}

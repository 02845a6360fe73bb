import { errorMessage } from '@/lib/api';

type Action = 'create' | 'update' | 'delete';
const DOING: Record<Action, string> = { create: 'creating', update: 'updating', delete: 'deleting' };

/** Back-office.md §8, products. */
export const PRODUCT_CREATED = 'Product created successfully!';
export const PRODUCT_UPDATED = 'Product updated successfully!';
export const PRODUCT_DELETED = 'Product deleted successfully';

/** "Error creating product: {message}" with the server's message, otherwise "Failed to create product". */
export function productFailure(action: Action, error: unknown): string {
  const message = errorMessage(error, '');
  return message ? `Error ${DOING[action]} product: ${message}` : `Failed to ${action} product`;
}

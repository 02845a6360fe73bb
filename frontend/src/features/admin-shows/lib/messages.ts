import { errorMessage } from '@/lib/api';

type Action = 'create' | 'update' | 'delete';
const DOING: Record<Action, string> = { create: 'creating', update: 'updating', delete: 'deleting' };

/** Back-office.md §8, shows. */
export const SHOW_CREATED = 'Show created successfully!';
export const SHOW_UPDATED = 'Show updated successfully!';
export const SHOW_DELETED = 'Show deleted successfully';

/** Back-office.md §8, tables: the show list's load failure. */
export const SHOWS_FAILED = 'Error fetching shows';

/** "Error creating show: {message}" with the server's message, otherwise "Failed to create show". */
export function showFailure(action: Action, error: unknown): string {
  const message = errorMessage(error, '');
  return message ? `Error ${DOING[action]} show: ${message}` : `Failed to ${action} show`;
}

/**
 * Back-office.md §5 asks for a confirmation before a show is deleted without giving its words:
 * the product's question, as the other deletes of the back office ask it.
 */
export const confirmShowDelete = (title: string) => `Are you sure you want to delete "${title}"?`;

/** Back-office.md §5: the duplicate warning (the server answers the same words on the line). */
export const duplicateWarning = (title: string, isUnit: boolean) => `"${title}" is already in the show as a ${isUnit ? 'unit' : 'case'}`;

import { errorMessage } from '@/lib/api';

/** Back-office.md §8: a table's error while loading. */
export const LOAD_FAILED = 'Error loading data';

export type WriteAction = 'create' | 'update' | 'delete';

const DONE: Record<WriteAction, string> = { create: 'created', update: 'updated', delete: 'deleted' };
const DOING: Record<WriteAction, string> = { create: 'creating', update: 'updating', delete: 'deleting' };

/** How back-office.md §8 names a kind of term in its toasts. */
export interface Wording {
  /** "Brand", "Show type": starts the success toast. */
  label: string;
  /** "brand", "show type": inside the error toasts. */
  noun: string;
  /** The apparel toasts end with "!". */
  exclaim?: boolean;
}

/** "Brand created successfully" (§8). */
export function successMessage(w: Wording, action: WriteAction): string {
  return `${w.label} ${DONE[action]} successfully${w.exclaim ? '!' : ''}`;
}

/** "Error creating brand: {message}" with the server's message, otherwise "Failed to create brand" (§8). */
export function failureMessage(w: Wording, action: WriteAction, error: unknown): string {
  const message = errorMessage(error, '');
  return message ? `Error ${DOING[action]} ${w.noun}: ${message}` : `Failed to ${action} ${w.noun}`;
}

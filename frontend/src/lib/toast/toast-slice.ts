import { createAction, nanoid, type UnknownAction } from '@reduxjs/toolkit';

export type ToastKind = 'success' | 'error' | 'info';

export interface Toast {
  id: string;
  kind: ToastKind;
  message: string;
  /** How many times the message was shown while this toast was on screen (repeats merge). */
  count: number;
}

/** Most toasts on screen at once: the oldest goes first. */
export const MAX_TOASTS = 3;

export interface ToastState {
  items: Toast[];
}

export const toastShown = createAction('toast/toastShown', (message: string, kind: ToastKind = 'info') => ({
  payload: { id: nanoid(), kind, message, count: 1 },
}));
export const toastDismissed = createAction<string>('toast/toastDismissed');

/**
 * The notices on screen, as combineSlices takes a slice (a plain reducer: lib/root-reducer.ts
 * says why). A message already on screen (same words, same kind) is not shown twice: its toast
 * counts the repeat and its timer starts again (the toaster restarts it on a new count), so
 * ten clicks of + make one toast, not a stack over the page. At most MAX_TOASTS at once.
 */
export const toastSlice = {
  reducerPath: 'toast' as const,
  reducer(state: ToastState = { items: [] }, action: UnknownAction): ToastState {
    if (toastShown.match(action)) {
      const { kind, message } = action.payload;
      const same = state.items.find((t) => t.kind === kind && t.message === message);
      if (same) return { items: state.items.map((t) => (t === same ? { ...t, count: t.count + 1 } : t)) };
      return { items: [...state.items, action.payload].slice(-MAX_TOASTS) };
    }
    if (toastDismissed.match(action)) return { items: state.items.filter((t) => t.id !== action.payload) };
    return state;
  },
};

export const selectToasts = (s: { toast: ToastState }) => s.toast.items;

import { createAction, nanoid, type UnknownAction } from '@reduxjs/toolkit';

export type ToastKind = 'success' | 'error' | 'info';

export interface Toast {
  id: string;
  kind: ToastKind;
  message: string;
}

export interface ToastState {
  items: Toast[];
}

export const toastShown = createAction('toast/toastShown', (message: string, kind: ToastKind = 'info') => ({
  payload: { id: nanoid(), kind, message },
}));
export const toastDismissed = createAction<string>('toast/toastDismissed');

/** The notices on screen, as combineSlices takes a slice (a plain reducer: lib/root-reducer.ts says why). */
export const toastSlice = {
  reducerPath: 'toast' as const,
  reducer(state: ToastState = { items: [] }, action: UnknownAction): ToastState {
    if (toastShown.match(action)) return { items: [...state.items, action.payload] };
    if (toastDismissed.match(action)) return { items: state.items.filter((t) => t.id !== action.payload) };
    return state;
  },
};

export const selectToasts = (s: { toast: ToastState }) => s.toast.items;

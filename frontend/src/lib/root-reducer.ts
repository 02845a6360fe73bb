import { combineSlices } from '@reduxjs/toolkit';
import { api } from '@/lib/api';
import { sessionSlice } from '@/lib/session/session-slice';
import { themeSlice } from '@/lib/theme/theme-slice';
import { toastSlice } from '@/lib/toast/toast-slice';

/**
 * The whole Redux state: the RTK Query cache plus the client slices (session, theme, toasts).
 * It lives in lib, not beside the store in app, so that shared components and features can
 * name its type without importing the app.
 */
export const rootReducer = combineSlices(api, sessionSlice, themeSlice, toastSlice);

export type RootState = ReturnType<typeof rootReducer>;

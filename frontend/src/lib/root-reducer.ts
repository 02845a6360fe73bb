import { combineSlices } from '@reduxjs/toolkit';
import { sessionSlice } from '@/lib/session/session-slice';
import { themeSlice } from '@/lib/theme/theme-slice';
import { toastSlice } from '@/lib/toast/toast-slice';

/**
 * The slices that join the state once their module is loaded: the RTK Query cache (lib/api.ts
 * adds itself), which only pages that read data and the signed-in navbar's cart badge need, so
 * that the first script of every page does not carry RTK Query.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merged into by lib/api.ts
export interface LazyLoadedSlices {}

/**
 * The whole Redux state: the client slices (session, theme, toasts) plus the lazily injected
 * ones. The client slices are actions (createAction) and plain reducers, not createSlice, whose
 * immer main.js would then carry (frontend/README.md says how that and webpack.config.js's
 * rtkQueryOwnCore keep the first script under issue 14's 100 KB). It lives in lib, not beside
 * the store in app, so that shared components and features can name its type without importing
 * the app.
 */
export const rootReducer = combineSlices(sessionSlice, themeSlice, toastSlice).withLazyLoadedSlices<LazyLoadedSlices>();

export type RootState = ReturnType<typeof rootReducer>;

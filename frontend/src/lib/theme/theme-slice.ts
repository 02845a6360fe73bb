import { createAction, type UnknownAction } from '@reduxjs/toolkit';
import { DEFAULT_THEME, type Theme } from './themes';

export interface ThemeState {
  name: Theme;
}

export const themeChanged = createAction<Theme>('theme/themeChanged');

/** The chosen colour theme, as combineSlices takes a slice (a plain reducer: lib/root-reducer.ts says why). */
export const themeSlice = {
  reducerPath: 'theme' as const,
  reducer(state: ThemeState = { name: DEFAULT_THEME }, action: UnknownAction): ThemeState {
    return themeChanged.match(action) ? { name: action.payload } : state;
  },
};

export const selectTheme = (s: { theme: ThemeState }) => s.theme.name;

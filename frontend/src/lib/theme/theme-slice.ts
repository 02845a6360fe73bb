import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { DEFAULT_THEME, type Theme } from './themes';

export const themeSlice = createSlice({
  name: 'theme',
  initialState: { name: DEFAULT_THEME as Theme },
  reducers: {
    themeChanged(state, action: PayloadAction<Theme>) {
      state.name = action.payload;
    },
  },
  selectors: { selectTheme: (s) => s.name },
});

export const { themeChanged } = themeSlice.actions;
export const { selectTheme } = themeSlice.selectors;

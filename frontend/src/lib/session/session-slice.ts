import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { StoredSession, UserInfo } from './types';

export type SessionStatus = 'loading' | 'authenticated' | 'unauthenticated';

export interface SessionState {
  status: SessionStatus;
  token: string | null;
  userInfo: UserInfo | null;
  expiresAt: number | null;
}

const initialState: SessionState = { status: 'loading', token: null, userInfo: null, expiresAt: null };

const signedOut: SessionState = { status: 'unauthenticated', token: null, userInfo: null, expiresAt: null };

export const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {
    /** The stored session was (re)read: a valid one signs in, null signs out. */
    sessionChecked(state, action: PayloadAction<StoredSession | null>) {
      const s = action.payload;
      // An unchanged session keeps its state object, so the 60 s check re-renders nothing.
      if (s && state.token === s.token && state.expiresAt === s.expiresAt) return state;
      if (!s && state.status === 'unauthenticated') return state;
      return s ? { status: 'authenticated', token: s.token, userInfo: s.userInfo, expiresAt: s.expiresAt } : signedOut;
    },
    signedIn(_state, action: PayloadAction<StoredSession>) {
      const s = action.payload;
      return { status: 'authenticated', token: s.token, userInfo: s.userInfo, expiresAt: s.expiresAt };
    },
    /** Logout, expiry, or a 401 from the API. */
    sessionEnded() {
      return signedOut;
    },
  },
  selectors: {
    selectSessionStatus: (s) => s.status,
    selectToken: (s) => s.token,
    selectUserInfo: (s) => s.userInfo,
    selectIsAdmin: (s) => s.status === 'authenticated' && s.userInfo?.role === 'ADMIN',
    selectCartId: (s) => s.userInfo?.Cart?.id ?? null,
  },
});

export const { sessionChecked, signedIn, sessionEnded } = sessionSlice.actions;
export const { selectSessionStatus, selectToken, selectUserInfo, selectIsAdmin, selectCartId } =
  sessionSlice.selectors;

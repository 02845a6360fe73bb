import { createAction, type UnknownAction } from '@reduxjs/toolkit';
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

/** The stored session was (re)read: a valid one signs in, null signs out. */
export const sessionChecked = createAction<StoredSession | null>('session/sessionChecked');
export const signedIn = createAction<StoredSession>('session/signedIn');
/** Logout, expiry, or a 401 from the API. */
export const sessionEnded = createAction('session/sessionEnded');

const authenticated = (s: StoredSession): SessionState => ({
  status: 'authenticated',
  token: s.token,
  userInfo: s.userInfo,
  expiresAt: s.expiresAt,
});

/** Who is signed in, as combineSlices takes a slice (a plain reducer: lib/root-reducer.ts says why). */
export const sessionSlice = {
  reducerPath: 'session' as const,
  reducer(state: SessionState = initialState, action: UnknownAction): SessionState {
    if (sessionChecked.match(action)) {
      const s = action.payload;
      // An unchanged session keeps its state object, so the 60 s check re-renders nothing.
      if (s && state.token === s.token && state.expiresAt === s.expiresAt) return state;
      if (!s && state.status === 'unauthenticated') return state;
      return s ? authenticated(s) : signedOut;
    }
    if (signedIn.match(action)) return authenticated(action.payload);
    if (sessionEnded.match(action)) return signedOut;
    return state;
  },
};

type WithSession = { session: SessionState };
export const selectSessionStatus = (s: WithSession) => s.session.status;
export const selectToken = (s: WithSession) => s.session.token;
export const selectUserInfo = (s: WithSession) => s.session.userInfo;
export const selectIsAdmin = (s: WithSession) => s.session.status === 'authenticated' && s.session.userInfo?.role === 'ADMIN';
export const selectCartId = (s: WithSession) => s.session.userInfo?.Cart?.id ?? null;

import { SESSION_DURATION_MS } from '@/lib/constants';
import { ROLES, type StoredSession, type UserInfo } from './types';

export const SESSION_STORAGE_KEY = 'session';

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** True when `value` has the shape of the login response's userInfo. */
export function isUserInfo(value: unknown): value is UserInfo {
  if (!isRecord(value)) return false;
  if (typeof value.email !== 'string' || value.email === '') return false;
  if (typeof value.role !== 'string' || !(ROLES as readonly string[]).includes(value.role)) return false;
  if (value.id !== undefined && typeof value.id !== 'string') return false;
  const cart = value.Cart;
  if (cart !== undefined && cart !== null) {
    if (!isRecord(cart) || typeof cart.id !== 'string' || typeof cart.userId !== 'string') return false;
  }
  return true;
}

/** True when `value` is a well-formed stored session (expiry not checked). */
export function isStoredSession(value: unknown): value is StoredSession {
  return (
    isRecord(value) &&
    typeof value.token === 'string' &&
    value.token !== '' &&
    typeof value.expiresAt === 'number' &&
    Number.isFinite(value.expiresAt) &&
    isUserInfo(value.userInfo)
  );
}

/**
 * Reads the stored session. A missing, unparseable, wrongly shaped or expired session is
 * removed from storage and null is returned.
 */
export function readSession(now: number = Date.now()): StoredSession | null {
  let raw: string | null;
  try {
    raw = localStorage.getItem(SESSION_STORAGE_KEY);
  } catch {
    return null;
  }
  if (raw === null) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    clearSession();
    return null;
  }
  if (!isStoredSession(parsed) || parsed.expiresAt <= now) {
    clearSession();
    return null;
  }
  return parsed;
}

/** Stores a fresh session that lasts 24 hours from `now`. */
export function writeSession(token: string, userInfo: UserInfo, now: number = Date.now()): StoredSession {
  const session: StoredSession = { token, userInfo, expiresAt: now + SESSION_DURATION_MS };
  try {
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
  } catch {
    // Storage can be full or disabled; the session then lasts for this page only.
  }
  return session;
}

export function clearSession(): void {
  try {
    localStorage.removeItem(SESSION_STORAGE_KEY);
  } catch {
    // Nothing to clear when storage is unavailable.
  }
}

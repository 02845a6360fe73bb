import { SESSION_DURATION_MS } from '@/lib/constants';
import { readSession, SESSION_STORAGE_KEY, writeSession } from './session-storage';

const userInfo = {
  id: 'u-1',
  email: 'buyer@example.com',
  role: 'USER' as const,
  profile: null,
  Cart: { id: 'c-1', userId: 'u-1' },
};

const store = (value: unknown) => localStorage.setItem(SESSION_STORAGE_KEY, typeof value === 'string' ? value : JSON.stringify(value));
const stored = () => localStorage.getItem(SESSION_STORAGE_KEY);

describe('session storage', () => {
  it('returns null when nothing is stored', () => {
    expect(readSession()).toBeNull();
  });

  it('keeps a session for 24 hours from sign-in', () => {
    const now = 1_700_000_000_000;
    const session = writeSession('tok', userInfo, now);
    expect(session.expiresAt).toBe(now + SESSION_DURATION_MS);
    expect(SESSION_DURATION_MS).toBe(86_400_000);
    expect(readSession(now + SESSION_DURATION_MS - 1)).toEqual({ token: 'tok', userInfo, expiresAt: now + SESSION_DURATION_MS });
  });

  it('clears an expired session', () => {
    const now = 1_700_000_000_000;
    writeSession('tok', userInfo, now);
    expect(readSession(now + SESSION_DURATION_MS)).toBeNull();
    expect(stored()).toBeNull();
  });

  it('clears an unparseable session', () => {
    store('{not json');
    expect(readSession()).toBeNull();
    expect(stored()).toBeNull();
  });

  const future = Date.now() + 60_000;
  it.each([
    ['a number', 42],
    ['null', null],
    ['an array', [1, 2]],
    ['no token', { userInfo, expiresAt: future }],
    ['an empty token', { token: '', userInfo, expiresAt: future }],
    ['a numeric token', { token: 7, userInfo, expiresAt: future }],
    ['no expiry', { token: 't', userInfo }],
    ['a text expiry', { token: 't', userInfo, expiresAt: String(future) }],
    ['no user info', { token: 't', expiresAt: future }],
    ['user info without email', { token: 't', userInfo: { ...userInfo, email: undefined }, expiresAt: future }],
    ['an unknown role', { token: 't', userInfo: { ...userInfo, role: 'ROOT' }, expiresAt: future }],
    ['a cart without id', { token: 't', userInfo: { ...userInfo, Cart: { userId: 'u-1' } }, expiresAt: future }],
    ['a numeric user id', { token: 't', userInfo: { ...userInfo, id: 5 }, expiresAt: future }],
  ])('clears a stored session with %s', (_label, value) => {
    store(value);
    expect(readSession()).toBeNull();
    expect(stored()).toBeNull();
  });

  it.each(['USER', 'MANAGER', 'ADMIN', 'MEMBER'])('accepts role %s', (role) => {
    store({ token: 't', userInfo: { ...userInfo, role }, expiresAt: future });
    expect(readSession()?.userInfo.role).toBe(role);
  });

  it('accepts user info without a cart or profile', () => {
    store({ token: 't', userInfo: { email: 'a@b.co', role: 'USER' }, expiresAt: future });
    expect(readSession()?.userInfo.email).toBe('a@b.co');
  });
});

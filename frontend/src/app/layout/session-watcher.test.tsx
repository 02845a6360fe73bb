import { act } from '@testing-library/react';
import { SESSION_STORAGE_KEY, writeSession } from '@/lib/session/session-storage';
import { renderAt, user } from '@/test/render';
import { SessionWatcher } from './session-watcher';

describe('SessionWatcher', () => {
  afterEach(() => jest.useRealTimers());

  it('signs in from a valid stored session on start', () => {
    writeSession('tok', user());
    const { store } = renderAt(<SessionWatcher />);
    expect(store.getState().session.status).toBe('authenticated');
    expect(store.getState().session.token).toBe('tok');
  });

  it('is unauthenticated on start with no stored session', () => {
    const { store } = renderAt(<SessionWatcher />);
    expect(store.getState().session.status).toBe('unauthenticated');
  });

  it('clears a wrongly shaped session on start', () => {
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ token: 'tok', expiresAt: Date.now() + 1000 }));
    const { store } = renderAt(<SessionWatcher />);
    expect(store.getState().session.status).toBe('unauthenticated');
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it('logs the user out at the 60-second check after the session expires', () => {
    jest.useFakeTimers({ now: 1_700_000_000_000 });
    writeSession('tok', user(), Date.now() - 86_400_000 + 30_000); // 30 s left
    const { store } = renderAt(<SessionWatcher />);
    expect(store.getState().session.status).toBe('authenticated');
    act(() => {
      jest.advanceTimersByTime(59_000);
    });
    expect(store.getState().session.status).toBe('authenticated');
    act(() => {
      jest.advanceTimersByTime(1_000);
    });
    expect(store.getState().session.status).toBe('unauthenticated');
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it('logs the user out when the stored session is tampered with', () => {
    jest.useFakeTimers();
    writeSession('tok', user());
    const { store } = renderAt(<SessionWatcher />);
    localStorage.setItem(SESSION_STORAGE_KEY, '{broken');
    act(() => {
      jest.advanceTimersByTime(60_000);
    });
    expect(store.getState().session.status).toBe('unauthenticated');
  });
});

import { useEffect } from 'react';
import { useStore } from 'react-redux';
import type { RootState } from '@/lib/root-reducer';
import { useAppDispatch } from '@/lib/hooks';
import { SESSION_CHECK_INTERVAL_MS } from '@/lib/constants';
import { sessionChecked, sessionEnded } from '@/lib/session/session-slice';
import { readSession, SESSION_STORAGE_KEY } from '@/lib/session/session-storage';

/**
 * Reads the stored session on start and every 60 s; an expired or invalid one is cleared
 * and signs the user out. Another tab's login or logout is picked up through `storage`.
 */
export function SessionWatcher() {
  const dispatch = useAppDispatch();
  const store = useStore<RootState>();
  useEffect(() => {
    const check = () => {
      const stored = readSession();
      // Losing a live session also drops every cached answer (sessionEnded's listener).
      if (!stored && store.getState().session.status === 'authenticated') dispatch(sessionEnded());
      else dispatch(sessionChecked(stored));
    };
    check();
    const timer = setInterval(check, SESSION_CHECK_INTERVAL_MS);
    const onStorage = (e: StorageEvent) => {
      if (e.key === SESSION_STORAGE_KEY || e.key === null) check();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      clearInterval(timer);
      window.removeEventListener('storage', onStorage);
    };
  }, [dispatch, store]);
  return null;
}

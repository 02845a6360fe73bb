import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useAppDispatch } from '@/lib/hooks';
import { addressRendered } from '@/lib/navigation';
import { paths } from '@/lib/paths';
import { sessionEnded } from '@/lib/session/session-slice';

/** Logout: go to / and clear the session (in that order, so no guard redirects first). */
export function useLogout() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  return useCallback(async () => {
    const home = addressRendered();
    await navigate(paths.home.getHref());
    await home;
    dispatch(sessionEnded());
  }, [dispatch, navigate]);
}

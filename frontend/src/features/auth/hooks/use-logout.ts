import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useAppDispatch } from '@/lib/hooks';
import { paths } from '@/lib/paths';
import { sessionEnded } from '@/lib/session/session-slice';

/** Logout: go to / and clear the session (in that order, so no guard redirects first). */
export function useLogout() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  return useCallback(async () => {
    await navigate(paths.home.getHref());
    dispatch(sessionEnded());
  }, [dispatch, navigate]);
}

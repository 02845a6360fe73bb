import { useAppSelector } from '@/lib/hooks';
import { selectSessionStatus } from '@/lib/session/session-slice';

/** Whether a visitor is signed in now (false while the stored session is still being read). */
export const useSignedIn = (): boolean => useAppSelector(selectSessionStatus) === 'authenticated';

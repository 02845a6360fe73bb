import { useAppSelector } from '@/lib/hooks';
import { selectSessionStatus } from '@/lib/session/session-slice';

export const useSignedIn = (): boolean => useAppSelector(selectSessionStatus) === 'authenticated';

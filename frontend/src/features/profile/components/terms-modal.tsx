import { useEffect, useId, useRef } from 'react';
import { AppLink } from '@/components/app-link';
import { errorMessage } from '@/lib/api';
import { useAppDispatch } from '@/lib/hooks';
import { paths } from '@/lib/paths';
import { toastShown } from '@/lib/toast/toast-slice';
import { useUpdateProfileMutation } from '../api/profile-api';

export const TERMS_ACCEPTED = 'Thank you for accepting the Terms of Service';
export const TERMS_FAILED = 'Unable to save your acceptance of the Terms of Service';

/**
 * The Terms of Service modal: Cancel, or "I Accept", which saves acceptedTerms: true (and so
 * refetches the profile and the checkout quote).
 */
export function TermsModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const id = useId();
  const dispatch = useAppDispatch();
  const [update, { isLoading }] = useUpdateProfileMutation();
  const cancelRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return undefined;
    const previous = document.activeElement as HTMLElement | null;
    cancelRef.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      previous?.focus?.();
    };
  }, [open, onClose]);

  if (!open) return null;

  const accept = async () => {
    try {
      await update({ acceptedTerms: true }).unwrap();
      dispatch(toastShown(TERMS_ACCEPTED, 'success'));
      onClose();
    } catch (error) {
      dispatch(toastShown(errorMessage(error, TERMS_FAILED), 'error'));
    }
  };

  return (
    <div className="modal modal-open" role="dialog" aria-modal="true" aria-labelledby={`${id}-title`} aria-describedby={`${id}-body`}>
      <div className="modal-box space-y-3">
        <h2 id={`${id}-title`} className="text-xl font-bold">
          Terms of Service
        </h2>
        <div id={`${id}-body`} className="space-y-2 text-sm">
          <p>
            Fireworks are sold only to adults, for lawful use where you live. You are responsible for storing, transporting
            and using them safely and as local law allows. Orders ship as hazardous freight to the address or terminal you
            choose.
          </p>
          <p>
            The full text is on the{' '}
            <AppLink to={paths.termsOfUse.getHref()} className="link link-primary" target="_blank">
              Terms of Use
            </AppLink>{' '}
            page.
          </p>
        </div>
        <div className="modal-action">
          <button ref={cancelRef} type="button" className="btn btn-ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="button" className="btn btn-primary" disabled={isLoading} onClick={() => void accept()}>
            {isLoading ? 'Saving...' : 'I Accept'}
          </button>
        </div>
      </div>
      <div className="modal-backdrop" aria-hidden="true" onClick={onClose} />
    </div>
  );
}

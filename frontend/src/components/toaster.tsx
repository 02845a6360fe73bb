import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '@/lib/hooks';
import { TOAST_DURATION_MS } from '@/lib/constants';
import { selectToasts, toastDismissed, type Toast } from '@/lib/toast/toast-slice';

const kindClass: Record<Toast['kind'], string> = {
  success: 'alert-success',
  error: 'alert-error',
  info: 'alert-info',
};

function ToastItem({ toast }: { toast: Toast }) {
  const dispatch = useAppDispatch();
  useEffect(() => {
    const timer = setTimeout(() => dispatch(toastDismissed(toast.id)), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [dispatch, toast.id]);
  return (
    <div className={`alert ${kindClass[toast.kind]} shadow-lg`} role={toast.kind === 'error' ? 'alert' : 'status'}>
      <span>{toast.message}</span>
      <button
        type="button"
        className="btn btn-ghost btn-xs"
        aria-label="Dismiss notification"
        onClick={() => dispatch(toastDismissed(toast.id))}
      >
        ✕
      </button>
    </div>
  );
}

/** Toasts, top-right, each closing after 5000 ms. */
export function Toaster() {
  const toasts = useAppSelector(selectToasts);
  return (
    <div className="toast toast-top toast-end z-50" aria-live="polite">
      {toasts.map((t) => (
        <ToastItem key={t.id} toast={t} />
      ))}
    </div>
  );
}

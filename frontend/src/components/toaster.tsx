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
  // A repeat (a new count) starts the 5000 ms again.
  useEffect(() => {
    const timer = setTimeout(() => dispatch(toastDismissed(toast.id)), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [dispatch, toast.id, toast.count]);
  return (
    <div
      className={`alert ${kindClass[toast.kind]} pointer-events-auto flex w-full py-2 text-sm shadow-lg`}
      role={toast.kind === 'error' ? 'alert' : 'status'}
    >
      <span className="flex-1">{toast.message}</span>
      {toast.count > 1 && (
        <span className="badge badge-sm badge-neutral" data-testid="toast-count">
          <span aria-hidden="true">×{toast.count}</span>
          <span className="sr-only">({toast.count} times)</span>
        </span>
      )}
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

/**
 * Toasts, top-right (storefront.md §4), each closing after 5000 ms. They sit below the header's
 * height, so the cart badge, Profile and Logout stay visible and clickable, in a narrow column
 * that lets clicks through around them; repeats merge (toast-slice.ts), so they never stack up.
 */
export function Toaster() {
  const toasts = useAppSelector(selectToasts);
  return (
    <div
      className="pointer-events-none fixed top-[4.5rem] right-0 z-50 flex w-full max-w-xs flex-col items-stretch gap-2 px-3"
      aria-live="polite"
    >
      {toasts.map((t) => (
        <ToastItem key={t.id} toast={t} />
      ))}
    </div>
  );
}

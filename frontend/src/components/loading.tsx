/**
 * The Loading indicator shown while a check or a lazy page is pending. `fill`: a whole page is
 * coming (a detail page reading its item), so the indicator takes a screen's height and the
 * footer does not jump down when the page arrives (layout shift).
 */
export function Loading({ label = 'Loading...', fill = false }: { label?: string; fill?: boolean }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className={`flex justify-center gap-3 py-16 ${fill ? 'min-h-screen items-start' : 'items-center'}`}
    >
      <span className="loading loading-spinner loading-md" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}

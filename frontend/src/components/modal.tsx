import { useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';

const WIDTHS = { md: 'max-w-lg', lg: 'max-w-4xl', picker: 'max-w-3xl' } as const;

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A modal dialog on the native `<dialog>` (opened with `showModal()`: the page behind is inert
 * and the dialog is in the top layer): named by its title, focus moved in on opening (to `initialFocus`, else the
 * dialog), kept inside while open (Tab and Shift+Tab wrap), Escape closes it, and focus goes
 * back where it was on closing. Rendered into the document body, so a dialog opened from inside
 * a form or a table is not part of it (Enter in its search box submits nothing of the page).
 */
export function Modal({
  title,
  onClose,
  initialFocus,
  children,
  footer,
  size = 'md',
}: {
  title: string;
  onClose: () => void;
  initialFocus?: RefObject<HTMLElement | null>;
  children: ReactNode;
  footer?: ReactNode;
  /** md: a form; lg: a detail view with tables; picker: a picker (a table with its search). */
  size?: keyof typeof WIDTHS;
}) {
  const id = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const latestClose = useRef(onClose);
  latestClose.current = onClose;
  const firstFocus = useRef(initialFocus);
  const bodyRef = useRef<HTMLDivElement>(null);
  // A body taller than the dialog scrolls: it then takes the focus, so a keyboard can scroll it.
  const [scrolls, setScrolls] = useState(false);

  useEffect(() => {
    const body = bodyRef.current;
    if (!body) return undefined;
    const measure = () => setScrolls(body.scrollHeight > body.clientHeight);
    measure();
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(measure);
    observer.observe(body);
    for (const child of body.children) observer.observe(child);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
    (firstFocus.current?.current ?? boxRef.current)?.focus();
    const onKey = (e: KeyboardEvent) => {
      const box = boxRef.current;
      if (!box) return;
      if (e.key === 'Escape') {
        e.preventDefault();
        latestClose.current();
        return;
      }
      if (e.key !== 'Tab') return;
      const focusable = [...box.querySelectorAll<HTMLElement>(FOCUSABLE)];
      if (focusable.length === 0) {
        e.preventDefault();
        box.focus();
        return;
      }
      const first = focusable[0]!;
      const last = focusable[focusable.length - 1]!;
      const active = document.activeElement;
      if (!box.contains(active)) {
        e.preventDefault();
        first.focus();
      } else if (e.shiftKey && (active === first || active === box)) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && active === last) {
        e.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      if (dialog?.open) dialog.close();
      if (previous?.isConnected) previous.focus();
    };
  }, []);

  return createPortal(
    <dialog
      ref={dialogRef}
      className="modal"
      aria-modal="true"
      aria-labelledby={`${id}-title`}
      // Escape is handled above (the native cancel would close the dialog behind React's back).
      onCancel={(e) => e.preventDefault()}
    >
      <div
        ref={boxRef}
        tabIndex={-1}
        className={`modal-box flex max-h-[90vh] w-11/12 flex-col gap-3 outline-none ${WIDTHS[size]}`}
      >
        <div className="flex items-start justify-between gap-3">
          <h2 id={`${id}-title`} className="text-lg font-bold">
            {title}
          </h2>
          <button type="button" className="btn btn-ghost btn-sm" aria-label="Close" onClick={onClose}>
            ✕
          </button>
        </div>
        <div
          ref={bodyRef}
          className="min-h-0 flex-1 overflow-y-auto"
          {...(scrolls ? { role: 'region', 'aria-labelledby': `${id}-title`, tabIndex: 0 } : {})}
        >
          {children}
        </div>
        {footer && <div className="modal-action mt-0">{footer}</div>}
      </div>
      <div className="modal-backdrop" aria-hidden="true" onClick={onClose} />
    </dialog>,
    document.body,
  );
}

import { Toaster } from '@/components/toaster';
import { mockApi, renderAt, signedInState } from '@/test/render';
import MailRoute from '../routes/mail';

/** /admin/mail as an admin, with the toasts, answering `handlers`. */
export function renderMail(handlers: Parameters<typeof mockApi>[0]) {
  const calls = mockApi(handlers);
  const view = renderAt(
    <>
      <MailRoute />
      <Toaster />
    </>,
    { path: '/admin/mail', preloadedState: signedInState({ role: 'ADMIN' }) },
  );
  /** The queries of the list reads, in order. */
  const lists = () =>
    calls.mock.calls
      .map(([r]) => r)
      .filter((r) => r.method === 'GET' && new URL(r.url).pathname === '/api/admin/mail')
      .map((r) => Object.fromEntries(new URL(r.url).searchParams));
  /** The resends asked for, by path. */
  const resends = () => calls.mock.calls.map(([r]) => r).filter((r) => r.method === 'POST').map((r) => new URL(r.url).pathname);
  return { ...view, calls, lists, resends };
}

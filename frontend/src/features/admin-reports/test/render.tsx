import { Toaster } from '@/components/toaster';
import { mockApi, renderAt, signedInState } from '@/test/render';
import ReportsRoute from '../routes/reports';

/** Renders /admin/reports at `search` as an admin, with the toasts, answering `handlers`. */
export function renderReports(search: string, handlers: Parameters<typeof mockApi>[0]) {
  const calls = mockApi(handlers);
  const view = renderAt(
    <>
      <ReportsRoute />
      <Toaster />
    </>,
    { path: `/admin/reports${search}`, route: '/admin/reports', preloadedState: signedInState({ role: 'ADMIN' }) },
  );
  /** The requests sent to `pathname` ("GET /api/reports/case-break"), each as its query. */
  const sent = (key: string) => {
    const [method, pathname] = key.split(' ');
    return calls.mock.calls.map(([r]) => r).filter((r) => r.method === method && new URL(r.url).pathname === pathname);
  };
  const queries = (key: string) => sent(key).map((r) => Object.fromEntries(new URL(r.url).searchParams));
  return { ...view, calls, sent, queries };
}

/** Object URLs and <a download> clicks, which jsdom lacks: what was saved, under which name. */
export function captureDownloads() {
  const saved: { blob: Blob; name: string }[] = [];
  const blobs = new Map<string, Blob>();
  let n = 0;
  const { createObjectURL, revokeObjectURL } = URL;
  Object.assign(URL, {
    createObjectURL: (blob: Blob) => {
      const url = `blob:http://localhost/${++n}`;
      blobs.set(url, blob);
      return url;
    },
    revokeObjectURL: () => {},
  });
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ blob: blobs.get(this.href)!, name: this.download });
  });
  const restore = () => Object.assign(URL, { createObjectURL, revokeObjectURL });
  return { saved, restore };
}

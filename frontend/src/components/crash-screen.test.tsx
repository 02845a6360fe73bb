import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { API_ORIGIN, server } from '@/test/server';
import { CrashScreen } from './crash-screen';

it('toggles the error details', async () => {
  render(<CrashScreen error={new Error('kaboom')} />);
  expect(screen.getByRole('heading', { name: 'Something went wrong!' })).toBeInTheDocument();
  expect(screen.queryByText(/kaboom/)).not.toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Show Error' }));
  expect(screen.getByText(/Error: kaboom/)).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Hide Error' }));
  expect(screen.queryByText(/kaboom/)).not.toBeInTheDocument();
});

it('reports the crash to the shop once', async () => {
  const reports: unknown[] = [];
  server.use(
    http.post(`${API_ORIGIN}/client-errors`, async ({ request }) => {
      reports.push(await request.json());
      return new HttpResponse(null, { status: 204 });
    }),
  );
  const { rerender } = render(<CrashScreen error={new Error('render failed')} />);
  rerender(<CrashScreen error={new Error('render failed')} />);
  await waitFor(() => expect(reports).toHaveLength(1));
  expect(reports[0]).toMatchObject({ kind: 'boundary', message: 'Error: render failed' });
});

it('does not report a 404 the router threw', async () => {
  const reports: unknown[] = [];
  server.use(
    http.post(`${API_ORIGIN}/client-errors`, async ({ request }) => {
      reports.push(await request.json());
      return new HttpResponse(null, { status: 204 });
    }),
  );
  render(<CrashScreen error={{ status: 404, statusText: 'Not Found', internal: true, data: 'no route' }} />);
  render(<CrashScreen error={new Error('a real one')} />);
  await waitFor(() => expect(reports).toHaveLength(1));
  expect(reports[0]).toMatchObject({ message: 'Error: a real one' });
});

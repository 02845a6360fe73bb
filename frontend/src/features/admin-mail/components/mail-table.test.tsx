import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formatDateTime } from '@/lib/format';
import { mail, mailPage } from '../test/fixtures';
import { renderMail } from '../test/render';

const LIST = 'GET /api/admin/mail';
/** The server's answer to a resend (api::routes::notifications). */
const RESENT = 'The mail is back in line to send.';

const sent = mail();
const failed = mail({
  id: 'm2',
  to: 'bob@example.com',
  subject: 'Your order is confirmed',
  kind: 'orderPlaced',
  state: 'FAILED',
  attempts: 7,
  lastError: '550 mailbox unavailable',
  createdAt: '2026-06-02T08:00:00.000Z',
  sentAt: null,
});
const pending = mail({
  id: 'm3',
  to: 'cy@example.com',
  subject: 'Your order has shipped',
  kind: 'orderStatusChanged',
  state: 'PENDING',
  attempts: 2,
  lastError: 'connection refused',
  createdAt: '2026-06-03T09:00:00.000Z',
  sentAt: null,
  nextAttemptAt: '2026-06-03T09:04:00.000Z',
});

const table = () => screen.getByRole('table', { name: 'All Mail' });
const cellsOf = (row: HTMLElement) => within(row).getAllByRole('cell').slice(0, -1).map((c) => c.textContent);

describe('/admin/mail', () => {
  it('lists the outbox newest first, 25 a page: recipient, subject, state, tries, last error and when it was written', async () => {
    const { lists, calls } = renderMail({ [LIST]: () => [200, mailPage([pending, failed, sent])] });
    expect(screen.getByRole('heading', { level: 1, name: 'Outgoing mail' })).toBeInTheDocument();
    expect(await within(await screen.findByRole('table', { name: 'All Mail' })).findByRole('cell', { name: 'bob@example.com' })).toBeInTheDocument();
    expect(within(table()).getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Recipient',
      'Subject',
      'State',
      'Tries',
      'Last error',
      'Created',
      'Actions',
    ]);
    const [, first, second, third] = within(table()).getAllByRole('row');
    expect(cellsOf(first!)).toEqual([
      'cy@example.com',
      'Your order has shipped',
      `PendingNext try ${formatDateTime('2026-06-03T09:04:00.000Z')}`,
      '2',
      'connection refused',
      formatDateTime('2026-06-03T09:00:00.000Z'),
    ]);
    expect(cellsOf(second!)).toEqual([
      'bob@example.com',
      'Your order is confirmed',
      'Failed',
      '7',
      '550 mailbox unavailable',
      formatDateTime('2026-06-02T08:00:00.000Z'),
    ]);
    expect(cellsOf(third!)).toEqual(['ann.blast@example.com', 'Reset your password', 'Sent', '1', '—', formatDateTime('2026-06-01T14:30:00.000Z')]);
    expect(within(second!).getByText('Failed')).toHaveClass('badge', 'badge-error');
    expect(within(third!).getByText('Sent')).toHaveClass('badge', 'badge-success');
    expect(within(first!).getByText('Pending')).toHaveClass('badge', 'badge-warning');
    // No body: the API has none, and the table shows none.
    // A sent reset link cannot be sent again (the server keeps no link once it is sent).
    expect(screen.getAllByRole('button', { name: /^Resend / })).toHaveLength(2);
    expect(within(third!).queryByRole('button', { name: /^Resend / })).toBeNull();
    expect(lists()).toEqual([{ page: '1', pageSize: '25' }]);
    expect(calls.mock.calls[0]![0].headers.get('authorization')).toBe('Bearer token-123');
  });

  it("pages on the server", async () => {
    const { lists } = renderMail({
      [LIST]: (req) => {
        const page = Number(new URL(req.url).searchParams.get('page'));
        return [200, mailPage(page === 1 ? [sent] : [failed], 30, page === 1)];
      },
    });
    expect(await screen.findByRole('cell', { name: 'ann.blast@example.com' })).toBeInTheDocument();
    expect(screen.getByText('Showing 1-1 of 30')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('cell', { name: 'bob@example.com' })).toBeInTheDocument();
    expect(lists().at(-1)).toEqual({ page: '2', pageSize: '25' });
    await userEvent.click(within(screen.getByRole('group', { name: 'Items per page' })).getByRole('button', { name: '10' }));
    await waitFor(() => expect(lists().at(-1)).toEqual({ page: '1', pageSize: '10' }));
  });

  it("resends a mail, says the server's words and reads the list again", async () => {
    let resent = false;
    const { lists, resends } = renderMail({
      [LIST]: () => [200, mailPage([resent ? { ...failed, state: 'PENDING', nextAttemptAt: '2026-06-04T10:00:00.000Z' } : failed, sent])],
      'POST /api/admin/mail/m2/resend': () => {
        resent = true;
        return [200, { message: RESENT }];
      },
    });
    await screen.findByRole('cell', { name: 'bob@example.com' });
    await userEvent.click(screen.getByRole('button', { name: 'Resend "Your order is confirmed" to bob@example.com' }));
    expect(await screen.findByText(RESENT)).toBeInTheDocument();
    expect(screen.getByText(RESENT).closest('[role="status"]')).not.toBeNull();
    expect(await within(table()).findByText('Pending')).toBeInTheDocument();
    expect(resends()).toEqual(['/api/admin/mail/m2/resend']);
    expect(lists()).toHaveLength(2);
  });

  it('says a refused resend as the server says it, or "Failed to resend mail"', async () => {
    let answer: [number, unknown] = [404, { message: 'Mail not found' }];
    renderMail({ [LIST]: () => [200, mailPage([failed])], 'POST /api/admin/mail/m2/resend': () => answer });
    const resend = await screen.findByRole('button', { name: 'Resend "Your order is confirmed" to bob@example.com' });
    await userEvent.click(resend);
    expect(await screen.findByRole('alert')).toHaveTextContent('Error resending mail: Mail not found');
    answer = [500, {}];
    await userEvent.click(resend);
    expect(await screen.findByText('Failed to resend mail')).toBeInTheDocument();
  });

  it('says "No mail yet." for an empty outbox', async () => {
    renderMail({ [LIST]: () => [200, mailPage([])] });
    expect(await screen.findByRole('cell', { name: 'No mail yet.' })).toBeInTheDocument();
  });

  it('says "Error loading data" when the outbox cannot be read', async () => {
    renderMail({ [LIST]: () => [403, { message: 'Forbidden' }] });
    expect(await screen.findByRole('alert')).toHaveTextContent('Error loading data');
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminUser } from '../test/fixtures';
import { field, renderUserScreen } from '../test/render-routes';
import { RESET_LINK_NOTE } from './reset-link-form';
import { userMessages as m } from './user-schema';

const USER = { 'GET /api/admin/users/u1': () => [200, adminUser()] as [number, unknown] };
const SEND = 'POST /api/user/admin/reset-password';
const SEND_URL = '/api/user/admin/reset-password';
/** The server's answer (api::routes::users::reset::LINK_SENT). */
const LINK_SENT = 'A reset link is on its way to the user.';

const form = () => screen.getByRole('form', { name: 'Send reset link' });
const hours = () => field('Expires in (hours)');
const send = () => within(form()).getByRole('button', { name: 'Send reset link' });

describe('Send reset link, on /admin/users/{id}/reset-password', () => {
  it('offers a link that works 24 hours unless changed, beside setting a password', async () => {
    renderUserScreen('/admin/users/u1/reset-password', USER);
    expect(await screen.findByRole('form', { name: 'Send reset link' })).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Reset Password' })).toBeInTheDocument();
    expect(within(form()).getByRole('group', { name: 'Reset Link for ann.blast@example.com' })).toBeInTheDocument();
    expect(within(form()).getByText(RESET_LINK_NOTE)).toBeInTheDocument();
    expect(hours()).toHaveValue(24);
    expect(hours()).toHaveAttribute('type', 'number');
    expect(hours()).toHaveAttribute('min', '1');
    expect(hours()).toHaveAttribute('max', '168');
  });

  it.each(['0', '169', '2.5', ''])('refuses %p hours with the server\'s words, sending nothing', async (typed) => {
    const { sent } = renderUserScreen('/admin/users/u1/reset-password', USER);
    await screen.findByRole('form', { name: 'Send reset link' });
    await userEvent.clear(hours());
    if (typed) await userEvent.type(hours(), typed);
    await userEvent.click(send());
    await waitFor(() => expect(hours()).toHaveAccessibleDescription(m.resetHours));
    expect(sent('POST').filter((r) => new URL(r.url).pathname === SEND_URL)).toHaveLength(0);
  });

  it("sends the user and the hours, says the server's words in a toast and returns to All Users", async () => {
    let body: unknown;
    const { router, sent } = renderUserScreen('/admin/users/u1/reset-password', {
      ...USER,
      [SEND]: async (req) => {
        body = await req.json();
        return [200, { message: LINK_SENT }];
      },
    });
    await screen.findByRole('form', { name: 'Send reset link' });
    await userEvent.clear(hours());
    await userEvent.type(hours(), '168');
    await userEvent.click(send());
    expect(await screen.findByText(LINK_SENT)).toBeInTheDocument();
    expect(screen.getByText(LINK_SENT).closest('[role="status"]')).not.toBeNull();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/users'));
    expect(body).toEqual({ userId: 'u1', expiresInHours: 168 });
    expect(sent('POST')[0]!.headers.get('authorization')).toBe('Bearer token-123');
  });

  it('says a 404 as the other user forms do, in a toast and in the form', async () => {
    const { router } = renderUserScreen('/admin/users/u1/reset-password', { ...USER, [SEND]: () => [404, { message: 'User not found' }] });
    await screen.findByRole('form', { name: 'Send reset link' });
    await userEvent.click(send());
    expect(await screen.findAllByText('Error sending reset link: User not found')).toHaveLength(2);
    expect(within(form()).getByRole('alert')).toHaveTextContent('Error sending reset link: User not found');
    expect(router.state.location.pathname).toBe('/admin/users/u1/reset-password');
  });

  it("puts a 422's expiresInHours message on the field, and says 'Failed to send reset link' without a message", async () => {
    let answer: [number, unknown] = [422, { message: m.resetHours, errors: { expiresInHours: [m.resetHours] } }];
    renderUserScreen('/admin/users/u1/reset-password', { ...USER, [SEND]: () => answer });
    await screen.findByRole('form', { name: 'Send reset link' });
    await userEvent.click(send());
    expect(await screen.findByText(`Error sending reset link: ${m.resetHours}`)).toBeInTheDocument();
    await waitFor(() => expect(hours()).toHaveAccessibleDescription(m.resetHours));
    expect(hours()).toHaveFocus();

    answer = [500, {}];
    await userEvent.click(send());
    expect(await screen.findAllByText('Failed to send reset link')).toHaveLength(2);
  });
});

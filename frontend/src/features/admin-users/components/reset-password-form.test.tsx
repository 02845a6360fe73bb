import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminUser, GOOD_PASSWORD } from '../test/fixtures';
import { field, renderUserScreen } from '../test/render-routes';
import { SESSIONS_END_NOTE } from './reset-password-form';
import { userMessages as m } from './user-schema';

const USER = { 'GET /api/admin/users/u1': () => [200, adminUser()] as [number, unknown] };

describe('/admin/users/{id}/reset-password', () => {
  it("names the user, says their sessions end, and applies the registration rule", async () => {
    const { sent } = renderUserScreen('/admin/users/u1/reset-password', USER);
    expect(await screen.findByRole('form', { name: 'Reset Password' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Reset Password' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'New Password for ann.blast@example.com' })).toBeInTheDocument();
    expect(screen.getByText(SESSIONS_END_NOTE)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findAllByText(m.required)).toHaveLength(2);
    await userEvent.type(field('Password'), 'Short1!');
    await userEvent.type(field('Confirm Password'), 'Short1!x');
    await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText(m.passwordRule)).toBeInTheDocument();
    expect(field('Confirm Password')).toHaveAccessibleDescription(m.passwordsMatch);
    expect(sent('PUT')).toHaveLength(0);
  });

  it('sends the new password (204), says "Password reset successfully!" and returns to All Users', async () => {
    let body: unknown;
    const { router, sent } = renderUserScreen('/admin/users/u1/reset-password', {
      ...USER,
      'PUT /api/admin/users/u1/password': async (req) => {
        body = await req.json();
        return [204, null];
      },
    });
    await screen.findByRole('form', { name: 'Reset Password' });
    await userEvent.type(field('Password'), GOOD_PASSWORD);
    await userEvent.type(field('Confirm Password'), GOOD_PASSWORD);
    await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Password reset successfully!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/users'));
    expect(body).toEqual({ password: GOOD_PASSWORD });
    expect(sent('PUT')[0]!.headers.get('authorization')).toBe('Bearer token-123');
  });

  it('puts a 422 on the password field and says "Error resetting password: {message}"', async () => {
    renderUserScreen('/admin/users/u1/reset-password', {
      ...USER,
      'PUT /api/admin/users/u1/password': () => [422, { message: m.passwordRule, errors: { password: [m.passwordRule] } }],
    });
    await screen.findByRole('form', { name: 'Reset Password' });
    await userEvent.type(field('Password'), GOOD_PASSWORD);
    await userEvent.type(field('Confirm Password'), GOOD_PASSWORD);
    await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText(`Error resetting password: ${m.passwordRule}`)).toBeInTheDocument();
    await waitFor(() => expect(field('Password')).toHaveAccessibleDescription(expect.stringContaining(m.passwordRule)));
    expect(field('Password')).toHaveFocus();
  });
});

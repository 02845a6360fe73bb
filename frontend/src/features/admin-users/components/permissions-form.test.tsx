import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminUser } from '../test/fixtures';
import { field, renderUserScreen } from '../test/render-routes';

describe('/admin/users/{id}/permissions', () => {
  it('shows the role and the Active switch, saves both with "Permissions updated successfully!" and returns', async () => {
    let body: unknown;
    const { router } = renderUserScreen('/admin/users/u1/permissions', {
      'GET /api/admin/users/u1': () => [200, adminUser({ role: 'MEMBER' })],
      'PUT /api/admin/users/u1/permissions': async (req) => {
        body = await req.json();
        return [200, adminUser({ role: 'MANAGER', active: false })];
      },
    });
    expect(await screen.findByRole('form', { name: 'User Permissions' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'User Permissions' })).toBeInTheDocument();
    expect(field('Role')).toHaveValue('MEMBER');
    const active = screen.getByRole('switch', { name: 'Active' });
    expect(active).toBeChecked();
    expect(active).toHaveAccessibleDescription('An inactive user cannot sign in.');

    await userEvent.selectOptions(field('Role'), 'MANAGER');
    // The switch works by keyboard.
    active.focus();
    await userEvent.keyboard(' ');
    expect(active).not.toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Save Permissions' }));
    expect(await screen.findByText('Permissions updated successfully!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/users'));
    expect(body).toEqual({ role: 'MANAGER', active: false });
  });

  it.each([
    ['You cannot deactivate your own account', 'false'],
    ['You cannot remove your own admin role', 'role'],
  ])('shows the 409 "%s" in the form and stays', async (message, change) => {
    const { router } = renderUserScreen('/admin/users/me/permissions', {
      'GET /api/admin/users/me': () => [200, adminUser({ id: 'me', role: 'ADMIN' })],
      'PUT /api/admin/users/me/permissions': () => [409, { message }],
    });
    await screen.findByRole('form', { name: 'User Permissions' });
    if (change === 'role') await userEvent.selectOptions(field('Role'), 'USER');
    else await userEvent.click(screen.getByRole('switch', { name: 'Active' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save Permissions' }));
    expect(await screen.findAllByText(`Error updating permissions: ${message}`)).toHaveLength(2);
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toContain(`Error updating permissions: ${message}`);
    expect(router.state.location.pathname).toBe('/admin/users/me/permissions');
  });

  it('says "Failed to update permissions" when the server gives no message', async () => {
    renderUserScreen('/admin/users/u1/permissions', {
      'GET /api/admin/users/u1': () => [200, adminUser()],
      'PUT /api/admin/users/u1/permissions': () => [500, {}],
    });
    await screen.findByRole('form', { name: 'User Permissions' });
    await userEvent.click(screen.getByRole('button', { name: 'Save Permissions' }));
    expect(await screen.findAllByText('Failed to update permissions')).toHaveLength(2);
  });
});

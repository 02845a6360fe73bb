import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { deferred } from '@/test/deferred';
import { adminUser, GOOD_PASSWORD } from '../test/fixtures';
import { field, renderUserScreen } from '../test/render-routes';
import { userMessages as m } from './user-schema';

async function fillNewUser() {
  await userEvent.type(field('Email'), ' new.person@example.com ');
  await userEvent.type(field('Password'), GOOD_PASSWORD);
  await userEvent.type(field('Confirm Password'), GOOD_PASSWORD);
  await userEvent.selectOptions(field('Role'), 'MANAGER');
  await userEvent.type(field('First Name'), ' Nia ');
  await userEvent.type(field('Phone Number'), '(701) 555-0100');
}

describe('/admin/users/new', () => {
  it('checks e-mail and password by the registration rules before sending anything', async () => {
    const { sent } = renderUserScreen('/admin/users/new');
    expect(screen.getByRole('heading', { level: 1, name: 'New User' })).toBeInTheDocument();
    expect(field('Role')).toHaveValue('USER');
    expect([...(field('Role') as HTMLSelectElement).options].map((o) => o.value)).toEqual(['USER', 'MANAGER', 'ADMIN', 'MEMBER']);
    await userEvent.click(screen.getByRole('button', { name: 'Create User' }));
    expect(await screen.findByText(m.invalidEmail)).toBeInTheDocument();
    expect(field('Email')).toHaveAccessibleDescription(m.invalidEmail);
    expect(field('Email')).toHaveFocus();
    expect(field('Password')).toHaveAccessibleDescription(expect.stringContaining(m.required));
    expect(field('Confirm Password')).toHaveAccessibleDescription(m.required);

    await userEvent.type(field('Password'), 'weakpass');
    await userEvent.type(field('Confirm Password'), 'other');
    await userEvent.click(screen.getByRole('button', { name: 'Create User' }));
    expect(await screen.findByText(m.passwordRule)).toBeInTheDocument();
    expect(screen.getByText(m.passwordsMatch)).toBeInTheDocument();
    // The rule as a hint, before any error.
    expect(field('Password')).toHaveAccessibleDescription(expect.stringMatching(/^At least 8 characters/));
    expect(sent('POST')).toHaveLength(0);
  });

  it('creates the user, says "User created successfully!" and returns to All Users', async () => {
    const answer = deferred<[number, unknown]>();
    let body: unknown;
    const { router, sent } = renderUserScreen('/admin/users/new', {
      'POST /api/admin/users': async (req) => {
        body = await req.json();
        return answer.promise;
      },
    });
    await fillNewUser();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Show password' }));
    expect(field('Password')).toHaveAttribute('type', 'text');
    await userEvent.click(screen.getByRole('button', { name: 'Create User' }));
    expect(await screen.findByRole('button', { name: 'Saving...' })).toBeDisabled();
    answer.resolve([201, adminUser({ id: 'u9' })]);
    expect(await screen.findByText('User created successfully!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/users'));
    expect(body).toEqual({ email: 'new.person@example.com', password: GOOD_PASSWORD, role: 'MANAGER', firstName: 'Nia', phoneNumber: '(701) 555-0100' });
    expect(sent('POST')[0]!.headers.get('authorization')).toBe('Bearer token-123');
  });

  it("puts the server's field errors (422) on their fields and says \"Error creating user: {message}\"", async () => {
    renderUserScreen('/admin/users/new', {
      'POST /api/admin/users': () => [
        422,
        { message: 'Please enter a valid phone number', errors: { phoneNumber: ['Please enter a valid phone number'], lastName: ['Please enter at most 100 characters'] } },
      ],
    });
    await fillNewUser();
    await userEvent.click(screen.getByRole('button', { name: 'Create User' }));
    expect(await screen.findByText('Error creating user: Please enter a valid phone number')).toBeInTheDocument();
    await waitFor(() => expect(field('Phone Number')).toHaveAccessibleDescription('Please enter a valid phone number'));
    expect(field('Last Name')).toHaveAccessibleDescription('Please enter at most 100 characters');
    expect(screen.getByRole('form', { name: 'New User' })).toBeInTheDocument();
  });

  it('shows a 409 in the form ("Email is already registered"), and "Failed to create user" without a message', async () => {
    let answer: [number, unknown] = [409, { message: 'Email is already registered' }];
    renderUserScreen('/admin/users/new', { 'POST /api/admin/users': () => answer });
    await fillNewUser();
    await userEvent.click(screen.getByRole('button', { name: 'Create User' }));
    expect(await screen.findAllByText('Error creating user: Email is already registered')).toHaveLength(2);
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toContain('Error creating user: Email is already registered');
    answer = [500, {}];
    await userEvent.click(screen.getByRole('button', { name: 'Create User' }));
    expect(await screen.findAllByText('Failed to create user')).toHaveLength(2);
  });
});

describe('/admin/users/{id}/edit', () => {
  it('loads the user and saves e-mail, role, names and phone with "User updated successfully!"', async () => {
    let body: unknown;
    const { router } = renderUserScreen('/admin/users/u1/edit', {
      'GET /api/admin/users/u1': () => [200, adminUser()],
      'PUT /api/admin/users/u1': async (req) => {
        body = await req.json();
        return [200, adminUser({ role: 'MEMBER' })];
      },
    });
    expect(await screen.findByRole('form', { name: 'Edit User' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Edit User' })).toBeInTheDocument();
    expect(screen.getByText('ann.blast@example.com')).toBeInTheDocument();
    expect(field('Email')).toHaveValue('ann.blast@example.com');
    expect(field('Role')).toHaveValue('USER');
    expect(field('First Name')).toHaveValue('Ann');
    expect(field('Phone Number')).toHaveValue('(701) 555-0100');
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();

    await userEvent.selectOptions(field('Role'), 'MEMBER');
    await userEvent.clear(field('Last Name'));
    await userEvent.click(screen.getByRole('button', { name: 'Update User' }));
    expect(await screen.findByText('User updated successfully!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/users'));
    expect(body).toEqual({ email: 'ann.blast@example.com', role: 'MEMBER', firstName: 'Ann', phoneNumber: '(701) 555-0100' });
  });

  it('shows the 409 "You cannot remove your own admin role" and 422 field errors, and stays', async () => {
    let answer: [number, unknown] = [409, { message: 'You cannot remove your own admin role' }];
    const { router } = renderUserScreen('/admin/users/me/edit', {
      'GET /api/admin/users/me': () => [200, adminUser({ id: 'me', role: 'ADMIN' })],
      'PUT /api/admin/users/me': () => answer,
    });
    await screen.findByRole('form', { name: 'Edit User' });
    await userEvent.selectOptions(field('Role'), 'USER');
    await userEvent.click(screen.getByRole('button', { name: 'Update User' }));
    expect(await screen.findAllByText('Error updating user: You cannot remove your own admin role')).toHaveLength(2);
    expect(router.state.location.pathname).toBe('/admin/users/me/edit');

    answer = [422, { message: 'invalid email', errors: { email: ['invalid email'] } }];
    await userEvent.click(screen.getByRole('button', { name: 'Update User' }));
    await waitFor(() => expect(field('Email')).toHaveAccessibleDescription('invalid email'));
    expect(field('Email')).toHaveFocus();
  });

  it('says "Error loading user: User not found" for an unknown id', async () => {
    renderUserScreen('/admin/users/nobody/edit', { 'GET /api/admin/users/nobody': () => [404, { message: 'User not found' }] });
    expect(await screen.findByRole('alert')).toHaveTextContent('Error loading user: User not found');
    expect(screen.getByRole('link', { name: 'Back to users' })).toHaveAttribute('href', '/admin/users');
  });
});

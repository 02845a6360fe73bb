import { render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import userEvent from '@testing-library/user-event';
import { readSession } from '@/lib/session/session-storage';
import { makeStore, mockApi, renderAt, signedOutState, user } from '@/test/render';
import { LOGIN_FAILURE, LoginForm } from './login-form';

function setup(path = '/user/login') {
  const ue = userEvent.setup();
  const view = renderAt(<LoginForm />, { path, route: '/user/login' });
  return { ue, view };
}

async function signIn(ue: ReturnType<typeof userEvent.setup>, email = 'buyer@example.com', password = 'Fire#Works9') {
  await ue.type(screen.getByLabelText('Email'), email);
  await ue.type(screen.getByLabelText('Password'), password);
  await ue.click(screen.getByRole('button', { name: 'Sign In' }));
}

const okLogin = () => mockApi({ 'POST /api/user/login': () => [200, { token: 'jwt-1', userInfo: user() }] });

describe('LoginForm', () => {
  it('arrives with the e-mail and notice passed in navigation state', async () => {
    const ue = userEvent.setup();
    const router = createMemoryRouter(
      [{ path: '/user/login', element: <LoginForm /> }],
      { initialEntries: [{ pathname: '/user/login', state: { email: 'new@example.com', notice: 'Account created successfully! Please log in.' } }] },
    );
    render(
      <Provider store={makeStore(signedOutState)}>
        <RouterProvider router={router} />
      </Provider>,
    );
    expect(screen.getByLabelText('Email')).toHaveValue('new@example.com');
    expect(screen.getByRole('status')).toHaveTextContent('Account created successfully! Please log in.');
    await waitFor(() => expect(screen.getByLabelText('Password')).toHaveFocus());
    expect(router.state.location.search).toBe('');
    await ue.type(screen.getByLabelText('Password'), 'x');
    expect(screen.getByLabelText('Password')).toHaveValue('x');
  });

  it('starts empty without navigation state', () => {
    mockApi({});
    setup();
    expect(screen.getByLabelText('Email')).toHaveValue('');
    expect(screen.queryByText('Account created successfully! Please log in.')).not.toBeInTheDocument();
  });

  it('shows errors only after the first submit', async () => {
    const fetch = mockApi({});
    const { ue } = setup();
    await ue.type(screen.getByLabelText('Email'), 'nope');
    expect(screen.queryByText('invalid email')).not.toBeInTheDocument();
    await ue.clear(screen.getByLabelText('Email'));
    await ue.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('invalid email')).toBeInTheDocument();
    expect(screen.getByText('Must have at least 1 character')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('stores the session for 24 hours and goes to the first catalogue page', async () => {
    okLogin();
    const { ue, view } = setup();
    const before = Date.now();
    await signIn(ue);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/products?page=1&pageSize=25'));
    const stored = readSession();
    expect(stored?.token).toBe('jwt-1');
    expect(stored?.userInfo.email).toBe('buyer@example.com');
    expect(stored!.expiresAt - before).toBeGreaterThanOrEqual(86_400_000);
    expect(stored!.expiresAt - Date.now()).toBeLessThanOrEqual(86_400_000);
    expect(view.store.getState().session.status).toBe('authenticated');
  });

  it('honours a same-origin redirect value', async () => {
    okLogin();
    const { ue } = setup(`/user/login?redirect=${encodeURIComponent('/profile/cart/c-1?x=1')}`);
    await signIn(ue);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/profile/cart/c-1?x=1'));
  });

  it.each(['//evil.example/steal', 'https://evil.example/', 'profile'])('ignores the redirect value %s', async (redirect) => {
    okLogin();
    const { ue } = setup(`/user/login?redirect=${encodeURIComponent(redirect)}`);
    await signIn(ue);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/products?page=1&pageSize=25'));
  });

  it('shows the server message on failure and stores nothing', async () => {
    mockApi({ 'POST /api/user/login': () => [401, { message: 'Invalid email or password' }] });
    const { ue, view } = setup();
    await signIn(ue);
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
    expect(readSession()).toBeNull();
    expect(view.store.getState().session.token).toBeNull();
  });

  it('falls back to the generic failure message', async () => {
    mockApi({ 'POST /api/user/login': () => [500, {}] });
    const { ue } = setup();
    await signIn(ue);
    expect(await screen.findByRole('alert')).toHaveTextContent(LOGIN_FAILURE);
    expect(LOGIN_FAILURE).toBe('Sign in failed. Please check your credentials.');
  });

  it('raises the message of a response with neither token nor user info', async () => {
    mockApi({ 'POST /api/user/login': () => [200, { message: 'Account is locked' }] });
    const { ue } = setup();
    await signIn(ue);
    expect(await screen.findByRole('alert')).toHaveTextContent('Account is locked');
    expect(readSession()).toBeNull();
  });
});

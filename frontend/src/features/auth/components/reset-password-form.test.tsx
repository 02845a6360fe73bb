import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { readSession, writeSession } from '@/lib/session/session-storage';
import { signedInState, user } from '@/test/render';
import { API_ORIGIN, server } from '@/test/server';
import { NETWORK_FAILED, RESET_FAILED, RESET_LINK_INVALID } from '../lib/messages';
import { renderAuthPage } from '../test/render-pages';
import { messages } from './schemas';

const RESET = 'POST /api/user/reset-password';
const RESET_URL = '/api/user/reset-password';
const TOKEN = 'ab'.repeat(32);
const GOOD = 'Fire#Works9';
/** The server's words (api::routes::users::reset and domain::users::reset). */
const DONE = 'Your password has been reset. Please log in.';
const EXPIRED = 'This reset link has expired. Please ask for a new one.';

const newPassword = () => screen.getByLabelText('New password');
const confirmPassword = () => screen.getByLabelText('Confirm password');
const submit = () => screen.getByRole('button', { name: 'Set new password' });

async function setPassword(ue: ReturnType<typeof userEvent.setup>, password = GOOD, confirmation = password) {
  await ue.type(newPassword(), password);
  await ue.type(confirmPassword(), confirmation);
  await ue.click(submit());
}

describe('/reset-password', () => {
  it('says the link is invalid, without asking the server, when the address has no token', async () => {
    const ue = userEvent.setup();
    const { calls } = renderAuthPage('/reset-password');
    expect(screen.getByRole('heading', { level: 1, name: 'Set a new password' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(RESET_LINK_INVALID);
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    await ue.click(screen.getByRole('link', { name: 'Ask for a new link' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/user\/forgot-password$/);
    expect(calls).not.toHaveBeenCalled();
  });

  it("applies the registration form's password rule and words before sending anything", async () => {
    const ue = userEvent.setup();
    const { sent } = renderAuthPage(`/reset-password?token=${TOKEN}`);
    expect(screen.getByRole('form', { name: 'Reset password' })).toBeInTheDocument();
    await ue.click(submit());
    expect(await screen.findAllByText(messages.required)).toHaveLength(2);
    await setPassword(ue, 'NoDigits#x');
    expect(await screen.findByText(messages.passwordRule)).toBeInTheDocument();
    await ue.clear(newPassword());
    await ue.clear(confirmPassword());
    await setPassword(ue, GOOD, `${GOOD}x`);
    expect(await screen.findByText(messages.passwordsMatch)).toBeInTheDocument();
    expect(confirmPassword()).toHaveAccessibleDescription(messages.passwordsMatch);
    expect(sent(RESET_URL)).toHaveLength(0);
  });

  it("sends the token and the new password, then shows the server's words and the way to sign in", async () => {
    const ue = userEvent.setup();
    let body: unknown;
    const { store } = renderAuthPage(`/reset-password?token=${TOKEN}`, {
      [RESET]: async (req) => {
        body = await req.json();
        return [200, { message: DONE }];
      },
    });
    await setPassword(ue);
    expect(await screen.findByText(DONE)).toBeInTheDocument();
    expect(screen.getByText(DONE).closest('[role="status"]')).not.toBeNull();
    expect(body).toEqual({ token: TOKEN, newPassword: GOOD });
    expect(screen.queryByRole('form', { name: 'Reset password' })).not.toBeInTheDocument();
    expect(store.getState().session.status).toBe('unauthenticated');
    await ue.click(screen.getByRole('link', { name: 'Sign in' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/user\/login$/);
  });

  it("signs out a session of this browser, which the server has ended", async () => {
    const ue = userEvent.setup();
    writeSession('token-123', user());
    const { store } = renderAuthPage(`/reset-password?token=${TOKEN}`, { [RESET]: () => [200, { message: DONE }] }, signedInState());
    expect(store.getState().session.status).toBe('authenticated');
    await setPassword(ue);
    expect(await screen.findByText(DONE)).toBeInTheDocument();
    await waitFor(() => expect(store.getState().session.status).toBe('unauthenticated'));
    expect(readSession()).toBeNull();
    // The page stays, with its way to sign in.
    expect(screen.getByTestId('location')).toHaveTextContent(`/reset-password?token=${TOKEN}`);
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/user/login');
  });

  it("shows a 404's message (used, unknown or expired link) with the way to ask for another", async () => {
    const ue = userEvent.setup();
    renderAuthPage(`/reset-password?token=${TOKEN}`, { [RESET]: () => [404, { message: EXPIRED }] });
    await setPassword(ue);
    expect(await screen.findByRole('alert')).toHaveTextContent(EXPIRED);
    expect(screen.queryByRole('form', { name: 'Reset password' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/user/forgot-password');
  });

  it("puts a 422's newPassword message on the new password field", async () => {
    const ue = userEvent.setup();
    renderAuthPage(`/reset-password?token=${TOKEN}`, {
      [RESET]: () => [422, { message: 'Validation failed', errors: { newPassword: [messages.passwordTooLong] } }],
    });
    await setPassword(ue);
    await waitFor(() => expect(newPassword()).toHaveAccessibleDescription(expect.stringContaining(messages.passwordTooLong)));
    expect(newPassword()).toHaveAttribute('aria-invalid', 'true');
    expect(newPassword()).toHaveFocus();
    // Said on its field only.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Reset password' })).toBeInTheDocument();
  });

  it('says the shop could not be reached, or that the reset failed, and keeps the form', async () => {
    const ue = userEvent.setup();
    server.use(http.post(`${API_ORIGIN}/user/reset-password`, () => HttpResponse.error()));
    renderAuthPage(`/reset-password?token=${TOKEN}`);
    await setPassword(ue);
    expect(await screen.findByRole('alert')).toHaveTextContent(NETWORK_FAILED);
    server.use(http.post(`${API_ORIGIN}/user/reset-password`, () => HttpResponse.json({}, { status: 500 })));
    await ue.click(submit());
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(RESET_FAILED));
    expect(newPassword()).toHaveValue(GOOD);
  });
});

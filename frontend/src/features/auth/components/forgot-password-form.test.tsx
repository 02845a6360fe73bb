import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { deferred } from '@/test/deferred';
import { API_ORIGIN, server } from '@/test/server';
import { FORGOT_FAILED, NETWORK_FAILED } from '../lib/messages';
import { renderAuthPage } from '../test/render-pages';
import { messages } from './schemas';

const FORGOT = 'POST /api/user/forgot-password';
/** The server's answer, the same for known and unknown addresses (api::routes::users::reset::RESET_ASKED). */
const ASKED = 'If an account exists for that e-mail, we have sent it a link to reset the password. The link works for 1 hour.';

const submit = () => screen.getByRole('button', { name: 'Send reset link' });
/** The form's status region (the location probe is an <output>, a status too). */
const status = () => within(screen.getByRole('form', { name: 'Forgot password' })).getByRole('status');

describe('/user/forgot-password', () => {
  it('is linked from the sign-in page, and links back to it', async () => {
    const ue = userEvent.setup();
    renderAuthPage('/user/login');
    await ue.click(screen.getByRole('link', { name: 'Forgot password?' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/user\/forgot-password$/);
    expect(screen.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Forgot password' })).toBeInTheDocument();
    await ue.click(screen.getByRole('link', { name: 'Back to sign in' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/user\/login$/);
    expect(screen.getByRole('form', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('asks for a valid address before sending anything', async () => {
    const ue = userEvent.setup();
    const { sent } = renderAuthPage('/user/forgot-password');
    await ue.click(submit());
    expect(await screen.findByText(messages.invalidEmail)).toBeInTheDocument();
    await ue.type(screen.getByLabelText('Email'), 'buyer@example');
    await ue.click(submit());
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(messages.invalidEmail);
    expect(sent('/api/user/forgot-password')).toHaveLength(0);
  });

  it("sends the address once while it is on its way, then shows the server's words in the status region", async () => {
    const ue = userEvent.setup();
    const answer = deferred<[number, unknown]>();
    let body: unknown;
    const { sent } = renderAuthPage('/user/forgot-password', {
      [FORGOT]: async (req) => {
        body = await req.json();
        return answer.promise;
      },
    });
    await ue.type(screen.getByLabelText('Email'), ' buyer@example.com ');
    await ue.click(submit());
    const busy = await screen.findByRole('button', { name: 'Sending...' });
    expect(busy).toBeDisabled();
    // Neither a click nor Enter sends it again meanwhile.
    await ue.click(busy);
    await ue.type(screen.getByLabelText('Email'), '{Enter}');
    answer.resolve([200, { message: ASKED }]);
    expect(await screen.findByText(ASKED)).toBeInTheDocument();
    expect(status().textContent).toBe(ASKED);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(sent('/api/user/forgot-password')).toHaveLength(1);
    expect(body).toEqual({ email: 'buyer@example.com' });
    // Once answered, another link may be asked for.
    expect(submit()).toBeEnabled();
  });

  it("shows a 429's message as an error", async () => {
    const ue = userEvent.setup();
    const tooMany = 'Too many password reset requests from your network. Please try again later.';
    renderAuthPage('/user/forgot-password', { [FORGOT]: () => [429, { message: tooMany }] });
    await ue.type(screen.getByLabelText('Email'), 'buyer@example.com');
    await ue.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent(tooMany);
    expect(status()).toBeEmptyDOMElement();
  });

  it('says the shop could not be reached when the request fails', async () => {
    const ue = userEvent.setup();
    server.use(http.post(`${API_ORIGIN}/user/forgot-password`, () => HttpResponse.error()));
    renderAuthPage('/user/forgot-password');
    await ue.type(screen.getByLabelText('Email'), 'buyer@example.com');
    await ue.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent(NETWORK_FAILED);
  });

  it('says the link could not be sent when the server gives no message', async () => {
    const ue = userEvent.setup();
    renderAuthPage('/user/forgot-password', { [FORGOT]: () => [500, {}] });
    await ue.type(screen.getByLabelText('Email'), 'buyer@example.com');
    await ue.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent(FORGOT_FAILED);
  });
});

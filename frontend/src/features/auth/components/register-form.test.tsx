import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LocationProbe, mockApi, renderAt, renderRoutes } from '@/test/render';
import { LoginForm } from './login-form';
import { messages } from './schemas';
import { REGISTER_FAILURE, REGISTER_SUCCESS, RegisterForm } from './register-form';
import { Toaster } from '@/components/toaster';
import { MAX_EMAIL_LEN, MAX_PASSWORD_LEN } from '@/lib/limits';

const GOOD = 'Fire#Works9';

function setup() {
  const ue = userEvent.setup();
  const view = renderAt(
    <>
      <RegisterForm />
      <Toaster />
    </>,
    { path: '/user/register' },
  );
  const email = screen.getByLabelText('Email');
  const password = screen.getByLabelText('Password');
  const confirm = screen.getByLabelText('Confirm Password');
  const submit = screen.getByRole('button', { name: 'Sign Up' });
  return { ue, view, email, password, confirm, submit };
}

describe('RegisterForm', () => {
  it('shows no error before the first submit', async () => {
    const { ue, email, password } = setup();
    await ue.type(email, 'not-an-email');
    await ue.type(password, 'weak');
    await ue.tab();
    expect(screen.queryByText(messages.invalidEmail)).not.toBeInTheDocument();
    expect(screen.queryByText(messages.passwordRule)).not.toBeInTheDocument();
  });

  it('shows the required messages after submitting an empty form', async () => {
    const fetch = mockApi({});
    const { ue, submit } = setup();
    await ue.click(submit);
    expect(await screen.findByText(messages.invalidEmail)).toBeInTheDocument();
    expect(screen.getAllByText(messages.required)).toHaveLength(2);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('shows "invalid email" for a malformed address', async () => {
    const { ue, email, password, confirm, submit } = setup();
    await ue.type(email, 'buyer@example');
    await ue.type(password, GOOD);
    await ue.type(confirm, GOOD);
    await ue.click(submit);
    expect(await screen.findByText('invalid email')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
  });

  it.each(['Sh#rt1x', 'alllower#1', 'ALLUPPER#1', 'NoDigits#x', 'NoSpecial12', 'Spaces are 1'])(
    'explains the password rule for %s',
    async (weak) => {
      const { ue, email, password, confirm, submit } = setup();
      await ue.type(email, 'buyer@example.com');
      await ue.type(password, weak);
      await ue.type(confirm, weak);
      await ue.click(submit);
      expect(
        await screen.findByText(
          'Your password must contain at least 1 capital, lowercase, number & special character #?!@$%^&*-',
        ),
      ).toBeInTheDocument();
    },
  );

  it('requires the confirmation to match exactly', async () => {
    const { ue, email, password, confirm, submit } = setup();
    await ue.type(email, 'buyer@example.com');
    await ue.type(password, GOOD);
    await ue.type(confirm, `${GOOD}x`);
    await ue.click(submit);
    expect(await screen.findByText('Passwords must match exactly')).toBeInTheDocument();
  });

  it("carries the server's limits, and names the password's when a longer one gets in", async () => {
    const { ue, email, password, confirm, submit } = setup();
    expect(email).toHaveAttribute('maxLength', String(MAX_EMAIL_LEN));
    expect(password).toHaveAttribute('maxLength', String(MAX_PASSWORD_LEN));
    expect(confirm).toHaveAttribute('maxLength', String(MAX_PASSWORD_LEN));
    await ue.type(email, 'buyer@example.com');
    const long = `${GOOD}${'x'.repeat(MAX_PASSWORD_LEN)}`;
    fireEvent.input(password, { target: { value: long } });
    fireEvent.input(confirm, { target: { value: long } });
    await ue.click(submit);
    expect(await screen.findByText('Password must be at most 128 characters')).toBeInTheDocument();
    expect(password).toHaveAccessibleDescription(messages.passwordTooLong);
  });

  it('updates errors as the user types once submitted', async () => {
    const { ue, email, submit } = setup();
    await ue.click(submit);
    expect(await screen.findByText(messages.invalidEmail)).toBeInTheDocument();
    await ue.type(email, 'buyer@example.com');
    await waitFor(() => expect(screen.queryByText(messages.invalidEmail)).not.toBeInTheDocument());
  });

  it('toggles password visibility', async () => {
    const { ue, password, confirm } = setup();
    expect(password).toHaveAttribute('type', 'password');
    await ue.click(screen.getByLabelText('Show password'));
    expect(password).toHaveAttribute('type', 'text');
    expect(confirm).toHaveAttribute('type', 'text');
  });

  it('registers, then the sign-in page confirms inline with the e-mail filled in (not in the URL)', async () => {
    let sent: unknown;
    mockApi({
      'POST /api/user/register': async (req) => {
        sent = await req.json();
        return [201, { message: REGISTER_SUCCESS }];
      },
    });
    const ue = userEvent.setup();
    const view = renderRoutes(
      [
        { path: '/user/register', element: <><RegisterForm /><Toaster /></> },
        { path: '/user/login', element: <><LoginForm /><LocationProbe /></> },
      ],
      { path: '/user/register' },
    );
    await ue.type(screen.getByLabelText('Email'), 'buyer@example.com');
    await ue.type(screen.getByLabelText('Password'), GOOD);
    await ue.type(screen.getByLabelText('Confirm Password'), GOOD);
    await ue.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByRole('form', { name: 'Sign in' })).toBeInTheDocument();
    expect(sent).toEqual({ email: 'buyer@example.com', password: GOOD });
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/user\/login$/);
    expect(screen.getByText('Account created successfully! Please log in.').closest('[role="status"]')).not.toBeNull();
    expect(screen.getByLabelText('Email')).toHaveValue('buyer@example.com');
    expect(screen.getByLabelText('Password')).toHaveValue('');
    await waitFor(() => expect(screen.getByLabelText('Password')).toHaveFocus());
    // Shown inline on the page, not as a floating toast over the navigation bar.
    expect(view.store.getState().toast.items).toEqual([]);
  });

  it('shows the server message when registration fails', async () => {
    mockApi({ 'POST /api/user/register': () => [409, { message: 'Email is already registered' }] });
    const { ue, email, password, confirm, submit } = setup();
    await ue.type(email, 'buyer@example.com');
    await ue.type(password, GOOD);
    await ue.type(confirm, GOOD);
    await ue.click(submit);
    expect(await screen.findByText('Email is already registered')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/user/register');
  });

  it('puts server field errors beside their fields', async () => {
    mockApi({
      'POST /api/user/register': () => [422, { message: 'Validation failed', errors: { email: ['invalid email'] } }],
    });
    const { ue, email, password, confirm, submit } = setup();
    await ue.type(email, 'buyer@example.com');
    await ue.type(password, GOOD);
    await ue.type(confirm, GOOD);
    await ue.click(submit);
    expect(await screen.findByText('invalid email')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
  });

  it('falls back to "Registration failed. Please try again."', async () => {
    mockApi({ 'POST /api/user/register': () => [500, 'oops'] });
    const { ue, email, password, confirm, submit } = setup();
    await ue.type(email, 'buyer@example.com');
    await ue.type(password, GOOD);
    await ue.type(confirm, GOOD);
    await ue.click(submit);
    expect(await screen.findByText(REGISTER_FAILURE)).toBeInTheDocument();
  });
});

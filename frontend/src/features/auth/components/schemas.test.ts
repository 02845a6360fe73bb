import { loginSchema, messages, registerSchema } from './schemas';

// The server's rule (domain::account::Email::parse): one @, a domain with a dot. The first admin
// that a fresh `make run` prints (api::bootstrap::DEFAULT_ADMIN_EMAIL) must pass it.
describe('the one e-mail rule of the forms and the server', () => {
  it.each(['admin@shop.localhost', 'jo.blast@example.com', ' Jo@Example.COM '])('accepts %s', async (email) => {
    await expect(loginSchema.validate({ email, password: 'x' })).resolves.toBeTruthy();
  });

  it.each(['admin@localhost', 'no-at-sign', 'a@b', 'a b@example.com', ''])('refuses %s with "invalid email"', async (email) => {
    await expect(loginSchema.validateAt('email', { email, password: 'x' })).rejects.toThrow(messages.invalidEmail);
    await expect(registerSchema.validateAt('email', { email })).rejects.toThrow(messages.invalidEmail);
  });
});

describe('the server limits (src/lib/limits.ts)', () => {
  it('refuses an address past 254 characters with "invalid email"', async () => {
    const address = (first: number) => `${'a'.repeat(64)}@${'b'.repeat(first)}.${'c'.repeat(60)}.${'d'.repeat(63)}.com`;
    expect(address(60)).toHaveLength(254);
    await expect(registerSchema.validateAt('email', { email: address(60) })).resolves.toBe(address(60));
    await expect(registerSchema.validateAt('email', { email: address(61) })).rejects.toThrow(messages.invalidEmail);
  });

  it('refuses a password past 128 UTF-8 bytes, as the server counts it, with a message naming the limit', async () => {
    const longest = `Aa1#${'é'.repeat(62)}`;
    await expect(registerSchema.validateAt('password', { password: longest })).resolves.toBe(longest);
    for (const password of [`${longest}é`, `Aa1#${'x'.repeat(125)}`]) {
      await expect(registerSchema.validateAt('password', { password })).rejects.toThrow(messages.passwordTooLong);
      await expect(loginSchema.validateAt('password', { password })).rejects.toThrow(messages.passwordTooLong);
    }
  });
});

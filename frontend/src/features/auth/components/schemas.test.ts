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

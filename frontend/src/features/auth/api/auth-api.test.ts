import { makeStore, mockApi } from '@/test/render';
import { authApi, INVALID_REQUEST_DATA, isValidLoginPayload } from './auth-api';

describe('login payload check', () => {
  it('accepts an email and a password', () => {
    expect(isValidLoginPayload({ email: 'a@b.co', password: 'x' })).toBe(true);
  });

  it.each([
    [{ email: 'nope', password: 'x' }],
    [{ email: 'a@b.co', password: '' }],
    [{ email: 'a@b.co' }],
    [{ email: 'a@b.co', password: 'x', role: 'ADMIN' }],
    [null],
  ])('refuses %p', (payload) => {
    expect(isValidLoginPayload(payload)).toBe(false);
  });

  it('sends nothing and answers "Invalid request data" for an invalid payload', async () => {
    const fetch = mockApi({});
    const store = makeStore();
    const result = await store.dispatch(
      authApi.endpoints.login.initiate({ email: 'x', password: 'y', extra: 1 } as never),
    );
    expect(fetch).not.toHaveBeenCalled();
    expect(result.error).toEqual({ status: 400, data: { message: INVALID_REQUEST_DATA } });
  });
});

import { errorMessage, fieldErrors, isTransientError, retryDelay } from './api';

describe('api helpers', () => {
  it('retries network failures and server errors only', () => {
    expect(isTransientError({ status: 'FETCH_ERROR', error: 'x' })).toBe(true);
    expect(isTransientError({ status: 'TIMEOUT_ERROR', error: 'x' })).toBe(true);
    expect(isTransientError({ status: 503, data: null })).toBe(true);
    expect(isTransientError({ status: 404, data: null })).toBe(false);
    expect(isTransientError({ status: 401, data: null })).toBe(false);
  });

  it('backs off exponentially up to 30 seconds', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });

  it("reads the server's message or falls back", () => {
    expect(errorMessage({ status: 409, data: { message: 'Email is already registered' } }, 'x')).toBe('Email is already registered');
    expect(errorMessage({ status: 500, data: 'oops' }, 'fallback')).toBe('fallback');
    expect(errorMessage(undefined, 'fallback')).toBe('fallback');
  });
});

it('reads field errors of a validation answer', () => {
  expect(fieldErrors({ status: 422, data: { message: 'x', errors: { email: ['invalid email', 'other'], password: [] } } })).toEqual({
    email: 'invalid email',
  });
  expect(fieldErrors({ status: 400, data: { message: 'x' } })).toEqual({});
  expect(fieldErrors(null)).toEqual({});
});

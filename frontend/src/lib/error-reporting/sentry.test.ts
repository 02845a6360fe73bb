import { reportError } from './reporter';
import { PRIVATE, sentryDsn, startErrorTracking } from './sentry';

const mockSdk = { init: jest.fn(), captureException: jest.fn() };
jest.mock('@sentry/react', () => mockSdk);

afterEach(() => {
  document.head.innerHTML = '';
  mockSdk.init.mockClear();
  mockSdk.captureException.mockClear();
});

it('reads the DSN the server put in the page', () => {
  expect(sentryDsn()).toBeNull();
  document.head.innerHTML = '<meta name="shop-sentry-dsn" content=" https://key@errors.example.io/7 " />';
  expect(sentryDsn()).toBe('https://key@errors.example.io/7');
});

it('loads nothing without a DSN', async () => {
  await expect(startErrorTracking(null)).resolves.toBe(false);
  expect(mockSdk.init).not.toHaveBeenCalled();
});

it('starts the SDK for the DSN and hands it the errors it could not see itself', async () => {
  const early = new Error('before the SDK');
  reportError('unhandledrejection', early);
  await expect(startErrorTracking('https://key@errors.example.io/7')).resolves.toBe(true);
  expect(mockSdk.init).toHaveBeenCalledWith({ dsn: 'https://key@errors.example.io/7', release: 'dev', dataCollection: PRIVATE });
  expect(mockSdk.captureException).toHaveBeenCalledWith(early);
  // Uncaught errors are the SDK's own from now on; the crash screen's are handed on.
  reportError('error', new Error('uncaught'));
  const crash = new Error('crash screen');
  reportError('boundary', crash);
  expect(mockSdk.captureException).toHaveBeenCalledTimes(2);
  expect(mockSdk.captureException).toHaveBeenLastCalledWith(crash);
});

it('answers false when the SDK fails to start', async () => {
  mockSdk.init.mockImplementationOnce(() => {
    throw new Error('bad DSN');
  });
  await expect(startErrorTracking('https://key@errors.example.io/7')).resolves.toBe(false);
});

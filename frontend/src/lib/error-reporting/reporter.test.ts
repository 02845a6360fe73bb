import { http, HttpResponse } from 'msw';
import { API_ORIGIN, server } from '@/test/server';
import { writeSession } from '@/lib/session/session-storage';
import {
  createReporter,
  describeError,
  FIELD_LIMITS,
  installGlobalHandlers,
  MAX_BODY_BYTES,
  MAX_REPORTS_PER_PAGE,
  reportBody,
  type ErrorKind,
} from './reporter';

/** The reports the server receives, as the handler saw them. */
function receiveReports() {
  const received: { body: Record<string, unknown>; authorization: string | null; contentType: string | null }[] = [];
  let arrived: () => void = () => {};
  const next = () => new Promise<void>((resolve) => (arrived = resolve));
  server.use(
    http.post(`${API_ORIGIN}/client-errors`, async ({ request }) => {
      received.push({
        body: (await request.json()) as Record<string, unknown>,
        authorization: request.headers.get('authorization'),
        contentType: request.headers.get('content-type'),
      });
      arrived();
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return { received, next };
}

describe('the error reporter', () => {
  it('posts a bounded JSON report with the page, the browser, the build and the signed-in token', async () => {
    writeSession('token-123', { email: 'a@example.com', role: 'USER' });
    const { received, next } = receiveReports();
    const report = createReporter();
    const arrived = next();
    const error = new TypeError('x is undefined');
    expect(report('boundary', error)).toBe(true);
    await arrived;
    expect(received).toHaveLength(1);
    const [{ body, authorization, contentType }] = received;
    expect(contentType).toBe('application/json');
    expect(authorization).toBe('Bearer token-123');
    expect(body).toMatchObject({
      kind: 'boundary',
      message: 'TypeError: x is undefined',
      url: '/',
      release: 'dev',
    });
    expect(body.stack).toContain('x is undefined');
    expect(typeof body.userAgent).toBe('string');
  });

  it('sends each message once and at most a few reports per page', () => {
    const send = jest.fn();
    const report = createReporter({ send, token: () => null });
    expect(report('error', new Error('same'))).toBe(true);
    expect(report('error', new Error('same'))).toBe(false);
    // The crash screen and a window handler can see the same error.
    expect(report('boundary', new Error('same'))).toBe(false);
    expect(send).toHaveBeenCalledTimes(1);
    for (let i = 0; i < 20; i += 1) report('unhandledrejection', `rejection ${i}`);
    expect(send).toHaveBeenCalledTimes(MAX_REPORTS_PER_PAGE);
    expect(report('error', new Error('a new one, too late'))).toBe(false);
  });

  it('never throws, whatever fails or is thrown', async () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    const hostile = {
      get message(): string {
        throw new Error('getter');
      },
    };
    const throwingSend = createReporter({
      send: () => {
        throw new Error('send failed');
      },
      token: () => {
        throw new Error('storage disabled');
      },
      capture: () => {
        throw new Error('sdk broken');
      },
    });
    for (const thrown of [cyclic, hostile, null, undefined, 42, Symbol('s'), '', new Error('')]) {
      expect(() => throwingSend('error', thrown)).not.toThrow();
    }
    // A network failure is swallowed: no unhandled rejection, nothing thrown.
    server.use(http.post(`${API_ORIGIN}/client-errors`, () => HttpResponse.error()));
    const rejections = jest.fn();
    // Node's process (Jest runs in it): where an unhandled rejection would surface.
    const { process } = globalThis as unknown as {
      process: { on(event: string, fn: () => void): void; off(event: string, fn: () => void): void };
    };
    process.on('unhandledRejection', rejections);
    try {
      expect(createReporter()('error', new Error('offline'))).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(rejections).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', rejections);
    }
  });

  it('describes anything that can be thrown', () => {
    expect(describeError(new RangeError('too far')).message).toBe('RangeError: too far');
    expect(describeError('plain')).toEqual({ message: 'plain' });
    expect(describeError({ status: 500, statusText: 'Internal Server Error' }).message).toBe('500 Internal Server Error');
    expect(describeError({ message: 'shaped like an error' }).message).toBe('shaped like an error');
    expect(describeError(null).message).toBe('(null)');
    expect(describeError({ a: 1 }).message).toBe('{"a":1}');
  });

  it('keeps each field and the whole body within the server bounds', () => {
    const long = JSON.parse(
      reportBody({ kind: 'error', message: 'm'.repeat(5000), stack: 's'.repeat(9000), url: '/'.repeat(3000) }),
    ) as Record<string, string>;
    expect(long.message).toHaveLength(FIELD_LIMITS.message);
    expect(long.stack).toHaveLength(FIELD_LIMITS.stack);
    expect(long.url).toHaveLength(FIELD_LIMITS.url);
    // Three bytes a character: the stack goes first.
    const wide = reportBody({ kind: 'error', message: '名'.repeat(1000), stack: '前'.repeat(4000) });
    expect(new TextEncoder().encode(wide).length).toBeLessThanOrEqual(MAX_BODY_BYTES);
    expect(JSON.parse(wide)).not.toHaveProperty('stack');
  });
});

describe('the window handlers', () => {
  it('report uncaught errors and unhandled rejections, not opaque script errors', () => {
    const seen: [ErrorKind, unknown][] = [];
    const stop = installGlobalHandlers((kind, error) => {
      seen.push([kind, error]);
      return true;
    });
    const boom = new Error('boom');
    window.dispatchEvent(new ErrorEvent('error', { error: boom, message: 'boom' }));
    window.dispatchEvent(new ErrorEvent('error', { message: 'Script error.' }));
    window.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason: 'nope' }));
    stop();
    window.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason: 'after stop' }));
    expect(seen).toEqual([
      ['error', boom],
      ['unhandledrejection', 'nope'],
    ]);
  });
});

import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

/** The API base the app calls (RTK Query's base URL is absolute: jsdom cannot parse a bare '/api'). */
export const API_ORIGIN = `${location.origin}/api`;

/** An API call no test mocked answers 404, as an unknown route of the real server does. */
const apiNotFound = http.all(`${API_ORIGIN}/*`, () => HttpResponse.json({ message: 'Not found' }, { status: 404 }));

/**
 * The one MSW server of the unit tests (started in setup.ts). Tests add handlers with
 * `server.use(...)` or `mockApi(...)`; they are dropped after each test.
 */
export const server = setupServer(apiNotFound);

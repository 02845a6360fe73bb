import '@testing-library/jest-dom';
import { server } from './server';

// jsdom has no scrolling; react-router's ScrollRestoration calls it.
window.scrollTo = () => {};

// A request outside /api (which the catch-all answers) is a mistake in the test: fail loudly.
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));

afterEach(() => {
  server.resetHandlers();
  server.events.removeAllListeners();
  localStorage.clear();
  jest.restoreAllMocks();
});

afterAll(() => server.close());

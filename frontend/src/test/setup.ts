import '@testing-library/jest-dom';
import { server } from './server';

// jsdom has no scrolling; react-router's ScrollRestoration calls it.
window.scrollTo = () => {};

// jsdom has <dialog> without showModal() and close(): open and close it by its attribute.
if (typeof HTMLDialogElement !== 'undefined' && !HTMLDialogElement.prototype.showModal) {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
}

// A request outside /api (which the catch-all answers) is a mistake in the test: fail loudly.
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));

afterEach(() => {
  server.resetHandlers();
  server.events.removeAllListeners();
  localStorage.clear();
  jest.restoreAllMocks();
});

afterAll(() => server.close());

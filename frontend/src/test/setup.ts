import '@testing-library/jest-dom';

// jsdom has no scrolling; react-router's ScrollRestoration calls it.
window.scrollTo = () => {};

afterEach(() => {
  localStorage.clear();
  jest.restoreAllMocks();
});

import { afterFirstPaint, runEntryScripts, startApp } from './start-app';

afterEach(() => {
  document.head.innerHTML = '';
  jest.useRealTimers();
});

function preloadEntries(...hrefs: string[]) {
  for (const href of hrefs) {
    const link = document.createElement('link');
    link.rel = 'preload';
    link.setAttribute('as', 'script');
    link.href = href;
    link.setAttribute('data-entry', '');
    document.head.appendChild(link);
  }
  // A preloaded chunk that is not an entry is left alone.
  document.head.insertAdjacentHTML('beforeend', '<link rel="preload" as="script" href="/assets/home.js">');
}

const scripts = () => [...document.head.querySelectorAll('script')].map((s) => [s.getAttribute('src'), s.async]);

it('runs the preloaded entry scripts in order', () => {
  preloadEntries('/assets/runtime.js', '/assets/main.js');
  runEntryScripts();
  expect(scripts()).toEqual([
    ['http://localhost/assets/runtime.js', false],
    ['http://localhost/assets/main.js', false],
  ]);
});

it('starts a page that is not prerendered once it is parsed', () => {
  preloadEntries('/assets/main.js');
  startApp(false);
  expect(scripts()).toHaveLength(1);
});

describe('after the first paint', () => {
  type Callback = (list: { getEntriesByName: (name: string) => unknown[] }) => void;

  describe('where the browser reports paints', () => {
    let observers: Callback[];

    beforeEach(() => {
      observers = [];
      class FakeObserver {
        static supportedEntryTypes = ['paint'];
        constructor(callback: Callback) {
          observers.push(callback);
        }
        observe() {}
        disconnect() {}
      }
      Object.defineProperty(window, 'PerformanceObserver', { configurable: true, writable: true, value: FakeObserver });
    });

    afterEach(() => {
      delete (window as { PerformanceObserver?: unknown }).PerformanceObserver;
    });

    const paint = (name: string) => observers.forEach((cb) => cb({ getEntriesByName: (n) => (n === name ? [{}] : []) }));

    it('waits for the first contentful paint, and starts once', () => {
      jest.useFakeTimers();
      const start = jest.fn();
      afterFirstPaint(start);
      paint('first-paint');
      expect(start).not.toHaveBeenCalled();
      paint('first-contentful-paint');
      expect(start).toHaveBeenCalledTimes(1);
      jest.advanceTimersByTime(10_000);
      expect(start).toHaveBeenCalledTimes(1);
    });

    it('starts after the timeout when no paint is reported', () => {
      jest.useFakeTimers();
      const start = jest.fn();
      afterFirstPaint(start, { timeoutMs: 5000 });
      jest.advanceTimersByTime(4999);
      expect(start).not.toHaveBeenCalled();
      jest.advanceTimersByTime(1);
      expect(start).toHaveBeenCalledTimes(1);
    });
  });

  it('elsewhere waits for two animation frames', () => {
    jest.useFakeTimers();
    const frames: FrameRequestCallback[] = [];
    const raf = jest.spyOn(window, 'requestAnimationFrame').mockImplementation((cb) => frames.push(cb));
    const start = jest.fn();
    afterFirstPaint(start);
    frames.shift()!(0);
    jest.advanceTimersByTime(0);
    expect(start).not.toHaveBeenCalled();
    frames.shift()!(16);
    jest.advanceTimersByTime(0);
    expect(start).toHaveBeenCalledTimes(1);
    raf.mockRestore();
  });

  it('starts at once in a hidden tab, which does not paint', () => {
    const visibility = jest.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    const start = jest.fn();
    afterFirstPaint(start);
    expect(start).toHaveBeenCalledTimes(1);
    visibility.mockRestore();
  });
});

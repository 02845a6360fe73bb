import { nextTask, whenIdle } from './next-task';

describe('nextTask', () => {
  it('resolves after the current task, not in a microtask of it', async () => {
    const order: string[] = [];
    const yielded = nextTask().then(() => order.push('next task'));
    await Promise.resolve().then(() => order.push('microtask'));
    await yielded;
    expect(order).toEqual(['microtask', 'next task']);
  });

  it('uses scheduler.yield where the browser has it', async () => {
    const yieldFn = jest.fn(() => Promise.resolve());
    (globalThis as { scheduler?: unknown }).scheduler = { yield: yieldFn };
    try {
      await nextTask();
      expect(yieldFn).toHaveBeenCalledTimes(1);
    } finally {
      delete (globalThis as { scheduler?: unknown }).scheduler;
    }
  });
});

describe('whenIdle', () => {
  it('calls the function later, not at once', async () => {
    const fn = jest.fn();
    whenIdle(fn);
    expect(fn).not.toHaveBeenCalled();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fn).toHaveBeenCalledTimes(1);
  });
});

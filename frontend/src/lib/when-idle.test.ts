import { whenIdle } from './when-idle';

describe('whenIdle', () => {
  it('calls the function later, not at once', async () => {
    const fn = jest.fn();
    whenIdle(fn);
    expect(fn).not.toHaveBeenCalled();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fn).toHaveBeenCalledTimes(1);
  });
});

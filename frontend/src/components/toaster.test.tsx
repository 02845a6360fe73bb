import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { makeStore } from '@/test/render';
import { toastShown } from '@/lib/toast/toast-slice';
import { Toaster } from './toaster';

describe('Toaster', () => {
  afterEach(() => jest.useRealTimers());

  it('closes a toast after 5000 ms', () => {
    jest.useFakeTimers();
    const store = makeStore();
    render(
      <Provider store={store}>
        <Toaster />
      </Provider>,
    );
    act(() => {
      store.dispatch(toastShown('Saved', 'success'));
    });
    expect(screen.getByText('Saved')).toBeInTheDocument();
    act(() => {
      jest.advanceTimersByTime(4999);
    });
    expect(screen.getByText('Saved')).toBeInTheDocument();
    act(() => {
      jest.advanceTimersByTime(1);
    });
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
  });

  it('merges a repeated message into one toast with a count, and starts its 5000 ms again', () => {
    jest.useFakeTimers();
    const store = makeStore();
    render(
      <Provider store={store}>
        <Toaster />
      </Provider>,
    );
    act(() => {
      store.dispatch(toastShown('Updated quantity for Comet Rack', 'success'));
    });
    expect(screen.queryByTestId('toast-count')).not.toBeInTheDocument();
    act(() => {
      jest.advanceTimersByTime(4000);
    });
    act(() => {
      store.dispatch(toastShown('Updated quantity for Comet Rack', 'success'));
      store.dispatch(toastShown('Updated quantity for Comet Rack', 'success'));
    });
    expect(screen.getAllByRole('status')).toHaveLength(1);
    expect(screen.getByRole('status')).toHaveTextContent('Updated quantity for Comet Rack×3(3 times)');
    // The same words as an error are another toast.
    act(() => {
      store.dispatch(toastShown('Updated quantity for Comet Rack', 'error'));
    });
    expect(screen.getAllByRole('status')).toHaveLength(1);
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    act(() => {
      jest.advanceTimersByTime(4999);
    });
    expect(screen.getByRole('status')).toBeInTheDocument();
    act(() => {
      jest.advanceTimersByTime(1);
    });
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('shows at most three toasts, the newest, below the header at the top right', () => {
    const store = makeStore();
    render(
      <Provider store={store}>
        <Toaster />
      </Provider>,
    );
    act(() => {
      for (const message of ['One', 'Two', 'Three', 'Four']) store.dispatch(toastShown(message, 'success'));
    });
    expect(screen.getAllByRole('status').map((t) => t.textContent)).toEqual(['Two✕', 'Three✕', 'Four✕']);
    const region = screen.getAllByRole('status')[0].parentElement!;
    expect(region).toHaveClass('fixed', 'right-0', 'top-[4.5rem]', 'pointer-events-none');
    expect(region).not.toHaveClass('toast-top');
  });

  it('can be dismissed', async () => {
    const store = makeStore();
    render(
      <Provider store={store}>
        <Toaster />
      </Provider>,
    );
    act(() => {
      store.dispatch(toastShown('Oops', 'error'));
    });
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    expect(screen.queryByText('Oops')).not.toBeInTheDocument();
  });
});

import { act, render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import { makeStore } from '@/test/render';
import { ThemeChooser } from './theme-chooser';

const chooser = (store: ReturnType<typeof makeStore>) => (
  <Provider store={store}>
    <ThemeChooser />
  </Provider>
);

describe('ThemeChooser', () => {
  afterEach(() => localStorage.clear());

  it('shows no theme in the prerendered layout, which cannot know the stored one', () => {
    // The build prerenders with the default theme: the box must not say "Light" to a visitor
    // who chose another before the app has read it.
    const html = renderToString(chooser(makeStore()));
    const doc = new DOMParser().parseFromString(html, 'text/html');
    const select = doc.querySelector('select');
    expect(select).not.toBeNull();
    expect(select?.disabled).toBe(true);
    expect(doc.body.textContent).not.toContain('Light');
    expect([...doc.querySelectorAll('option')].map((o) => o.value)).toEqual(['']);
  });

  it("starts at the stored theme in the browser's render", () => {
    localStorage.setItem('theme', 'dark');
    render(chooser(makeStore()));
    const select = screen.getByRole('combobox', { name: 'Theme' });
    expect(select).toHaveValue('dark');
    expect(select).toBeEnabled();
    expect(select.querySelectorAll('option')).toHaveLength(28);
  });

  it('takes over the prerendered box without a mismatch and shows the stored theme', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(chooser(makeStore()));
    document.body.appendChild(container);
    localStorage.setItem('theme', 'coffee');
    const errors = jest.spyOn(console, 'error').mockImplementation(() => {});
    const recoverable = jest.fn();
    let root: ReturnType<typeof hydrateRoot> | undefined;
    await act(async () => {
      root = hydrateRoot(container, chooser(makeStore()), { onRecoverableError: recoverable });
    });
    const select = screen.getByRole('combobox', { name: 'Theme' });
    expect(select).toHaveValue('coffee');
    expect(select).toBeEnabled();
    expect(recoverable).not.toHaveBeenCalled();
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
    act(() => root?.unmount());
    container.remove();
  });
});

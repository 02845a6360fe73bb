import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FilterDrawer, type FilterGroup } from './filter-drawer';

const group = (over: Partial<FilterGroup> = {}): FilterGroup => ({
  key: 'brands',
  legend: 'Brands',
  options: [
    { value: 'a', label: 'Apollo' },
    { value: 'b', label: 'Black Cat' },
  ],
  selected: [],
  onToggle: jest.fn(),
  ...over,
});

function setup(groups: FilterGroup[], over: Partial<Parameters<typeof FilterDrawer>[0]> = {}) {
  const props = {
    searchTitle: '',
    onSearchTitle: jest.fn(),
    showOutOfStock: false,
    onShowOutOfStock: jest.fn(),
    groups,
    activeCount: 0,
    onClearAll: jest.fn(),
    ...over,
  };
  const view = render(<FilterDrawer {...props} />);
  return { ...props, ...view };
}

describe('FilterDrawer', () => {
  it('renders each checkbox group as a fieldset with its legend and a count badge', async () => {
    const onToggle = jest.fn();
    setup([group({ selected: ['b'], onToggle })], { activeCount: 1 });
    const brands = screen.getByRole('group', { name: /Brands/ });
    expect(brands).toHaveTextContent('1 selected');
    expect(screen.getByLabelText('Black Cat')).toBeChecked();
    await userEvent.click(screen.getByLabelText('Apollo'));
    expect(onToggle).toHaveBeenCalledWith('a');
  });

  it('shows a loading line while the options load', () => {
    setup([group({ loading: true, options: [] }), group({ key: 'colors', legend: 'Colors', loading: true, options: [] })]);
    expect(screen.getByText('Loading brands...')).toBeInTheDocument();
    expect(screen.getByText('Loading colors...')).toBeInTheDocument();
  });

  it('has the out-of-stock checkbox and Clear All Filters when something is chosen', async () => {
    const { onShowOutOfStock, onClearAll } = setup([group()], { activeCount: 2 });
    await userEvent.click(screen.getByLabelText('Show out-of-stock products'));
    expect(onShowOutOfStock).toHaveBeenCalledWith(true);
    await userEvent.click(screen.getByRole('button', { name: 'Clear All Filters' }));
    expect(onClearAll).toHaveBeenCalled();
  });

  it('applies the search after typing settles, and shows what the address says', async () => {
    jest.useFakeTimers();
    try {
      const { onSearchTitle, rerender } = setup([group()]);
      const box = screen.getByLabelText('Search');
      const typer = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      await typer.type(box, 'gold');
      expect(onSearchTitle).not.toHaveBeenCalled();
      act(() => jest.advanceTimersByTime(400));
      expect(onSearchTitle).toHaveBeenCalledTimes(1);
      expect(onSearchTitle).toHaveBeenCalledWith('gold');
      const at = (searchTitle: string) => (
        <FilterDrawer
          searchTitle={searchTitle}
          onSearchTitle={onSearchTitle}
          showOutOfStock={false}
          onShowOutOfStock={jest.fn()}
          groups={[group()]}
          activeCount={0}
          onClearAll={jest.fn()}
        />
      );
      rerender(at('gold'));
      expect(box).toHaveValue('gold');
      // Clear All (or the back button) empties the address: the box follows.
      rerender(at(''));
      expect(box).toHaveValue('');
      act(() => jest.advanceTimersByTime(1000));
      expect(onSearchTitle).toHaveBeenCalledTimes(1);
    } finally {
      jest.useRealTimers();
    }
  });

  it('opens and closes with the Open Filters button on small screens', async () => {
    setup([group()]);
    const open = screen.getByRole('button', { name: 'Open Filters' });
    expect(open).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(open);
    expect(screen.getByRole('button', { name: 'Close Filters' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('on a small screen, builds the panel only once it is opened', async () => {
    const mql = { matches: false, addEventListener: jest.fn(), removeEventListener: jest.fn() };
    window.matchMedia = jest.fn(() => mql as unknown as MediaQueryList);
    try {
      setup([group()], { activeCount: 2 });
      const button = screen.getByRole('button', { name: /Open Filters/ });
      expect(button).toHaveTextContent('2 selected');
      expect(screen.queryByLabelText('Apollo')).not.toBeInTheDocument();
      expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
      await userEvent.click(button);
      expect(screen.getByLabelText('Apollo')).toBeVisible();
      expect(screen.getByRole('searchbox', { name: 'Search' })).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: /Close Filters/ }));
      expect(screen.queryByLabelText('Apollo')).not.toBeInTheDocument();
    } finally {
      delete (window as { matchMedia?: unknown }).matchMedia;
    }
  });
});

import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SEARCH_SETTLE_MS } from '@/components/data-table';
import { caseOnly, pickerPage, pickerProduct } from '../test/fixtures';
import { renderShowForm } from '../test/render-form';

/** Twelve products: two pages of 10. */
const catalogue = Array.from({ length: 12 }, (_, i) =>
  i === 1 ? caseOnly() : pickerProduct({ id: `p${i + 10}`, sku: `SKU-${i + 10}`, title: `Product ${String(i + 10)}` }),
);

function setup() {
  const view = renderShowForm('/admin/shows/create', {
    'GET /api/products': (req) => {
      const q = new URL(req.url).searchParams;
      const page = Number(q.get('page'));
      const size = Number(q.get('pageSize'));
      const found = catalogue.filter((p) => p.title.toLowerCase().includes((q.get('searchTitle') ?? '').toLowerCase()));
      return [200, pickerPage(found.slice((page - 1) * size, page * size), found.length, page * size < found.length)];
    },
  });
  const productCalls = () =>
    view.sent('GET').filter((r) => new URL(r.url).pathname === '/api/products').map((r) => Object.fromEntries(new URL(r.url).searchParams));
  return { ...view, productCalls };
}

async function openPicker(ue: Pick<typeof userEvent, 'click'> = userEvent) {
  await screen.findByRole('option', { name: 'Generic' });
  await ue.click(screen.getByRole('button', { name: 'Add products' }));
  return screen.findByRole('dialog', { name: 'Add Products' });
}

describe('the show product picker', () => {
  it('is a modal dialog: focus in its search box, kept inside, Escape closes it and focus goes back', async () => {
    setup();
    const dialog = await openPicker();
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    const search = within(dialog).getByRole('searchbox', { name: 'Search products by title' });
    expect(search).toHaveFocus();
    await within(dialog).findByRole('button', { name: 'Add case of Product 10' });
    // Shift+Tab from the first control wraps to the last (Done), Tab from there back to the first (Close).
    within(dialog).getByRole('button', { name: 'Close' }).focus();
    await userEvent.tab({ shift: true });
    expect(within(dialog).getByRole('button', { name: 'Done' })).toHaveFocus();
    await userEvent.tab();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add products' })).toHaveFocus();
  });

  it('pages through the fireworks 10 at a time and searches titles on the server', async () => {
    jest.useFakeTimers();
    const ue = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const { productCalls } = setup();
    const dialog = await openPicker(ue);
    const list = await within(dialog).findByRole('list', { name: 'Products' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    expect(within(dialog).getByText('Page 1 of 2')).toBeInTheDocument();
    expect(productCalls()).toEqual([{ page: '1', pageSize: '10' }]);
    const pages = within(dialog).getByRole('navigation', { name: 'Product pages' });
    expect(within(pages).getByRole('button', { name: 'Previous' })).toBeDisabled();
    await ue.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(await within(dialog).findByRole('button', { name: 'Add case of Product 21' })).toBeInTheDocument();
    expect(within(dialog).getByText('Page 2 of 2')).toBeInTheDocument();
    expect(within(pages).getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(productCalls().at(-1)).toEqual({ page: '2', pageSize: '10' });

    await ue.type(within(dialog).getByRole('searchbox'), 'thunder');
    act(() => jest.advanceTimersByTime(SEARCH_SETTLE_MS));
    expect(await within(dialog).findByRole('button', { name: 'Add case of Thunder King' })).toBeInTheDocument();
    expect(productCalls().at(-1)).toEqual({ page: '1', pageSize: '10', searchTitle: 'thunder' });
    expect(within(dialog).getByText('Page 1 of 1')).toBeInTheDocument();
    // Enter applies at once, and submits nothing of the show form.
    await ue.clear(within(dialog).getByRole('searchbox'));
    await ue.type(within(dialog).getByRole('searchbox'), 'zzz{Enter}');
    expect(await within(dialog).findByText('No data found.')).toBeInTheDocument();
    expect(screen.queryByText('Title is required')).not.toBeInTheDocument();
    jest.useRealTimers();
  });

  it('adds as a case or a unit (units only when the product sells them), and warns of a duplicate', async () => {
    setup();
    const dialog = await openPicker();
    const skyRow = (await within(dialog).findByText('Product 10')).closest('li')!;
    expect(skyRow).toHaveTextContent('SKU-10 · Case $120.00 · Unit $10.00');
    const thunderRow = within(dialog).getByText('Thunder King').closest('li')!;
    expect(thunderRow).toHaveTextContent('TH-200 · Case $80.00');
    expect(within(thunderRow).queryByRole('button', { name: /Add unit/ })).not.toBeInTheDocument();

    await userEvent.click(within(skyRow).getByRole('button', { name: 'Add case of Product 10' }));
    expect(within(dialog).getByRole('status')).toHaveTextContent('Added "Product 10" as a case');
    await userEvent.click(within(skyRow).getByRole('button', { name: 'Add unit of Product 10' }));
    expect(within(dialog).getByRole('status')).toHaveTextContent('Added "Product 10" as a unit');
    expect(skyRow).toHaveTextContent('In the show as a case and a unit');

    await userEvent.click(within(skyRow).getByRole('button', { name: 'Add unit of Product 10' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('"Product 10" is already in the show as a unit');
    await userEvent.click(within(thunderRow).getByRole('button', { name: 'Add case of Thunder King' }));
    await userEvent.click(within(thunderRow).getByRole('button', { name: 'Add case of Thunder King' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('"Thunder King" is already in the show as a case');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getAllByRole('group', { name: /as a (case|unit)$/ }).map((g) => g.getAttribute('aria-label'))).toEqual([
      'Product 10 as a case',
      'Product 10 as a unit',
      'Thunder King as a case',
    ]);
  });
});

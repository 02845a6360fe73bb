import { screen, within } from '@testing-library/react';
import { Toaster } from '@/components/toaster';
import { mockApi, renderAt, signedInState } from '@/test/render';
import ShowListRoute from '../routes/show-list';
import { renderShowForm } from '../test/render-form';
import { show, showPage } from '../test/fixtures';

/** Issue 32, item 6: the back office names show types (storefront.md §2), never by their codes. */
describe('show type names in the show screens', () => {
  it('the show list names the show type', async () => {
    mockApi({ 'GET /api/shows': () => [200, showPage([show({ showType: { id: 't2', name: 'FOURTH_JULY', description: null } })])] });
    renderAt(
      <>
        <ShowListRoute />
        <Toaster />
      </>,
      { path: '/admin/shows', preloadedState: signedInState({ role: 'ADMIN' }) },
    );
    const table = await screen.findByRole('table', { name: 'All Shows' });
    expect(await within(table).findByRole('cell', { name: 'Fourth of July' })).toBeInTheDocument();
    expect(within(table).queryByText('FOURTH_JULY')).not.toBeInTheDocument();
  });

  it('the show form offers the show types by name', async () => {
    renderShowForm('/admin/shows/create', {
      'GET /api/shows/types/all': () => [
        200,
        [
          { id: 't1', name: 'NEW_YEARS' },
          { id: 't2', name: 'FOURTH_JULY' },
          { id: 't3', name: 'Birthday_Bash' },
        ],
      ],
    });
    const select = await screen.findByRole('combobox', { name: /Show Type/ });
    expect(within(select).getAllByRole('option').map((o) => [o.getAttribute('value'), o.textContent])).toEqual([
      ['', 'Select a show type'],
      ['t1', 'New Year'],
      ['t2', 'Fourth of July'],
      ['t3', 'Birthday Bash'],
    ]);
  });
});

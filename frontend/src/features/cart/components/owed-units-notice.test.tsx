import { act, screen, waitFor, within } from '@testing-library/react';
import { mockApi, renderAt, signedInState } from '@/test/render';
import { OwedUnitsNotice } from './owed-units-notice';

const order = (owed: number) => ({
  id: 'o1',
  items: [
    { id: 'i1', title: 'Comet Cake', isUnit: false, quantity: 1, owedUnits: 0 },
    { id: 'i2', title: 'Comet Cake', isUnit: true, quantity: 5, owedUnits: owed },
  ],
});

describe('the confirmation of owed units', () => {
  it('names the lines whose units ship once a case is opened, as the order says', async () => {
    mockApi({ 'GET /api/orders/o1': () => [200, order(3)] });
    renderAt(<OwedUnitsNotice orderId="o1" />, { preloadedState: signedInState() });
    const list = await screen.findByRole('list', { name: 'Units waiting for a case' });
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Comet Cake: 3 units ship once a case is opened']);
  });

  it('says nothing when no line waits for a case', async () => {
    const calls = mockApi({ 'GET /api/orders/o1': () => [200, order(0)] });
    renderAt(<OwedUnitsNotice orderId="o1" />, { preloadedState: signedInState() });
    await waitFor(() => expect(calls).toHaveBeenCalled());
    // Let the answer land before looking for what it would show.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByRole('list', { name: 'Units waiting for a case' })).not.toBeInTheDocument();
  });
});

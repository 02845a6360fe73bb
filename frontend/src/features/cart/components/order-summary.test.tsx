import { render, screen, within } from '@testing-library/react';
import { quote } from '../test/fixtures';
import { OrderSummary } from './order-summary';

describe('the order summary', () => {
  it('says which units ship once a case is opened, as the quote counts them (decisions.md "Stock")', () => {
    render(
      <OrderSummary
        quote={quote({
          owedUnits: [
            { productId: 'p1', title: 'Comet Cake', units: 3 },
            { productId: 'p2', title: 'Sky Fan', units: 1 },
          ],
        })}
        stale={false}
      />,
    );
    const owed = screen.getByRole('list', { name: 'Units waiting for a case' });
    expect(within(owed).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Comet Cake: 3 units ship once a case is opened',
      'Sky Fan: 1 unit ships once a case is opened',
    ]);
  });

  it('says nothing of cases when the stock covers every unit', () => {
    render(<OrderSummary quote={quote()} stale={false} />);
    expect(screen.queryByRole('list', { name: 'Units waiting for a case' })).not.toBeInTheDocument();
    expect(screen.queryByText(/ship once a case is opened/)).not.toBeInTheDocument();
  });
});

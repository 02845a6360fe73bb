import { screen, within } from '@testing-library/react';
import { renderAt, signedInState } from '@/test/render';
import { sale, saleItem } from '../test/fixtures';
import { OrderDetailDialog } from './order-detail';

describe('the order detail dialog', () => {
  it('says the units a line still waits for (decisions.md "Stock"), as the server counts them', () => {
    const units = saleItem({ id: 'i2', isUnit: true, quantity: 5, unitPrice: 10, itemSubTotal: 50, owedUnits: 3 });
    renderAt(<OrderDetailDialog sale={sale({ purchaseItems: [saleItem(), units] })} busy={false} onSetStatus={() => {}} onClose={() => {}} />, {
      preloadedState: signedInState({ role: 'ADMIN' }),
    });
    const table = screen.getByRole('table', { name: 'Items' });
    const [, caseRow, unitRow] = within(table).getAllByRole('row');
    expect(within(unitRow!).getByText('3 units ship once a case is opened')).toBeInTheDocument();
    expect(within(caseRow!).queryByText(/ship once a case is opened/)).not.toBeInTheDocument();
  });
});

import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Pagination } from './pagination';

function setup(over: Partial<Parameters<typeof Pagination>[0]> = {}) {
  const onPageChange = jest.fn();
  const onPageSizeChange = jest.fn();
  render(
    <Pagination
      page={1}
      pageSize={25}
      hasMore
      isFetching={false}
      isPlaceholderData={false}
      onPageChange={onPageChange}
      onPageSizeChange={onPageSizeChange}
      {...over}
    />,
  );
  return { onPageChange, onPageSizeChange };
}

describe('Pagination', () => {
  it('shows the page and disables Previous on page 1', () => {
    setup();
    expect(screen.getByText('Page 1')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
  });

  it('moves back and forth', async () => {
    const { onPageChange } = setup({ page: 3 });
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPageChange.mock.calls).toEqual([[2], [4]]);
  });

  it('disables Next when there is no more', () => {
    setup({ page: 2, hasMore: false });
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeEnabled();
  });

  it('disables Next while placeholder data is shown, with a Loading indicator', () => {
    setup({ page: 2, isFetching: true, isPlaceholderData: true });
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
  });

  it('shows no Loading indicator when idle', () => {
    setup();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('offers 10, 25 and 50 per page with the current one pressed', async () => {
    const { onPageSizeChange } = setup();
    const group = screen.getByRole('group', { name: 'Items per page' });
    expect(group).toHaveTextContent('102550');
    expect(screen.getByRole('button', { name: '25' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('button', { name: '50' }));
    expect(onPageSizeChange).toHaveBeenCalledWith(50);
  });
});

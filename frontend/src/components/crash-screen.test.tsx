import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CrashScreen } from './crash-screen';

it('toggles the error details', async () => {
  render(<CrashScreen error={new Error('kaboom')} />);
  expect(screen.getByRole('heading', { name: 'Something went wrong!' })).toBeInTheDocument();
  expect(screen.queryByText(/kaboom/)).not.toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Show Error' }));
  expect(screen.getByText(/Error: kaboom/)).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Hide Error' }));
  expect(screen.queryByText(/kaboom/)).not.toBeInTheDocument();
});

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Toaster } from '@/components/toaster';
import { mockApi, renderAt, signedInState } from '@/test/render';
import { profile } from '../test/fixtures';
import { TERMS_ACCEPTED, TermsModal } from './terms-modal';

function Harness() {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open terms
      </button>
      <TermsModal open={open} onClose={() => setOpen(false)} />
      <Toaster />
    </>
  );
}

describe('TermsModal', () => {
  it('closes on Cancel without saving anything', async () => {
    const requests = mockApi({});
    renderAt(<Harness />, { preloadedState: signedInState() });
    const dialog = screen.getByRole('dialog', { name: 'Terms of Service' });
    expect(screen.getByRole('link', { name: 'Terms of Use' })).toHaveAttribute('href', '/terms-of-use');
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(dialog).not.toBeInTheDocument();
    expect(requests).not.toHaveBeenCalled();
  });

  it('closes on Escape', async () => {
    renderAt(<Harness />, { preloadedState: signedInState() });
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('saves acceptedTerms: true on "I Accept"', async () => {
    let body: unknown;
    mockApi({
      'POST /api/user/userInfo': async (req) => {
        body = await req.json();
        return [200, profile({ acceptedTerms: true })];
      },
    });
    renderAt(<Harness />, { preloadedState: signedInState() });
    await userEvent.click(screen.getByRole('button', { name: 'I Accept' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(body).toEqual({ acceptedTerms: true });
    expect(screen.getByText(TERMS_ACCEPTED)).toBeInTheDocument();
  });

  it("stays open with the server's message when saving fails", async () => {
    mockApi({ 'POST /api/user/userInfo': () => [404, { message: 'Profile not found' }] });
    renderAt(<Harness />, { preloadedState: signedInState() });
    await userEvent.click(screen.getByRole('button', { name: 'I Accept' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Profile not found');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});

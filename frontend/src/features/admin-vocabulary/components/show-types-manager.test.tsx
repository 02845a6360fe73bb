import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from '@/components/toaster';
import { mockApi, renderAt, signedInState } from '@/test/render';
import ShowTypesRoute from '../routes/show-types';
import { showTypes } from '../test/fixtures';

const LIST = 'GET /api/shows/types/all';

function setup(handlers: Parameters<typeof mockApi>[0] = {}) {
  const calls = mockApi({ [LIST]: () => [200, showTypes()], ...handlers });
  renderAt(
    <>
      <ShowTypesRoute />
      <Toaster />
    </>,
    { path: '/admin/shows/showTypes', preloadedState: signedInState({ role: 'ADMIN' }) },
  );
  return calls;
}

const createButton = () => screen.getByRole('button', { name: 'Create Show Type' });
const otherActions = () => [createButton(), ...screen.getAllByRole('button', { name: /^(Edit|Delete) / })];

describe('/admin/shows/showTypes', () => {
  it('lists the show types by name with their descriptions', async () => {
    setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Manage Show Types' })).toBeInTheDocument();
    expect(await screen.findByRole('cell', { name: 'Backyard' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Small yards' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'No description' })).toBeInTheDocument();
  });

  it('names the seeded show types as the storefront does (issue 32, item 6), in Edit, Delete and the confirmation too', async () => {
    setup({ [LIST]: () => [200, [{ id: 's3', name: 'FOURTH_JULY', description: 'Independence Day' }]] });
    expect(await screen.findByRole('cell', { name: 'Fourth of July' })).toBeInTheDocument();
    expect(screen.queryByText('FOURTH_JULY')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit Fourth of July' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Delete Fourth of July' }));
    expect(await screen.findByText('Are you sure you want to delete "Fourth of July"?')).toBeInTheDocument();
  });

  it('says "No show types found. Create one to get started." when there are none', async () => {
    setup({ [LIST]: () => [200, []] });
    expect(await screen.findByText('No show types found. Create one to get started.')).toBeInTheDocument();
  });

  it('creates one at a time: other actions are disabled while the form is open; blank descriptions are left out', async () => {
    let body: unknown;
    let created = false;
    setup({
      [LIST]: () => [200, created ? [...showTypes(), { id: 's3', name: 'Grand', description: null }] : showTypes()],
      'POST /api/shows/types': async (req) => {
        body = await req.json();
        created = true;
        return [201, { id: 's3', name: 'Grand' }];
      },
    });
    await screen.findByRole('cell', { name: 'Backyard' });
    await userEvent.click(createButton());
    const form = screen.getByRole('form', { name: 'Create Show Type' });
    expect(screen.getByRole('heading', { level: 2, name: 'Create Show Type' })).toBeInTheDocument();
    for (const button of otherActions()) expect(button).toBeDisabled();
    const name = within(form).getByLabelText('Name');
    expect(name).toHaveFocus();
    expect(within(form).getByRole('button', { name: 'Create' })).toBeDisabled();
    await userEvent.type(name, ' Grand ');
    await userEvent.type(within(form).getByLabelText('Description (optional)'), '   ');
    await userEvent.click(within(form).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Show type created successfully')).toBeInTheDocument();
    expect(body).toEqual({ name: 'Grand' });
    expect(screen.queryByRole('form', { name: 'Create Show Type' })).not.toBeInTheDocument();
    expect(await screen.findByRole('cell', { name: 'Grand' })).toBeInTheDocument();
    for (const button of otherActions()) expect(button).toBeEnabled();
  });

  it('edits one type, prefilled, and Cancel closes the form with nothing sent', async () => {
    let body: unknown;
    const calls = setup({
      'PUT /api/shows/types/s1': async (req) => {
        body = await req.json();
        return [200, { id: 's1', name: 'Backyard Show', description: 'Small yards' }];
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Finale' }));
    let form = screen.getByRole('form', { name: 'Edit Show Type' });
    expect(screen.getByRole('heading', { level: 2, name: 'Edit Show Type: Finale' })).toBeInTheDocument();
    expect(within(form).getByLabelText('Name')).toHaveValue('Finale');
    for (const button of otherActions()) expect(button).toBeDisabled();
    await userEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(calls.mock.calls.filter(([r]) => r.method !== 'GET')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Edit Backyard' }));
    form = screen.getByRole('form', { name: 'Edit Show Type' });
    const name = within(form).getByLabelText('Name');
    await userEvent.clear(name);
    expect(await within(form).findByText('Name is required')).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Update' })).toBeDisabled();
    await userEvent.type(name, 'Backyard Show');
    await userEvent.click(within(form).getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Show type updated successfully')).toBeInTheDocument();
    expect(body).toEqual({ name: 'Backyard Show', description: 'Small yards' });
  });

  it('keeps the form open on failure with "Error updating show type: {message}"', async () => {
    setup({ 'PUT /api/shows/types/s2': () => [409, { message: 'Show type "Backyard" already exists' }] });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Finale' }));
    const form = screen.getByRole('form', { name: 'Edit Show Type' });
    await userEvent.clear(within(form).getByLabelText('Name'));
    await userEvent.type(within(form).getByLabelText('Name'), 'Backyard');
    await userEvent.click(within(form).getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Error updating show type: Show type "Backyard" already exists')).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Edit Show Type' })).toBeInTheDocument();
  });

  it('deletes after confirmation; the fallback says "Failed to delete show type"', async () => {
    let gone = false;
    setup({
      [LIST]: () => [200, gone ? showTypes().slice(0, 1) : showTypes()],
      'DELETE /api/shows/types/s2': () => {
        gone = true;
        return [204, null];
      },
      'DELETE /api/shows/types/s1': () => [400, {}],
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Finale' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete Show Type' });
    expect(dialog).toHaveTextContent('Are you sure you want to delete "Finale"?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Show type deleted successfully')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Delete Backyard' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete show type')).toBeInTheDocument();
  });
});

import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from '@/components/toaster';
import { mockApi, renderAt, signedInState } from '@/test/render';
import ApparelTypesRoute from '../routes/apparel-types';
import { apparelTypes } from '../test/fixtures';
import { summaryOf } from './apparel-types-manager';

const LIST = 'GET /api/apparel/types/all';

function setup(handlers: Parameters<typeof mockApi>[0] = {}) {
  const calls = mockApi({ [LIST]: () => [200, apparelTypes()], ...handlers });
  renderAt(
    <>
      <ApparelTypesRoute />
      <Toaster />
    </>,
    { path: '/admin/apparel/types', preloadedState: signedInState({ role: 'ADMIN' }) },
  );
  return calls;
}

const stat = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('/admin/apparel/types', () => {
  it('shows the summary counts and the types, with links between the apparel screens', async () => {
    setup();
    expect(await screen.findByRole('cell', { name: 'Hoodie' })).toBeInTheDocument();
    expect(stat('Total Types')).toBe('3');
    expect(stat('Most Common')).toBe('Hoodie');
    expect(stat('With Descriptions')).toBe('2');
    expect(stat('Total Products')).toBe('13');
    expect(stat('Unique Apparel Types')).toBe('2');
    const nav = screen.getByRole('navigation', { name: 'Apparel sections' });
    expect(within(nav).getByRole('link', { name: 'Manage Types' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'All Apparel' })).toHaveAttribute('href', '/admin/apparel');
  });

  it('opens and closes the add form, and creates a type ("Apparel type created successfully!")', async () => {
    let body: unknown;
    setup({
      'POST /api/apparel/types': async (req) => {
        body = await req.json();
        return [201, { id: 'a4', name: 'Tank Top', description: 'Sleeveless' }];
      },
    });
    await screen.findByRole('cell', { name: 'Hoodie' });
    const toggle = screen.getByRole('button', { name: 'Add Apparel Type' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Close Form' })).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Close Form' }));
    expect(screen.queryByRole('form', { name: 'Add Apparel Type' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Add Apparel Type' }));
    const form = screen.getByRole('form', { name: 'Add Apparel Type' });
    expect(within(form).getByRole('button', { name: 'Create' })).toBeDisabled();
    await userEvent.type(within(form).getByLabelText('Name'), 'Tank Top');
    await userEvent.type(within(form).getByLabelText('Description (optional)'), ' Sleeveless ');
    await userEvent.click(within(form).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Apparel type created successfully!')).toBeInTheDocument();
    expect(body).toEqual({ name: 'Tank Top', description: 'Sleeveless' });
    expect(screen.queryByRole('form', { name: 'Add Apparel Type' })).not.toBeInTheDocument();
  });

  it('toggles a row into inline edit and back; saves name and description', async () => {
    let body: unknown;
    setup({
      'PUT /api/apparel/types/a3': async (req) => {
        body = await req.json();
        return [200, { id: 'a3', name: 'Cap' }];
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Hat' }));
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Hat');
    expect(screen.getByRole('textbox', { name: 'Description' })).toHaveValue('Caps and beanies');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('cell', { name: 'Hat' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Edit Hat' }));
    await userEvent.clear(screen.getByRole('textbox', { name: 'Name' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'Cap');
    await userEvent.clear(screen.getByRole('textbox', { name: 'Description' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Apparel type updated successfully!')).toBeInTheDocument();
    expect(body).toEqual({ name: 'Cap' });
    expect(screen.queryByRole('textbox', { name: 'Name' })).not.toBeInTheDocument();
  });

  it('asks before deleting, in the wording of §5, and reports a refusal', async () => {
    setup({ 'DELETE /api/apparel/types/a2': () => [409, { message: 'Hoodie is used by 9 apparel products and cannot be deleted' }] });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Hoodie' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete Apparel Type' });
    expect(dialog).toHaveTextContent('Are you sure you want to delete "Hoodie"? This action cannot be undone.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Error deleting apparel type: Hoodie is used by 9 apparel products and cannot be deleted')).toBeInTheDocument();
  });

  it('says "Error loading apparel types: {message}"', async () => {
    setup({ [LIST]: () => [403, { message: 'Forbidden' }] });
    expect(await screen.findByRole('alert')).toHaveTextContent('Error loading apparel types: Forbidden');
  });
});

describe('summaryOf', () => {
  it('counts an empty list', () => {
    expect(summaryOf([])).toEqual({ total: 0, mostCommon: 'None', withDescriptions: 0, products: 0, inUse: 0 });
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { deferred } from '@/test/deferred';
import { mockApi, renderAt, signedInState } from '@/test/render';
import { profileMessages as m } from '../components/profile-schema';
import { emptyProfile, profile } from '../test/fixtures';
import ProfileEdit from './profile-edit';

const INFO = '/api/user/userInfo';

function setup(current = profile(), post?: (req: Request) => Promise<[number, unknown]> | [number, unknown]) {
  mockApi({ [`GET ${INFO}`]: () => [200, current], ...(post ? { [`POST ${INFO}`]: post } : {}) });
  const ue = userEvent.setup();
  const view = renderAt(<ProfileEdit />, { path: '/profile/edit', preloadedState: signedInState() });
  return { ue, view };
}

const section = (name: string) => within(screen.getByRole('group', { name }));
const save = () => screen.getByRole('button', { name: 'Save Profile' });

/** Focus a field and leave it: the form shows its message once touched. */
async function touch(ue: ReturnType<typeof userEvent.setup>, field: HTMLElement) {
  await ue.click(field);
  await ue.tab();
}

describe('/profile/edit', () => {
  it('loads the profile into the form, with the shipping address hidden when it equals billing', async () => {
    setup();
    expect(await screen.findByRole('form', { name: 'Edit Profile' })).toBeInTheDocument();
    expect(screen.getByLabelText('First Name')).toHaveValue('Ann');
    expect(screen.getByLabelText('Date of Birth')).toHaveValue('1990-05-17');
    expect(section('Billing Address').getByLabelText('City')).toHaveValue('Fargo');
    expect(screen.getByLabelText('Use the same address for shipping')).toBeChecked();
    expect(screen.queryByRole('group', { name: 'Shipping Address' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Terms of Use' })).toHaveAttribute('href', '/terms-of-use');
    expect(screen.getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', '/profile');
    await waitFor(() => expect(save()).toBeEnabled());
  });

  it('shows every required message once a field is left empty, and keeps Save disabled', async () => {
    const { ue } = setup(emptyProfile());
    await screen.findByRole('form', { name: 'Edit Profile' });
    expect(save()).toBeDisabled();
    for (const label of ['First Name', 'Last Name', 'Date of Birth', 'Phone Number']) await touch(ue, screen.getByLabelText(label));
    const billing = section('Billing Address');
    for (const label of ['Street Address', 'City', 'State', 'Postal Code']) await touch(ue, billing.getByLabelText(label));
    for (const message of [m.firstName, m.lastName, m.dateOfBirthRequired, m.phoneRequired, m.street, m.city, m.state, m.postalCodeRequired]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(screen.getByLabelText('First Name')).toHaveAccessibleDescription(m.firstName);
    expect(save()).toBeDisabled();
  });

  it('checks the phone number, postal code and date formats', async () => {
    const { ue } = setup();
    await screen.findByRole('form', { name: 'Edit Profile' });
    const phone = screen.getByLabelText('Phone Number');
    await ue.clear(phone);
    await ue.type(phone, '555-CALL-NOW');
    await ue.tab();
    expect(await screen.findByText(m.phoneInvalid)).toBeInTheDocument();
    const postal = section('Billing Address').getByLabelText('Postal Code');
    await ue.clear(postal);
    await ue.type(postal, '5810');
    await ue.tab();
    expect(await screen.findByText(m.postalCodeInvalid)).toBeInTheDocument();
    const born = screen.getByLabelText('Date of Birth');
    await ue.clear(born);
    await ue.type(born, '2999-01-01');
    await ue.tab();
    expect(await screen.findByText(m.dateOfBirthInvalid)).toBeInTheDocument();
    expect(save()).toBeDisabled();

    await ue.clear(phone);
    await ue.type(phone, '+1 (701) 555-0199');
    await ue.clear(postal);
    await ue.type(postal, '58102-1234');
    await ue.clear(born);
    await ue.type(born, '1985-12-01');
    await waitFor(() => expect(save()).toBeEnabled());
    expect(screen.queryByText(m.phoneInvalid)).not.toBeInTheDocument();
  });

  it('asks for a complete shipping address once "same address" is unchecked', async () => {
    const { ue } = setup(profile({ shippingAddress: null }));
    await screen.findByRole('form', { name: 'Edit Profile' });
    await ue.click(screen.getByLabelText('Use the same address for shipping'));
    const shipping = section('Shipping Address');
    expect(shipping.getByLabelText('Street Address')).toHaveValue('');
    await touch(ue, shipping.getByLabelText('Street Address'));
    expect(await shipping.findByText(m.street)).toBeInTheDocument();
    await waitFor(() => expect(save()).toBeDisabled());
  });

  it('starts with separate addresses shown when they differ', async () => {
    setup(profile({ shippingAddress: { id: 's', street1: '2 Oak Ave', street2: 'Unit 4', city: 'Bismarck', state: 'ND', postalCode: '58501' } }));
    await screen.findByRole('form', { name: 'Edit Profile' });
    expect(screen.getByLabelText('Use the same address for shipping')).not.toBeChecked();
    expect(section('Shipping Address').getByLabelText('Street Address Line 2 (optional)')).toHaveValue('Unit 4');
  });

  it('saves the profile ("Saving..." meanwhile) and goes back to /profile', async () => {
    const answer = deferred<[number, unknown]>();
    let body: unknown;
    const { ue } = setup(profile(), async (req) => {
      body = await req.json();
      return answer.promise;
    });
    await screen.findByRole('form', { name: 'Edit Profile' });
    await ue.clear(screen.getByLabelText('First Name'));
    await ue.type(screen.getByLabelText('First Name'), 'Anna');
    await waitFor(() => expect(save()).toBeEnabled());
    await ue.click(save());
    expect(await screen.findByRole('button', { name: 'Saving...' })).toBeDisabled();
    answer.resolve([200, profile({ firstName: 'Anna' })]);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/profile$/));
    const sent = { street1: '1 Main St', street2: null, city: 'Fargo', state: 'ND', postalCode: '58102' };
    expect(body).toEqual({
      userId: profile().userId,
      firstName: 'Anna',
      lastName: 'Lee',
      dateOfBirth: '1990-05-17',
      phoneNumber: '(701) 555-0100',
      canContact: true,
      acceptedTerms: true,
      billingAddress: sent,
      shippingAddress: sent,
    });
  });

  it("shows the server's field errors on their fields", async () => {
    const { ue } = setup(profile(), () => [
      422,
      {
        message: 'Please enter a valid phone number',
        errors: {
          phoneNumber: ['Please enter a valid phone number'],
          'billingAddress.state': ['Please select a valid state'],
          billingAddress: ['Invalid address format'],
          theme: ['Please select a valid theme'],
        },
      },
    ]);
    await screen.findByRole('form', { name: 'Edit Profile' });
    await waitFor(() => expect(save()).toBeEnabled());
    await ue.click(save());
    expect(await screen.findByText('Please enter a valid phone number')).toBeInTheDocument();
    expect(screen.getByLabelText('Phone Number')).toHaveAccessibleDescription('Please enter a valid phone number');
    const billing = section('Billing Address');
    expect(billing.getByLabelText('State')).toHaveAccessibleDescription('Please select a valid state');
    expect(billing.getByRole('alert')).toHaveTextContent('Invalid address format');
    // A field the form does not show: the message goes to the form's alert.
    expect(screen.getAllByRole('alert').some((a) => a.textContent === 'Please select a valid theme')).toBe(true);
    expect(screen.getByTestId('location')).toHaveTextContent('/profile/edit');
  });

  it('says "Error loading profile: {message}" with a home link when the profile cannot be read', async () => {
    mockApi({ [`GET ${INFO}`]: () => [404, { message: 'Profile not found' }] });
    renderAt(<ProfileEdit />, { path: '/profile/edit', preloadedState: signedInState() });
    expect(await screen.findByRole('alert')).toHaveTextContent('Error loading profile: Profile not found');
    expect(screen.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute('href', '/');
  });
});

import { MAX_ADDRESS_LINE_LEN, MAX_NAME_LEN, MAX_PHONE_LEN } from '@/lib/limits';
import { profile, address } from '../test/fixtures';
import { formValuesOf, isBirthDate, isPhoneNumber, isPostalCode, profileMessages, profileSchema, profileUpdateOf } from './profile-schema';

describe('profile rules', () => {
  it.each(['(701) 555-0100', '+1 701-555-0100', '7015550100', '1234567890123456'])('accepts the phone number %s', (n) => {
    expect(isPhoneNumber(n)).toBe(true);
  });

  it.each(['0701 555 0100', '12345678901234567', '701.555.0100', 'call me', '+'])('refuses the phone number %s', (n) => {
    expect(isPhoneNumber(n)).toBe(false);
  });

  it.each([
    ['12345', true],
    ['12345-6789', true],
    ['1234', false],
    ['123456', false],
    ['12345-678', false],
    ['ABCDE', false],
  ])('postal code %s: %s', (code, valid) => {
    expect(isPostalCode(code)).toBe(valid);
  });

  it('accepts real dates from 1900 to today only', () => {
    const now = new Date(2026, 10, 23);
    expect(isBirthDate('1990-05-17', now)).toBe(true);
    expect(isBirthDate('1900-01-01', now)).toBe(true);
    expect(isBirthDate('2026-11-23', now)).toBe(true);
    expect(isBirthDate('2026-11-24', now)).toBe(false);
    expect(isBirthDate('1899-12-31', now)).toBe(false);
    expect(isBirthDate('1990-02-30', now)).toBe(false);
    expect(isBirthDate('17/05/1990', now)).toBe(false);
  });
});

describe('the schema', () => {
  it('says a state outside the 50 is not valid, and a blank one is required', async () => {
    const values = formValuesOf(profile());
    const withState = (state: string) => ({ ...values, billingAddress: { ...values.billingAddress, state } });
    await expect(profileSchema.validateAt('billingAddress.state', withState('XX'))).rejects.toThrow(profileMessages.stateInvalid);
    await expect(profileSchema.validateAt('billingAddress.state', withState(''))).rejects.toThrow(profileMessages.state);
    await expect(profileSchema.validateAt('billingAddress.state', withState('ND'))).resolves.toBe('ND');
  });

  it('refuses names, street lines, city and phone past the server limits with its words', async () => {
    const values = formValuesOf(profile());
    const cases = [
      ['firstName', { ...values, firstName: 'x'.repeat(MAX_NAME_LEN + 1) }, MAX_NAME_LEN],
      ['lastName', { ...values, lastName: 'x'.repeat(MAX_NAME_LEN + 1) }, MAX_NAME_LEN],
      ['phoneNumber', { ...values, phoneNumber: `+1${' '.repeat(MAX_PHONE_LEN)}7015550100` }, MAX_PHONE_LEN],
      ['billingAddress.street2', { ...values, billingAddress: { ...values.billingAddress, street2: 'x'.repeat(MAX_ADDRESS_LINE_LEN + 1) } }, MAX_ADDRESS_LINE_LEN],
      ['billingAddress.city', { ...values, billingAddress: { ...values.billingAddress, city: 'x'.repeat(MAX_ADDRESS_LINE_LEN + 1) } }, MAX_ADDRESS_LINE_LEN],
    ] as const;
    for (const [path, over, max] of cases) {
      await expect(profileSchema.validateAt(path, over)).rejects.toThrow(`Please enter at most ${max} characters`);
    }
    await expect(profileSchema.validateAt('firstName', { ...values, firstName: 'x'.repeat(MAX_NAME_LEN) })).resolves.toHaveLength(MAX_NAME_LEN);
  });

  it('checks the shipping address only when it is not the billing address', async () => {
    const values = { ...formValuesOf(profile()), shippingAddress: { street1: '', street2: '', city: '', state: '', postalCode: '' } };
    await expect(profileSchema.isValid({ ...values, sameAsBilling: true })).resolves.toBe(true);
    await expect(profileSchema.isValid({ ...values, sameAsBilling: false })).resolves.toBe(false);
  });
});

describe('the form values', () => {
  it('start with "same address" checked when both addresses are equal or there is no shipping address', () => {
    expect(formValuesOf(profile()).sameAsBilling).toBe(true);
    expect(formValuesOf(profile({ shippingAddress: null })).sameAsBilling).toBe(true);
    expect(formValuesOf(profile({ shippingAddress: address({ street1: '2 Oak Ave' }) })).sameAsBilling).toBe(false);
  });

  it('send billing as shipping with "same address", and an address only when its street is filled', () => {
    const values = formValuesOf(profile());
    expect(profileUpdateOf(values, 'u-1')).toEqual({
      userId: 'u-1',
      firstName: 'Ann',
      lastName: 'Lee',
      dateOfBirth: '1990-05-17',
      phoneNumber: '(701) 555-0100',
      canContact: true,
      acceptedTerms: true,
      billingAddress: { street1: '1 Main St', street2: null, city: 'Fargo', state: 'ND', postalCode: '58102' },
      shippingAddress: { street1: '1 Main St', street2: null, city: 'Fargo', state: 'ND', postalCode: '58102' },
    });
    const noStreet = { ...values, billingAddress: { ...values.billingAddress, street1: '  ' } };
    const body = profileUpdateOf(noStreet, undefined);
    expect(body).not.toHaveProperty('billingAddress');
    expect(body).not.toHaveProperty('shippingAddress');
    expect(body).not.toHaveProperty('userId');
  });
});

import { boolean, object, string, type ObjectSchema } from 'yup';
import { MAX_ADDRESS_LINE_LEN, MAX_NAME_LEN, MAX_PHONE_LEN, pleaseAtMost } from '@/lib/limits';
import { US_STATES } from '@/lib/us-states';
import type { AddressInput, Profile, ProfileUpdate, StoredAddress } from '../api/profile-api';

/** The profile form's messages (storefront.md §5), word for word. */
export const profileMessages = {
  firstName: 'First name is required',
  lastName: 'Last name is required',
  dateOfBirthRequired: 'Date of birth is required',
  dateOfBirthInvalid: 'Please enter a valid date',
  phoneRequired: 'Phone number is required',
  phoneInvalid: 'Please enter a valid phone number',
  street: 'Street address is required',
  city: 'City is required',
  state: 'State is required',
  stateInvalid: 'Please select a valid state',
  postalCodeRequired: 'Postal code is required',
  postalCodeInvalid: 'Please enter a valid postal code (e.g., 12345 or 12345-6789)',
} as const;

export interface AddressValues {
  street1: string;
  street2: string;
  city: string;
  state: string;
  postalCode: string;
}

export interface ProfileFormValues {
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  phoneNumber: string;
  canContact: boolean;
  acceptedTerms: boolean;
  billingAddress: AddressValues;
  /** "Use the same address for shipping": the shipping fields are hidden and billing is sent as shipping. */
  sameAsBilling: boolean;
  shippingAddress: AddressValues;
}

/** After removing spaces, dashes and parentheses: an optional +, a digit 1-9, then up to 15 digits. */
export function isPhoneNumber(text: string): boolean {
  return /^\+?[1-9]\d{0,15}$/.test(text.replace(/[\s\-()]/g, ''));
}

export const isPostalCode = (text: string): boolean => /^\d{5}(-\d{4})?$/.test(text.trim());

/** Today's date (yyyy-mm-dd) where the buyer is. */
function localToday(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** A real calendar date (yyyy-mm-dd) from 1900-01-01 to today, as the server accepts. */
export function isBirthDate(text: string, now: Date = new Date()): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text.trim());
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  const real = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return real && text.trim() >= '1900-01-01' && text.trim() <= localToday(now);
}

const required = (message: string) => string().trim().default('').required(message);

/** An address: street, city, state (one of the 50) and postal code required; the second street line optional. */
const addressSchema = (): ObjectSchema<AddressValues> =>
  object({
    street1: required(profileMessages.street).max(MAX_ADDRESS_LINE_LEN, pleaseAtMost(MAX_ADDRESS_LINE_LEN)),
    street2: string().trim().default('').max(MAX_ADDRESS_LINE_LEN, pleaseAtMost(MAX_ADDRESS_LINE_LEN)),
    city: required(profileMessages.city).max(MAX_ADDRESS_LINE_LEN, pleaseAtMost(MAX_ADDRESS_LINE_LEN)),
    // Custom tests rather than oneOf/matches, so a blank field says "required" first.
    state: required(profileMessages.state).test('state', profileMessages.stateInvalid, (v) => !v || v in US_STATES),
    postalCode: required(profileMessages.postalCodeRequired).test('postal-code', profileMessages.postalCodeInvalid, (v) => !v || isPostalCode(v)),
  });

const blankAddress: AddressValues = { street1: '', street2: '', city: '', state: '', postalCode: '' };

/** The shipping fields are checked only while they are shown. */
const unchecked = (): ObjectSchema<AddressValues> =>
  object({
    street1: string().default(''),
    street2: string().default(''),
    city: string().default(''),
    state: string().default(''),
    postalCode: string().default(''),
  });

export const profileSchema: ObjectSchema<ProfileFormValues> = object({
  firstName: required(profileMessages.firstName).max(MAX_NAME_LEN, pleaseAtMost(MAX_NAME_LEN)),
  lastName: required(profileMessages.lastName).max(MAX_NAME_LEN, pleaseAtMost(MAX_NAME_LEN)),
  dateOfBirth: required(profileMessages.dateOfBirthRequired).test('date', profileMessages.dateOfBirthInvalid, (v) => !v || isBirthDate(v)),
  phoneNumber: required(profileMessages.phoneRequired)
    .max(MAX_PHONE_LEN, pleaseAtMost(MAX_PHONE_LEN))
    .test('phone', profileMessages.phoneInvalid, (v) => !v || isPhoneNumber(v)),
  canContact: boolean().default(false).required(),
  acceptedTerms: boolean().default(false).required(),
  billingAddress: addressSchema(),
  sameAsBilling: boolean().default(true).required(),
  shippingAddress: unchecked().when('sameAsBilling', { is: false, then: () => addressSchema() }),
});

const addressValues = (a: StoredAddress | null): AddressValues =>
  a ? { street1: a.street1, street2: a.street2 ?? '', city: a.city, state: a.state, postalCode: a.postalCode } : { ...blankAddress };

/** Whether two saved addresses are the same place (ids aside). */
export function sameAddress(a: StoredAddress | null, b: StoredAddress | null): boolean {
  if (!a || !b) return false;
  const x = addressValues(a);
  const y = addressValues(b);
  return (Object.keys(x) as (keyof AddressValues)[]).every((k) => x[k].trim() === y[k].trim());
}

/** The form's starting values. "Same address" starts checked when both addresses are equal, or there is no separate shipping address. */
export function formValuesOf(profile: Profile): ProfileFormValues {
  return {
    firstName: profile.firstName ?? '',
    lastName: profile.lastName ?? '',
    dateOfBirth: profile.dateOfBirth?.slice(0, 10) ?? '',
    phoneNumber: profile.phoneNumber ?? '',
    canContact: profile.canContact ?? false,
    acceptedTerms: profile.acceptedTerms,
    billingAddress: addressValues(profile.billingAddress ?? null),
    sameAsBilling: !profile.shippingAddress || sameAddress(profile.billingAddress ?? null, profile.shippingAddress),
    shippingAddress: addressValues(profile.shippingAddress ?? null),
  };
}

/** An address to send, or nothing when its street is blank (addresses are sent only with street1). */
function addressInput(a: AddressValues): AddressInput | undefined {
  if (!a.street1.trim()) return undefined;
  return {
    street1: a.street1.trim(),
    street2: a.street2.trim() || null,
    city: a.city.trim(),
    state: a.state.trim(),
    postalCode: a.postalCode.trim(),
  };
}

/** The POST body for the form's values; with "same address" the billing address is also the shipping address. */
export function profileUpdateOf(values: ProfileFormValues, userId: string | undefined): ProfileUpdate {
  const billingAddress = addressInput(values.billingAddress);
  const shippingAddress = values.sameAsBilling ? billingAddress : addressInput(values.shippingAddress);
  return {
    ...(userId ? { userId } : {}),
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    dateOfBirth: values.dateOfBirth.trim(),
    phoneNumber: values.phoneNumber.trim(),
    canContact: values.canContact,
    acceptedTerms: values.acceptedTerms,
    ...(billingAddress ? { billingAddress } : {}),
    ...(shippingAddress ? { shippingAddress } : {}),
  };
}

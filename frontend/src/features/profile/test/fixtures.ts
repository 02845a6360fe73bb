import type { Loose } from '@/test/loose';
import { user } from '@/test/render';
import type { Profile, StoredAddress } from '../api/profile-api';

export const address = (over: Partial<StoredAddress> = {}): StoredAddress => ({
  id: 'addr-1',
  street1: '1 Main St',
  street2: null,
  city: 'Fargo',
  state: 'ND',
  postalCode: '58102',
  ...over,
});

/** A complete profile of the test user. */
export const profile = (over: Loose<Profile> = {}): Profile =>
  ({
    id: 'profile-1',
    userId: user().id!,
    email: 'buyer@example.com',
    firstName: 'Ann',
    lastName: 'Lee',
    dateOfBirth: '1990-05-17',
    phoneNumber: '(701) 555-0100',
    acceptedTerms: true,
    canContact: true,
    billingAddress: address(),
    shippingAddress: address({ id: 'addr-2' }),
    theme: null,
    ...over,
  }) as Profile;

/** A fresh account: nothing filled in yet. */
export const emptyProfile = (): Profile =>
  profile({
    firstName: null,
    lastName: null,
    dateOfBirth: null,
    phoneNumber: null,
    acceptedTerms: false,
    canContact: null,
    billingAddress: null,
    shippingAddress: null,
  });

import type { Schemas } from '@/api';
import type { PostalAddress } from '@/lib/address';
import { api, MY_PROFILE_TAG } from '@/lib/api';

/** A saved address (it has an id). */
export type StoredAddress = PostalAddress & { id: string };

/** GET /api/user/userInfo: the signed-in user's profile. */
export type Profile = Schemas['ProfileDto'];

/** An address as the form sends it. */
export interface AddressInput {
  street1: string;
  street2: string | null;
  city: string;
  state: string;
  postalCode: string;
}

/**
 * POST /api/user/userInfo: the fields to change (an absent field stays as it is). The document
 * gives the two addresses as untyped objects: they are the form's `AddressInput`.
 */
export type ProfileUpdate = Omit<Schemas['ProfileBody'], 'billingAddress' | 'shippingAddress'> & {
  billingAddress?: AddressInput;
  shippingAddress?: AddressInput;
};

export const profileApi = api.injectEndpoints({
  endpoints: (build) => ({
    getProfile: build.query<Profile, void>({
      query: () => '/user/userInfo',
      providesTags: [MY_PROFILE_TAG],
    }),
    /** Saves the profile; a saved change refetches the profile and every quote (address, terms). */
    updateProfile: build.mutation<Profile, ProfileUpdate>({
      query: (body) => ({ url: '/user/userInfo', method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : [MY_PROFILE_TAG]),
    }),
  }),
});

export const { useGetProfileQuery, useUpdateProfileMutation } = profileApi;

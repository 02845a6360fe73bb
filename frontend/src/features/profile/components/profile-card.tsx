import type { ReactNode } from 'react';
import { AddressBlock, NOT_PROVIDED } from '@/components/address-block';
import { AppLink } from '@/components/app-link';
import { ThemeChooser } from '@/components/theme-chooser';
import { formatCalendarDate } from '@/lib/format';
import { paths } from '@/lib/paths';
import type { Profile } from '../api/profile-api';

function Item({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[10rem_1fr] gap-2">
      <dt className="font-semibold">{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

const orNotProvided = (text: string | null | undefined) => (text?.trim() ? text : NOT_PROVIDED);

/** The profile card: theme, personal details and both addresses ("Not Provided" where missing), with the Edit link. */
export function ProfileCard({ profile }: { profile: Profile }) {
  const name = [profile.firstName, profile.lastName].filter((p) => p?.trim()).join(' ');
  return (
    <section aria-labelledby="profile-card-title" className="card bg-base-100 shadow-sm">
      <div className="card-body gap-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="profile-card-title" className="card-title">
            Profile
          </h2>
          <AppLink to={paths.profileEdit.getHref()} className="btn btn-outline btn-sm" aria-label="Edit profile">
            Edit
          </AppLink>
        </div>
        <ThemeChooser />
        <dl className="space-y-2">
          <Item term="Name">{orNotProvided(name)}</Item>
          <Item term="Email">{profile.email}</Item>
          <Item term="Date of birth">{profile.dateOfBirth ? formatCalendarDate(profile.dateOfBirth) : NOT_PROVIDED}</Item>
          <Item term="Phone number">{orNotProvided(profile.phoneNumber)}</Item>
          <Item term="Receive updates">{profile.canContact ? 'Yes' : 'No'}</Item>
          <Item term="Billing address">
            <AddressBlock address={profile.billingAddress} />
          </Item>
          <Item term="Shipping address">
            <AddressBlock address={profile.shippingAddress} />
          </Item>
        </dl>
      </div>
    </section>
  );
}

/** "Error loading profile: {message}" with a way home. */
export function ProfileLoadError({ error }: { error: unknown }) {
  const status = (error as { status?: unknown } | undefined)?.status;
  const message = (error as { data?: { message?: unknown } } | undefined)?.data?.message;
  const text = typeof message === 'string' && message ? message : `Network response was not ok${typeof status === 'number' ? ` (${status})` : ''}`;
  return (
    <div className="space-y-4">
      <p role="alert" className="alert alert-error">
        Error loading profile: {text}
      </p>
      <AppLink to={paths.home.getHref()} className="btn btn-primary">
        Back to the home page
      </AppLink>
    </div>
  );
}

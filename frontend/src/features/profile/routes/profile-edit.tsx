import { Loading } from '@/components/loading';
import { Page } from '@/components/page';
import { useGetProfileQuery } from '../api/profile-api';
import { ProfileLoadError } from '../components/profile-card';
import { ProfileForm } from '../components/profile-form';

/** /profile/edit: the profile is loaded (with the user's token) before the form shows. */
export default function ProfileEdit() {
  const { data: profile, error, isLoading } = useGetProfileQuery();
  return (
    <Page title="Edit Profile">
      {isLoading ? (
        <Loading label="Loading profile..." />
      ) : error || !profile ? (
        <ProfileLoadError error={error} />
      ) : (
        <ProfileForm profile={profile} />
      )}
    </Page>
  );
}

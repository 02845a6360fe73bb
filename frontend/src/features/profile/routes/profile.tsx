import { useAppSelector } from '@/lib/hooks';
import { Page } from '@/components/page';
import { ThemeChooser } from '@/components/theme-chooser';
import { selectUserInfo } from '@/lib/session/session-slice';

/** Placeholder account page; the profile issue fills it in. */
export default function ProfileRoute() {
  const user = useAppSelector(selectUserInfo);
  return (
    <Page title="Your Account" heading="Your Account" wide>
      <section className="card max-w-xl bg-base-200" aria-labelledby="profile-card-title">
        <div className="card-body">
          <h2 id="profile-card-title" className="card-title">
            Profile
          </h2>
          <p>
            Signed in as <strong>{user?.email}</strong>
          </p>
          <ThemeChooser />
        </div>
      </section>
    </Page>
  );
}

import { ResetLinkForm } from '../components/reset-link-form';
import { ResetPasswordForm } from '../components/reset-password-form';
import { UserPage } from '../components/user-loader';

/** /admin/users/{userId}/reset-password: set a password now, or mail the user a link to choose one. */
export default function UserResetPasswordRoute() {
  return (
    <UserPage title="Reset Password">
      {(user) => (
        <div className="space-y-10">
          <ResetPasswordForm user={user} />
          <ResetLinkForm user={user} />
        </div>
      )}
    </UserPage>
  );
}

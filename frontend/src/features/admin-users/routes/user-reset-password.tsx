import { ResetPasswordForm } from '../components/reset-password-form';
import { UserPage } from '../components/user-loader';

/** /admin/users/{userId}/reset-password. */
export default function UserResetPasswordRoute() {
  return <UserPage title="Reset Password">{(user) => <ResetPasswordForm user={user} />}</UserPage>;
}

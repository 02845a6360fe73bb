import { PermissionsForm } from '../components/permissions-form';
import { UserPage } from '../components/user-loader';

/** /admin/users/{userId}/permissions. */
export default function UserPermissionsRoute() {
  return <UserPage title="User Permissions">{(user) => <PermissionsForm user={user} />}</UserPage>;
}

import { EditUserForm } from '../components/user-form';
import { UserPage } from '../components/user-loader';

/** /admin/users/{userId}/edit. */
export default function UserEditRoute() {
  return <UserPage title="Edit User">{(user) => <EditUserForm user={user} />}</UserPage>;
}

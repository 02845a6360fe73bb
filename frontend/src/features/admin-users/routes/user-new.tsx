import { Page } from '@/components/page';
import { NewUserForm } from '../components/user-form';

/** /admin/users/new. */
export default function UserNewRoute() {
  return (
    <Page title="New User" wide>
      <NewUserForm />
    </Page>
  );
}

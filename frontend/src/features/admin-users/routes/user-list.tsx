import { Page } from '@/components/page';
import { UserTable } from '../components/user-table';

/** /admin/users: All Users. */
export default function UserListRoute() {
  return (
    <Page title="Users" lead="The shop's accounts: their roles, whether they may sign in, and their last sign-in." wide>
      <UserTable />
    </Page>
  );
}

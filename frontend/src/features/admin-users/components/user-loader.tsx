import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { AppLink } from '@/components/app-link';
import { Loading } from '@/components/loading';
import { Page } from '@/components/page';
import { errorMessage } from '@/lib/api';
import { paths } from '@/lib/paths';
import { useGetAdminUserQuery, type AdminUser } from '../api/users-api';

/**
 * A screen about one user (/admin/users/{userId}/...): loads GET /api/admin/users/{id}, shows
 * the page titled `title` with the user's e-mail as its lead, and `children` once the user is
 * there (keyed by the user, so another user starts a fresh form).
 */
export function UserPage({ title, children }: { title: string; children: (user: AdminUser) => ReactNode }) {
  const { userId = '' } = useParams();
  const { data, error, isLoading } = useGetAdminUserQuery(userId);
  let body: ReactNode;
  if (isLoading) body = <Loading label="Loading user..." />;
  else if (error || !data) {
    body = (
      <div role="alert" className="alert alert-error flex flex-wrap justify-between">
        <span>Error loading user: {errorMessage(error, 'User not found')}</span>
        <AppLink to={paths.adminUsers.getHref()} className="btn btn-sm">
          Back to users
        </AppLink>
      </div>
    );
  } else {
    body = <div key={data.id}>{children(data)}</div>;
  }
  return (
    <Page title={title} lead={data?.email} wide>
      {body}
    </Page>
  );
}

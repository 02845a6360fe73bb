import { useParams } from 'react-router';
import { LoadFailed } from '@/components/admin-form';
import { Loading } from '@/components/loading';
import { Page } from '@/components/page';
import { paths } from '@/lib/paths';
import { useGetAdminShowQuery } from '../api/shows-api';
import { ShowForm } from '../components/show-form';

/** /admin/shows/{showId}/edit: the show form in edit mode. */
export default function ShowEditRoute() {
  const { showId = '' } = useParams();
  const { data, error, isLoading } = useGetAdminShowQuery(showId);
  let body;
  if (isLoading) body = <Loading label="Loading show..." />;
  else if (error || !data) {
    body = <LoadFailed what="show" error={error} notFound="Show not found" backTo={paths.adminShows.getHref()} backLabel="Back to shows" />;
  } else {
    body = <ShowForm key={data.id} show={data} />;
  }
  return (
    <Page title="Edit Show" lead={data?.title} wide>
      {body}
    </Page>
  );
}

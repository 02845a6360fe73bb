import { useParams } from 'react-router';
import { AppLink } from '@/components/app-link';
import { Loading } from '@/components/loading';
import { Page } from '@/components/page';
import { errorMessage } from '@/lib/api';
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
    body = (
      <div role="alert" className="alert alert-error flex flex-wrap justify-between">
        <span>Error loading show: {errorMessage(error, 'Show not found')}</span>
        <AppLink to={paths.adminShows.getHref()} className="btn btn-sm">
          Back to shows
        </AppLink>
      </div>
    );
  } else {
    body = <ShowForm key={data.id} show={data} />;
  }
  return (
    <Page title="Edit Show" lead={data?.title} wide>
      {body}
    </Page>
  );
}

import { Page } from '@/components/page';
import { ShowForm } from '../components/show-form';

/** /admin/shows/create. */
export default function ShowCreateRoute() {
  return (
    <Page title="Create Show" wide>
      <ShowForm />
    </Page>
  );
}

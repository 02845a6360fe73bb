import { Page } from '@/components/page';
import { ShowTypesManager } from '../components/show-types-manager';

/** /admin/shows/showTypes: show type management. */
export default function ShowTypesRoute() {
  return (
    <Page title="Manage Show Types" lead="The kinds of fireworks shows the catalogue groups shows by." wide>
      <ShowTypesManager />
    </Page>
  );
}

import { Page } from '@/components/page';
import { ShowTable } from '../components/show-table';

/** /admin/shows (and /admin/admin, which §2 maps to the same screen): All Shows. */
export default function ShowListRoute() {
  return (
    <Page title="Shows" lead="The fireworks shows of the catalogue." wide>
      <ShowTable />
    </Page>
  );
}

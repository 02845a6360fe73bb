import { Page } from '@/components/page';
import { SubNav } from '@/components/sub-nav';
import { APPAREL_LINKS } from '@/lib/admin-views';
import { ApparelTypesManager } from '../components/apparel-types-manager';

/** /admin/apparel/types: the apparel screen's Manage Types. */
export default function ApparelTypesRoute() {
  return (
    <Page title="Apparel Types" lead="The kinds of apparel (T-shirts, hoodies, hats...) the apparel products belong to." wide>
      <div className="space-y-6">
        <SubNav label="Apparel sections" links={APPAREL_LINKS} />
        <ApparelTypesManager />
      </div>
    </Page>
  );
}

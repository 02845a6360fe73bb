import { Page } from '@/components/page';
import { ApparelForm } from '../components/apparel-form';

/** /admin/apparel/create. */
export default function ApparelCreateRoute() {
  return (
    <Page title="Create Apparel Product" wide>
      <ApparelForm />
    </Page>
  );
}

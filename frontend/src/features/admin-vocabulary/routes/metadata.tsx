import { Page } from '@/components/page';
import { MetadataManager } from '../components/metadata-manager';

/** /admin/products/metadata: brands, categories, colours and effects. */
export default function MetadataRoute() {
  return (
    <Page title="Manage Metadata" lead="Brands, categories, colors and effects used by the products." wide>
      <MetadataManager />
    </Page>
  );
}

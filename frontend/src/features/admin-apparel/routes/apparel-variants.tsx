import { useParams } from 'react-router';
import { AppLink } from '@/components/app-link';
import { Page } from '@/components/page';
import { paths } from '@/lib/paths';
import { useGetAdminApparelItemQuery } from '../api/apparel-api';
import { ApparelLoader } from '../components/apparel-loader';
import { VariantsManager } from '../components/variants-manager';

/** /admin/apparel/{productId}/variants: the variants of one apparel product, their stock and the variant grid. */
export default function ApparelVariantsRoute() {
  const { productId = '' } = useParams();
  const { data } = useGetAdminApparelItemQuery(productId);
  return (
    <Page title="Apparel Variants" lead={data?.isApparel ? `${data.title} (${data.sku})` : undefined} wide>
      <div className="space-y-6">
        <div className="flex flex-wrap gap-2">
          <AppLink to={paths.adminApparel.getHref()} className="btn btn-sm btn-ghost">
            Back to apparel
          </AppLink>
          {data?.isApparel && (
            <AppLink to={paths.adminApparelEdit.getHref({ productId })} className="btn btn-sm">
              Edit product
            </AppLink>
          )}
        </div>
        <ApparelLoader productId={productId}>{(apparel) => <VariantsManager apparel={apparel} />}</ApparelLoader>
      </div>
    </Page>
  );
}

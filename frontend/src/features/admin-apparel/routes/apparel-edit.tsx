import { useParams } from 'react-router';
import { Page } from '@/components/page';
import { useGetAdminApparelItemQuery } from '../api/apparel-api';
import { ApparelForm } from '../components/apparel-form';
import { ApparelLoader } from '../components/apparel-loader';

/** /admin/apparel/{productId}/edit: the apparel form in edit mode. */
export default function ApparelEditRoute() {
  const { productId = '' } = useParams();
  const { data } = useGetAdminApparelItemQuery(productId);
  return (
    <Page title="Edit Apparel Product" lead={data?.isApparel ? data.title : undefined} wide>
      <ApparelLoader productId={productId}>{(apparel) => <ApparelForm key={apparel.id} apparel={apparel} />}</ApparelLoader>
    </Page>
  );
}

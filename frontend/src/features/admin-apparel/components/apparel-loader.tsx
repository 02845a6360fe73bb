import type { ReactNode } from 'react';
import { LoadFailed, OwnScreen } from '@/components/admin-form';
import { Loading } from '@/components/loading';
import { paths } from '@/lib/paths';
import { useGetAdminApparelItemQuery, type AdminApparel } from '../api/apparel-api';

/**
 * Reads one apparel product (GET /api/products/{id}) for the edit and variants screens: loading,
 * the read's failure with a way back, a product that is not apparel (with a link to its own
 * form), or `children` with the product.
 */
export function ApparelLoader({ productId, children }: { productId: string; children: (apparel: AdminApparel) => ReactNode }) {
  const { data, error, isLoading } = useGetAdminApparelItemQuery(productId);
  if (isLoading) return <Loading label="Loading apparel product..." />;
  if (error || !data) {
    return (
      <LoadFailed what="apparel product" error={error} notFound="Apparel product not found" backTo={paths.adminApparel.getHref()} backLabel="Back to apparel" />
    );
  }
  if (!data.isApparel) {
    const to = data.isShow ? paths.adminShowEdit.getHref({ showId: data.id }) : paths.adminProductEdit.getHref({ productId: data.id });
    return <OwnScreen to={to}>{data.title} is not an apparel product.</OwnScreen>;
  }
  return <>{children(data)}</>;
}

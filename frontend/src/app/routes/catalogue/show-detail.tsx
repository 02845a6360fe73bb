import { useParams } from 'react-router';
import { AppLink } from '@/components/app-link';
import { Loading } from '@/components/loading';
import { formatMoney } from '@/lib/format';
import { FIRST_PAGE, paths } from '@/lib/paths';
import { catalogueApi, useGetShowQuery } from '@/features/catalogue/api/catalogue-api';
import { BackLink, DetailError, useItemTitle } from '@/features/catalogue/components/detail';
import { isNotFound } from '@/features/catalogue/components/listing';
import { ProductImage } from '@/components/product-image';
import { showCounts } from '@/features/catalogue/components/show-card';
import { VideoEmbed } from '@/features/catalogue/components/video-embed';
import { showTypeLabel } from '@/features/catalogue/lib/show-types';
import { ShowCartActions, detailSignIn } from './cards';
import type { PageLoader } from '../page-loader';

/** The item, read before the first render of a landing visit. */
export const load: PageLoader = (dispatch, { params }) => [
  dispatch(catalogueApi.endpoints.getShow.initiate(params.showId ?? '', { subscribe: false })),
];

/** /shows/{id}: one show and the products it includes. */
export default function ShowDetail() {
  const { showId = '' } = useParams();
  const { data: show, error, isLoading } = useGetShowQuery(showId);

  useItemTitle(show?.title, 'Show');
  const backLink = <BackLink to={paths.shows.getHref(FIRST_PAGE)} label="Back to shows" />;

  if (isLoading) return <Loading label="Loading show..." fill />;
  if (error || !show) return <DetailError error={error} notFound={isNotFound(error) || !error} title="Show not found" back={backLink} />;
  const { total } = showCounts(show);
  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-8">
      {backLink}
      <div className="grid gap-8 md:grid-cols-2">
        <ProductImage src={show.image} alt={show.title} className="rounded-box" priority />
        <div className="space-y-4">
          <ul className="flex flex-wrap gap-2" aria-label="Show details">
            {show.showType && <li className="badge badge-secondary">{showTypeLabel(show.showType.name)}</li>}
            {show.brand && <li className="badge badge-outline">{show.brand.name}</li>}
            {show.category && <li className="badge badge-outline">{show.category.name}</li>}
            <li className={`badge ${show.inStock ? 'badge-success' : 'badge-error'}`}>{show.inStock ? 'In Stock' : 'Out of Stock'}</li>
          </ul>
          <h1 className="text-3xl font-bold">{show.title}</h1>
          <p className="text-2xl font-semibold">{formatMoney(show.casePrice)}</p>
          <p>{total} products included</p>
          <p>{show.description?.trim() || 'No description available for this show.'}</p>
          <div className="flex flex-wrap items-center gap-2">
            <ShowCartActions show={show} size="md" signedOut={detailSignIn('Please sign in to add this show to your cart')} />
          </div>
        </div>
      </div>
      <VideoEmbed url={show.videoURL} title={show.title} still={show.image} />
      <section aria-labelledby="included-heading" className="space-y-2">
        <h2 id="included-heading" className="text-xl font-bold">
          Included products
        </h2>
        {/* Every column fits a phone (narrower padding, headers that wrap); a longer note scrolls
            inside the card, never the page. */}
        <div className="overflow-x-auto rounded-box border border-base-300">
          <table className="table table-sm sm:table-md" aria-labelledby="included-heading">
            <thead className="[&_th]:whitespace-normal">
              <tr>
                <th scope="col">Product</th>
                <th scope="col">Case or unit</th>
                <th scope="col">Quantity</th>
                <th scope="col">Notes</th>
              </tr>
            </thead>
            <tbody>
              {show.showProducts.map((sp) => (
                <tr key={sp.id}>
                  <td>
                    <AppLink to={paths.product.getHref({ productId: sp.product.id })} className="link">
                      {sp.product.title}
                    </AppLink>{' '}
                    <span className="text-xs">({sp.product.sku})</span>
                  </td>
                  <td>{sp.isUnit ? 'Unit' : 'Case'}</td>
                  <td>{sp.quantity}</td>
                  <td>{sp.notes || '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </div>
  );
}

import { useParams, useSearchParams } from 'react-router';
import { Loading } from '@/components/loading';
import { formatMoney } from '@/lib/format';
import { paths } from '@/lib/paths';
import { catalogueApi, useGetProductQuery } from '@/features/catalogue/api/catalogue-api';
import type { Named } from '@/features/catalogue/api/types';
import { BackLink, DetailError, useItemTitle } from '@/features/catalogue/components/detail';
import { isNotFound } from '@/features/catalogue/components/listing';
import { packageText } from '@/features/catalogue/components/product-card';
import { ProductImage } from '@/components/product-image';
import { VideoEmbed } from '@/features/catalogue/components/video-embed';
import { listingSearch } from '@/features/catalogue/lib/filters';
import { ProductCartActions, detailSignIn } from './cards';
import type { PageLoader } from '../page-loader';

/** A titled list of badges (a product's colours or effects), or "None listed". */
function NamedList({ id, title, items }: { id: string; title: string; items: Named[] }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="text-xl font-bold">
        {title}
      </h2>
      {items.length ? (
        <ul className="mt-2 flex flex-wrap gap-2">
          {items.map((n) => (
            <li key={n.id} className="badge badge-outline">
              {n.name}
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2">None listed</p>
      )}
    </section>
  );
}

/** The item, read before the first render of a landing visit. */
export const load: PageLoader = (dispatch, { params }) => [
  dispatch(catalogueApi.endpoints.getProduct.initiate(params.productId ?? '', { subscribe: false })),
];

/** /products/{id}: one product; the back link returns to the listing with its filters. */
export default function ProductDetail() {
  const { productId = '' } = useParams();
  const [params] = useSearchParams();
  const back = paths.products.getHref(listingSearch(params));
  const { data: product, error, isLoading } = useGetProductQuery(productId);

  useItemTitle(product?.title, 'Product');
  const backLink = <BackLink to={back} label="Back to products" />;

  if (isLoading) return <Loading label="Loading product..." fill />;
  if (error || !product) return <DetailError error={error} notFound={isNotFound(error)} title="Product not found" back={backLink} />;
  const unit = product.unitProduct;
  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-8">
      {backLink}
      <div className="grid gap-8 md:grid-cols-2">
        <ProductImage src={product.image} alt={product.title} className="rounded-box" priority />
        <div className="space-y-4">
          <span className="badge badge-outline">SKU {product.sku}</span>
          <h1 className="text-3xl font-bold">{product.title}</h1>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
            <dt className="font-semibold">Category</dt>
            <dd>{product.category?.name ?? '—'}</dd>
            <dt className="font-semibold">Brand</dt>
            <dd>{product.brand?.name ?? '—'}</dd>
            <dt className="font-semibold">Case</dt>
            <dd>
              {packageText(product.package)} · <strong>{formatMoney(product.casePrice)}</strong>
            </dd>
            <dt className="font-semibold">Unit</dt>
            <dd>
              {unit ? (
                <>
                  {packageText(unit.package)} · <strong>{formatMoney(unit.unitPrice)}</strong>
                </>
              ) : (
                'Case only'
              )}
            </dd>
          </dl>
          <div className="flex flex-wrap items-center gap-2">
            {!product.inStock && <p className="badge badge-error badge-lg">Item is out of stock</p>}
            <ProductCartActions product={product} size="md" signedOut={detailSignIn('Please sign-in to add product to cart')} />
          </div>
        </div>
      </div>
      <VideoEmbed url={product.videoURL} title={product.title} still={product.image} />
      <section aria-labelledby="description-heading" className="space-y-2">
        <h2 id="description-heading" className="text-xl font-bold">
          Description
        </h2>
        <p>{product.description || 'No description available for this product.'}</p>
      </section>
      <div className="grid gap-6 sm:grid-cols-2">
        <NamedList id="colors-heading" title="Colors" items={product.colors} />
        <NamedList id="effects-heading" title="Effects" items={product.effects} />
      </div>
    </div>
  );
}

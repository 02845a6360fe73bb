import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { AppLink } from '@/components/app-link';
import { Loading } from '@/components/loading';
import { formatMoney } from '@/lib/format';
import { loginPath, paths } from '@/lib/paths';
import { catalogueApi, useGetProductQuery } from '@/features/catalogue/api/catalogue-api';
import { BackLink, DetailError, DetailMessage, useItemTitle } from '@/features/catalogue/components/detail';
import { isNotFound } from '@/features/catalogue/components/listing';
import { ProductImage } from '@/components/product-image';
import { VariantPicker } from '@/features/catalogue/components/variant-picker';
import { VideoEmbed } from '@/features/catalogue/components/video-embed';
import { listingSearch } from '@/features/catalogue/lib/filters';
import { NO_CHOICE, selectVariant, variantInStock, type VariantChoice } from '@/features/catalogue/lib/variants';
import { ApparelCartActions } from './cards';
import type { PageLoader } from '../page-loader';

/** The item, read before the first render of a landing visit. */
export const load: PageLoader = (dispatch, { params }) => [
  dispatch(catalogueApi.endpoints.getProduct.initiate(params.productId ?? '', { subscribe: false })),
];

/** /apparel/{id}: one apparel product with the variant choice. */
export default function ApparelDetail() {
  const { productId = '' } = useParams();
  const [params] = useSearchParams();
  const back = paths.apparel.getHref(listingSearch(params));
  const { data: product, error, isLoading } = useGetProductQuery(productId);
  const [wanted, setWanted] = useState<VariantChoice>(NO_CHOICE);

  useItemTitle(product?.title, 'Apparel');
  const backLink = <BackLink to={back} label="Back to apparel" />;

  if (isLoading) return <Loading label="Loading product..." fill />;
  if (error || !product) return <DetailError error={error} notFound={isNotFound(error)} title="Product not found" back={backLink} />;
  if (!product.isApparel) {
    return (
      <DetailMessage back={backLink}>
        <h1 className="text-3xl font-bold">{product.title}</h1>
        <p>This product is not an apparel item.</p>
      </DetailMessage>
    );
  }
  const { variant } = selectVariant(product.variants, wanted);
  const inStock = variantInStock(variant);
  const here = paths.apparelItem.getHref({ productId: product.id }, params.toString() ? `?${params}` : '');
  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-8">
      {backLink}
      <div className="grid gap-8 md:grid-cols-2">
        <ProductImage src={product.image} alt={product.title} className="rounded-box" priority />
        <div className="space-y-4">
          <div className="flex flex-wrap gap-2">
            <span className="badge badge-outline">SKU {product.sku}</span>
            {product.apparelType && <span className="badge badge-secondary">{product.apparelType.name}</span>}
          </div>
          <h1 className="text-3xl font-bold">{product.title}</h1>
          {product.brand && <p>{product.brand.name}</p>}
          <VariantPicker variants={product.variants} wanted={wanted} onChange={setWanted} />
          <div aria-live="polite" className="space-y-1">
            {variant ? (
              <>
                <p>
                  Selected: <span className="font-mono">{variant.sku}</span>
                </p>
                <p className="text-xl font-semibold">{formatMoney(variant.unitPrice)} per item</p>
                <p className={`badge ${inStock ? 'badge-success' : 'badge-error'}`}>{inStock ? 'In Stock' : 'Out of Stock'}</p>
              </>
            ) : (
              <p>Choose the options to see the price and stock.</p>
            )}
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <ApparelCartActions
              product={product}
              variant={variant}
              inStock={inStock}
              detail
              size="md"
              signedOut={
                <AppLink to={loginPath(here)} className="btn btn-primary">
                  Sign In
                </AppLink>
              }
            />
          </div>
        </div>
      </div>
      {product.description && (
        <section aria-labelledby="description-heading">
          <h2 id="description-heading" className="text-xl font-bold">
            Description
          </h2>
          <p className="mt-2">{product.description}</p>
        </section>
      )}
      <VideoEmbed url={product.videoURL} title={product.title} still={product.image} />
    </div>
  );
}

import { useEffect } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { AppLink } from '@/components/app-link';
import { Loading } from '@/components/loading';
import { formatMoney } from '@/lib/format';
import { paths } from '@/lib/paths';
import { useGetProductQuery } from '@/features/catalogue/api/catalogue-api';
import { SignInPrompt } from '@/features/cart/components/add-to-cart';
import { isNotFound, ListingError } from '@/features/catalogue/components/listing';
import { packageText } from '@/features/catalogue/components/product-card';
import { ProductImage } from '@/features/catalogue/components/product-image';
import { VideoEmbed } from '@/features/catalogue/components/video-embed';
import { listingSearch } from '@/features/catalogue/lib/filters';
import { ProductCartActions } from './cards';


/** /products/{id}: one product; the back link returns to the listing with its filters. */
export default function ProductDetail() {
  const { productId = '' } = useParams();
  const [params] = useSearchParams();
  const back = paths.products.getHref(listingSearch(params));
  const { data: product, error, isLoading } = useGetProductQuery(productId);

  useEffect(() => {
    document.title = `${product?.title ?? 'Product'} | Fireworks Shop`;
  }, [product?.title]);

  const backLink = (
    <AppLink to={back} className="link link-primary">
      ← Back to products
    </AppLink>
  );

  if (isLoading) return <Loading label="Loading product..." />;
  if (error || !product) {
    return (
      <div className="mx-auto max-w-3xl space-y-4 px-4 py-8">
        {isNotFound(error) ? <h1 className="text-3xl font-bold">Product not found</h1> : <ListingError error={error} />}
        {backLink}
      </div>
    );
  }
  const unit = product.unitProduct;
  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-8">
      {backLink}
      <div className="grid gap-8 md:grid-cols-2">
        <ProductImage src={product.image} alt={product.title} className="rounded-box" />
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
            <ProductCartActions
              product={product}
              size="md"
              signedOut={
                <p>
                  <SignInPrompt text="Please sign-in to add product to cart" />
                </p>
              }
            />
          </div>
        </div>
      </div>
      <VideoEmbed url={product.videoURL} title={product.title} />
      <section aria-labelledby="description-heading" className="space-y-2">
        <h2 id="description-heading" className="text-xl font-bold">
          Description
        </h2>
        <p>{product.description || 'No description available for this product.'}</p>
      </section>
      <div className="grid gap-6 sm:grid-cols-2">
        <section aria-labelledby="colors-heading">
          <h2 id="colors-heading" className="text-xl font-bold">
            Colors
          </h2>
          {product.colors.length ? (
            <ul className="mt-2 flex flex-wrap gap-2">
              {product.colors.map((c) => (
                <li key={c.id} className="badge badge-outline">
                  {c.name}
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-2">None listed</p>
          )}
        </section>
        <section aria-labelledby="effects-heading">
          <h2 id="effects-heading" className="text-xl font-bold">
            Effects
          </h2>
          {product.effects.length ? (
            <ul className="mt-2 flex flex-wrap gap-2">
              {product.effects.map((e) => (
                <li key={e.id} className="badge badge-outline">
                  {e.name}
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-2">None listed</p>
          )}
        </section>
      </div>
    </div>
  );
}

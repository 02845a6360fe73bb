import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { AppLink } from '@/components/app-link';
import { FIRST_PAGE, loginPath, paths, REDIRECT_PARAM, safeRedirect } from '@/lib/paths';
import { useGetMetadataQuery, useGetProductsQuery, useGetShowsQuery } from '@/features/catalogue/api/catalogue-api';
import { HIDDEN_CATEGORY } from '@/features/catalogue/components/metadata-groups';
import { ProductCard, ShowCard } from './cards';
import { filtersToParams, parseFilters, productsQuery } from '@/features/catalogue/lib/filters';

const FEATURED_SHOWS = 'page=1&pageSize=3';
/** The four newest in-stock fireworks (the API sorts them: `sort=newest`). */
const NEW_ARRIVALS = `${productsQuery({ ...parseFilters(new URLSearchParams()), pageSize: 4 })}&sort=newest`;

/** /products?page=1&pageSize=25&categories={id} */
const categoryPath = (id: string) =>
  paths.products.getHref(`?${filtersToParams({ ...parseFilters(new URLSearchParams()), categories: [id] })}`);

function FeaturedShows() {
  const { data, isLoading, isError } = useGetShowsQuery(FEATURED_SHOWS);
  return (
    <section aria-labelledby="featured-shows" className="mt-10">
      <div className="flex items-baseline justify-between gap-4">
        <h2 id="featured-shows" className="text-2xl font-bold">
          Featured shows
        </h2>
        <AppLink to={paths.shows.getHref(FIRST_PAGE)} className="link link-primary">
          All shows
        </AppLink>
      </div>
      {isLoading && <p className="mt-4">Loading featured shows...</p>}
      {isError && <p className="mt-4">Shows are not available right now.</p>}
      {data && (
        <ul className="mt-4 grid gap-4 md:grid-cols-3">
          {data.shows.map((s) => (
            <li key={s.id}>
              <ShowCard show={s} to={paths.show.getHref({ showId: s.id })} heading="h3" />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Categories() {
  const { data, isLoading } = useGetMetadataQuery();
  return (
    <section aria-labelledby="categories" className="mt-10">
      <h2 id="categories" className="text-2xl font-bold">
        Shop by category
      </h2>
      {isLoading && <p className="mt-4">Loading categories...</p>}
      {data && (
        <ul className="mt-4 flex flex-wrap gap-2">
          {data.categories
            .filter((c) => c.name !== HIDDEN_CATEGORY)
            .map((c) => (
              <li key={c.id}>
                <AppLink to={categoryPath(c.id)} className="btn btn-outline btn-sm">
                  {c.name}
                </AppLink>
              </li>
            ))}
        </ul>
      )}
    </section>
  );
}

function NewArrivals() {
  const { data, isLoading, isError } = useGetProductsQuery(NEW_ARRIVALS);
  return (
    <section aria-labelledby="new-arrivals" className="mt-10">
      <div className="flex items-baseline justify-between gap-4">
        <h2 id="new-arrivals" className="text-2xl font-bold">
          New arrivals
        </h2>
        <AppLink to={paths.products.getHref(FIRST_PAGE)} className="link link-primary">
          All fireworks
        </AppLink>
      </div>
      {isLoading && <p className="mt-4">Loading new arrivals...</p>}
      {isError && <p className="mt-4">Products are not available right now.</p>}
      {data && (
        <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {data.contents.map((p) => (
            <li key={p.id}>
              <ProductCard product={p} to={paths.product.getHref({ productId: p.id })} heading="h3" />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

const sections = [
  { to: paths.products.getHref(FIRST_PAGE), title: 'Fireworks', text: 'Cakes, rockets, fountains, shells and more, by the case or by the unit.' },
  { to: paths.shows.getHref(FIRST_PAGE), title: 'Shows', text: 'Ready-made shows for the Fourth, New Year, weddings and gender reveals.' },
  { to: paths.apparel.getHref(FIRST_PAGE), title: 'Apparel', text: 'T-shirts, hoodies and hats for the crew behind the show.' },
];

const events = [
  { to: paths.fourthJuly.getHref(), label: 'Fourth of July' },
  { to: paths.newYears.getHref(), label: "New Year's Eve" },
  { to: paths.genderReveal.getHref(), label: 'Gender Reveal' },
];

export default function Home() {
  const [search] = useSearchParams();
  const redirect = safeRedirect(search.get(REDIRECT_PARAM));
  useEffect(() => {
    document.title = 'Fireworks Shop | Wholesale and retail fireworks';
  }, []);
  return (
    <>
      {redirect && (
        <div className="mx-auto max-w-7xl px-4 pt-4">
          <div role="alert" className="alert alert-info">
            <span>Please sign in to continue.</span>
            <AppLink to={loginPath(redirect)} className="btn btn-sm">
              Sign in to continue
            </AppLink>
          </div>
        </div>
      )}
      <section className="hero bg-neutral text-neutral-content" aria-labelledby="hero-title">
        <div className="hero-content py-16 text-center">
          <div className="max-w-2xl">
            <h1 id="hero-title" className="text-4xl font-extrabold sm:text-5xl">
              Light up the night
            </h1>
            <p className="py-6 text-lg">
              Wholesale and retail fireworks, complete shows and apparel, shipped from North Dakota to 47 states.
            </p>
            <div className="flex flex-wrap justify-center gap-3">
              <AppLink to={paths.products.getHref(FIRST_PAGE)} className="btn btn-primary">
                Shop fireworks
              </AppLink>
              <AppLink to={paths.shows.getHref(FIRST_PAGE)} className="btn btn-secondary">
                Browse shows
              </AppLink>
            </div>
          </div>
        </div>
      </section>
      <div className="mx-auto max-w-7xl px-4 py-10">
        <h2 className="text-2xl font-bold">Shop by catalogue</h2>
        <ul className="mt-4 grid gap-4 md:grid-cols-3">
          {sections.map((s) => (
            <li key={s.title} className="card bg-base-200">
              <div className="card-body">
                <h3 className="card-title">{s.title}</h3>
                <p>{s.text}</p>
                <div className="card-actions justify-end">
                  <AppLink to={s.to} className="btn btn-outline btn-sm" aria-label={`Browse ${s.title}`}>
                    Browse
                  </AppLink>
                </div>
              </div>
            </li>
          ))}
        </ul>
        <section aria-labelledby="featured-brand" className="mt-10 rounded-box bg-base-200 p-6">
          <h2 id="featured-brand" className="text-2xl font-bold">
            Featured brand: Cody B
          </h2>
          <p className="mt-2">Cakes, rockets, shows and apparel from one of our favourite brands.</p>
          <AppLink to={paths.brand.getHref()} className="btn btn-primary btn-sm mt-4">
            Shop Cody B
          </AppLink>
        </section>
        <FeaturedShows />
        <Categories />
        <NewArrivals />
        <h2 className="mt-10 text-2xl font-bold">Plan for the big day</h2>
        <ul className="mt-4 flex flex-wrap gap-3">
          {events.map((e) => (
            <li key={e.to}>
              <AppLink to={e.to} className="btn btn-outline">
                {e.label}
              </AppLink>
            </li>
          ))}
          <li>
            <AppLink to={paths.events.getHref()} className="btn btn-ghost">
              All events
            </AppLink>
          </li>
        </ul>
      </div>
    </>
  );
}

import { useEffect, type ReactNode } from 'react';
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

/** A home page shelf: its heading and "All ..." link, a loading or "not available" line, then the cards. */
function Shelf<T extends { id: string }>(props: {
  title: string;
  all: { to: string; label: string };
  /** What the error line says is not available ("Shows"). */
  noun: string;
  query: { isLoading: boolean; isError: boolean };
  items: T[] | undefined;
  gridClassName: string;
  renderItem: (item: T) => ReactNode;
}) {
  const { title, items, query } = props;
  const id = title.toLowerCase().replace(/ /g, '-');
  return (
    <section aria-labelledby={id} className="mt-10">
      <div className="flex items-baseline justify-between gap-4">
        <h2 id={id} className="text-2xl font-bold">
          {title}
        </h2>
        <AppLink to={props.all.to} className="link link-primary">
          {props.all.label}
        </AppLink>
      </div>
      {query.isLoading && <p className="mt-4">Loading {title.toLowerCase()}...</p>}
      {query.isError && <p className="mt-4">{props.noun} are not available right now.</p>}
      {items && (
        <ul className={`mt-4 grid gap-4 ${props.gridClassName}`}>
          {items.map((item) => (
            <li key={item.id}>{props.renderItem(item)}</li>
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
  const featured = useGetShowsQuery(FEATURED_SHOWS);
  const arrivals = useGetProductsQuery(NEW_ARRIVALS);
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
        <Shelf
          title="Featured shows"
          all={{ to: paths.shows.getHref(FIRST_PAGE), label: 'All shows' }}
          noun="Shows"
          query={featured}
          items={featured.data?.shows}
          gridClassName="md:grid-cols-3"
          renderItem={(s) => <ShowCard show={s} to={paths.show.getHref({ showId: s.id })} heading="h3" />}
        />
        <Categories />
        <Shelf
          title="New arrivals"
          all={{ to: paths.products.getHref(FIRST_PAGE), label: 'All fireworks' }}
          noun="Products"
          query={arrivals}
          items={arrivals.data?.contents}
          gridClassName="sm:grid-cols-2 lg:grid-cols-4"
          renderItem={(p) => <ProductCard product={p} to={paths.product.getHref({ productId: p.id })} heading="h3" />}
        />
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

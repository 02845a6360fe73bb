import { useEffect, type ReactNode } from 'react';
import { AppLink } from '@/components/app-link';
import { ListingError } from './listing';

/** Sets the document title to the item's title once it is known, to `fallback` until then. */
export function useItemTitle(title: string | undefined, fallback: string) {
  useEffect(() => {
    document.title = `${title ?? fallback} | Fireworks Shop`;
  }, [title, fallback]);
}

/** A detail page's link back to its listing ("← Back to products"). */
export function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <AppLink to={to} className="link link-primary">
      {`← ${label}`}
    </AppLink>
  );
}

/** A detail page that cannot show its item: a short message, then the way back. */
export function DetailMessage({ children, back }: { children: ReactNode; back: ReactNode }) {
  return (
    <div className="mx-auto max-w-3xl space-y-4 px-4 py-8">
      {children}
      {back}
    </div>
  );
}

/** A failed detail read: "{title}" (e.g. "Product not found") when the item does not exist, else the error line. */
export function DetailError({ error, notFound, title, back }: { error: unknown; notFound: boolean; title: string; back: ReactNode }) {
  return <DetailMessage back={back}>{notFound ? <h1 className="text-3xl font-bold">{title}</h1> : <ListingError error={error} />}</DetailMessage>;
}

import { createContext, useContext, useState } from 'react';
import { AppLink } from './app-link';

export const PLACEHOLDER_IMAGE = '/placeholder.png';

/** The image to try first: the placeholder when the link is missing or is the placeholder. */
export function imageSource(src: string | null | undefined): string {
  const s = src?.trim();
  return !s || s === PLACEHOLDER_IMAGE ? PLACEHOLDER_IMAGE : s;
}

/**
 * A product picture that falls back to the placeholder when missing or failing to load. Lazy,
 * unless `priority`: the first picture of a detail page, its largest paint, is fetched at once
 * and first.
 */
export function ProductImage({
  src,
  alt,
  className = '',
  priority = false,
}: {
  src: string | null | undefined;
  alt: string;
  className?: string;
  priority?: boolean;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  const wanted = imageSource(src);
  const shown = failed === wanted ? PLACEHOLDER_IMAGE : wanted;
  return (
    <img
      src={shown}
      alt={alt}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      width={400}
      height={300}
      className={`aspect-[4/3] w-full bg-base-200 object-contain ${className}`}
      onError={() => {
        if (shown !== PLACEHOLDER_IMAGE) setFailed(wanted);
      }}
    />
  );
}

/**
 * Whether the cards inside are in a listing's first row, above the fold on any screen: their
 * pictures (a list page's largest paint) load at once and first, the others lazily.
 */
export const FirstRow = createContext(false);

/** A card's picture, linking to the detail page (hidden from the accessibility tree: the title links there too). */
export function CardFigure({ src, to }: { src: string | null | undefined; to: string }) {
  return (
    <figure>
      <AppLink to={to} tabIndex={-1} aria-hidden="true" className="block w-full">
        <ProductImage src={src} alt="" priority={useContext(FirstRow)} />
      </AppLink>
    </figure>
  );
}
